// Runs `AllocationProbe.exactly` where it measures, a process of one
// thread, and prints what it saw, a line per case: "case peak allocated", or
// "case refused: why". `MeasurementTests` runs it and judges the figures.
#if canImport(Glibc)
import Glibc
#endif
import DiffBenchmarks
import DiffProcesses
import DiffResults

/// Allocates and frees `bytes`, touching them so the allocation stays.
func transient(_ bytes: Int) {
  let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 16)
  buffer.storeBytes(of: 1, toByteOffset: bytes - 1, as: UInt8.self)
  buffer.deallocate()
}

func report<R>(_ name: String, _ body: () -> R) {
  if let measured = AllocationProbe().exactly(body) {
    print(name, measured.peak, measured.allocated)
  } else {
    print("\(name) refused: \(AllocationProbe.exactPeakUnavailable() ?? "?")")
  }
}

// 40 KiB, allocated and freed: less than the 64 KiB between refreshes of
// jemalloc's own thread peak, which may or may not see it.
report("transient-40k") { transient(40 << 10) }
report("three-in-turn") {
  transient(40 << 10)
  transient(100 << 10)
  transient(40 << 10)
}
report("result-200k") { [UInt8](repeating: 7, count: 200_000) }
report("nothing") { 3 }
// A child run to its end starts no thread (a bench runs git first).
_ = ChildProcess.output(["true"])
report("after-a-child") { transient(40 << 10) }

/// The other thread: it waits for a byte on the pipe `argument` names.
nonisolated func waitForAByte(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  var byte: UInt8 = 0
  _ = read(Int32(Int(bitPattern: argument)), &byte, 1)
  return nil
}

// Another thread, alive: refused. Ended and joined: measured again.
var fds: [Int32] = [-1, -1]
_ = pipe(&fds)
var thread = pthread_t()
pthread_create(&thread, nil, waitForAByte, UnsafeMutableRawPointer(bitPattern: Int(fds[0])))
report("beside-a-thread") { transient(40 << 10) }
var byte: UInt8 = 1
_ = write(fds[1], &byte, 1)
pthread_join(thread, nil)
report("after-the-thread") { transient(40 << 10) }
