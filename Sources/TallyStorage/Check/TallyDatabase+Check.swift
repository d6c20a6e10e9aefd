public import Foundation
import GRDB
public import TallyCore

extension TallyDatabase: StorageChecking {
  /// Checks the database at `location` for `tally check`.
  ///
  /// SQLite's integrity check, tally's own rules (see ``checkIntegrity()``) and the modes of
  /// its files and folder. It reads the file as a command that only reads does, and writes
  /// nothing. A file whose damage keeps its tables from being read is still reported on.
  ///
  /// - Throws: ``TallyError`` when no file is at the path, or the file is not tally's.
  public static func check(
    at location: DatabaseLocation, busyTimeout: TimeInterval = 30
  ) throws(TallyError) -> IntegrityReport {
    let path = location.path
    let kind = PathKind.of(path)
    if let refusal = kind.refusal(of: path, creating: false) { throw refusal }
    guard case .file = kind else {
      throw TallyError(
        .notFound, "there is no database at \(path); nothing was checked",
        hint: "Name the database with --db or TALLY_DB.")
    }
    let modes = FileModes.problems(ofDatabase: path)
    var report: IntegrityReport
    do {
      report = try checkFile(at: location, busyTimeout: busyTimeout)
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: "open the database", path: path)
    }
    report.problems += modes
    return report
  }

  private static func checkFile(
    at location: DatabaseLocation, busyTimeout: TimeInterval
  ) throws -> IntegrityReport {
    let path = location.path
    var (reader, holdsNothing, isCurrent): (DatabaseQueue, Bool, Bool)
    do {
      (reader, holdsNothing, isCurrent) = try probe(path, busyTimeout: busyTimeout)
    } catch  where StorageFailure.isDamage(error, readingHeader: false) {
      return IntegrityReport(
        database: path, problems: [.damage("the list of its tables cannot be read")],
        checksFile: true)
    }
    if holdsNothing { return IntegrityReport(database: path, checksFile: true) }
    if !isCurrent {
      // tally's rules read the tables as this version has them: an older tally's database is
      // brought up to date first, as any other command would.
      try reader.close()
      _ = try open(at: location, access: .write, busyTimeout: busyTimeout)
      reader = try ReadConnection.open(path, busyTimeout: busyTimeout)
    }
    return try TallyDatabase(queue: reader, path: path).checkIntegrity()
  }

  /// Checks the stored data.
  ///
  /// SQLite's integrity check, then in one read its foreign key check, each project's counters
  /// against its readings, a meter's readings counting up, and that every journal entry can be
  /// read. The files' modes are ``check(at:busyTimeout:)``'s.
  public func checkIntegrity() throws(TallyError) -> IntegrityReport {
    var report = IntegrityReport(database: path, checksFile: true)
    do {
      report.problems += try sqliteDamage()
      // A read that meets damage ends there; SQLite's own check has said where, unless the
      // damage is where it does not look.
      do {
        try queue.read { db in
          report.problems += try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
            .danglingReference(table: row[0], row: row[1] ?? 0, parent: row[2])
          }
          try Self.checkRules(db, into: &report)
        }
      } catch  where StorageFailure.isDamage(error) {
        if report.problems.isEmpty {
          report.problems.append(.damage("tally's tables cannot be read to the end"))
        }
      }
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: "check the database", path: path)
    }
    return report
  }

  /// What SQLite's integrity check says, a problem a line.
  ///
  /// It says "ok" when there is none, and names the database first. Damage can stop the check
  /// itself after a line or two.
  private func sqliteDamage() throws -> [IntegrityProblem] {
    var lines: [String] = []
    do {
      try queue.read { db in
        let cursor = try String.fetchCursor(db, sql: "PRAGMA integrity_check")
        while let text = try cursor.next() {
          lines += text.split(whereSeparator: \.isNewline).map(String.init)
        }
      }
    } catch  where StorageFailure.isDamage(error) {
      lines.append("the check stopped at damage it cannot read past")
    }
    return lines.filter { $0 != "ok" && !$0.hasPrefix("*** in database ") }.map { .damage($0) }
  }

  /// Each project's counters and meter readings, and the journal.
  private static func checkRules(_ db: Database, into report: inout IntegrityReport) throws {
    var counted: [Int64: (count: Int, last: Int64?)] = [:]
    for row in try Row.fetchAll(
      db, sql: "SELECT project_id, count(*), max(timestamp) FROM reading GROUP BY project_id")
    {
      counted[row[0]] = (row[1], row[2])
    }
    let records = try ProjectRecord.order(ProjectRecord.Columns.id).fetchAll(db)
    for record in records {
      let summary: ProjectSummary
      do {
        summary = try record.summary()
      } catch let error as TallyError {
        report.problems.append(.unreadableProject(id: record.id, reason: error.message))
        continue
      }
      let figures = counted[record.id] ?? (0, nil)
      let project = CountedProject(
        summary: summary, count: figures.count,
        lastReadingAt: figures.last.map(Timestamp.init(microsecondsSince1970:)),
        fall: summary.project.kind == .meter ? try db.firstFall(of: summary.id) : nil)
      report.problems += project.problems
      if let difference = try db.rollupDifference(of: summary.id) {
        report.problems.append(.rollups(project: summary.project.title, difference: difference))
      }
    }
    report.projects = records.count
    for row in try Row.fetchAll(db, sql: Tags.overLimitQuery) {
      report.problems.append(.tooManyTags(reading: row[0], project: row[1], count: row[2]))
    }
    let entries = try JournalRecord.order(JournalRecord.Columns.id).fetchCursor(db)
    while let entry = try entries.next() {
      report.journalEntries += 1
      do {
        _ = try entry.decodedChange()
      } catch {
        report.problems.append(
          .unreadableJournalEntry(id: entry.id ?? 0, description: entry.description))
      }
    }
    // A step nobody can read stops every report as of an earlier time.
    let steps = try Row.fetchCursor(
      db, sql: "SELECT id, description, change FROM history ORDER BY id")
    while let step = try steps.next() {
      let change: Data = step[2]
      if (try? JSONDecoder().decode(Change.self, from: change)) == nil {
        report.problems.append(.unreadableHistoryStep(id: step[0], description: step[1]))
      }
    }
  }
}

extension TallyDatabase {
  public func repair() throws(TallyError) -> Int {
    try write(doing: "sum the rollups and count the readings again") { db in
      try db.rebuildAllRollups()
      try db.execute(
        sql: """
          UPDATE project SET
            reading_count = (SELECT COUNT(*) FROM reading WHERE project_id = project.id),
            last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
          """)
      return db.changesCount
    }
  }
}
