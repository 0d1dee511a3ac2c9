/// Matches the items of one old and one new range that line up, comparing ids
/// with `==` only, so that hashing is left for the rest.
///
/// Walks both ranges side by side from the front, after trimming their
/// common suffix. Equal ids are matched (ids are unique, so an equal pair is
/// *the* match). At a mismatch it looks up to `lookahead` items ahead on
/// either side for the current id of the other, which skips a short run of
/// deletes or inserts (a move counts as one of each); failing that, both
/// current items are set aside and the walk goes on. After `maxMisses`
/// mismatches in a row it sets aside a block of `skip` items on both sides,
/// doubling the block at each further failure, so a long unaligned stretch
/// costs a few comparisons per block rather than per item.
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
///   item.
@inlinable
internal func _alignRuns<ID: Hashable, Content: Equatable>(
  old: UnsafeBufferPointer<Item<ID, Content>>, _ oldRange: Range<Int>,
  new: UnsafeBufferPointer<Item<ID, Content>>, _ newRange: Range<Int>,
  oldIndex: UnsafeMutableBufferPointer<Int>,
  leftOld: inout [Int32], leftNew: inout [Int32], runs: inout [_UnchangedRun]
) {
  let lookahead = 4, maxMisses = 4
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
    guard old[iEnd &- 1].id == new[jEnd &- 1].id else { break }
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
  var skip = 16
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
        skip = 16
        continue
      }
    }
    if old[i].id == new[j].id {
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
      } while i < iEnd && j < jEnd && state.attemptIn > 0 && old[i].id == new[j].id
      misses = 0
      skip = 16
      continue
    }
    state.closeRun(at: j, into: &runs)
    if misses == maxMisses {
      // A long unaligned stretch: set a block aside and try again after it.
      let iNext = min(i &+ skip, iEnd), jNext = min(j &+ skip, jEnd)
      for k in i..<iNext { leftOld.append(Int32(truncatingIfNeeded: k)) }
      for k in j..<jNext { leftNew.append(Int32(truncatingIfNeeded: k)) }
      i = iNext
      j = jNext
      skip &*= 2
      misses = 0
      continue
    }
    var resumed = false
    for d in 1...lookahead {
      if i &+ d < iEnd && old[i &+ d].id == new[j].id {
        for k in i..<(i &+ d) { leftOld.append(Int32(truncatingIfNeeded: k)) }
        i &+= d
        resumed = true
        break
      }
      if j &+ d < jEnd && new[j &+ d].id == old[i].id {
        for k in j..<(j &+ d) { leftNew.append(Int32(truncatingIfNeeded: k)) }
        j &+= d
        resumed = true
        break
      }
    }
    if !resumed {
      leftOld.append(Int32(truncatingIfNeeded: i))
      leftNew.append(Int32(truncatingIfNeeded: j))
      i &+= 1
      j &+= 1
      misses &+= 1
    }
  }
  state.closeRun(at: j, into: &runs)
  for k in i..<iEnd { leftOld.append(Int32(truncatingIfNeeded: k)) }
  for k in j..<jEnd { leftNew.append(Int32(truncatingIfNeeded: k)) }
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
  @usableFromInline var backoff = 16, attemptIn = 0

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
    backoff = same > 0 ? 16 : Swift.min(backoff &* 2, 1024)
    attemptIn = backoff
  }
}
