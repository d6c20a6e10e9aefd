import ArgumentParser
import Foundation
import TallyCore
import TallyReports

/// `tally timer`: time work on a project; stopping records the elapsed time as a reading.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Start and stop a project's timer; the elapsed time becomes a reading.",
    subcommands: [Start.self, Stop.self, Cancel.self, Status.self]
  )

  struct Start: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Start a project's timer.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String

    func run(in session: Session) throws {
      let project = try session.project(titled: project)
      Messages.say(try session.perform(.startTimer(project.id, at: session.now)))
    }
  }

  struct Stop: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Stop a project's timer and record the elapsed time in the project's units "
        + "(hours unless they say minutes or seconds).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Option(parsing: .unconditional, help: "The reading's note; default: timer.")
    var note: String?

    func run(in session: Session) throws {
      let project = try session.project(titled: project)
      Messages.say(try session.perform(.stopTimer(project.id, note: note, at: session.now)))
    }
  }

  struct Cancel: SessionCommand {
    static let configuration = CommandConfiguration(
      abstract: "Stop a project's timer without recording anything (undo brings it back).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String

    func run(in session: Session) throws {
      let project = try session.project(titled: project)
      Messages.say(try session.perform(.cancelTimer(project.id, at: session.now)))
    }
  }

  struct Status: SessionCommand {
    static let configuration = CommandConfiguration(abstract: "Show the running timers.")

    @OptionGroup var global: GlobalOptions

    func run(in session: Session) throws {
      let state = session.store.state
      guard !state.stored.timers.isEmpty else {
        Messages.say("No timer is running.")
        return
      }
      let now = session.now
      var table = TextTable(columns: [.init("PROJECT"), .init("STARTED"), .init("ELAPSED", .right)])
      for timer in state.stored.timers {
        let title = state.project(id: timer.projectID)?.project.title ?? timer.projectID.description
        table.append([
          title, TimestampFormat.local(timer.startedAt, in: session.zone),
          Self.duration(timer.startedAt.seconds(until: now)),
        ])
      }
      StandardOutput().write(table.render())
    }

    static func duration(_ seconds: Double) -> String {
      let total = max(0, Int(seconds))
      return String(format: "%d:%02d:%02d", total / 3_600, total % 3_600 / 60, total % 60)
    }
  }
}
