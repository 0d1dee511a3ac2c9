import DiffResults
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

  @Test func aMissingProgramThrowsOrIsNil() throws {
    #expect(throws: (any Error).self) { try ChildProcess.run(["/nonexistent/diffbench-nothing"]) }
    #expect(try ChildProcess.run(["diffbench-no-such-program"]).status == 127)  // env's "not found"
    #expect(ChildProcess.output(["diffbench-no-such-program"]) == nil)
    #expect(ChildProcess.output(["sh", "-c", "printf '  x \\n'"]) == "x")
  }
}
