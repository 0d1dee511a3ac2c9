extension Matching {
  /// Why a ``Matching`` cannot describe a changeset between two snapshots.
  ///
  /// A matching comes from strategy code, perhaps another package's: before
  /// the stage plan indexes anything with it, ``Matching/validate(from:to:)``
  /// checks each rule below once, and names the first one broken.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The array of ``Matching`` that is wrong.
    public enum Field: String, Hashable, Sendable {
      case sectionOldIndex, sectionMoved, itemOldIndex, itemMoved
    }

    /// What is wrong with it.
    public enum Problem: Hashable, Sendable {
      /// Its length is not the new snapshot's count of sections (items).
      case count(expected: Int, found: Int)
      /// An old index below -1 or past the old snapshot's count.
      case outOfRange(Int, count: Int)
      /// An old index that an earlier position already continues.
      case usedTwice(Int, firstAt: Int)
      /// A moved flag on an inserted section or item.
      case movedButInserted
    }

    public var field: Field
    /// The new index where it is wrong; `nil` for a wrong length.
    public var position: Int?
    public var problem: Problem

    @inlinable
    public init(field: Field, position: Int?, problem: Problem) {
      self.field = field
      self.position = position
      self.problem = problem
    }

    public var description: String {
      let at = position.map { "\(field.rawValue)[\($0)]" } ?? field.rawValue
      switch problem {
      case let .count(expected, found): return "\(at): \(found) entries, the new snapshot has \(expected)"
      case let .outOfRange(index, count): return "\(at): old index \(index) is out of range (the old snapshot has \(count))"
      case let .usedTwice(index, first): return "\(at): old index \(index) is already used at \(field.rawValue)[\(first)]"
      case .movedButInserted: return "\(at): marked moved, but it is inserted (old index -1)"
      }
    }
  }
}

extension Matching {
  /// Checks that this matching can describe a changeset from `old` to `new`:
  /// each array has one entry per new section (item); every old index is -1
  /// or in range, and used at most once; a moved flag is only on a kept
  /// section (item).
  ///
  /// It does not check that the unmoved kept items keep their order: such a
  /// matching gives valid stages with a wrong result, which verification
  /// reports.
  ///
  /// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
  @inlinable
  public func validate<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) throws(Matching.Error) {
    try Self._validate(sectionOldIndex, moved: sectionMoved, fields: (.sectionOldIndex, .sectionMoved),
      oldCount: old.numberOfSections, newCount: new.numberOfSections)
    try Self._validate(itemOldIndex, moved: itemMoved, fields: (.itemOldIndex, .itemMoved),
      oldCount: old.numberOfItems, newCount: new.numberOfItems, runs: _unchangedRuns)
  }

  /// One level (sections, or flat items) of ``validate(from:to:)``.
  @usableFromInline
  static func _validate(
    _ oldIndex: [Int], moved: [Bool], fields: (index: Matching.Error.Field, moved: Matching.Error.Field),
    oldCount: Int, newCount: Int, runs: [_UnchangedRun] = []
  ) throws(Matching.Error) {
    guard oldIndex.count == newCount else {
      throw Matching.Error(field: fields.index, position: nil, problem: .count(expected: newCount, found: oldIndex.count))
    }
    guard moved.count == newCount else {
      throw Matching.Error(field: fields.moved, position: nil, problem: .count(expected: newCount, found: moved.count))
    }
    // An empty old side (a first load): every entry -1 and no flag, proven
    // without a branch an entry (the pass below took 120,109 instructions
    // of creating 10,000 rows, this about 20,000, counted); where it fails,
    // the pass below names what is wrong.
    if oldCount == 0 && oldIndex.withUnsafeBufferPointer(_allInserted) && !_anyTrue(moved) { return }
    // Most matchings keep their old indices increasing, which proves them
    // used once each: one pass with no table (`validate` was a fifth of an
    // unchanged list's diff, counted). Otherwise a table finds the repeat.
    if try _increasingInRange(oldIndex, moved: moved, fields: fields, oldCount: oldCount, runs: runs) { return }
    // Raw memory, not an array: written in the loop, an array is checked
    // for uniqueness at every write. A temporary allocation: on the stack
    // where small (a heap block was a tenth of a moved 30-item list's
    // validation, counted).
    try withUnsafeTemporaryAllocation(of: Bool.self, capacity: oldCount) { (used) throws(Matching.Error) in
      used.initialize(repeating: false)
      try _checkUsedOnce(oldIndex, moved: moved, fields: fields, oldCount: oldCount, runs: runs, used: used)
    }
  }

  /// The table pass of ``_validate(_:moved:fields:oldCount:newCount:runs:)``,
  /// in `used` (one flag per old entry, all false).
  @usableFromInline
  static func _checkUsedOnce(
    _ oldIndex: [Int], moved: [Bool], fields: (index: Matching.Error.Field, moved: Matching.Error.Field),
    oldCount: Int, runs: [_UnchangedRun], used: UnsafeMutableBufferPointer<Bool>
  ) throws(Matching.Error) {
    let newCount = oldIndex.count
    func usedTwice(at j: Int) -> Matching.Error {
      let o = oldIndex[j]
      let first = oldIndex.firstIndex(of: o)!  // the error path only: found again, not stored
      return Matching.Error(field: fields.index, position: j, problem: .usedTwice(o, firstAt: first))
    }
    var segments = _RunSegments(runs, in: 0..<newCount)
    while let segment = segments.next() {
      switch segment {
      case .items(let items):
        for j in items {
          let o = oldIndex[j]
          guard try _isKept(o, at: j, moved: moved, fields: fields, oldCount: oldCount) else { continue }
          guard !used[o] else { throw usedTwice(at: j) }
          used[o] = true
        }
      case .run(let run):
        // A run's old indices are consecutive: one count finds a repeat,
        // one fill marks them used.
        let olds = run.old..<(run.old &+ run.count)
        if _countTrue(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(used)[olds])) != 0 {
          var i = run.old
          while !used[i] { i &+= 1 }
          throw usedTwice(at: run.new &+ i &- run.old)
        }
        used[olds].update(repeating: true)
      }
    }
  }

  /// Whether the kept entries of `oldIndex` increase, checking on the way
  /// that each entry is -1 or in range and that no inserted one is moved
  /// (the checks that need no table); false at the first that does not.
  ///
  /// An unchanged run (which holds by construction: see
  /// ``Matching/_unchangedRunsHold(from:to:)``) is one step: its entries
  /// increase by one, from its first.
  @usableFromInline
  static func _increasingInRange(
    _ oldIndex: [Int], moved: [Bool], fields: (index: Matching.Error.Field, moved: Matching.Error.Field),
    oldCount: Int, runs: [_UnchangedRun]
  ) throws(Matching.Error) -> Bool {
    var last = -1
    // Stretches of inserts (a section filled, a list replaced) are checked
    // a block at a time; a block that is not all inserts is not tried again.
    let block = _Tuning.insertedBlock
    var tryBlockFrom = 0
    var segments = _RunSegments(runs, in: 0..<oldIndex.count)
    while let segment = segments.next() {
      switch segment {
      case .items(let items):
        var j = items.lowerBound
        while j < items.upperBound {
          let o = oldIndex[j]
          j &+= 1
          guard try _isKept(o, at: j &- 1, moved: moved, fields: fields, oldCount: oldCount) else {
            // Off the kept items' path, which it slowed by five
            // instructions an entry when checked before it (counted).
            if j >= tryBlockFrom && items.upperBound &- j >= block {
              if _allInserted(oldIndex, moved: moved, in: j..<(j &+ block)) {
                j &+= block
              } else {
                tryBlockFrom = j &+ block
              }
            }
            continue
          }
          // Up to here each index is used once, so no error was missed; the
          // table's pass starts again and finds the first one in order.
          if o <= last { return false }
          last = o
        }
      case .run(let run):
        if run.old <= last { return false }
        last = run.old &+ run.count &- 1
      }
    }
    return true
  }

  /// The checks on entry `j` that need no table: -1 or in range, and not
  /// moved if inserted. Whether it is kept (`o` >= 0).
  @inline(__always)
  static func _isKept(
    _ o: Int, at j: Int, moved: [Bool], fields: (index: Matching.Error.Field, moved: Matching.Error.Field),
    oldCount: Int
  ) throws(Matching.Error) -> Bool {
    if o < 0 {
      guard o == -1 else { throw Matching.Error(field: fields.index, position: j, problem: .outOfRange(o, count: oldCount)) }
      if moved[j] { throw Matching.Error(field: fields.moved, position: j, problem: .movedButInserted) }
      return false
    }
    guard o < oldCount else { throw Matching.Error(field: fields.index, position: j, problem: .outOfRange(o, count: oldCount)) }
    return true
  }
}

/// Whether every entry of `oldIndex` is -1 (inserted): their AND is -1
/// only then, a loop the compiler vectorizes.
@inlinable
func _allInserted(_ oldIndex: UnsafeBufferPointer<Int>) -> Bool {
  var all = -1
  for o in oldIndex { all &= o }
  return all == -1
}

/// Whether entries `range` of `oldIndex` are all -1 and none of them moved.
@inlinable
func _allInserted(_ oldIndex: [Int], moved: [Bool], in range: Range<Int>) -> Bool {
  oldIndex.withUnsafeBufferPointer { oldIndex in
    moved.withUnsafeBytes { moved in
      _allInserted(UnsafeBufferPointer(rebasing: oldIndex[range])) && !_anyTrue(UnsafeRawBufferPointer(rebasing: moved[range]))
    }
  }
}

/// Whether any of `flags` is `true`: the OR of their bytes, a loop the
/// compiler vectorizes (counting them, as `_countTrue` does, took three
/// times the instructions: 8,476 against 2,500 for 10,000 flags, counted).
@inlinable
func _anyTrue(_ flags: [Bool]) -> Bool {
  flags.withUnsafeBytes(_anyTrue)
}

/// ``_anyTrue(_:)`` of flags as bytes.
@inlinable
func _anyTrue(_ bytes: UnsafeRawBufferPointer) -> Bool {
  var any: UInt8 = 0
  for b in bytes { any |= b }
  return any != 0
}
