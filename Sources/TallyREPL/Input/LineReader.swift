import CReadline
import Foundation
public import TallyCore

/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  /// A line, without its line break.
  case line(String)
  /// The person pressed Ctrl-C: the line is abandoned.
  case interrupted
  /// End of input: Ctrl-D on an empty line, or the end of a script.
  case end
}

/// Reads the REPL's input one line at a time.
public protocol LineReader: AnyObject {
  /// Whether a person types the lines: prompts, confirmations and colours are for them.
  var isInteractive: Bool { get }

  /// Reads a line, showing `prompt` when interactive.
  func readLine(prompt: String) -> LineInput

  /// Keeps `line` in the history, for lines that are commands.
  func remember(_ line: String)
}

/// Reads lines from standard input or a script without prompts, echo or escape codes, one
/// line at a time however long the input (bytes that are not UTF-8 are replaced, so a bad line
/// is reported with its number rather than stopping the script).
public final class PlainLineReader: LineReader {
  private let next: () -> String?

  /// Creates a reader over `next`, which returns each line in turn, or `nil` at the end.
  public init(next: @escaping () -> String?) {
    self.next = next
  }

  /// Creates a reader over standard input.
  public convenience init() {
    let input = LineStream(tally_standard_input(), closes: false)
    self.init { input.nextLine() }
  }

  /// Creates a reader over the file at `path`.
  ///
  /// - Throws: ``TallyError`` naming the file when it cannot be read.
  public convenience init(path: String) throws(TallyError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw TallyError(.invalidInput, "cannot read the script \(path): it is a folder, not a file")
    }
    guard let file = fopen(path, "r") else {
      throw TallyError(
        .invalidInput, "cannot read the script \(path): \(String(cString: strerror(errno)))")
    }
    let input = LineStream(file, closes: true)
    self.init { input.nextLine() }
  }

  public var isInteractive: Bool { false }

  public func readLine(prompt: String) -> LineInput {
    guard var line = next() else { return .end }
    if line.hasSuffix("\r") { line.removeLast() }
    return .line(line)
  }

  public func remember(_ line: String) {}
}

/// The lines of a C stream, read with `getline`.
private final class LineStream {
  private let file: UnsafeMutablePointer<FILE>
  private let closes: Bool
  private var buffer: UnsafeMutablePointer<CChar>?
  private var capacity = 0

  init(_ file: UnsafeMutablePointer<FILE>, closes: Bool) {
    self.file = file
    self.closes = closes
  }

  deinit {
    free(buffer)
    if closes { fclose(file) }
  }

  func nextLine() -> String? {
    let length = getline(&buffer, &capacity, file)
    guard length >= 0, let buffer else { return nil }
    var bytes = UnsafeRawBufferPointer(start: buffer, count: length)
    if bytes.last == UInt8(ascii: "\n") {
      bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
