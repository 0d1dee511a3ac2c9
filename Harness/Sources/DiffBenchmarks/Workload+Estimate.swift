import DiffVerification
import Foundation
import SnapshotDiff

extension BenchSettings {
  /// Whether a subject has sampled a pair enough after `rounds` samples of
  /// `seconds` in all: the rule the bench stops on, and the one the time
  /// left models (``rounds(at:)``).
  func hasSampledEnough(rounds: Int, seconds: Double) -> Bool {
    (rounds >= minSamples && seconds >= budgetSeconds) || (rounds >= longCellSamples && seconds >= longCellSeconds)
      || seconds >= capSeconds || rounds >= maxSamples
  }

  /// The rounds a subject samples a pair at `sample` seconds a sample: the
  /// first that ``hasSampledEnough(rounds:seconds:)`` (at most `maxSamples`).
  func rounds(at sample: Double) -> Int {
    var rounds = 1
    while !hasSampledEnough(rounds: rounds, seconds: Double(rounds) * sample) { rounds += 1 }
    return rounds
  }
}

/// The time a workload's cells are estimated to take here, for the time
/// left (``BenchProgress``): each subject's sample time by its calibrated
/// rate, then its samples by the sampling rule (a cell of 1 ms samples takes
/// 0.1 s, one of 50 ms 1 s, one of 1 s 10 s: a cost per item would miss the
/// cells that sample to their budget or their cap, which are most of a run).
struct RunEstimate {
  var settings: BenchSettings
  var subjects: [TimedSubject]
  var calibration: Calibration

  /// Pairs up to this many items a side are built once before the run to
  /// estimate their cost models' cells (`stdlib` on `reversed-10k` takes its
  /// 10 s cap where its rate per item says 0.1 s); larger ones count those
  /// cells as skipped, which they mostly are, rather than build a million-item
  /// pair twice.
  static let pairsBuiltAheadUpTo = 100_000

  /// Seconds for a pair's cells beyond its subjects' calls (the pair
  /// built, the oracles' judging), per item of both sides: 2.5e-6 to 7e-6 on
  /// the large pairs of full `make bench` runs here (34823d3), less their
  /// timed samples. A session's apply, all its cells: a cost, one per item
  /// of both sides and one per item inserted, deleted or moved, fitted to
  /// the first applies of the eight sessions against their times in the
  /// same runs (within 15 % but `trace-paging`, whose first apply is its
  /// smallest, and the two smallest sessions). A snapshot operation's one cell.
  static let pairSecondsPerItem = 5e-6
  static let sessionSecondsPerApply = 2.8e-3
  static let sessionSecondsPerItem = 2.5e-6
  static let sessionSecondsPerChange = 3e-4
  static let snapshotOperationSeconds = 0.07

  func seconds(_ workload: Workload) -> Double {
    switch workload.source {
    case .snapshot:
      return Self.snapshotOperationSeconds
    case .trace(let make):
      // The applies it keeps, each by the items and the changes of its first:
      // the oracles' judging grows with what an apply changes (an apply of
      // `trace-ranking`, 274 items moved, inserted or deleted of 7,000, takes
      // twice one of `trace-chat`, 2 of 20,000). Its first apply may be small
      // (`trace-paging` grows from 70 items to 20,000); once it runs, it goes
      // at its own pace.
      let stride = settings.firstStride(applies: workload.applies)
      let kept = Double((workload.applies + stride - 1) / stride)
      // (A session that cannot be read has no first apply here; it fails
      // with its own error when its turn comes.)
      guard let trace = try? make(), let first = try? trace.next(), let second = try? trace.next() else { return 0 }
      let (old, new) = (first.snapshot, second.snapshot)
      let matching = Hashmap().matching(from: old, to: new)
      let items = old.numberOfItems + new.numberOfItems
      let changes = items - 2 * matching.itemOldIndex.lazy.filter { $0 >= 0 }.count + matching.itemMoved.lazy.filter { $0 }.count
      return kept * (Self.sessionSecondsPerApply + Double(items) * Self.sessionSecondsPerItem + Double(changes) * Self.sessionSecondsPerChange)
    case .pair, .intPair, .file:
      guard workload.items <= Self.pairsBuiltAheadUpTo else {
        let items = 2 * workload.items
        let samples = subjects.map { $0.traits.cost == .linear ? calibration.seconds($0, items: items) : nil }
        return pairSeconds(samples, items: items)
      }
      let (old, new) = workload.pair()
      return pairSeconds(samples(old, new), items: old.numberOfItems + new.numberOfItems)
    }
  }

  /// Each subject's estimated seconds a sample on a pair; `nil` for one its
  /// cost model skips.
  func samples(_ old: StringSnapshot, _ new: StringSnapshot) -> [Double?] {
    let work = WorkEstimate(old: old, new: new)
    return subjects.map { subject in
      guard let seconds = calibration.estimate(subject, work) else {
        return calibration.seconds(subject, items: old.numberOfItems + new.numberOfItems)
      }
      return seconds > settings.capSeconds / 3 ? nil : seconds
    }
  }

  /// A pair's cells, given each subject's seconds a sample (`nil`: skipped):
  /// its samples by the rule, each after an untimed call of its own below
  /// the warm-up line, and two calls more (its verification and the run
  /// that measures its peak). The floor is a subject like the others.
  func pairSeconds(_ samples: [Double?], items: Int) -> Double {
    var total = Double(items) * Self.pairSecondsPerItem
    for sample in samples {
      guard let sample else { continue }
      total += Double(settings.rounds(at: sample)) * sample * (sample < settings.warmUpBelowSeconds ? 2 : 1) + 2 * sample
    }
    return total
  }
}
