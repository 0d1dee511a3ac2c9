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
  public var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, cost: .linear) }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    var sectionTable = [SectionID: Int](minimumCapacity: old.numberOfSections)
    for (s, id) in old._sectionIDs.enumerated() { sectionTable[id] = s }
    let sectionOldIndex = new._sectionIDs.map { sectionTable[$0] ?? -1 }
    var sectionMoved = [Bool](repeating: false, count: new.numberOfSections)
    _markOffIncreasing(sectionOldIndex, lowerBound: 0, upperBound: old.numberOfSections, moved: &sectionMoved, range: 0..<new.numberOfSections)

    let (itemOldIndex, walked, runs) = Snapshot._alignedOldPositions(of: new, in: old, sectionOldIndex: sectionOldIndex)
    var itemMoved = [Bool](repeating: false, count: new.numberOfItems)
    var ordered = false  // whether any section's order was worked out (so items may be moved)
    for t in 0..<new.numberOfSections {
      let s = sectionOldIndex[t]
      let range = new.itemRange(ofSection: t)
      if s < 0 { continue }  // an inserted section: every kept item in it crosses
      if walked[t] { continue }  // matched in order by the walk: nothing moved
      let oldRange = old.itemRange(ofSection: s)
      ordered = true
      _markOffIncreasing(itemOldIndex, lowerBound: oldRange.lowerBound, upperBound: oldRange.upperBound, moved: &itemMoved, range: range)
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

/// Within `range`, marks as moved the entries of `oldIndex` in
/// `lowerBound..<upperBound` that lie off one longest increasing subsequence.
@inlinable
internal func _markOffIncreasing(
  _ oldIndex: [Int], lowerBound: Int, upperBound: Int, moved: inout [Bool], range: Range<Int>
) {
  // Most sections keep their kept items in order: one pass proves it, and
  // nothing is collected or allocated (counted in Guides/Hashmap.md).
  let (increasing, allKept) = _keptOrder(oldIndex, lowerBound: lowerBound, upperBound: upperBound, range: range)
  if increasing { return }
  if allKept {
    let kept = range.count
    // Every item stays in the section (a shuffle): the LIS reads the
    // matching in place, with nothing collected.
    var member = [Bool](repeating: false, count: kept)
    _ = oldIndex.withUnsafeBufferPointer { v in
      member.withUnsafeMutableBufferPointer {
        _markLongestIncreasingSubsequence(UnsafeBufferPointer(rebasing: v[range]), into: $0)
      }
    }
    for k in 0..<kept where !member[k] { moved[range.lowerBound &+ k] = true }
    return
  }
  // The kept values alone; their positions are found again by the same
  // filter, not stored (a second array of the section's size was a fifth of
  // the diff's peak memory).
  var values = [Int]()
  values.reserveCapacity(range.count)
  for j in range where oldIndex[j] >= lowerBound && oldIndex[j] < upperBound { values.append(oldIndex[j]) }
  var member = [Bool](repeating: false, count: values.count)
  _ = values.withUnsafeBufferPointer { v in
    member.withUnsafeMutableBufferPointer { _markLongestIncreasingSubsequence(v, into: $0) }
  }
  var k = 0
  for j in range where oldIndex[j] >= lowerBound && oldIndex[j] < upperBound {
    if !member[k] { moved[j] = true }
    k &+= 1
  }
}

/// Whether the entries of `oldIndex` in `lowerBound..<upperBound`, within
/// `range`, increase; and whether every entry in `range` is in those bounds.
/// One pass, ended as soon as both answers are no.
@inlinable
internal func _keptOrder(
  _ oldIndex: [Int], lowerBound: Int, upperBound: Int, range: Range<Int>
) -> (increasing: Bool, allKept: Bool) {
  oldIndex.withUnsafeBufferPointer { oldIndex in
    var last = lowerBound &- 1
    var increasing = true, allKept = true
    let width = UInt(bitPattern: upperBound &- lowerBound)
    for j in range {
      let o = oldIndex[j]
      // One unsigned compare tests both bounds.
      guard UInt(bitPattern: o &- lowerBound) < width else {
        allKept = false
        if !increasing { break }
        continue
      }
      if o <= last {
        increasing = false
        if !allKept { break }
      }
      last = o
    }
    return (increasing, allKept)
  }
}
