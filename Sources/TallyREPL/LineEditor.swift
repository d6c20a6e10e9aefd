@preconcurrency import CReadline
import Glibc

/// Reads the lines a person types, with GNU readline's editing and history.
///
/// Readline keeps its state in process globals, so there is at most one line editor per
/// process; the REPL owns it and uses it from one thread.
public final class LineEditor {
  /// Creates the line editor.
  public init() {}

  /// Shows `prompt` and reads a line.
  ///
  /// - Returns: The line without its newline, or `nil` at end of input (Ctrl-D).
  public func readLine(prompt: String) -> String? {
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    let line = String(cString: raw)
    if !line.allSatisfy(\.isWhitespace) {
      add_history(raw)
    }
    return line
  }
}
