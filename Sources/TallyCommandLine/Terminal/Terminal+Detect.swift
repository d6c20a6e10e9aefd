import Foundation
public import TallyApp

extension Terminal {
  /// This process's terminal, as its standard streams and the system say: the columns from
  /// `COLUMNS`, else the terminal's, else 80; the lines from the terminal (asked each time:
  /// readline keeps `LINES` as it was at its last prompt), else `LINES`, else 24.
  public static func detect(environment: [String: String]) -> Terminal {
    Terminal(
      input: isatty(STDIN_FILENO) == 1, output: isatty(STDOUT_FILENO) == 1,
      errors: isatty(STDERR_FILENO) == 1,
      columns: {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
          return columns
        }
        return windowSize().map { Int($0.ws_col) } ?? 80
      },
      lines: {
        if let size = windowSize(), size.ws_row > 0 { return Int(size.ws_row) }
        if let lines = environment["LINES"].flatMap({ Int($0) }), lines > 0 { return lines }
        return 24
      })
  }

  /// The size of the terminal on standard output, if it is one and says.
  private static func windowSize() -> winsize? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return size
  }
}
