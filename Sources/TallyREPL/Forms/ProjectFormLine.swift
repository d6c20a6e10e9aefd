import TallyApp
import TallyCommandLine
import TallyCore

/// The command line a project form's answers stand for, read by the shell's grammar: the
/// form checks each answer, and makes its request, with the rules of `project add` and
/// `project edit` themselves (their option parsing and the request's validation), so the two
/// front doors cannot disagree.
enum ProjectFormLine {
  /// Why `value` is wrong for `option` of `project add`, or `nil`.
  ///
  /// - Parameters:
  ///   - option: `--kind`, `--decimals`, `--goal`, `--goal-per` or `--goal-is`.
  ///   - value: The answer.
  ///   - field: What the form calls the field, to name it in the message.
  ///   - units: The project's units as answered, which a goal is read in (`1:30` for hours).
  /// - Returns: The command line's own error, prefixed with the field; `nil` when it is fine.
  static func problem(
    option: String, value: String, field: String, units: String = ""
  ) -> TallyError? {
    // The goal's period and side are read with an amount beside them, as on the line.
    let companion = ["--goal-per", "--goal-is"].contains(option) ? ["--goal=1"] : []
    let words =
      ["project", "add", "--frequency=daily"] + (units.isEmpty ? [] : ["--units=\(units)"])
      + companion
      + ["\(option)=\(value)", "--", "probe"]
    do {
      guard case .request(.addProject(let project, _)) = try CommandLineGrammar.parse(words)
      else { return nil }
      _ = try project.validated()
      return nil
    } catch {
      return TallyError(.invalidInput, "\(field): \(error.message)", hint: error.hint)
    }
  }

  /// The request that `words` (a `project add` or `project edit` line) make.
  static func request(_ words: [String]) throws(TallyError) -> UserRequest {
    guard case .request(let request) = try CommandLineGrammar.parse(words) else {
      throw TallyError(.invalidInput, "the form's answers make no request")
    }
    return request
  }

  /// `--name=value`: a value that starts with `-` stays a value.
  static func option(_ name: String, _ value: String) -> String {
    "--\(name)=\(value)"
  }
}
