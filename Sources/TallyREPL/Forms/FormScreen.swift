import Flow
import Routing
import TallyApp
import TallyCore
import TallyReports
import TallyState

/// A form on the route: it asks for its fields one by one, keeps the answers in the route's
/// data (so they are state like everything else), and on the last answer makes its request:
/// the ``UserRequest`` the equivalent command line makes, which the session carries out.
///
/// Enter keeps a field's default; Ctrl-D or `:cancel` leaves the form without a change. When
/// the request fails the form asks a person again from the first field, with the answers as
/// defaults; a script leaves the form.
final class FormScreen: Screen {
  static let cancelCommand = ":cancel"

  let form: any Form

  init(form: any Form, context: ScreenContext, path: [Route], stack: ScreenStack) {
    self.form = form
    super.init(context: context, path: path, stack: stack)
  }

  override func show() {
    console.line(
      TextWrap.wrap(
        console.style.bold(form.title)
          + console.style.dim(" (Enter keeps the value in brackets; Ctrl-D or :cancel cancels)"),
        width: console.style.width))
  }

  /// The field asked for now, or `nil` when the form cannot be filled in.
  func currentField() -> FormField? {
    let state = store.state
    guard
      let fields = try? form.fields(
        in: state, answers: answers(in: state), session: context.session)
    else { return nil }
    let index = answered(in: state)
    return index < fields.count ? fields[index] : nil
  }

  /// The prompt for the current field.
  func prompt(after breadcrumb: String) -> String {
    guard let field = currentField() else { return breadcrumb + " " }
    let value = answers(in: store.state)[field.name] ?? field.defaultValue
    // A stored note or title is shown as every screen shows it: its control characters written
    // out, not sent to the terminal.
    let shown = value.flatMap { $0.isEmpty ? nil : " [\(VisibleText.escaped($0))]" } ?? ""
    let question = "\(field.label)\(shown):"
    // The markers that tell readline what takes no room take none here either.
    let crumb = breadcrumb.filter { $0 != "\u{1}" && $0 != "\u{2}" }
    if let width = console.style.width, TextWrap.visibleWidth("\(crumb) \(question) ") >= width {
      // A question longer than the line is asked on lines of its own, wrapped at spaces, so
      // that the terminal does not break it inside a word.
      console.line(TextWrap.wrap(question, width: width))
      return breadcrumb + " "
    }
    return "\(breadcrumb) \(question) "
  }

  /// Takes the answer to the current field.
  ///
  /// - Parameters:
  ///   - line: The answer.
  ///   - place: Where the line came from, for errors: a script's name and line.
  /// - Returns: Whether the answer was taken (and, after the last one, the request succeeded).
  func accept(_ line: String, place: String? = nil) -> Bool {
    let text = line.trimmingCharacters(in: .whitespaces)
    if text == Self.cancelCommand {
      cancel()
      return true
    }
    let state = store.state
    let fields: [FormField]
    do {
      fields = try form.fields(in: state, answers: answers(in: state), session: context.session)
    } catch {
      console.error(error, at: place)
      cancel()
      return false
    }
    var answers = answers(in: state)
    let index = answered(in: state)
    guard index < fields.count else { return submit(answers, place: place) }
    let field = fields[index]
    let value = text.isEmpty ? (answers[field.name] ?? field.defaultValue ?? "") : text
    if value.isEmpty && field.isRequired {
      console.error(
        TallyError(.invalidInput, "the \(field.name.rawValue) is required"), at: place)
      return false
    }
    // What is stored already is kept as it is, even where it would not be taken if typed now
    // (a group name from an older tally): Enter keeps it.
    let keepsStored = text.isEmpty && answers[field.name] == nil && value == field.defaultValue
    if !value.isEmpty, !keepsStored, let problem = field.check(value) {
      console.error(problem, at: place)
      return false
    }
    answers[field.name] = value
    // An answer may bring fields of its own (a goal, its period and side).
    let next =
      (try? form.fields(in: state, answers: answers, session: context.session)) ?? fields
    guard index + 1 >= next.count else {
      store.dispatch(
        .navigate(.setData(.form(FormAnswers(values: answers, answered: index + 1)), for: path)))
      return true
    }
    return submit(answers, place: place)
  }

  /// Leaves the form without a change.
  func cancel() {
    console.status("Cancelled.")
    store.dispatch(.navigate(.pop))
  }

  private func submit(_ answers: [FormFieldName: String], place: String?) -> Bool {
    do {
      guard
        let request = try form.request(
          for: answers, in: store.state, session: context.session)
      else {
        console.status("Nothing changed.")
        store.dispatch(.navigate(.pop))
        return true
      }
      let succeeded = try context.session.run(request)
      store.dispatch(.navigate(.pop))
      return succeeded
    } catch {
      console.error(error, at: place)
      // A person is asked again, with the answers as defaults; a script's next lines are
      // commands, not answers, so it leaves the form.
      guard context.isInteractive else {
        cancel()
        return false
      }
      store.dispatch(
        .navigate(.setData(.form(FormAnswers(values: answers, answered: 0)), for: path)))
      return false
    }
  }

  private func answers(in state: AppState) -> [FormFieldName: String] {
    state.navigation.data(for: path)?.formAnswers?.values ?? [:]
  }

  private func answered(in state: AppState) -> Int {
    state.navigation.data(for: path)?.formAnswers?.answered ?? 0
  }
}
