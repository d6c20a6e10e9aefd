import Foundation
import TallyCore
import TallyReports

extension Session {
  /// Shows the running timers.
  func showTimers() {
    let state = store.state
    guard !state.stored.timers.isEmpty else {
      messages.status("No timer is running.")
      return
    }
    let now = now
    var table = TextTable(columns: [
      .init("PROJECT", .text), .init("STARTED"), .init("ELAPSED", .right),
    ])
    for timer in state.stored.timers {
      let title = state.project(id: timer.projectID)?.project.title ?? timer.projectID.description
      table.append([
        title, TimestampFormat.local(timer.startedAt, in: zone),
        Self.elapsed(timer.startedAt.seconds(until: now)),
      ])
    }
    messages.output(table.render(width: display.width))
  }

  /// `h:mm:ss`.
  private static func elapsed(_ seconds: Double) -> String {
    let total = max(0, Int(seconds))
    return String(format: "%d:%02d:%02d", total / 3_600, total % 3_600 / 60, total % 60)
  }

  /// Shows the latest `limit` changes, newest first.
  func showLog(limit: Int) throws(TallyError) {
    let entries = try storage.journal(limit: limit)
    guard !entries.isEmpty else {
      messages.status("No changes yet.")
      return
    }
    var table = TextTable(columns: [.init("#", .right), .init("TIME"), .init("CHANGE", .text)])
    for entry in entries {
      table.append([
        String(entry.id), TimestampFormat.local(entry.at, in: zone),
        entry.isUndone ? "\(entry.description) (undone)" : entry.description,
      ])
    }
    messages.output(table.render(width: display.width))
  }

  /// Lists the imports, newest first.
  func listImports() throws(TallyError) {
    let batches = try storage.importBatches()
    guard !batches.isEmpty else {
      messages.status("No imports yet.")
      return
    }
    var table = TextTable(columns: [
      .init("ID", .right), .init("TIME"), .init("PROJECT", .text), .init("FILE", .text),
      .init("NEW", .right), .init("DUPLICATES", .right), .init("SKIPPED", .right),
      .init("SHA-256"), .init("STATUS"),
    ])
    let state = store.state
    for batch in batches {
      table.append([
        batch.id.description, TimestampFormat.local(batch.at, in: zone),
        state.project(id: batch.projectID)?.project.title ?? "(deleted)", batch.fileName,
        String(batch.imported), String(batch.duplicates), String(batch.skipped),
        String(batch.sha256.prefix(12)), batch.isUndone ? "undone" : "",
      ])
    }
    messages.output(table.render(width: display.width))
  }
}
