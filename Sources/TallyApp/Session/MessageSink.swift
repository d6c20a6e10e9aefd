import Foundation
public import TallyCore

/// Where a session speaks: results for programs, status for people, and questions.
///
/// A subcommand's session writes results to standard output and status to standard error; the
/// REPL points one at its console. Use cases speak only through it.
public struct MessageSink {
  /// Takes results: listings, reports, exports (standard output).
  public var output: (String) -> Void
  /// Takes a line of status or a message for people (standard error), without its line break.
  public var status: (String) -> Void
  /// Asks a yes-or-no question before something is deleted.
  ///
  /// The second argument says what is refused without an answer ("not deleting 'Car'"); when
  /// no one can answer, the sink throws why, with how to confirm instead.
  public var confirm: (_ question: String, _ refusal: String) throws(TallyError) -> Bool

  /// Creates a sink.
  public init(
    output: @escaping (String) -> Void,
    status: @escaping (String) -> Void,
    confirm: @escaping (_ question: String, _ refusal: String) throws(TallyError) -> Bool
  ) {
    self.output = output
    // Messages quote titles, notes and file names: none of their control characters reach a
    // terminal (VisibleText).
    self.status = { status(VisibleText.message($0)) }
    self.confirm = { question, refusal throws(TallyError) in
      try confirm(VisibleText.message(question), VisibleText.message(refusal))
    }
  }

  /// Standard output and standard error; questions are asked on the terminal, if standard
  /// input is one.
  public static var standard: MessageSink {
    MessageSink(
      output: { FileHandle.standardOutput.write(Data($0.utf8)) },
      status: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
      confirm: { question, refusal throws(TallyError) in
        guard isatty(STDIN_FILENO) == 1 else {
          throw TallyError(
            .invalidInput,
            "\(refusal) without --yes: standard input is not a terminal to confirm on",
            hint: "Add --yes to confirm.")
        }
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        return MessageSink.isYes(readLine())
      })
  }

  /// Whether an answer means yes.
  public static func isYes(_ answer: String?) -> Bool {
    ["y", "yes"].contains(answer?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
  }
}
