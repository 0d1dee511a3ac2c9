import DiffVerification
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `kill(2)`, under a name that does not clash with methods called `kill`.
@inline(__always)
func _killProcess(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }

/// The children `diffbench` has started and not yet reaped, kept where a
/// signal handler can read them: when `diffbench` is interrupted (SIGINT),
/// terminated (SIGTERM) or hung up on (SIGHUP), it kills them before it ends.
///
/// A child that outlives `diffbench` anyway (SIGKILL leaves no handler a
/// chance) ends by itself: every worker checks its parent twenty times a second and
/// exits when it has changed (``StrategyWorker``).
package enum ChildRegistry {
  static let capacity = 1024
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<pid_t> = {
    let p = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
    p.initialize(repeating: 0, count: capacity)
    return p
  }()
  static let lock = NSLock()

  static func register(_ pid: pid_t) {
    lock.lock()
    defer { lock.unlock() }
    for k in 0..<capacity where slots[k] == 0 {
      slots[k] = pid
      return
    }
  }

  static func unregister(_ pid: pid_t) {
    lock.lock()
    defer { lock.unlock() }
    for k in 0..<capacity where slots[k] == pid { slots[k] = 0 }
  }

  /// The children alive now, by process id.
  package static var live: [pid_t] {
    lock.lock()
    defer { lock.unlock() }
    return (0..<capacity).map { slots[$0] }.filter { $0 > 0 }
  }

  /// Installs handlers for SIGINT, SIGTERM and SIGHUP that kill every
  /// registered child, then end this process as the signal would have.
  package static func killChildrenOnSignals() {
    _ = slots  // allocate before any signal can arrive
    var mask = sigset_t()
    sigemptyset(&mask)
    for sig in [SIGINT, SIGTERM, SIGHUP] {
      _ = signal(sig, _killChildrenAndEnd)
      sigaddset(&mask, sig)
    }
    // A parent may have left them blocked (a test runner does); a blocked
    // SIGTERM would never reach the handler.
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  }
}

/// The signal handler: only async-signal-safe calls (kill, signal, raise).
private func _killChildrenAndEnd(_ received: Int32) {
  for k in 0..<ChildRegistry.capacity where ChildRegistry.slots[k] > 0 {
    _ = kill(ChildRegistry.slots[k], SIGKILL)
  }
  _ = signal(received, SIG_DFL)
  _ = raise(received)
}
