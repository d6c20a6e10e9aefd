import ArgumentParser
import TallyApp
import TallyCore

/// `tally project`: create, list, change and delete projects.
struct ProjectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "project",
    abstract: "Create, list, change and delete projects.",
    subcommands: [Add.self, List.self, Edit.self, Delete.self]
  )

  struct Add: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Create a project.")
    static let syntax = CommandSyntax(
      arguments: ["title"],
      options: [
        .value("--frequency", values: Frequency.allValueStrings), .value("--units"),
        .value("--kind", values: ProjectKind.allValueStrings),
      ] + ProjectOptions.syntax)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title, unique ignoring case.") var title: String
    @Option(help: "How often readings are expected.") var frequency: Frequency
    @Option(help: "What the amounts count, such as km or EUR.") var units = ""
    @Option(
      help:
        "total (amounts that add up), gauge (a level, such as a weight) or meter (a dial that counts up, such as an odometer)."
    )
    var kind: ProjectKind = .total
    @OptionGroup var options: ProjectOptions

    func request() throws(TallyError) -> UserRequest {
      let asked = try options.goalRequest()
      let goal = try asked?.edit(of: nil, frequency: frequency, units: units)
      if goal == .remove {
        throw TallyError(.invalidInput, "--goal none: a new project has no goal to take away")
      }
      return .addProject(
        NewProject(
          title: title, units: units, frequency: frequency, kind: kind,
          decimals: try options.decimalsEdit()?.value, goal: goal?.value,
          group: options.groupEdit?.value),
        goalSince: asked?.since)
    }
  }

  struct List: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the projects, most recently updated first.")
    static let syntax = CommandSyntax(
      options: [.value("--format", values: ListFormat.allValueStrings)])

    @OptionGroup var global: GlobalOptions
    @Option(help: "table, csv or json.") var format: ListFormat = .table

    func request() -> UserRequest {
      .listProjects(format)
    }
  }

  struct Edit: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit", abstract: "Change a project.")
    static let syntax = CommandSyntax(
      arguments: ["title"],
      options: [
        .value("--title"), .value("--units"),
        .value("--frequency", values: Frequency.allValueStrings),
        .value("--kind", values: ProjectKind.allValueStrings),
      ] + ProjectOptions.syntax)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var title: String
    @Option(name: .customLong("title"), help: "A new title.") var newTitle: String?
    @Option(help: "New units.") var units: String?
    @Option(help: "A new frequency.") var frequency: Frequency?
    @Option(help: "A new kind: total, gauge or meter.") var kind: ProjectKind?
    @OptionGroup var options: ProjectOptions

    /// Refuses an edit that names nothing to change, once the parser has had its say: a
    /// mistyped option (`--decimal`) is then named as unknown, with a suggestion, rather than
    /// taken for nothing given. (In the REPL such an edit changes nothing, and says so.)
    func run() throws {
      guard newTitle != nil || units != nil || frequency != nil || kind != nil || options.isGiven
      else {
        throw ValidationError(
          "nothing to change: give --title, --units, --frequency, --kind, --decimals, --goal "
            + "(with --goal-per, --goal-is, --goal-since) or --group")
      }
      try runRequest()
    }

    func request() throws(TallyError) -> UserRequest {
      .editProject(
        title: title,
        ProjectEdit(
          title: newTitle, units: units, frequency: frequency, kind: kind,
          decimals: try options.decimalsEdit(), group: options.groupEdit),
        goal: try options.goalRequest())
    }
  }

  struct Delete: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete a project and its readings (undo brings them back).")
    static let syntax = CommandSyntax(arguments: ["title"], options: [.flag("--yes")])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var title: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func request() -> UserRequest {
      .deleteProject(title: title, confirmed: yes)
    }
  }
}
