#if canImport(Glibc)
import Glibc
#endif
import DiffProcesses
import Foundation
import Testing

/// The harness's one run-and-collect layer: status, output, environment,
/// and a program that cannot start.
@Suite struct ChildProcessTests {
  @Test func collectsOutputAndStatus() throws {
    let out = try ChildProcess.run(["sh", "-c", "echo one; echo two >&2; exit 3"])
    #expect(out.status == 3)
    #expect(out.text == "one\n")  // standard error is discarded
  }

  @Test func addsToTheEnvironment() throws {
    let out = try ChildProcess.run(["/bin/sh", "-c", "echo \"$DIFFBENCH_PROBE\"; echo \"${PATH:+inherited}\""], environment: ["DIFFBENCH_PROBE": "42"])
    #expect(out.text == "42\ninherited\n")
  }

  @Test func aSignalHasNoStatus() throws {
    #expect(try ChildProcess.run(["sh", "-c", "kill -9 $$"]).status == nil)
  }

  @Test func moreThanAPipeHoldsIsReadWhole() throws {
    // 200,000 bytes: the child blocks on a full pipe unless it is read
    // before the wait.
    let out = try ChildProcess.run(["sh", "-c", "head -c 200000 /dev/zero | tr '\\0' x"])
    #expect(out.status == 0 && out.text.utf8.count == 200_000 && out.text.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
  }

  @Test func theChildHoldsNoneOfOurDescriptors() throws {
    // A pipe without close-on-exec, as another thread's might be: the child
    // must not hold it open (its reader would wait for the child's end).
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    defer { fds.forEach { _ = close($0) } }
    let out = try ChildProcess.run(["sh", "-c", "ls /proc/self/fd"])
    let open = Set(out.text.split(separator: "\n").compactMap { Int32($0) })
    #expect(!open.contains(fds[0]) && !open.contains(fds[1]), "\(open) holds \(fds)")
    #expect(open.isSuperset(of: [0, 1, 2]))
  }

  @Test func aMissingProgramThrowsOrIsNil() throws {
    #expect(throws: (any Error).self) { try ChildProcess.run(["/nonexistent/diffbench-nothing"]) }
    // A name not in PATH: the error names it and says why.
    let error = #expect(throws: ChildProcess.LaunchError.self) { try ChildProcess.run(["diffbench-no-such-program"]) }
    #expect(error?.description == "cannot run diffbench-no-such-program: No such file or directory")
    #expect(ChildProcess.output(["diffbench-no-such-program"]) == nil)
    #expect(ChildProcess.output(["sh", "-c", "printf '  x \\n'"]) == "x")
  }

  /// Standard error into a file when one is named (created, or emptied
  /// first), and the child started in the directory given.
  @Test func standardErrorToAFileAndAStartingDirectory() throws {
    let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("child-stderr-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: errPath) }
    try "left over from before".write(toFile: errPath, atomically: true, encoding: .utf8)
    let out = try ChildProcess.run(["sh", "-c", "pwd; echo oops >&2"], standardError: errPath, directory: "/")
    #expect(out.status == 0 && out.text == "/\n")
    #expect(try String(contentsOfFile: errPath, encoding: .utf8) == "oops\n")
  }
}
