import Foundation
import Synchronization

/// The signals the line editor answers itself while readline has the terminal in its own mode:
/// Ctrl-C (SIGINT) abandons the line; Ctrl-Z (SIGTSTP) gives the terminal back before the
/// process stops and takes it again on `fg`; SIGTERM and SIGHUP give it back before the
/// process ends as they ask.
///
/// Handlers only record the signal; the line editor acts on it between two waits for input.
enum TerminalSignals {
  /// What arrived since the last ``take()``.
  struct Received: Equatable {
    var interrupt = false
    var stop = false
    /// SIGTERM or SIGHUP, if one came.
    var end: Int32?
  }

  static let handled: [Int32] = [SIGINT, SIGTSTP, SIGTERM, SIGHUP]

  /// The handled signals as a set, for masks.
  static var set: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in handled { sigaddset(&set, signal) }
    return set
  }

  /// Installs the recording handler for every handled signal.
  static func install() {
    for signal in handled { record(signal) }
  }

  /// Installs the recording handler for `signal`.
  static func record(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      pending.bitwiseOr(1 << UInt32(signal), ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: the wait for input returns at once with EINTR
    sigaction(signal, &action, nil)
  }

  /// Whether a Ctrl-C came since the last line was asked for.
  static var isInterruptPending: Bool {
    pending.load(ordering: .relaxed) & (1 << UInt32(SIGINT)) != 0
  }

  /// Forgets a Ctrl-C pressed before the line was asked for (while a command ran).
  static func forgetInterrupt() {
    pending.bitwiseAnd(~(1 << UInt32(SIGINT)), ordering: .relaxed)
  }

  /// Waits `seconds`, or until Ctrl-C, SIGTERM or SIGHUP arrives (for `watch`): a Ctrl-C is
  /// taken, the others left for the line editor to act on.
  ///
  /// - Returns: Whether the wait was cut short.
  static func sleep(_ seconds: Double) -> Bool {
    let ends: UInt32 = 1 << UInt32(SIGTERM) | 1 << UInt32(SIGHUP)
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let bits = pending.load(ordering: .relaxed)
      if bits & (1 << UInt32(SIGINT)) != 0 {
        forgetInterrupt()
        return true
      }
      if bits & ends != 0 { return true }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      // A signal cuts the nap short.
      usleep(useconds_t(min(left, 0.05) * 1_000_000))
    }
  }

  /// Takes what arrived since the last call.
  static func take() -> Received {
    let bits = pending.exchange(0, ordering: .relaxed)
    func has(_ signal: Int32) -> Bool { bits & (1 << UInt32(signal)) != 0 }
    return Received(
      interrupt: has(SIGINT), stop: has(SIGTSTP),
      end: has(SIGTERM) ? SIGTERM : (has(SIGHUP) ? SIGHUP : nil))
  }

  /// Stops the process as Ctrl-Z asks (the terminal already given back); returns on `fg`.
  static func stop() {
    signal(SIGTSTP, SIG_DFL)
    var stopSignal = sigset_t()
    sigemptyset(&stopSignal)
    sigaddset(&stopSignal, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stopSignal, nil)
    raise(SIGTSTP)
    pthread_sigmask(SIG_BLOCK, &stopSignal, nil)
    record(SIGTSTP)
  }

  /// Ends the process by `signal`, as it asked (the terminal already given back).
  static func end(by signal: Int32) -> Never {
    Foundation.signal(signal, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    exit(128 + signal)
  }
}

/// One bit per signal number, set by the handlers.
private let pending = Atomic<UInt32>(0)
