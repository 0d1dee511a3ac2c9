import DiffFuzzing
import DiffVerification
import Foundation
import Testing

/// However the harness ends, no worker it started outlives it. A worker
/// learns of its parent's death from the kernel at once; the test waits up to
/// 30 s for it to be gone, a margin that holds with both cores busy.
@Suite(.serialized) struct OrphanTests {
  /// Running (not zombie) children of `parent`, from /proc.
  static func children(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 2 && fields[0] != "Z" && Int32(fields[1]) == parent
    }
  }

  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
      return false
    }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
  }

  /// Starts the fixture with `arguments`, waits until it has `count` workers,
  /// sends `signal`, and returns the workers still running 30 s later (it
  /// returns as soon as none is).
  func survivors(_ arguments: [String], workers count: Int, signal: Int32) throws -> (before: [Int32], after: [Int32]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: FuzzEngineTests.fixture)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var workers: [Int32] = []
    let start = Date()
    while workers.count < count && Date().timeIntervalSince(start) < 60 {
      Thread.sleep(forTimeInterval: 0.1)
      workers = Self.children(of: process.processIdentifier)
    }
    Thread.sleep(forTimeInterval: 0.3)  // let them get to work
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let killed = Date()
    while workers.contains(where: Self.isRunning) && Date().timeIntervalSince(killed) < 30 {
      Thread.sleep(forTimeInterval: 0.1)
    }
    return (workers, workers.filter(Self.isRunning))
  }

  @Test func killingFuzzWithSIGKILLLeavesNoWorker() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("orphans-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let (before, after) = try survivors(["fuzz", "hashmap", "60", out], workers: 1, signal: SIGKILL)
    #expect(!before.isEmpty, "no worker seen")
    #expect(after.isEmpty, "workers survived: \(after)")
  }

  @Test func terminatingFuzzLeavesNoWorker() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("orphans-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let (before, after) = try survivors(["fuzz", "hashmap", "60", out], workers: 1, signal: SIGTERM)
    #expect(!before.isEmpty, "no worker seen")
    #expect(after.isEmpty, "workers survived: \(after)")
  }

  @Test func killingVerifyDuringAHangLeavesNoWorker() throws {
    // The worker is stuck in a strategy that never returns, with a long timeout.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("orphans-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try #"{"old": ["a"], "new": ["x", "y"]}"#.write(toFile: dir + "/hang.json", atomically: true, encoding: .utf8)
    let (before, after) = try survivors(["verify", "--timeout", "60", "hangs", dir], workers: 1, signal: SIGKILL)
    #expect(!before.isEmpty, "no worker seen")
    #expect(after.isEmpty, "workers survived: \(after)")
  }
}
