import Foundation
public import TallyCore
import TallyFiles
import TallyReports

/// Where tally speaks: results for programs, status for people, progress, failures, and
/// questions.
///
/// Every message of every front door goes through one: a subcommand's session, the commands
/// without a session (`migrate`, `backup`, `share`, `check`), and the executable's error
/// report use ``standard``; the REPL points its session's sink at its console, so a script
/// and a person see what a test sees, in the same order. Nothing else in tally writes to
/// standard output or standard error (but the line editor, which echoes a line break on the
/// terminal it reads from, and `--log-level` logging, which is its own stream).
public struct MessageSink {
  /// Takes results: listings, reports, exports (standard output).
  public var output: (String) -> Void
  /// Takes a line of status or a message for people (standard error), without its line break.
  public var status: (String) -> Void
  /// Takes how much of a long task is done, from 0 to 1, and `nil` when it is over; the
  /// standard sink draws a bar on standard error when that is a terminal.
  public var progress: (Double?) -> Void
  /// Takes what failed, when the front door gives up on a command (standard error).
  public var failure: (TallyError) -> Void
  /// Why results could not be written (a full disk, a closed descriptor), once that happened:
  /// what is left of the output is then dropped, and the front door fails the command.
  public var outputProblem: () -> String? = { nil }
  /// Asks a yes-or-no question before something is deleted.
  ///
  /// The second argument says what is refused without an answer ("not deleting 'Car'"); when
  /// no one can answer, the sink throws why, with how to confirm instead.
  public var confirm: (_ question: String, _ refusal: String) throws(TallyError) -> Bool

  /// Creates a sink.
  public init(
    output: @escaping (String) -> Void,
    status: @escaping (String) -> Void,
    progress: @escaping (Double?) -> Void = { _ in },
    failure: @escaping (TallyError) -> Void = { _ in },
    confirm: @escaping (_ question: String, _ refusal: String) throws(TallyError) -> Bool
  ) {
    self.output = output
    // Messages quote titles, notes and file names: none of their control characters reach a
    // terminal (VisibleText).
    self.status = { status(VisibleText.message($0)) }
    self.progress = progress
    self.failure = failure
    self.confirm = { question, refusal throws(TallyError) in
      try confirm(VisibleText.message(question), VisibleText.message(refusal))
    }
  }

  /// A message wrapped at spaces to the terminal's width when standard error is a terminal;
  /// as it is for a file or a pipe, which programs read.
  private static func forTerminal(_ message: String, on terminal: Terminal) -> String {
    guard terminal.errors else { return message }
    return TextWrap.wrap(message, width: terminal.columns())
  }

  /// Standard output and standard error; questions are asked on the terminal, if standard
  /// input is one.
  public static func standard(on terminal: Terminal) -> MessageSink {
    let problem = OutputProblem()
    var sink = MessageSink(
      output: { text in
        guard problem.reason == nil else { return }
        if !writeToStandardOutput(text) { problem.reason = POSIXError.reason(errno) }
      },
      status: { writeToStandardError(forTerminal($0, on: terminal) + "\n") },
      progress: standardProgress(on: terminal),
      failure: { writeToStandardError(forTerminal("Error: \($0)", on: terminal) + "\n") },
      confirm: { question, refusal throws(TallyError) in
        guard terminal.input else {
          throw TallyError(
            .invalidInput,
            "\(refusal) without --yes: standard input is not a terminal to confirm on",
            hint: "Add --yes to confirm.")
        }
        writeToStandardError("\(question) [y/N] ")
        return MessageSink.isYes(readLine())
      })
    sink.outputProblem = { problem.reason }
    return sink
  }

  /// Whether an answer means yes.
  public static func isYes(_ answer: String?) -> Bool {
    ["y", "yes"].contains(answer?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
  }
}

extension MessageSink {
  /// Writes `text` to standard output as it is: the standard sink's results, and the REPL's
  /// console.
  ///
  /// - Returns: Whether all of it was written; `errno` says why not.
  @discardableResult
  public static func writeToStandardOutput(_ text: String) -> Bool {
    write(text, to: STDOUT_FILENO)
  }

  /// Writes `text` to standard error as it is: the standard sink's messages, and the REPL's
  /// console.
  ///
  /// A message that cannot be written is lost: there is nowhere left to say so.
  public static func writeToStandardError(_ text: String) {
    _ = write(text, to: STDERR_FILENO)
  }

  /// Writes all of `text` to `descriptor`; returns whether it could (`errno` says why not).
  private static func write(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var done = 0
      while done < bytes.count {
        let count = Foundation.write(
          descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
  }

  /// A progress bar on standard error when it is a terminal; otherwise nothing.
  public static func standardProgress(on terminal: Terminal) -> (Double?) -> Void {
    guard terminal.errors else { return { _ in } }
    let bar = ProgressBar(write: writeToStandardError)
    return { bar.show($0) }
  }
}

/// Why the standard sink's output failed, once it did.
private final class OutputProblem {
  var reason: String?
}
