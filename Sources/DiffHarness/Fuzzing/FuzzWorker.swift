import Foundation
import SnapshotDiff

/// The child side of `diffbench fuzz`: runs strategies where a trap kills only
/// this process. Its protocol is one line per result on standard output,
/// flushed at once, so the parent knows how far it got when it dies.
///
/// Two modes:
/// * `--seed S --first F --step K [--limit N] [--max-items M] --strategy A…`:
///   pairs F, F+K, F+2K, … (below N): `ok I`, or `fail I STRATEGY<TAB>KIND<TAB>MESSAGE`
///   for each strategy that fails.
/// * `--serve --strategy A`: reads one corpus case per line (compact JSON) and
///   answers `ok` or `fail<TAB>KIND<TAB>MESSAGE`.
public enum FuzzWorker {
  /// Runs the worker; returns the exit status.
  public static func main(arguments: [String], strategies available: [any DiffStrategy]) -> Int32 {
    var seed: UInt64 = 0, first: UInt64 = 0, step: UInt64 = 1, limit = UInt64.max, maxItems = 2_000
    var names: [String] = []
    var serve = false
    var k = 0
    func value() -> String? {
      k += 1
      return k < arguments.count ? arguments[k] : nil
    }
    while k < arguments.count {
      switch arguments[k] {
      case "--seed": seed = value().flatMap(UInt64.init) ?? 0
      case "--first": first = value().flatMap(UInt64.init) ?? 0
      case "--step": step = value().flatMap(UInt64.init) ?? 1
      case "--limit": limit = value().flatMap(UInt64.init) ?? .max
      case "--max-items": maxItems = value().flatMap(Int.init) ?? maxItems
      case "--strategy": if let name = value() { names.append(name) }
      case "--serve": serve = true
      default:
        FileHandle.standardError.write("fuzz-worker: unknown argument \(arguments[k])\n".data(using: .utf8)!)
        return 2
      }
      k += 1
    }
    var strategies: [any DiffStrategy] = []
    for name in names {
      guard let strategy = available.first(where: { $0.name == name }) else {
        FileHandle.standardError.write("fuzz-worker: unknown strategy \(name)\n".data(using: .utf8)!)
        return 2
      }
      strategies.append(strategy)
    }
    if serve {
      while let line = readLine(strippingNewline: true) {
        guard let pair = try? CorpusCase.parse(Array(line.utf8)) else {
          emit("fail\tbad request\tnot a corpus case")
          continue
        }
        if let failure = strategies.lazy.compactMap({ verify($0, from: pair.old, to: pair.new) }).first {
          emit("fail\t\(failure.kind)\t\(oneLine(failure.description))")
        } else {
          emit("ok")
        }
      }
      return 0
    }
    let generator = PairGenerator(maxItems: maxItems)
    var i = first
    while i < limit {
      let drafts = generator.pair(seed: seed, iteration: i)
      if let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() {
        for strategy in strategies {
          if let failure = verify(strategy, from: old, to: new) {
            emit("fail \(i) \(strategy.name)\t\(failure.kind)\t\(oneLine(failure.description))")
          }
        }
      }
      emit("ok \(i)")
      let (next, overflow) = i.addingReportingOverflow(step)
      if overflow { break }
      i = next
    }
    return 0
  }

  static func emit(_ line: String) {
    print(line)
    fflush(nil)  // all streams: the parent must see the line before a crash
  }

  static func oneLine(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
  }
}
