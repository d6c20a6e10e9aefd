import Foundation

/// The program long output goes through, chosen as `psql` chooses it: `TALLY_PAGER` when not
/// empty, else `PAGER` when not empty, else `less -FRX`; `TALLY_PAGER` set and empty starts
/// the REPL with the pager off.
///
/// The program runs through `/bin/sh -c` in tally's own process group, so it has the terminal
/// (keys, the window's size, Ctrl-C) while tally writes the text to its standard input and
/// waits for it to end. Ctrl-C reaches both: tally only records it, and the line editor forgets
/// it at the next prompt. `less` (whose prompt keeps going on Ctrl-C) is given `-K` through
/// `LESS`, so that Ctrl-C ends it there too, as README promises; other pagers end on it anyway.
public struct Pager: Sendable {
  /// The shell command that pages.
  public let command: String
  /// Whether the REPL starts with the pager on (`TALLY_PAGER` set and empty: off).
  public let isOnAtStart: Bool

  /// The default pager: quits at once when the text fits, keeps colours, leaves the screen.
  public static let defaultCommand = "less -FRX"

  /// The pager `environment` asks for.
  public static func chosen(environment: [String: String]) -> Pager {
    let isOff =
      environment["TALLY_PAGER"].map { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false
    for name in ["TALLY_PAGER", "PAGER"] {
      if let command = environment[name], !command.trimmingCharacters(in: .whitespaces).isEmpty {
        return Pager(command: command, isOnAtStart: !isOff)
      }
    }
    return Pager(command: defaultCommand, isOnAtStart: !isOff)
  }

  /// Creates a pager that runs `command`.
  public init(command: String, isOnAtStart: Bool = true) {
    self.command = command
    self.isOnAtStart = isOnAtStart
  }

  /// Shows `text` through the pager and waits until it ends.
  ///
  /// - Returns: Whether the pager ran; `false` when it could not start (the shell could not
  ///   find or run it), so the caller prints the text itself.
  public func show(_ text: String) -> Bool {
    var pipe: [Int32] = [0, 0]
    guard Foundation.pipe(&pipe) == 0 else { return false }
    let (readEnd, writeEnd) = (pipe[0], pipe[1])
    guard let child = spawn(input: readEnd, closing: writeEnd) else {
      close(readEnd)
      close(writeEnd)
      return false
    }
    close(readEnd)
    // A pager that quits early (`q` in less) closes the pipe: the write then fails with EPIPE
    // instead of ending tally.
    let previous = signal(SIGPIPE, SIG_IGN)
    Self.writeAll(Array(text.utf8), to: writeEnd)
    close(writeEnd)
    signal(SIGPIPE, previous)
    let status = Self.wait(for: child)
    // Ended by Ctrl-C: the terminal echoed `^C`; the prompt goes on a line of its own.
    if status == nil { _ = Foundation.write(STDOUT_FILENO, "\n", 1) }
    // The shell's own codes for a command it could not find (127) or run (126).
    return !(status == 126 || status == 127)
  }

  private func spawn(input: Int32, closing writeEnd: Int32) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, input)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The pager gets default signal handling and no blocked signals, whatever tally's are.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGTSTP, SIGTERM, SIGHUP, SIGQUIT] {
      sigaddset(&defaults, signal)
    }
    var noMask = sigset_t()
    sigemptyset(&noMask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &noMask)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var envp: [UnsafeMutablePointer<CChar>?] =
      Self.environment(ProcessInfo.processInfo.environment).map { strdup($0) } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var child = pid_t()
    let result = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, &envp)
    return result == 0 ? child : nil
  }

  /// The pager's environment, `NAME=value` each: tally's own, with `-K` added to `LESS` (the
  /// options `less` reads before its command line's), so that Ctrl-C quits `less`.
  static func environment(_ environment: [String: String]) -> [String] {
    var environment = environment
    let options = environment["LESS", default: ""].trimmingCharacters(in: .whitespaces)
    environment["LESS"] = options.isEmpty ? "-K" : options + " -K"
    return environment.map { "\($0.key)=\($0.value)" }.sorted()
  }

  /// Writes every byte, going on after a signal, stopping when the reader has gone.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  /// Waits for `child` to end, through signals (Ctrl-C reaches tally too).
  ///
  /// - Returns: Its exit status, or `nil` when a signal ended it.
  private static func wait(for child: pid_t) -> Int32? {
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    guard status & 0x7F == 0 else { return nil }
    return (status >> 8) & 0xFF
  }
}
