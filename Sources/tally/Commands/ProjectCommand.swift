import ArgumentParser
import Foundation
import TallyCore
import TallyReports

/// `tally project`: create, list, change and delete projects.
struct ProjectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "project",
    abstract: "Create, list, change and delete projects.",
    subcommands: [Add.self, List.self, Edit.self, Delete.self]
  )

  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Create a project.")

    @OptionGroup var global: GlobalOptions
    var createsDatabase: Bool { true }
    @Argument(help: "The project's title, unique ignoring case.") var title: String
    @Option(help: "How often readings are expected.") var frequency: Frequency
    @Option(help: "What the amounts count, such as km or EUR.") var units = ""

    func run(in session: Session) throws {
      Messages.say(
        try session.perform(
          .addProject(
            NewProject(title: title, units: units, frequency: frequency), at: session.now)))
    }
  }

  struct List: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the projects, most recently updated first.")

    @OptionGroup var global: GlobalOptions
    @Option(help: "table, csv or json.") var format: OutputFormat = .table

    func run(in session: Session) throws {
      let output = StandardOutput()
      ProjectListing(projects: session.store.state.stored.projects, zone: session.zone)
        .write(format, to: output)
    }
  }

  struct Edit: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Change a project.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var title: String
    @Option(name: .customLong("title"), help: "A new title.") var newTitle: String?
    @Option(help: "New units.") var units: String?
    @Option(help: "A new frequency.") var frequency: Frequency?

    func validate() throws {
      guard newTitle != nil || units != nil || frequency != nil else {
        throw ValidationError("nothing to change: give --title, --units or --frequency")
      }
    }

    func run(in session: Session) throws {
      let project = try session.project(titled: title)
      Messages.say(
        try session.perform(
          .editProject(
            project.id, ProjectEdit(title: newTitle, units: units, frequency: frequency),
            at: session.now)))
    }
  }

  struct Delete: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a project and its readings (undo brings them back).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var title: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run(in session: Session) throws {
      let project = try session.project(titled: title)
      guard
        try yes
          || Confirmation.ask(
            DeleteQuestion.project(project),
            refusal: "not deleting '\(project.project.title)' without --yes")
      else { return }
      Messages.say(try session.perform(.deleteProject(project.id, at: session.now)))
    }
  }
}

/// Asks a person to confirm on the terminal.
enum Confirmation {
  /// Asks `question`; any answer but yes says "Not deleted." and is no error.
  ///
  /// - Returns: Whether the answer was yes.
  /// - Throws: ``TallyError`` without a terminal to ask on.
  static func ask(_ question: String, refusal: String) throws -> Bool {
    guard isatty(STDIN_FILENO) == 1 else {
      throw TallyError(
        .invalidInput, "\(refusal): standard input is not a terminal to confirm on",
        hint: "Add --yes to confirm.")
    }
    FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    guard answer == "y" || answer == "yes" else {
      Messages.say("Not deleted.")
      return false
    }
    return true
  }
}
