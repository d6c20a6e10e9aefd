import TallyApp
import TallyCore
import TallyState

/// The form that creates a project, or edits the one with id `editing`.
///
/// It asks for the title, units and frequency. Kinds, decimals and goals are options of `project add` and `project edit`,
/// which work on any screen, so that scripts that answer the form keep working.
struct ProjectForm: Form {
  let editing: ProjectID?

  var title: String { editing == nil ? "New project" : "Edit project" }

  func fields(in state: AppState, session: Session) throws(TallyError) -> [FormField] {
    let project = try editing.map { id throws(TallyError) in try Self.project(id, in: state) }
    return [
      FormField(
        name: .title, label: "title", defaultValue: project?.title, isRequired: true,
        check: { _ in nil }),
      FormField(
        name: .units, label: "units (km, €, h)", defaultValue: project?.units, isRequired: false,
        check: { _ in nil }),
      FormField(
        name: .frequency,
        label: "frequency (\(Frequency.allCases.map(\.rawValue).joined(separator: ", ")))",
        defaultValue: project?.frequency.rawValue ?? Frequency.monthly.rawValue,
        isRequired: true,
        check: { text in
          Frequency(rawValue: text.lowercased()) == nil
            ? TallyError(.invalidInput, "frequency '\(text)' is not \(Frequency.choices)") : nil
        }),
    ]
  }

  /// `project add TITLE --units U --frequency F`, or `project edit TITLE` with the fields
  /// that changed.
  func request(
    for answers: [FormFieldName: String], in state: AppState, session: Session
  ) throws(TallyError) -> UserRequest? {
    let title = answers[.title] ?? ""
    let units = answers[.units] ?? ""
    let frequency = Frequency(rawValue: (answers[.frequency] ?? "").lowercased()) ?? .monthly
    guard let editing else {
      return .addProject(NewProject(title: title, units: units, frequency: frequency))
    }
    let project = try Self.project(editing, in: state)
    let edit = ProjectEdit(
      title: title == project.title ? nil : title,
      units: units == project.units ? nil : units,
      frequency: frequency == project.frequency ? nil : frequency)
    guard edit != ProjectEdit() else { return nil }
    return .editProject(title: project.title, edit)
  }

  private static func project(_ id: ProjectID, in state: AppState) throws(TallyError) -> Project {
    guard let summary = state.project(id: id) else {
      throw TallyError(.notFound, "there is no project \(id)")
    }
    return summary.project
  }
}
