import ArgumentParser
import Foundation
import TallyCore
import TallyReports

/// `tally item`: add, list, change and delete readings.
struct ItemCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "item",
    abstract: "Add, list, change and delete readings.",
    subcommands: [Add.self, List.self, Edit.self, Delete.self]
  )

  struct Add: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a reading to a project.",
      discussion: "A negative amount goes after `--`: tally item add Spend -- -12.50")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Argument(help: "The amount, a finite decimal number.") var amount: String
    @Option(help: "When it was read (ISO 8601); default: now.") var at: String?
    @Option(parsing: .unconditional, help: "A note.") var note: String?

    func run(in session: Session) throws {
      let project = try session.project(titled: project)
      let value = try parseAmount(amount, option: "amount")
      let timestamp = try at.map { try session.timestamp($0, for: "--at") } ?? session.now
      Messages.say(
        try session.perform(
          .addReading(
            NewReading(projectID: project.id, amount: value, timestamp: timestamp, note: note),
            at: session.now)))
    }
  }

  struct List: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "List a project's readings, oldest first, in sections by its frequency.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Option(help: "From this date or time, inclusive.") var from: String?
    @Option(help: "To this date or time, exclusive.") var to: String?
    @Option(help: "table, csv or json.") var format: OutputFormat = .table

    func run(in session: Session) throws {
      let summary = try session.project(titled: project)
      let (from, to) = try session.range(from: from, to: to)
      let listing = ReadingListing(
        project: summary.project, zone: session.zone, isRange: from != nil || to != nil)
      let output = StandardOutput()
      listing.begin(format, to: output)
      try session.database.forEachReading(of: summary.id, from: from, to: to) { reading in
        listing.write(reading, format, to: output)
      }
      listing.end(format, to: output)
    }
  }

  struct Edit: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Change a reading.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reading's id, as `item list` shows it.") var id: Int64
    @Option(parsing: .unconditional, help: "A new amount.") var amount: String?
    @Option(help: "A new time (ISO 8601).") var at: String?
    @Option(parsing: .unconditional, help: "A new note; an empty one removes the note.")
    var note: String?

    func validate() throws {
      guard amount != nil || at != nil || note != nil else {
        throw ValidationError("nothing to change: give --amount, --at or --note")
      }
    }

    func run(in session: Session) throws {
      let edit = ReadingEdit(
        amount: try amount.map { try parseAmount($0, option: "--amount") },
        timestamp: try at.map { try session.timestamp($0, for: "--at") },
        note: note)
      Messages.say(
        try session.perform(.editReading(ReadingID(rawValue: id), edit, at: session.now)))
    }
  }

  struct Delete: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a reading (undo brings it back).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reading's id, as `item list` shows it.") var id: Int64
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run(in session: Session) throws {
      let reading = try session.database.reading(ReadingID(rawValue: id))
      guard
        try yes
          || Confirmation.ask(
            DeleteQuestion.reading(
              reading, of: try session.project(of: reading), zone: session.zone),
            refusal: "not deleting reading #\(id) without --yes")
      else { return }
      Messages.say(try session.perform(.deleteReading(reading.id, at: session.now)))
    }
  }
}

/// Parses an amount given on the command line.
func parseAmount(_ text: String, option: String) throws -> Double {
  do {
    return try AmountParser.parse(text)
  } catch {
    throw TallyError(.invalidInput, "\(option) \(error)")
  }
}
