import ArgumentParser
import TallyApp
import TallyCore

/// `tally track TITLE 9:00-10:30`: time that is over, recorded as a timer would have.
struct TrackCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "track",
    abstract: "Record time already spent: an interval, as a timer that ran then would.",
    discussion: """
      The interval is START-END (9:00-10:30, yesterday 22:00-01:00, mon 9:00-12:00) or \
      --from and --to (default: now). An end that is a clock time alone is on the start's day, \
      or the next when it would come first. It is cut into one reading per day, and refused \
      where it overlaps the project's running timer.
      """)
  static let syntax = CommandSyntax(
    arguments: ["project", "interval"], lastArgumentRepeats: true,
    options: [
      .value("--from"), .value("--to"), .value("--note"), .value("--tag", valueName: "tags"),
    ])

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
  var project: String
  @Argument(help: "START-END, such as 9:00-10:30 or yesterday 22:00-01:00.")
  var interval: [String] = []
  @Option(help: "The start, when no interval is given.") var from: String?
  @Option(help: "The end; default: now.") var to: String?
  @Option(parsing: .unconditional, help: "The readings' note; default: tracked.")
  var note: String?
  @Option(
    name: .customLong("tag"),
    help: ArgumentHelp("The readings' tags, comma-separated; may repeat.", valueName: "tags"))
  var tags: [String] = []

  func request() throws(TallyError) -> UserRequest {
    .trackTime(
      project: project, interval: interval.isEmpty ? nil : interval.joined(separator: " "),
      from: from, to: to, note: note, tags: try FilterOptions.tags(tags, option: "--tag"))
  }
}
