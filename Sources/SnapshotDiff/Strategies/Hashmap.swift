/// Matching by id at the least cost: the items that line up are matched by
/// comparing ids, only the rest are hashed, into one flat table; and minimal
/// moves: the kept items of each section that lie off a longest increasing
/// subsequence of their old positions.
///
/// Reaches ``Snapshot/minimumMoves(from:to:)`` exactly, for items and, the
/// same way, for sections.
///
/// - Complexity: O(*n* + *m*) expected for the matching, plus
///   O(*m* log *m*) for the moves (O(*m*) when the kept items keep their order).
public struct Hashmap: MatchingStrategy {
  public var name: String { "hashmap" }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    let sectionOldIndex = Snapshot._sectionOldIndex(of: new, in: old)
    var sectionMoved = [Bool](repeating: false, count: new.numberOfSections)
    // A lone section has no order to keep (about 40 instructions of a
    // one-section diff, counted).
    if new.numberOfSections > 1 {
      _markOffIncreasing(sectionOldIndex, lowerBound: 0, upperBound: old.numberOfSections, moved: &sectionMoved, range: 0..<new.numberOfSections)
    }
    // Scratch in a temporary allocation, not an array (see `_StagePlan.direct`).
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: new.numberOfSections) { walked in
      walked.initialize(repeating: false)
      return Self._matching(from: old, to: new, sectionOldIndex: sectionOldIndex, sectionMoved: sectionMoved, walked: walked)
    }
  }

  /// The items' part of ``matching(from:to:)``, the sections' known.
  @inlinable
  static func _matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>,
    sectionOldIndex: [Int], sectionMoved: [Bool], walked: UnsafeMutableBufferPointer<Bool>
  ) -> Matching {
    let (itemOldIndex, runs) = Snapshot._alignedOldPositions(of: new, in: old, sectionOldIndex: sectionOldIndex, walked: walked)
    var itemMoved = [Bool](repeating: false, count: new.numberOfItems)
    var ordered = false  // whether any section's order was worked out (so items may be moved)
    var nextRun = 0  // the first run not before this section
    for t in 0..<new.numberOfSections {
      let s = sectionOldIndex[t]
      let range = new.itemRange(ofSection: t)
      if s < 0 { continue }  // an inserted section: every kept item in it crosses
      if walked[t] { continue }  // matched in order by the walk: nothing moved
      let oldRange = old.itemRange(ofSection: s)
      // An old section with no items keeps none: nothing to order (a list
      // created from an empty one paid a pass over every item, counted).
      if oldRange.isEmpty { continue }
      ordered = true
      while nextRun < runs.count && runs[nextRun].new < range.lowerBound { nextRun &+= 1 }
      // At most this many elements (inserted items count too), from the
      // runs alone: the items, with each run in this section as one.
      var elements = range.count, runEnd = nextRun
      while runEnd < runs.count && runs[runEnd].new < range.upperBound {
        elements &-= runs[runEnd].count &- 1
        runEnd &+= 1
      }
      // Mostly runs, so a few elements in all: each run taken as one
      // element, weighing its length. (With more elements, or in a small
      // section, the plain LIS's fast path for items in order costs less
      // than the sort, the tree and their allocations.)
      if range.count >= _Tuning.weighedRunsMinimumItems && elements &* _Tuning.runElementsPerItem <= range.count {
        _markOffIncreasing(itemOldIndex, lowerBound: oldRange.lowerBound, upperBound: oldRange.upperBound, moved: &itemMoved,
          range: range, runs: runs, from: nextRun)
      } else {
        _markOffIncreasing(itemOldIndex, lowerBound: oldRange.lowerBound, upperBound: oldRange.upperBound, moved: &itemMoved, range: range,
          skipping: runs, from: nextRun)
      }
    }
    // The longest increasing subsequence keeps or moves a run whole (nothing
    // else falls between its consecutive old positions), but a tie could
    // split one: a run is kept only if none of it moved.
    let unmovedRuns = !ordered ? runs : runs.filter { _countTrue(itemMoved, in: $0.new..<($0.new &+ $0.count)) == 0 }
    return Matching(
      sectionOldIndex: sectionOldIndex, sectionMoved: sectionMoved,
      itemOldIndex: itemOldIndex, itemMoved: itemMoved
    )._withUnchangedRuns(unmovedRuns, from: old, to: new)
  }
}

extension Snapshot {
  /// For each section of `new`, its index in `old`, or -1.
  ///
  /// Few sections (at most `_Tuning.sectionScanPairs` pairs of them) are compared
  /// by id, each new one against the old from where the last was found: no
  /// table, no hashing (a one-section screen's diff paid about 1,400
  /// instructions for its table, counted on `trace-frontpage`). More go
  /// through one table of the old ids.
  ///
  /// - Complexity: O(*s* × *t*) comparisons for few, O(*s* + *t*) expected
  ///   for more.
  @inlinable
  static func _sectionOldIndex(of new: Self, in old: Self) -> [Int] {
    let oldCount = old.numberOfSections
    if oldCount &* new.numberOfSections <= _Tuning.sectionScanPairs {
      return old._sectionIDs.withUnsafeBufferPointer { oldIDs in
        // Sections mostly keep their order: the search starts after the
        // last one found and wraps around (ids are unique: one match at most).
        var next = 0
        return new._sectionIDs.map { id in
          for k in 0..<oldCount {
            var s = next &+ k
            if s >= oldCount { s &-= oldCount }
            if oldIDs[s] == id {
              next = s &+ 1
              return s
            }
          }
          return -1
        }
      }
    }
    var table = [SectionID: Int](minimumCapacity: oldCount)
    for (s, id) in old._sectionIDs.enumerated() { table[id] = s }
    return new._sectionIDs.map { table[$0] ?? -1 }
  }
}


/// Within `range`, marks as moved the entries of `oldIndex` in
/// `lowerBound..<upperBound` that lie off one longest increasing subsequence.
/// `runs` (from `runs[from]`, those in `range`), unchanged stretches in new
/// order, need not be read item by item to prove the order.
@inlinable
internal func _markOffIncreasing(
  _ oldIndex: [Int], lowerBound: Int, upperBound: Int, moved: inout [Bool], range: Range<Int>,
  skipping runs: [_UnchangedRun] = [], from nextRun: Int = 0
) {
  // Most sections keep their kept items in order: one pass proves it, and
  // nothing is collected or allocated (counted in results/hashmap-history.md).
  let (increasing, allKept) = _keptOrder(
    oldIndex, lowerBound: lowerBound, upperBound: upperBound, range: range, skipping: runs, from: nextRun)
  if increasing { return }
  if allKept {
    let kept = range.count
    // Every item stays in the section (a shuffle): the LIS reads the
    // matching in place, with nothing collected.
    // (Scratch in temporary allocations, not arrays: see `_StagePlan.direct`.)
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: kept) { member in
      member.initialize(repeating: false)
      _ = oldIndex.withUnsafeBufferPointer { v in
        _markLongestIncreasingSubsequence(UnsafeBufferPointer(rebasing: v[range]), into: member)
      }
      for k in 0..<kept where !member[k] { moved[range.lowerBound &+ k] = true }
    }
    return
  }
  // The kept values alone; their positions are found again by the same
  // filter, not stored (a second array of the section's size was a fifth of
  // the diff's peak memory).
  withUnsafeTemporaryAllocation(of: Int.self, capacity: range.count) { values in
    var count = 0
    for j in range where oldIndex[j] >= lowerBound && oldIndex[j] < upperBound {
      values.initializeElement(at: count, to: oldIndex[j])
      count &+= 1
    }
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { member in
      member.initialize(repeating: false)
      _ = _markLongestIncreasingSubsequence(UnsafeBufferPointer(rebasing: values[..<count]), into: member)
      var k = 0
      for j in range where oldIndex[j] >= lowerBound && oldIndex[j] < upperBound {
        if !member[k] { moved[j] = true }
        k &+= 1
      }
    }
  }
}

/// Within `range`, marks as moved the entries of `oldIndex` in
/// `lowerBound..<upperBound` that lie off one longest increasing
/// subsequence that takes each of `runs` (from `runs[from]`, those in
/// `range`) whole, or not at all.
///
/// The same length as the longest increasing subsequence of the entries:
/// a run's old positions are consecutive, so no other entry lies between
/// them, and a subsequence that takes part of a run can take all of it. A
/// section of a few long runs is then a handful of elements, not one per
/// item (counted in `results/hashmap-history.md`).
@inlinable
internal func _markOffIncreasing(
  _ oldIndex: [Int], lowerBound: Int, upperBound: Int, moved: inout [Bool], range: Range<Int>,
  runs: [_UnchangedRun], from nextRun: Int
) {
  // One element per kept item outside the runs, and per run: its first old
  // position, its length, its first new position.
  var values = [Int](), weights = [Int](), starts = [Int]()
  var segments = _RunSegments(runs, in: range, nextRun: nextRun)
  var increasing = true
  while let segment = segments.next() {
    switch segment {
    case .items(let items):
      for j in items where oldIndex[j] >= lowerBound && oldIndex[j] < upperBound {
        if let last = values.last, last > oldIndex[j] { increasing = false }
        values.append(oldIndex[j])
        weights.append(1)
        starts.append(j)
      }
    case .run(let run):
      if let last = values.last, last > run.old { increasing = false }
      values.append(run.old)
      weights.append(run.count)
      starts.append(run.new)
    }
  }
  if increasing { return }
  var member = [Bool](repeating: false, count: values.count)
  _ = values.withUnsafeBufferPointer { v in
    weights.withUnsafeBufferPointer { w in
      member.withUnsafeMutableBufferPointer { _markHeaviestIncreasingSubsequence(v, weights: w, into: $0) }
    }
  }
  for e in 0..<values.count where !member[e] {
    for j in starts[e]..<(starts[e] &+ weights[e]) { moved[j] = true }
  }
}

/// Whether the entries of `oldIndex` in `lowerBound..<upperBound`, within
/// `range`, increase; and whether every entry in `range` is in those bounds.
/// One pass, ended as soon as both answers are no; each of `runs` (from
/// `runs[from]`, those in `range`: old positions in bounds and consecutive)
/// read at its ends alone (half of `listkit-10k-half-overlap`'s pass was its run).
@inlinable
internal func _keptOrder(
  _ oldIndex: [Int], lowerBound: Int, upperBound: Int, range: Range<Int>,
  skipping runs: [_UnchangedRun] = [], from nextRun: Int = 0
) -> (increasing: Bool, allKept: Bool) {
  oldIndex.withUnsafeBufferPointer { oldIndex in
    var last = lowerBound &- 1
    var increasing = true, allKept = true
    let width = UInt(bitPattern: upperBound &- lowerBound)
    var segments = _RunSegments(runs, in: range, nextRun: nextRun)
    while let segment = segments.next() {
      switch segment {
      case .items(let items):
        if !_keptOrder(oldIndex, items, width: width, lowerBound: lowerBound, last: &last, increasing: &increasing, allKept: &allKept) {
          return (increasing, allKept)
        }
      case .run(let run):
        // The run as one entry.
        if run.old <= last {
          increasing = false
          if !allKept { return (increasing, allKept) }
        }
        last = run.old &+ run.count &- 1
      }
    }
    return (increasing, allKept)
  }
}

/// ``_keptOrder(_:lowerBound:upperBound:range:skipping:from:)``'s pass over
/// `range`, item by item, from `last`; false once both answers are no.
@inlinable @inline(__always)
internal func _keptOrder(
  _ oldIndex: UnsafeBufferPointer<Int>, _ range: Range<Int>, width: UInt, lowerBound: Int,
  last: inout Int, increasing: inout Bool, allKept: inout Bool
) -> Bool {
  // Locals, written back once: through the `inout`s every item loaded
  // and stored them (counted, 20 instructions an item).
  var (previous, inOrder, kept) = (last, increasing, allKept)
  defer { (last, increasing, allKept) = (previous, inOrder, kept) }
  var j = range.lowerBound
  let end = range.upperBound
  // While every entry is in bounds, both answers are open.
  if kept {
    while j < end {
      let o = oldIndex[j]
      // One unsigned compare tests both bounds.
      guard UInt(bitPattern: o &- lowerBound) < width else { break }
      if o <= previous { inOrder = false }
      previous = o
      j &+= 1
    }
    if j == end { return true }
    kept = false
    j &+= 1
  }
  if !inOrder { return false }
  // Then the order alone: an entry out of bounds (an inserted item) is
  // passed over in a loop of its own (with both flags carried, each cost
  // 17 instructions; half of `listkit-10k-half-overlap`'s items are such).
  while j < end {
    let o = oldIndex[j]
    if UInt(bitPattern: o &- lowerBound) < width {
      if o <= previous {
        inOrder = false
        return false
      }
      previous = o
    }
    j &+= 1
  }
  return true
}
