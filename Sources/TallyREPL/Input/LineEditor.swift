@preconcurrency import CReadline
import Foundation
import TallyFiles

/// Reads the lines a person types at a terminal, with GNU readline's editing, history (kept in
/// a file across runs) and completion.
///
/// Ctrl-C abandons the line being typed and Ctrl-D on an empty line ends the input; Ctrl-Z,
/// SIGTERM and SIGHUP give the terminal back first (``TerminalSignals``). Readline
/// keeps its state in process globals, so there is at most one line editor per process, used
/// from one thread: the REPL's.
public final class LineEditor: LineReader {
  private let historyPath: String?

  /// Completes the word being typed when Tab is pressed.
  public var complete: (CompletionRequest) -> CompletionResult {
    get { ReadlineHooks.complete ?? { _ in CompletionResult() } }
    set { ReadlineHooks.complete = newValue }
  }

  /// Creates the line editor.
  ///
  /// - Parameter historyPath: The history file; `nil` keeps no history across runs.
  public init(historyPath: String?) {
    self.historyPath = historyPath
    // Readline takes the locale's character type from the environment when it first starts,
    // after it measured the first prompt: in the "C" locale that counts `›` as three columns,
    // and the first line typed wrapped three columns early, drawn over itself. Taken now, the
    // first prompt is measured as every later one.
    setlocale(LC_CTYPE, "")
    rl_readline_name = ReadlineHooks.name
    rl_catch_signals = 0
    rl_attempted_completion_function = ReadlineHooks.attemptCompletion
    rl_completer_quote_characters = ReadlineHooks.quoteCharacters
    rl_completer_word_break_characters = ReadlineHooks.wordBreakCharacters
    using_history()
    stifle_history(Int32(HistoryFile.limit))
    if let historyPath {
      // Only its owner may enter the folder, as the history file (0600) only they may read.
      _ = try? PrivateFolder.make((historyPath as NSString).deletingLastPathComponent)
      read_history(historyPath)
    }
    TerminalSignals.install()
  }

  deinit {
    if let historyPath {
      history_truncate_file(historyPath, Int32(HistoryFile.limit))
    }
  }

  public var isInteractive: Bool { true }

  /// Whether Ctrl-C was pressed since the last line was read: a command that writes for a
  /// while (an import) stops on it and changes nothing.
  public static var isInterruptPending: Bool { TerminalSignals.isInterruptPending }

  public func readLine(prompt: String) -> LineInput {
    // The handled signals are blocked except while waiting for input, so one that comes while
    // readline works on a key is seen at the next wait rather than lost before it.
    var handled = TerminalSignals.set
    var outside = sigset_t()
    pthread_sigmask(SIG_BLOCK, &handled, &outside)
    defer { pthread_sigmask(SIG_SETMASK, &outside, nil) }
    var waiting = outside
    for signal in TerminalSignals.handled { sigdelset(&waiting, signal) }

    TerminalSignals.forgetInterrupt()
    ReadlineHooks.received = nil
    // Readline 8.2 remembers an end of input (Ctrl-D) and, from then on, writes a line break
    // each time it gives the terminal back; only the line that ended needs one.
    rl_eof_found = 0
    rl_callback_handler_install(prompt, ReadlineHooks.lineHandler)
    while true {
      let ready = tally_wait_readable(STDIN_FILENO, &waiting)
      let signals = TerminalSignals.take()
      if let end = signals.end {
        rl_callback_handler_remove()
        TerminalSignals.end(by: end)
      }
      if signals.stop {
        rl_callback_handler_remove()
        FileHandle.standardOutput.write(Data("\n".utf8))
        TerminalSignals.stop()
        rl_callback_handler_install(prompt, ReadlineHooks.lineHandler)
        continue
      }
      if signals.interrupt {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_callback_handler_remove()
        FileHandle.standardOutput.write(Data("\n".utf8))
        return .interrupted
      }
      if ready < 0 {
        if errno == EINTR { continue }
        rl_callback_handler_remove()
        return .end
      }
      rl_callback_read_char()
      if let received = ReadlineHooks.received {
        ReadlineHooks.received = nil
        return received.map(LineInput.line) ?? .end
      }
    }
  }

  public func remember(_ line: String) {
    guard !line.allSatisfy(\.isWhitespace) else { return }
    if let last = history_get(history_base + history_length - 1),
      let text = last.pointee.line, String(cString: text) == line
    {
      return
    }
    add_history(line)
    if let historyPath {
      if FileManager.default.fileExists(atPath: historyPath) {
        append_history(1, historyPath)
      } else {
        write_history(historyPath)
      }
    }
  }
}

/// What readline's C callbacks reach: they cannot capture context, so the one line editor of
/// the process keeps it here, used only from the REPL's thread.
private enum ReadlineHooks {
  nonisolated(unsafe) static var complete: ((CompletionRequest) -> CompletionResult)?
  /// The line readline finished: `.some(nil)` at end of input.
  nonisolated(unsafe) static var received: String??

  // Readline keeps these pointers for the life of the process.
  nonisolated(unsafe) static let name = UnsafePointer(strdup("tally"))
  nonisolated(unsafe) static let quoteCharacters = UnsafePointer(strdup("\"'"))
  nonisolated(unsafe) static let wordBreakCharacters = UnsafePointer(strdup(" \t"))

  static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
    // Removed at once, or readline shows the prompt again for a next line.
    rl_callback_handler_remove()
    guard let line else {
      received = .some(nil)
      return
    }
    received = .some(String(cString: line))
    free(line)
  }

  static let attemptCompletion:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >? = { text, start, _ in
      guard let complete, let text, let buffer = rl_line_buffer else { return nil }
      let before = Array(UnsafeBufferPointer(start: buffer, count: Int(start)))
        .map { UInt8(bitPattern: $0) }
      let quote = rl_completion_quote_character
      let request = CompletionRequest(
        before: String(decoding: before, as: UTF8.self), word: String(cString: text),
        quote: quote == 0 ? nil : Character(UnicodeScalar(UInt8(quote))))
      let result = complete(request)
      if result.completesFiles {
        rl_attempted_completion_over = 0
        return nil
      }
      rl_attempted_completion_over = 1
      return matches(result.candidates)
    }

  /// The array readline wants: the common prefix, then each match, then NULL; all `malloc`ed.
  private static func matches(_ candidates: [String]) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >? {
    guard !candidates.isEmpty else { return nil }
    let words = candidates.count == 1 ? candidates : [commonPrefix(candidates)] + candidates
    guard
      let array = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (words.count + 1))?
        .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: words.count + 1)
    else { return nil }
    for (index, word) in words.enumerated() {
      array[index] = strdup(word)
    }
    array[words.count] = nil
    return array
  }

  private static func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first else { return "" }
    for word in words.dropFirst() {
      prefix = String(prefix.commonPrefix(with: word))
    }
    return prefix
  }
}
