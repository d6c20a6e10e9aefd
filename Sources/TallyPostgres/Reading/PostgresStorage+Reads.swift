import Foundation
import Libpq
public import TallyCore

extension PostgresStorage {
  public func snapshot(openProject: ProjectID?) throws(TallyError) -> Snapshot {
    try snapshot(on: nil, openProject: openProject)
  }

  /// The stored data in a read snapshot of its own, on `session` if given.
  func snapshot(on session: PostgresSession?, openProject: ProjectID?) throws(TallyError)
    -> Snapshot
  {
    try read(doing: "read the projects", on: session) { session in
      try Self.snapshot(session, openProject: openProject)
    }
  }

  /// The stored part of the state, with the latest readings of `openProject`, as `session`
  /// sees it.
  static func snapshot(_ session: PostgresSession, openProject: ProjectID?) throws -> Snapshot {
    let projects = try session.rows(
      """
      SELECT \(unescaped: PostgresRows.projectColumns) FROM project
      ORDER BY updated_at DESC, id DESC
      """
    ).map(PostgresRows.summary)
    var open: OpenProject?
    if let id = openProject, let summary = projects.first(where: { $0.id == id }) {
      let readings = try session.rows(
        """
        SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
        WHERE project_id = \(id.rawValue) ORDER BY timestamp DESC, id DESC
        LIMIT \(Int64(pageSize))
        """
      ).map(PostgresRows.reading)
      open = OpenProject(summary: summary, readings: readings)
    }
    return Snapshot(projects: projects, timers: try timers(session), openProject: open)
  }

  /// The running timers, by project, as `session` sees them.
  static func timers(_ session: PostgresSession) throws -> [RunningTimer] {
    try session.rows(
      "SELECT \(unescaped: PostgresRows.timerColumns) FROM timer ORDER BY project_id"
    ).map(PostgresRows.timer)
  }

  public func reading(_ id: ReadingID) throws(TallyError) -> Reading {
    try read(doing: "read reading \(id)") { session in try PostgresFacts(session).reading(id) }
  }

  public func forEachReading(
    of project: ProjectID, from: Timestamp?, to: Timestamp?, passes: Int,
    _ body: (_ pass: Int, Reading) throws -> Void
  ) throws(TallyError) {
    let start = from?.microsecondsSince1970 ?? .min
    let end = to?.microsecondsSince1970 ?? .max
    try streaming(
      """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
      WHERE project_id = \(project.rawValue) AND timestamp >= \(start) AND timestamp < \(end)
      ORDER BY timestamp, id
      """,
      passes: passes
    ) { pass, row in try body(pass, try PostgresRows.reading(row)) }
  }

  public func forEachReadingWithTitle(
    _ body: (String, Reading) throws -> Void
  ) throws(TallyError) {
    try streaming(
      """
      SELECT r.id, r.project_id, r.amount, r.timestamp, r.note, r.batch_id, r.is_reset, r.tags,
        p.title
      FROM reading r JOIN project p ON p.id = r.project_id
      ORDER BY p.title_key, r.timestamp, r.id
      """
    ) { _, row in
      let title = try row.decode(
        (Int64, Int64, Double, Int64, String?, Int64?, Bool, String?, String).self
      ).8
      try body(title, try PostgresRows.reading(row))
    }
  }

  /// Reads the rows of `query` through a cursor, a chunk at a time, `passes` times over
  /// (numbered from 0), all in one snapshot.
  private func streaming(
    _ query: PostgresQuery, passes: Int = 1, _ body: (_ pass: Int, PostgresRow) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { session in
      for pass in 0..<passes {
        var cursor = try PostgresCursor(session, name: "listing", for: query)
        while let row = try cursor.nextRow() { try body(pass, row) }
      }
    }
  }

  public func importBatches() throws(TallyError) -> [ImportBatch] {
    try read(doing: "read the imports") { session in
      try session.rows(
        "SELECT \(unescaped: PostgresRows.batchColumns) FROM import_batch ORDER BY id DESC"
      ).map(PostgresRows.importBatch)
    }
  }

  /// The latest changes of everyone, newest first.
  public func journal(limit: Int) throws(TallyError) -> [JournalEntry] {
    try read(doing: "read the journal") { session in
      try session.rows(
        """
        SELECT id, at, description, undone, user_name, change FROM journal
        ORDER BY id DESC LIMIT \(Int64(limit))
        """
      ).map { row in
        let (id, at, description, undone, person, change) = try row.decode(
          (Int64, Int64, String, Bool, String, String).self)
        // An entry whose change cannot be read lists no edits; `tally check` names it.
        let edits = (try? JSONDecoder().decode(Change.self, from: Data(change.utf8)))
          .map(ValueEdit.edits(of:))
        return JournalEntry(
          id: id, at: Timestamp(microsecondsSince1970: at), description: description,
          isUndone: undone, user: person, isSomeoneElses: person != user, edits: edits ?? [])
      }
    }
  }

  private static let routeSetting = "route"

  /// The screen this person's REPL showed last; an empty route if none was, or if this tally
  /// cannot read it.
  public func savedScreen() throws(TallyError) -> SavedScreen {
    let text = try read(doing: "read the saved screen") { session in
      try session.value(
        """
        SELECT value FROM setting WHERE user_name = session_user AND name = \(Self.routeSetting)
        """, as: String.self)
    }
    return SavedScreen.restored(fromSaved: text)
  }

  /// Saves the screen this person's REPL shows, for their next run.
  public func saveScreen(_ screen: SavedScreen) throws(TallyError) {
    let text = try screen.savedText()
    try transaction(doing: "save the screen") { session in
      try session.rows(
        """
        INSERT INTO setting (user_name, name, value)
        VALUES (session_user, \(Self.routeSetting), \(text))
        ON CONFLICT (user_name, name) DO UPDATE SET value = excluded.value
        """)
    }
  }

  /// A number that changes when another process commits a change: the latest mark that
  /// another writer left on the journal (a new change, an undo or a redo of one), and the
  /// grants this person sees (a project shared with them, or no longer).
  public func dataVersion() throws(TallyError) -> Int {
    try read(doing: "check the database for changes") { session in
      let (touched, grants) =
        try session.row(
          """
          SELECT COALESCE(MAX(touched), 0)::BIGINT,
            (SELECT COALESCE(SUM(hashtext(project_id || ' ' || role_name || ' ' || level)), 0)
             FROM project_access)::BIGINT
          FROM journal WHERE writer <> \(writer)
          """, as: (Int64, Int64).self) ?? (Int64(0), Int64(0))
      return Int(touched &* 1_000_003 &+ grants)
    }
  }
}
