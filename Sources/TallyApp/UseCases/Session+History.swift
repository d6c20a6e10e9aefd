import Foundation
import TallyCore
import TallyReports

extension Session {
  /// Shows the running timers.
  func showTimers(_ format: ListFormat) {
    let state = store.state
    let timers = state.stored.timers.map { timer in
      (
        title: state.project(id: timer.projectID)?.project.title ?? timer.projectID.description,
        timer: timer
      )
    }
    TimerListing(timers: timers, now: now, zone: zone, width: display.width)
      .write(format, to: OutputBuffer(messages))
  }

  /// Shows the latest `limit` changes, newest first.
  func showLog(limit: Int, _ format: ListFormat) throws(TallyError) {
    JournalListing(entries: try storage.journal(limit: limit), zone: zone, width: display.width)
      .write(format, to: OutputBuffer(messages))
  }

  /// Lists the imports, newest first.
  func listImports(_ format: ListFormat) throws(TallyError) {
    let batches = try storage.importBatches()
    let state = store.state
    var titles: [ProjectID: String] = [:]
    for batch in batches {
      titles[batch.projectID] = state.project(id: batch.projectID)?.project.title
    }
    ImportListing(batches: batches, titles: titles, zone: zone, width: display.width)
      .write(format, to: OutputBuffer(messages))
  }
}
