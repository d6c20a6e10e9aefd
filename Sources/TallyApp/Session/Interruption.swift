import Foundation
import Synchronization

/// Ctrl-C (SIGINT) or SIGTERM while a command that writes for a while runs (an import): the
/// handler only records it, and the command, which asks between rows, stops and rolls back,
/// so that it says that nothing was changed and SQLite's `-wal` goes with the connection
/// instead of staying behind a killed process.
///
/// A signal handler can reach no value but a global one: the record is this one flag.
public enum Interruption {
  private static let received = Atomic<Bool>(false)

  /// Records Ctrl-C and SIGTERM from now on, instead of ending the process at once.
  ///
  /// A signal the parent ignores (as a shell does for a job in the background) stays ignored;
  /// one it blocked is let through, since the import asks for it.
  public static func watch() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in [SIGINT, SIGTERM] {
      var current = sigaction()
      sigaction(signal, nil, &current)
      if let handler = current.__sigaction_handler.sa_handler,
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      sigaddset(&unblocked, signal)
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        Interruption.received.store(true, ordering: .relaxed)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
    }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// Whether Ctrl-C or SIGTERM arrived since ``watch()``.
  public static var happened: Bool { received.load(ordering: .relaxed) }
}
