/// What tally's rules read of the stored rows to plan a change: a storage's view from inside
/// the transaction that will apply it.
///
/// ``ChangePlan`` asks only this, so the rules hold the same for every backend, and tests give
/// them facts directly.
public protocol StoredFacts {
  /// The project with id `id`, or `nil`.
  func projectIfAny(_ id: ProjectID) throws -> Project?
  /// The project titled `title` ignoring case (see ``Project/titleKey(_:)``), or `nil`.
  func project(titled title: String) throws -> Project?
  /// How many readings `project` holds.
  func readingCount(of project: ProjectID) throws -> Int
  /// The reading with id `id`.
  ///
  /// - Throws: ``TallyError`` `.notFound` when there is none.
  func reading(_ id: ReadingID) throws -> Reading
  /// The timer running for `project`, if one is.
  func timer(of project: ProjectID) throws -> RunningTimer?
  /// The import with id `id`.
  ///
  /// - Throws: ``TallyError`` `.notFound` when there is none.
  func importBatch(_ id: ImportBatchID) throws -> ImportBatch
  /// The id the next new row of `kind` gets.
  func nextID(of kind: NewRowKind) throws -> Int64
}

/// The kinds of rows whose ids the rules assign before writing them.
public enum NewRowKind: String, Sendable {
  case project
  case reading
  case importBatch = "import_batch"
}
