import GRDB
public import TallyCore

extension Database {
  /// Every project, most recently updated first.
  func projectSummaries() throws -> [ProjectSummary] {
    try ProjectRecord.order(ProjectRecord.Columns.updatedAt.desc, ProjectRecord.Columns.id.desc)
      .fetchAll(self).map { try $0.summary() }
  }

  func projectRecord(_ id: ProjectID) throws -> ProjectRecord {
    guard let record = try ProjectRecord.fetchOne(self, key: id.rawValue) else {
      throw TallyError(.notFound, "there is no project \(id)")
    }
    return record
  }

  /// The project titled `title`, ignoring case.
  func project(titled title: String) throws -> Project? {
    try ProjectRecord.filter(ProjectRecord.Columns.titleKey == Project.titleKey(title))
      .fetchOne(self)?.project()
  }

  func reading(_ id: ReadingID) throws -> Reading {
    guard let record = try ReadingRecord.fetchOne(self, key: id.rawValue) else {
      throw TallyError(
        .notFound, "there is no reading \(id)", hint: "`tally item list PROJECT` shows the ids.")
    }
    return record.reading
  }

  func timer(of project: ProjectID) throws -> RunningTimer? {
    try TimerRecord.fetchOne(self, key: project.rawValue)?.timer
  }

  /// The stored part of the state, with the latest readings of `openProject`.
  func snapshot(openProject: ProjectID?) throws -> Snapshot {
    let projects = try projectSummaries()
    var open: OpenProject?
    if let id = openProject, let summary = projects.first(where: { $0.id == id }) {
      let readings = try ReadingRecord.filter(ReadingRecord.Columns.projectID == id.rawValue)
        .order(ReadingRecord.Columns.timestamp.desc, ReadingRecord.Columns.id.desc)
        .limit(TallyDatabase.pageSize).fetchAll(self).map(\.reading)
      open = OpenProject(summary: summary, readings: readings)
    }
    return Snapshot(
      projects: projects,
      timers: try TimerRecord.order(TimerRecord.Columns.projectID).fetchAll(self).map(\.timer),
      openProject: open)
  }
}

extension TallyDatabase {
  /// The stored part of the state, with the latest readings of `openProject`.
  public func snapshot(openProject: ProjectID? = nil) throws(TallyError) -> Snapshot {
    try read(doing: "read the projects") { db in try db.snapshot(openProject: openProject) }
  }

  /// The latest journal entries, newest first.
  public func journal(limit: Int) throws(TallyError) -> [JournalEntry] {
    try read(doing: "read the journal") { db in
      try JournalRecord.order(JournalRecord.Columns.id.desc).limit(limit).fetchAll(db)
        .map(\.entry)
    }
  }
}

extension TallyDatabase {
  /// A number that changes when another connection (another process) commits to the
  /// database; this connection's own commits leave it as it is.
  public func dataVersion() throws(TallyError) -> Int {
    try read(doing: "check the database for changes") { db in
      try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
  }
}
