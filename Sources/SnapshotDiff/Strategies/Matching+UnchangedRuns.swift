/// A stretch of new items that a strategy knows needs no operation: new items
/// `new..<new + count` continue old items `old..<old + count`, one for one,
/// within one section pair, none moved, each with content equal (`==`) to its
/// old item's.
///
/// `hashmap`'s walk compares whole items as it matches them, so it knows
/// this for the stretches that line up; the validation, the content
/// comparison and the direct stage plan then skip each stretch in one step
/// rather than item by item (counted in `results/hashmap-history.md`). The arrays of
/// the ``Matching`` still hold every entry.
@usableFromInline
internal struct _UnchangedRun: Equatable, Sendable {
  @usableFromInline var new: Int
  @usableFromInline var old: Int
  @usableFromInline var count: Int

  @inlinable
  init(new: Int, old: Int, count: Int) {
    self.new = new
    self.old = old
    self.count = count
  }

  /// Runs shorter than this are not recorded: item by item is as cheap.
  @inlinable static var minimumCount: Int { _Tuning.minimumRunLength }

  /// Appends the stretch to `runs` if it is long enough to be a run.
  @inlinable @inline(__always)
  static func record(new: Int, old: Int, count: Int, in runs: inout [_UnchangedRun]) {
    if count >= minimumCount { runs.append(_UnchangedRun(new: new, old: old, count: count)) }
  }
}

extension Matching {
  /// The same matching, with the runs a strategy found (in new order,
  /// disjoint). Checked against the arrays and snapshots in debug builds,
  /// where the tests run.
  @inlinable
  func _withUnchangedRuns<S, I, C>(
    _ runs: [_UnchangedRun], from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> Matching {
    var result = self
    result._unchangedRuns = runs
    assert(result._unchangedRunsHold(from: old, to: new), "unchanged runs disagree with the matching")
    return result
  }

  /// Whether every run is what ``_UnchangedRun`` says: in new order, each
  /// within one new section and the old section it continues, matched one
  /// for one, unmoved, contents equal.
  @usableFromInline
  func _unchangedRunsHold<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Bool {
    var next = 0
    for run in _unchangedRuns {
      guard run.count > 0, run.new >= next, run.new + run.count <= new.numberOfItems else { return false }
      next = run.new + run.count
      let t = _section(containing: run.new, starts: new._sectionStarts)
      let s = sectionOldIndex[t]
      guard s >= 0, next <= new._sectionStarts[t + 1],
        run.old >= old._sectionStarts[s], run.old + run.count <= old._sectionStarts[s + 1]
      else { return false }
      for k in 0..<run.count {
        let j = run.new + k, i = run.old + k
        guard itemOldIndex[j] == i, !itemMoved[j], old._items[i] == new._items[j] else { return false }
      }
    }
    return true
  }
}

/// The new items of `range`, in order, cut into what the runs cover and what
/// they do not: the one walk that validation, the content comparison and
/// the direct plan each make over a matching with runs.
///
/// Starts at run `nextRun` (the runs before `range` are past); after the
/// walk, `nextRun` is the first run after it.
@usableFromInline
internal struct _RunSegments: IteratorProtocol {
  @usableFromInline
  enum Segment {
    /// Items no run covers, item by item.
    case items(Range<Int>)
    /// One run, taken whole.
    case run(_UnchangedRun)
  }

  @usableFromInline let runs: [_UnchangedRun]
  @usableFromInline let end: Int
  @usableFromInline var position: Int
  @usableFromInline var nextRun: Int

  @inlinable
  init(_ runs: [_UnchangedRun], in range: Range<Int>, nextRun: Int = 0) {
    self.runs = runs
    self.end = range.upperBound
    self.position = range.lowerBound
    self.nextRun = nextRun
  }

  @inlinable @inline(__always)
  mutating func next() -> Segment? {
    guard position < end else { return nil }
    if nextRun < runs.count && runs[nextRun].new == position {
      let run = runs[nextRun]
      nextRun &+= 1
      position &+= run.count
      return .run(run)
    }
    let stop = nextRun < runs.count && runs[nextRun].new < end ? runs[nextRun].new : end
    defer { position = stop }
    return .items(position..<stop)
  }
}
