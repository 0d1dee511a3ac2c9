/// Matches the items of one old and one new range that line up, comparing ids
/// with `==` only, so that hashing is left for the rest.
///
/// Walks both ranges side by side from the front, after trimming their
/// common suffix. Equal ids are matched (ids are unique, so an equal pair is
/// *the* match). At a mismatch it looks up to `lookahead` items ahead on
/// either side for the current id of the other, which skips a short run of
/// deletes or inserts (a move counts as one of each), then, bitwise, up to
/// `farLookahead` items further (a list filtered by a search drops longer
/// runs); failing that, both current items are set aside and the walk goes
/// on. After `maxMisses` mismatches in a row it sets aside a block of `skip`
/// items on both sides, doubling the block at each further failure, so a
/// long unaligned stretch costs a few comparisons per block rather than per
/// item. Before each block it searches ahead, bitwise, for the ids where
/// the stretch began (see ``_Resync``): a long run of deletes or inserts, or
/// lists that drifted further apart than the lookahead sees, line up again
/// there, and what was set aside past that point is taken back.
///
/// Every item not matched here is appended to `leftOld` or `leftNew`; an id
/// set aside on one side is set aside on the other too, if it is there at
/// all, so matching the leftovers by id finishes the job exactly.
///
/// It compares the contents of each matched pair too, while both items are
/// at hand (a stretch of bitwise-identical items at once, see
/// `_identicalCount`), and appends to `runs` each stretch of at least
/// ``_UnchangedRun/minimumCount`` matched pairs in a row whose contents are
/// equal, in new order: the steps after it skip those stretches whole.
///
/// - Complexity: O(*n* + *m*) comparisons, at most 2 × `lookahead` + 1 per
///   item, and 2 × `farLookahead` bitwise ones per mismatch.
@inlinable
internal func _alignRuns<ID: Hashable, Content: Equatable>(
  old: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>, _ oldRange: Range<Int>,
  new: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>, _ newRange: Range<Int>,
  oldIndex: UnsafeMutableBufferPointer<Int>,
  leftOld: inout _Leftovers, leftNew: inout _Leftovers, runs: inout [_UnchangedRun]
) {
  let lookahead = _Tuning.lookahead, maxMisses = _Tuning.maxMisses, farLookahead = _Tuning.farLookahead
  var i = oldRange.lowerBound, j = newRange.lowerBound
  var iEnd = oldRange.upperBound, jEnd = newRange.upperBound
  // Unchanged stretches are first compared bitwise (`_identicalCount`),
  // many items at a time; where that fails, item by item (see `_WalkState`).
  var state = _WalkState()
  let oldBase = old.baseAddress!, newBase = new.baseAddress!
  // The common suffix, from the back: its unchanged stretches are found
  // last to first, so they wait here to be appended after the front's.
  var suffixRuns = [_UnchangedRun]()
  var suffixRunEnd = jEnd
  while iEnd > i && jEnd > j {
    if state.attemptIn <= 0 {
      let limit = Swift.min(iEnd &- i, jEnd &- j)
      let same = _identicalCount(oldBase + (iEnd &- limit), newBase + (jEnd &- limit), count: limit, fromBack: true)
      state.tried(found: same)
      for k in 0..<same { oldIndex[jEnd &- same &+ k] = iEnd &- same &+ k }
      iEnd &-= same
      jEnd &-= same
      if same > 0 { continue }
    }
    guard _sameID(old[iEnd &- 1].id, new[jEnd &- 1].id) else { break }
    iEnd &-= 1
    jEnd &-= 1
    oldIndex[jEnd] = iEnd
    state.attemptIn &-= 1
    if old[iEnd].content != new[jEnd].content {
      _UnchangedRun.record(new: jEnd &+ 1, old: iEnd &+ 1, count: suffixRunEnd &- jEnd &- 1, in: &suffixRuns)
      suffixRunEnd = jEnd
    }
  }
  _UnchangedRun.record(new: jEnd, old: iEnd, count: suffixRunEnd &- jEnd, in: &suffixRuns)
  var misses = 0
  var skip = _Resync.firstBlock
  var resync = _Resync()
  while i < iEnd && j < jEnd {
    if state.attemptIn <= 0 {
      let same = _identicalCount(oldBase + i, newBase + j, count: Swift.min(iEnd &- i, jEnd &- j), fromBack: false)
      state.tried(found: same)
      if same > 0 {
        for k in 0..<same { oldIndex[j &+ k] = i &+ k }
        state.extendRun(new: j, old: i)
        i &+= same
        j &+= same
        misses = 0
        skip = _Resync.firstBlock
        continue
      }
    }
    if _sameID(old[i].id, new[j].id) {
      // Pairs that line up, in a loop of their own: the lookahead's state
      // below stays out of this, the path most items take.
      repeat {
        oldIndex[j] = i
        state.attemptIn &-= 1
        if old[i].content == new[j].content {
          state.extendRun(new: j, old: i)
        } else {
          state.closeRun(at: j, into: &runs)
        }
        i &+= 1
        j &+= 1
      } while i < iEnd && j < jEnd && state.attemptIn > 0 && _sameID(old[i].id, new[j].id)
      misses = 0
      skip = _Resync.firstBlock
      continue
    }
    state.closeRun(at: j, into: &runs)
    if misses == maxMisses {
      // A long unaligned stretch: line the lists up again, or set a block aside.
      // (Positions in and out by value: address-taken, they would leave
      // the registers of the loop above.)
      (i, j, skip) = resync.afterMisses(misses, old: oldBase, iEnd: iEnd, new: newBase, jEnd: jEnd,
        i: i, j: j, skip: skip, leftOld: &leftOld, leftNew: &leftNew)
      misses = 0
      continue
    }
    var resumed = false
    for d in 1...lookahead {
      if i &+ d < iEnd && _sameID(old[i &+ d].id, new[j].id) {
        leftOld.append(contentsOf: i..<(i &+ d))
        i &+= d
        resumed = true
        break
      }
      if j &+ d < jEnd && _sameID(new[j &+ d].id, old[i].id) {
        leftNew.append(contentsOf: j..<(j &+ d))
        j &+= d
        resumed = true
        break
      }
    }
    if !resumed {
      // A longer run of deletes or inserts (a filtered list): further on,
      // bitwise, a word or two per item where hashing the run would cost
      // tens (counted in results/hashmap-history.md, "The far lookahead").
      let iFar = Swift.min(iEnd, i &+ lookahead &+ 1), jFar = Swift.min(jEnd, j &+ lookahead &+ 1)
      let p = _firstBitwiseID(of: newBase + j, in: oldBase, iFar..<Swift.min(iEnd, iFar &+ farLookahead))
      let q = _firstBitwiseID(of: oldBase + i, in: newBase, jFar..<Swift.min(jEnd, jFar &+ farLookahead))
      // The nearer of the two, as `_Anchor.search` decides (written out
      // here: through a shared helper this loop counted 0.4 % more on
      // `scattered-100k`).
      if q >= 0 && (p < 0 || q &- j < p &- i) {
        leftNew.append(contentsOf: j..<q)
        j = q
        continue
      }
      if p >= 0 {
        leftOld.append(contentsOf: i..<p)
        i = p
        continue
      }
      leftOld.append(i)
      leftNew.append(j)
      i &+= 1
      j &+= 1
      misses &+= 1
    }
  }
  state.closeRun(at: j, into: &runs)
  leftOld.append(contentsOf: i..<iEnd)
  leftNew.append(contentsOf: j..<jEnd)
  runs.append(contentsOf: suffixRuns.reversed())
}

/// What `_alignRuns` keeps as it walks: the unchanged stretch being walked,
/// from `runNew` (-1: none) to the current item; and when to compare bitwise
/// again: after `backoff` more unchanged items, doubling after each miss, so
/// that lists whose equal items differ in bits pay next to nothing for
/// trying. (A struct, not captured locals: the walk's hot variables stay in
/// registers.)
@usableFromInline
internal struct _WalkState {
  @usableFromInline var runNew = -1, runOld = 0
  @usableFromInline var backoff = _Tuning.backoffStart, attemptIn = 0

  @inlinable init() {}

  /// Items `j` (new) and `i` (old) match, with equal contents.
  @inlinable @inline(__always)
  mutating func extendRun(new j: Int, old i: Int) {
    if runNew < 0 {
      runNew = j
      runOld = i
    }
  }

  /// The stretch ends before new item `j`: recorded if long enough.
  @inlinable @inline(__always)
  mutating func closeRun(at j: Int, into runs: inout [_UnchangedRun]) {
    if runNew >= 0 { _UnchangedRun.record(new: runNew, old: runOld, count: j &- runNew, in: &runs) }
    runNew = -1
  }

  /// A bitwise comparison found `same` identical items.
  @inlinable @inline(__always)
  mutating func tried(found same: Int) {
    backoff = same > 0 ? _Tuning.backoffStart : Swift.min(backoff &* 2, _Tuning.backoffLimit)
    attemptIn = backoff
  }
}

/// How the walk finds its way back after `maxMisses` mismatches in a row.
///
/// First it searches ahead, bitwise (`_firstBitwiseID`), for the ids where
/// the stretch of misses began (the anchor), then for those at the current
/// pair. Where one is found, and the pair after it matches too (or the
/// next id turns up soon after: a filtered list left the items out), the lists
/// line up again: a block of deletes or inserts of any length, or lists
/// that drifted further apart than the lookahead sees. Whatever was set
/// aside past that point is taken back and walked again. Failing that, it
/// sets aside a block of `skip` items on both sides, doubling the block at
/// each further failure, so a long unaligned stretch (a shuffle) costs a
/// few comparisons per block.
///
/// The search compares about two ids for each item the failed stretches
/// set aside (a budget each stretch adds to): an id compared costs a few
/// instructions, an id set aside is hashed later (tens), so a shuffle pays
/// little for the search it does not need (counted in `results/hashmap-history.md`).
@usableFromInline
internal struct _Resync {
  /// How many more ids the search may compare: each stretch of misses adds
  /// two for each item it sets aside, on both sides, if the search fails.
  @usableFromInline var budget = 0
  /// How many ids the searches of this stretch found out of place: two,
  /// and it is taken for a shuffle, which no search can line up.
  @usableFromInline var misplaced = 0
  @usableFromInline var anchor = _Anchor(i: 0, j: 0)

  /// The first block's length: a stretch whose next block is this long
  /// has set none aside yet.
  @inlinable static var firstBlock: Int { _Tuning.firstSearchBlock }

  @inlinable init() {}

  /// After `misses` mismatches in a row at `i` (old) and `j` (new), each
  /// of which set its pair aside: where the lists line up again, or the
  /// positions past a block set aside of `skip` items; with the next
  /// block's length (`firstBlock` again once the lists line up). Cold, so
  /// out of the walk's loop.
  @inlinable @inline(never)
  mutating func afterMisses<ID: Hashable, Content: Equatable>(
    _ misses: Int, old: UnsafePointer<SectionSnapshot<ID, Content>.Item>, iEnd: Int, new: UnsafePointer<SectionSnapshot<ID, Content>.Item>, jEnd: Int,
    i: Int, j: Int, skip: Int, leftOld: inout _Leftovers, leftNew: inout _Leftovers
  ) -> (i: Int, j: Int, skip: Int) {
    // The first block of a stretch: it began `misses` pairs ago.
    if skip == Self.firstBlock {
      anchor = _Anchor(i: i &- misses, j: j &- misses)
      misplaced = 0
    }
    var here = _Anchor(i: i, j: j)
    if misplaced < 2 {
      budget &+= 4 &* (misses &+ skip)
    } else {
      budget = 0
    }
    if budget > 0, let (ri, rj) =
      anchor.search(old: old, iEnd: iEnd, new: new, jEnd: jEnd, reach: 2 &* (i &- anchor.i &+ skip), budget: &budget, misplaced: &misplaced)
      ?? here.search(old: old, iEnd: iEnd, new: new, jEnd: jEnd, reach: skip, budget: &budget, misplaced: &misplaced) {
      // Everything set aside since an anchor is `anchor.i..<i` (`j`), in
      // order: take back what lies past the point found, or set aside up to it.
      if ri <= i { leftOld.removeLast(i &- ri) } else { leftOld.append(contentsOf: i..<ri) }
      if rj <= j { leftNew.removeLast(j &- rj) } else { leftNew.append(contentsOf: j..<rj) }
      return (ri, rj, Self.firstBlock)
    }
    // Both of the anchor's ids found out of place, or not at all: the
    // current pair is the better anchor for the next search.
    if anchor.exhausted { anchor = here }
    let iNext = Swift.min(i &+ skip, iEnd), jNext = Swift.min(j &+ skip, jEnd)
    leftOld.append(contentsOf: i..<iNext)
    leftNew.append(contentsOf: j..<jNext)
    return (iNext, jNext, skip &* 2)
  }
}

/// One place where the walk lost its alignment: a pair (`i` old, `j` new),
/// and how far ahead each side has been searched for the other side's id
/// there.
@usableFromInline
internal struct _Anchor {
  @usableFromInline let i: Int, j: Int
  /// The next position to search on each side; `Int.max` once that side's
  /// id was found (ids are unique, so there is nothing more to find) or the
  /// side was searched to its end.
  @usableFromInline var nextOld: Int, nextNew: Int

  @inlinable
  init(i: Int, j: Int) {
    self.i = i
    self.j = j
    nextOld = i &+ 1
    nextNew = j &+ 1
  }

  /// Whether neither side has anything left to search.
  @inlinable var exhausted: Bool { nextOld == .max && nextNew == .max }

  /// Searches old items up to `reach` past the anchor for the new item's id
  /// at the anchor, and new items for the old one's, from where the last
  /// search stopped, comparing at most `budget` ids (and taking them from
  /// it); counts in `misplaced` each id found out of place. Returns where
  /// the lists line up again, the nearer if both are found.
  @inlinable
  mutating func search<ID: Hashable, Content: Equatable>(
    old: UnsafePointer<SectionSnapshot<ID, Content>.Item>, iEnd: Int, new: UnsafePointer<SectionSnapshot<ID, Content>.Item>, jEnd: Int,
    reach: Int, budget: inout Int, misplaced: inout Int
  ) -> (Int, Int)? {
    // Half the budget for each side: the id that is there may be either.
    let share = Swift.max(0, budget) &>> 1
    let p = Self.searchSide(for: new, j, jEnd, in: old, from: &nextOld, end: iEnd,
      limit: Swift.min(i &+ 1 &+ reach, nextOld &+ share), budget: &budget, misplaced: &misplaced)
    let q = Self.searchSide(for: old, i, iEnd, in: new, from: &nextNew, end: jEnd,
      limit: Swift.min(j &+ 1 &+ reach, nextNew &+ share), budget: &budget, misplaced: &misplaced)
    if q >= 0 && (p < 0 || q &- j < p &- i) { return (i, q) }
    return p >= 0 ? (p, j) : nil
  }

  /// How far past a place found the next id may turn up (``_Tuning/confirmWindow``).
  @inlinable static var confirmWindow: Int { _Tuning.confirmWindow }

  /// One side of ``search(old:iEnd:new:jEnd:reach:budget:misplaced:)``:
  /// where in `items[next..<limit]` the id of `other[at]` is, -1 if not
  /// there or not a place to line up: the pair after it must match too,
  /// or one of the two must end its range, or the other side's next id
  /// must turn up within `confirmWindow` items after it (a list filtered
  /// by a search left out the items between); a lone moved item is no such
  /// place. Moves `next` on, to `Int.max` once nothing is left to find.
  @inlinable
  static func searchSide<ID: Hashable, Content: Equatable>(
    for other: UnsafePointer<SectionSnapshot<ID, Content>.Item>, _ at: Int, _ otherEnd: Int,
    in items: UnsafePointer<SectionSnapshot<ID, Content>.Item>, from next: inout Int, end: Int,
    limit: Int, budget: inout Int, misplaced: inout Int
  ) -> Int {
    guard next < end else {
      next = .max
      return -1
    }
    let stop = Swift.min(end, limit)
    let p = _firstBitwiseID(of: other + at, in: items, next..<stop)
    budget &-= (p >= 0 ? p &+ 1 : stop) &- next
    // Ids are unique: once found, there is nothing more to find.
    next = p >= 0 || stop == end ? .max : stop
    guard p >= 0 else { return -1 }
    guard p &+ 1 == end || at &+ 1 == otherEnd || _sameID(items[p &+ 1].id, other[at &+ 1].id)
      || _firstBitwiseID(of: other + (at &+ 1), in: items, (p &+ 2)..<Swift.min(end, p &+ 2 &+ confirmWindow)) >= 0
    else {
      misplaced &+= 1
      return -1
    }
    return p
  }
}
