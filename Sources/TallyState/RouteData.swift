public import TallyCore

/// What a screen keeps while it is shown, by the kind of screen.
public enum RouteData: Equatable, Codable, Sendable {
  /// A form's answers so far.
  case form(FormAnswers)
  /// The period a report screen shows, instead of its project's frequency.
  case report(ReportPeriod)

  /// The answers, when this is a form's data.
  public var formAnswers: FormAnswers? {
    if case .form(let answers) = self { answers } else { nil }
  }

  /// The period, when this is a report's data.
  public var reportPeriod: ReportPeriod? {
    if case .report(let period) = self { period } else { nil }
  }
}

/// A field of a REPL form: what its answer is kept under.
///
/// Each names the option of the command line that the answer stands for (`title` is
/// `--title`, `time` is `--at`), so a form makes the same request as the line.
public enum FormFieldName: String, Hashable, Codable, CodingKeyRepresentable, Sendable {
  case title, units, frequency, kind, group, decimals, goal
  case goalPer = "goal-per"
  case goalIs = "goal-is"
  case amount, time, note
}

/// The fields of a form answered so far.
public struct FormAnswers: Equatable, Codable, Sendable {
  /// The values by field.
  public var values: [FormFieldName: String]
  /// How many fields, in order, are answered: the next one asked is this one.
  public var answered: Int

  /// Creates answers.
  public init(values: [FormFieldName: String] = [:], answered: Int = 0) {
    self.values = values
    self.answered = answered
  }
}
