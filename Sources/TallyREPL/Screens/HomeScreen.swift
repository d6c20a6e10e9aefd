import Flow
import Foundation
import TallyCore
import TallyReports

/// The home screen: every project, most recently updated first, numbered for `open N`.
final class HomeScreen: Screen, StoreSubscriber {
  /// What the home screen shows.
  struct View: Equatable {
    var projects: [ProjectSummary]
    var timers: [RunningTimer]
  }

  private var shown: View?

  override var commands: [String] { ["open", "new"] }

  override func show() {
    store.subscribe(self) { View(projects: $0.stored.projects, timers: $0.stored.timers) }
  }

  override func didDeactivate() {
    shown = nil
  }

  func newState(_ view: View) {
    defer { shown = view }
    guard let shown else { return render(view) }
    renderChanges(from: shown, to: view)
  }

  private var rows: Rows { Rows(zone: context.services.zone) }

  private func render(_ view: View) {
    guard !view.projects.isEmpty else {
      console.line(
        "No projects yet. `new` creates one; `import FILE --project TITLE --create` brings "
          + "readings in; `help` lists the commands.")
      return
    }
    var table = TextTable(columns: [
      .init("#", .right), .init("TITLE"), .init("UNITS"), .init("FREQUENCY"),
      .init("READINGS", .right), .init("LAST READING"), .init("TIMER"),
    ])
    for (index, summary) in view.projects.enumerated() {
      table.append(rows.project(summary, number: index + 1, timer: timer(of: summary, in: view)))
    }
    console.write(table.render(width: console.style.width))
  }

  private func renderChanges(from old: View, to new: View) {
    let style = console.style
    let changes = ChangeSet(from: old.projects, to: new.projects)
    for index in changes.deletions {
      let summary = old.projects[index]
      console.line(style.red("- ") + summary.project.title)
    }
    for index in changes.insertions {
      console.line(style.green("+ ") + line(new.projects[index], at: index, in: new))
    }
    for index in changes.modifications {
      console.line(style.yellow("~ ") + line(new.projects[index], at: index, in: new))
    }
    let modified = Set(changes.modifications)
    for move in changes.moves where !modified.contains(move.to) {
      console.line(
        style.dim("↕ ") + new.projects[move.to].project.title + " is now number \(move.to + 1)")
    }
    let unchanged = Set(changes.modifications + changes.insertions)
    for (index, summary) in new.projects.enumerated() where !unchanged.contains(index) {
      if timer(of: summary, in: old) != timer(of: summary, in: new) {
        console.line(style.yellow("~ ") + line(summary, at: index, in: new))
      }
    }
  }

  private func line(_ summary: ProjectSummary, at index: Int, in view: View) -> String {
    Rows.line(rows.project(summary, number: index + 1, timer: timer(of: summary, in: view)))
  }

  private func timer(of summary: ProjectSummary, in view: View) -> RunningTimer? {
    view.timers.first { $0.projectID == summary.id }
  }
}
