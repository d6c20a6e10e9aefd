import TallyApp
import TallyCore
import TallyState

/// The form that creates a project, or edits the one with id `editing`.
///
/// It asks for the title, units, frequency, kind, group, decimals and goal (with the goal's period
/// and side when there is a goal), and makes the `project add` or `project edit` line those
/// answers stand for, checked and read by the command line's own rules (``ProjectFormLine``).
struct ProjectForm: Form {
  let editing: ProjectID?

  var title: String { editing == nil ? "New project" : "Edit project" }

  func fields(
    in state: AppState, answers: [FormFieldName: String], session: Session
  ) throws(TallyError) -> [FormField] {
    let project = try editing.map { id throws(TallyError) in try Self.project(id, in: state) }
    let goal = project?.goal
    // A goal is read in the units answered: `1:30` is an hour and a half of `h`.
    let units = answers[.units].flatMap { $0.isEmpty ? nil : $0 } ?? project?.units ?? ""
    var fields = [
      FormField(
        name: .title, label: "title", defaultValue: project?.title, isRequired: true,
        check: { _ in nil }),
      FormField(
        name: .units, label: "units (km, €, h)", defaultValue: project?.units, isRequired: false,
        check: { _ in nil }),
      Self.choice(
        .frequency, option: "--frequency", Frequency.allCases.map(\.rawValue),
        default: project?.frequency.rawValue ?? Frequency.monthly.rawValue),
      Self.choice(
        .kind, option: "--kind", ProjectKind.allCases.map(\.rawValue),
        default: project?.kind.rawValue ?? ProjectKind.total.rawValue),
      FormField(
        name: .group,
        label: project?.group == nil ? "group (empty: none)" : "group (none removes it)",
        defaultValue: project?.group, isRequired: false,
        // `none` is no group, or takes the project out of its group.
        check: { value in
          value.lowercased() == "none"
            ? nil : ProjectFormLine.problem(option: "--group", value: value, field: "group")
        }, choices: state.groups.map(\.name) + ["none"]),
      FormField(
        name: .decimals, label: "decimals (0-9, none)",
        defaultValue: project?.decimals.map { "\($0)" }, isRequired: false,
        check: Self.check(option: "--decimals", field: "decimals"),
        choices: Request.decimalPlaces.map { "\($0)" } + ["none"]),
      FormField(
        name: .goal,
        label: goal == nil ? "goal (an amount per period; empty: none)" : "goal (none removes it)",
        defaultValue: goal.map { AmountFormat.exact($0.amount) }, isRequired: false,
        // `none` is no goal, or takes the goal away: the probe line would be a new project.
        check: { value in
          value.lowercased() == "none"
            ? nil
            : ProjectFormLine.problem(
              option: "--goal", value: value, field: "goal", units: units)
        }, choices: ["none"]),
    ]
    let goalAnswer = answers[.goal] ?? goal.map { AmountFormat.exact($0.amount) } ?? ""
    if !goalAnswer.isEmpty, goalAnswer.lowercased() != "none" {
      let frequency = answers[.frequency] ?? project?.frequency.rawValue
      fields += [
        Self.choice(
          .goalPer, label: "goal per", option: "--goal-per", Frequency.allCases.map(\.rawValue),
          default: goal?.per.rawValue ?? frequency ?? Frequency.monthly.rawValue),
        Self.choice(
          .goalIs, label: "goal is", option: "--goal-is", GoalDirection.allCases.map(\.rawValue),
          default: goal?.direction.rawValue ?? GoalDirection.atLeast.rawValue),
      ]
    }
    return fields
  }

  /// `project add TITLE --frequency F --units U --kind K ...`, or `project edit TITLE` with the
  /// options that changed.
  func request(
    for answers: [FormFieldName: String], in state: AppState, session: Session
  ) throws(TallyError) -> UserRequest? {
    let title = answers[.title] ?? ""
    guard let editing else {
      var words = ["project", "add"]
      for name in [FormFieldName.frequency, .units, .kind, .decimals] {
        if let value = answers[name], !value.isEmpty {
          words.append(ProjectFormLine.option(name.rawValue, value))
        }
      }
      if let group = answers[.group], !group.isEmpty, group.lowercased() != "none" {
        words.append(ProjectFormLine.option("group", group))
      }
      if let goal = answers[.goal], !goal.isEmpty, goal.lowercased() != "none" {
        words += goalOptions(goal, answers)
      }
      return try ProjectFormLine.request(words + ["--", title])
    }
    let project = try Self.project(editing, in: state)
    var options: [String] = []
    func changed(_ name: String, _ value: String?, _ current: String) {
      if let value, value != current { options.append(ProjectFormLine.option(name, value)) }
    }
    changed("title", answers[.title], project.title)
    changed("units", answers[.units], project.units)
    changed("frequency", answers[.frequency]?.lowercased(), project.frequency.rawValue)
    changed("kind", answers[.kind]?.lowercased(), project.kind.rawValue)
    let group = answers[.group] ?? ""
    if group.isEmpty || group.lowercased() == "none" {
      if project.group != nil { options.append(ProjectFormLine.option("group", "none")) }
    } else if project.group.map(Project.groupKey) != Project.groupKey(group) {
      options.append(ProjectFormLine.option("group", group))
    }
    let decimals = answers[.decimals] ?? ""
    let currentDecimals = project.decimals.map { "\($0)" } ?? ""
    if decimals != currentDecimals, !(decimals.lowercased() == "none" && currentDecimals.isEmpty) {
      options.append(ProjectFormLine.option("decimals", decimals.isEmpty ? "none" : decimals))
    }
    let goal = answers[.goal] ?? ""
    if goal.lowercased() == "none" || goal.isEmpty {
      if project.goal != nil { options.append(ProjectFormLine.option("goal", "none")) }
    } else {
      let asked = goalOptions(goal, answers)
      let current = project.goal.map {
        goalOptions(
          AmountFormat.exact($0.amount),
          [.goalPer: $0.per.rawValue, .goalIs: $0.direction.rawValue])
      }
      if asked != current { options += asked }
    }
    guard !options.isEmpty else { return nil }
    return try ProjectFormLine.request(["project", "edit"] + options + ["--", project.title])
  }

  private func goalOptions(_ goal: String, _ answers: [FormFieldName: String]) -> [String] {
    var words = [ProjectFormLine.option("goal", goal)]
    if let per = answers[.goalPer] { words.append(ProjectFormLine.option("goal-per", per)) }
    if let side = answers[.goalIs] { words.append(ProjectFormLine.option("goal-is", side)) }
    return words
  }

  /// A field that takes one of `choices`, checked as the command line checks `option`.
  private static func choice(
    _ name: FormFieldName, label: String? = nil, option: String, _ choices: [String],
    default value: String
  ) -> FormField {
    let label = label ?? name.rawValue
    return FormField(
      name: name, label: "\(label) (\(choices.joined(separator: ", ")))", defaultValue: value,
      isRequired: true, check: check(option: option, field: label), choices: choices)
  }

  private static func check(option: String, field: String) -> (String) -> TallyError? {
    { value in ProjectFormLine.problem(option: option, value: value, field: field) }
  }

  private static func project(_ id: ProjectID, in state: AppState) throws(TallyError) -> Project {
    guard let summary = state.project(id: id) else {
      throw TallyError(.notFound, "there is no project \(id)")
    }
    return summary.project
  }
}
