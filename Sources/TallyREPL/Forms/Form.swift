import TallyApp
import TallyCore
import TallyState

/// One field of a form: asked for in turn, with a default that Enter keeps.
struct FormField {
  /// The key of its value.
  var name: FormFieldName
  /// What the prompt asks for.
  var label: String
  /// What Enter keeps; `nil` when there is none.
  var defaultValue: String?
  /// Whether an empty value is refused.
  var isRequired: Bool
  /// Checks a value; returns why it is wrong, or `nil`.
  var check: (String) -> TallyError?
  /// The values Tab offers, when the field takes one of a few.
  var choices: [String] = []
}

/// A form: fields asked for one by one, and the request the answers make.
///
/// The answers make the same ``UserRequest`` as the equivalent command line (`new` answered
/// `Mileage`, `km`, `daily` is `project add Mileage --units km --frequency daily`), which the
/// session carries out as it does every other line.
protocol Form {
  /// What the form does, shown when it opens: "New project".
  var title: String { get }

  /// The fields, with defaults from what the form edits; a field may depend on the answers
  /// before it (the goal's period is asked only for a goal).
  func fields(
    in state: AppState, answers: [FormFieldName: String], session: Session
  ) throws(TallyError) -> [FormField]

  /// The request the answers make, or `nil` when they change nothing.
  func request(
    for answers: [FormFieldName: String], in state: AppState, session: Session
  ) throws(TallyError) -> UserRequest?
}
