/// One import of a file into a project, kept so that it can be listed and undone as a whole.
public struct ImportBatch: Identifiable, Hashable, Codable, Sendable {
  /// Assigned by the database.
  public var id: ImportBatchID
  /// The project the readings went into.
  public var projectID: ProjectID
  /// The file's name, as given.
  public var fileName: String
  /// The SHA-256 of the file's content, in hexadecimal.
  public var sha256: String
  /// When the import ran.
  public var at: Timestamp
  /// How many readings it added.
  public var imported: Int
  /// How many rows it left out as already stored.
  public var duplicates: Int
  /// How many invalid rows it skipped.
  public var skipped: Int
  /// The ids its readings got, which are consecutive; `nil` when it added none.
  public var readingIDs: ClosedRange<Int64>?
  /// Whether its readings have been taken out again.
  public var isUndone: Bool
  /// How it read the file; `nil` for an import made before tally kept them.
  public var settings: ImportSettings?

  /// Creates a batch.
  public init(
    id: ImportBatchID, projectID: ProjectID, fileName: String, sha256: String, at: Timestamp,
    imported: Int, duplicates: Int, skipped: Int, readingIDs: ClosedRange<Int64>? = nil,
    isUndone: Bool = false, settings: ImportSettings? = nil
  ) {
    self.id = id
    self.projectID = projectID
    self.fileName = fileName
    self.sha256 = sha256
    self.at = at
    self.imported = imported
    self.duplicates = duplicates
    self.skipped = skipped
    self.readingIDs = readingIDs
    self.isUndone = isUndone
    self.settings = settings
  }
}

/// The identifier of an import batch.
public typealias ImportBatchID = Identifier<ImportBatch>

/// A reading read from a file, with the line it came from.
public struct ImportedReading: Equatable, Sendable {
  /// The line of the file the row starts on.
  public var line: Int
  /// When it was read.
  public var timestamp: Timestamp
  /// The number; always finite.
  public var amount: Double
  /// Its note, if it has one.
  public var note: String?
  /// Whether it marks a meter's reset (a `reset` column saying so).
  public var isReset: Bool
  /// Its tags: a tags column's and `--tag`'s (see ``Tags``).
  public var tags: [String]
  /// The project its row names, in a file with a project column (as `tally export` writes).
  public var project: String?

  /// Creates an imported reading.
  public init(
    line: Int, timestamp: Timestamp, amount: Double, note: String?, isReset: Bool = false,
    tags: [String] = [], project: String? = nil
  ) {
    self.project = project
    self.line = line
    self.timestamp = timestamp
    self.amount = amount
    self.note = note
    self.isReset = isReset
    self.tags = tags
  }
}

/// A row of a file that cannot be imported, and why.
public struct RowProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line the row starts on.
  public var line: Int
  /// The column at fault, if one is.
  public var column: String?
  /// The value at fault.
  public var value: String?
  /// What is wrong.
  public var reason: String
  /// The project the row names, in a file with a project column; `nil` when it names none.
  public var project: String?
  /// What `line` counts: `line` in a CSV file, `entry` in a time log's JSON.
  public var place = "line"

  /// Creates a problem.
  public init(
    line: Int, column: String?, value: String?, reason: String, project: String? = nil
  ) {
    self.project = project
    self.line = line
    self.column = column
    self.value = value
    self.reason = reason
  }

  public var description: String {
    var text = "\(place) \(line)"
    if let column { text += ", column \(column)" }
    if let value { text += ": " + VisibleText.quoted(value) }
    return text + ": " + reason
  }
}
