import Foundation
import Libpq
public import TallyCore

extension PostgresStorage: StorageChecking {
  /// Checks the stored data in one read snapshot, for `tally check`.
  ///
  /// Each project's counters against its readings, a meter's readings counting up, and that
  /// every journal entry can be read. The server keeps its own pages and foreign keys; there
  /// is no file to look at.
  public func checkIntegrity() throws(TallyError) -> IntegrityReport {
    try read(doing: "check the database") { session in
      var report = IntegrityReport(database: address.description, checksFile: false)
      var counted: [Int64: (count: Int, last: Int64?)] = [:]
      for row in try session.rows(
        "SELECT project_id, count(*), max(timestamp) FROM reading GROUP BY project_id")
      {
        let (project, count, last) = try row.decode((Int64, Int64, Int64?).self)
        counted[project] = (Int(count), last)
      }
      let facts = PostgresFacts(session)
      let rows = try session.rows(
        "SELECT \(unescaped: PostgresRows.projectColumns) FROM project ORDER BY id")
      for row in rows {
        let summary: ProjectSummary
        do {
          summary = try PostgresRows.summary(row)
        } catch let error as TallyError {
          let id = try row.decode(Int64.self)
          report.problems.append(.unreadableProject(id: id, reason: error.message))
          continue
        }
        let figures = counted[summary.id.rawValue] ?? (0, nil)
        let project = CountedProject(
          summary: summary, count: figures.count,
          lastReadingAt: figures.last.map(Timestamp.init(microsecondsSince1970:)),
          fall: summary.project.kind == .meter ? try facts.firstFall(of: summary.id) : nil)
        report.problems += project.problems
        if let difference = try PostgresRollups(session: session).difference(of: summary.id) {
          report.problems.append(.rollups(project: summary.project.title, difference: difference))
        }
      }
      report.projects = rows.count
      for row in try session.rows(PostgresQuery(unsafeSQL: Tags.overLimitQuery)) {
        let (reading, project, count) = try row.decode((Int64, String, Int32).self)
        report.problems.append(.tooManyTags(reading: reading, project: project, count: Int(count)))
      }
      for title in try session.rows(
        """
        SELECT title FROM project p WHERE NOT EXISTS (
          SELECT 1 FROM project_access a WHERE a.project_id = p.id AND a.level = 'owner')
        ORDER BY id
        """)
      {
        report.problems.append(.ownerless(project: try title.decode(String.self)))
      }
      for row in try session.rows("SELECT id, description, change FROM journal ORDER BY id") {
        let (id, description, json) = try row.decode((Int64, String, String).self)
        report.journalEntries += 1
        if (try? JSONDecoder().decode(Change.self, from: Data(json.utf8))) == nil {
          report.problems.append(.unreadableJournalEntry(id: id, description: description))
        }
      }
      // The history of what the person may read: a step nobody can read stops every report as
      // of an earlier time.
      var steps = try PostgresCursor(
        session, name: "history_steps",
        for: PostgresQuery(unsafeSQL: "SELECT id, description, change FROM history ORDER BY id"))
      while let row = try steps.nextRow() {
        let (id, description, json) = try row.decode((Int64, String, String).self)
        if (try? JSONDecoder().decode(Change.self, from: Data(json.utf8))) == nil {
          report.problems.append(.unreadableHistoryStep(id: id, description: description))
        }
      }
      return report
    }
  }
}

extension PostgresStorage {
  public func repair() throws(TallyError) -> Int {
    try transaction(doing: "sum the rollups and count the readings again") { session in
      try PostgresRollups(session: session).rebuildAll(bypassesPolicies: bypassesPolicies)
      // The policies leave out the projects the person may not change.
      return try session.rows(
        """
        UPDATE project SET
          reading_count = (SELECT count(*) FROM reading WHERE project_id = project.id),
          last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
        RETURNING id
        """
      ).count
    }
  }
}
