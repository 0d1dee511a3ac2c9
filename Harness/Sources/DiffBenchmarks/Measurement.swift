import DiffResults
import DiffVerification
import CAllocationPeak
import CJemalloc
import Foundation

/// Per-thread allocation counters from jemalloc (5.3): bytes allocated, and
/// the peak of live bytes since a reset.
package struct AllocationProbe {
  let allocated: UnsafeMutablePointer<UInt64>?

  package init() {
    var pointer: UnsafeMutablePointer<UInt64>? = nil
    var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
    if mallctl("thread.allocatedp", &pointer, &size, nil, 0) != 0 { pointer = nil }
    allocated = pointer
  }

  /// Makes jemalloc give freed pages back to the system at once, not ten
  /// seconds later: a worker judging a large pair holds one structure of
  /// the pair's size after another (the model's states, the pair's index),
  /// and the pages of those it had freed stayed in its resident set (a
  /// million-item pair: 224 MB at the peak, 199 MB purged at once,
  /// measured). For the workers only: a process that times keeps the default.
  package static func returnFreedPagesAtOnce() {
    var zero = 0  // ssize_t
    for name in ["arenas.dirty_decay_ms", "arenas.muzzy_decay_ms"] { _ = mallctl(name, nil, nil, &zero, MemoryLayout<Int>.size) }
    var arenas: UInt32 = 0
    var size = MemoryLayout<UInt32>.size
    guard mallctl("arenas.narenas", &arenas, &size, nil, 0) == 0 else { return }
    for arena in 0..<arenas {
      for kind in ["dirty", "muzzy"] { _ = mallctl("arena.\(arena).\(kind)_decay_ms", nil, nil, &zero, MemoryLayout<Int>.size) }
    }
  }

  /// Whether jemalloc answers: it is the allocator and has its statistics.
  package var isAvailable: Bool { allocated != nil }

  /// Bytes this thread has allocated so far, ever.
  @inline(__always)
  package func allocatedBytes() -> UInt64 { allocated?.pointee ?? 0 }

  /// Starts a new peak for this thread.
  package func resetPeak() {
    _ = mallctl("thread.peak.reset", nil, nil, nil, 0)
  }

  /// The most live bytes (allocated − freed) this thread reached since the reset.
  package func peakBytes() -> UInt64 {
    var value: UInt64 = 0
    var size = MemoryLayout<UInt64>.size
    return mallctl("thread.peak.read", &value, &size, nil, 0) == 0 ? value : 0
  }

  /// Runs `body` with jemalloc's allocation hooks installed: the exact peak
  /// of this thread's live bytes while it ran (above what was live before,
  /// and counting what its result still holds at the end), and the bytes it
  /// allocated; nil when it cannot measure here (``exactPeakUnavailable()``
  /// says why), and then `body` has not run.
  ///
  /// jemalloc's own thread peak (``peakBytes()``) is refreshed only every
  /// 64 KiB of allocation: a buffer allocated and freed between two refreshes
  /// is never seen, so a small diff's peak could read half its true value.
  /// The hooks see every allocation, but slow each one, so this is for a run
  /// of its own, never a timed or counted one. They go in only in a process
  /// of one thread: installed, they can corrupt jemalloc's list of threads
  /// when another thread ends (`CAllocationPeak.h` says how), and a test
  /// process crashed so.
  package func exactly<R>(_ body: () -> R) -> (result: R, allocated: UInt64, peak: UInt64)? {
    guard sd_exact_peak_begin() == 0 else {
      return nil
    }
    let result = body()
    var allocated: UInt64 = 0
    let peak = sd_exact_peak_end(&allocated)
    guard peak >= 0 else { return nil }
    return (result, allocated, UInt64(peak))
  }

  /// Why ``exactly(_:)`` cannot measure in this process now, in a line, or
  /// nil when it can.
  package static func exactPeakUnavailable() -> String? {
    let code = Int(sd_exact_peak_begin())
    switch code {
    case 0:
      _ = sd_exact_peak_end(nil)
      return nil
    case Int(SD_EXACT_PEAK_OTHER_THREADS):
      let threads = sd_thread_count()
      let count = threads < 0 ? "/proc/self/stat cannot say how many threads run" : "\(threads) threads run"
      return "\(count) in this process; jemalloc's hooks are safe only in a process of one"
    case Int(SD_EXACT_PEAK_NESTED):
      return "a measurement is already under way"
    default:
      return "jemalloc \(version ?? "(not the allocator)") has no allocation hooks to install"
    }
  }

  /// The exact peak of a run of `body` (see ``exactly(_:)``), its result
  /// freed after the measurement; nil, without running it, when it cannot
  /// measure here.
  package func exactPeak<R>(of body: () -> R) -> UInt64? {
    guard let measured = exactly(body) else { return nil }
    blackHole(measured.result)
    return measured.peak
  }

  /// jemalloc's version, or nil when it is not the allocator.
  package static var version: String? {
    var pointer: UnsafePointer<CChar>? = nil
    var size = MemoryLayout<UnsafePointer<CChar>?>.size
    guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return nil }
    return String(cString: pointer)
  }
}

/// Monotonic wall time and this thread's CPU time, in nanoseconds.
package enum Clock {
  @inline(__always)
  package static func wall() -> UInt64 { read(CLOCK_MONOTONIC) }

  @inline(__always)
  package static func threadCPU() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

  @inline(__always)
  static func read(_ clock: clockid_t) -> UInt64 {
    var t = timespec()
    clock_gettime(clock, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }
}

/// Keeps a value alive and opaque to the optimizer, so the work that made it
/// is not removed.
@inline(never)
package func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
