public import Foundation

/// An import to carry out: where the rows go, how strictly, and where they come from.
///
/// It is carried out by ``Storage/importReadings(_:at:openProject:)``, in a command of its own
/// rather than as an action: the storage streams ``rows`` into its transaction, and only the
/// outcome reaches the store.
public struct ImportJob: Sendable {
  /// The project, or the one to create.
  public var target: ImportTarget
  /// The file's name as given, for the batch and the messages.
  public var fileName: String
  /// Import the valid rows even if some are invalid.
  public var skipInvalid: Bool
  /// Count what would happen, then write nothing.
  public var dryRun: Bool
  /// About how many rows the file holds (0 if unknown): a storage may prepare for a bulk load.
  public var expectedRows: Int
  /// The rows.
  public var rows: ImportRows
  /// How the file is read, kept with the batch.
  public var settings: ImportSettings
  /// Import the file even if an import that is not undone brought the same content into the
  /// project before (`--again`).
  public var again: Bool
  /// The zone messages show times in.
  public var zone: TimeZone

  /// Describes an import.
  public init(
    target: ImportTarget, fileName: String, skipInvalid: Bool = false, dryRun: Bool = false,
    expectedRows: Int = 0, settings: ImportSettings = ImportSettings([]), again: Bool = false,
    zone: TimeZone = .gmt, rows: ImportRows
  ) {
    self.target = target
    self.fileName = fileName
    self.skipInvalid = skipInvalid
    self.dryRun = dryRun
    self.expectedRows = expectedRows
    self.settings = settings
    self.again = again
    self.zone = zone
    self.rows = rows
  }
}

/// Where an import's readings go.
public enum ImportTarget: Equatable, Sendable {
  /// An existing project.
  case project(ProjectID)
  /// A project created by the import, in the same transaction, unless one has the title.
  case create(NewProject)
}

/// What receives an import's rows, inside the storage's transaction.
public protocol ImportRowSink {
  /// Takes one valid row.
  ///
  /// - Throws: When the row cannot be stored; the import then changes nothing.
  func add(_ row: ImportedReading) throws
  /// Takes one invalid row.
  func reject(_ problem: RowProblem)
}

/// The rows of an import: a function that reads them (from a file, as it streams) into a sink
/// and returns the SHA-256 of what it read.
///
/// A stream has no value to compare, so rows are not `Equatable`.
public final class ImportRows: @unchecked Sendable {
  // Unchecked: the import's command runs on the thread that asked for it, which is the thread
  // that made the rows; they are read there.
  private let read: (any ImportRowSink) throws -> String
  /// Whether ``feed(_:)`` may be called again, reading the same rows again.
  ///
  /// A regular file is opened anew; a pipe's rows can be read once only. A storage may stream
  /// rows that can be read again straight into a transaction that it might have to run more
  /// than once.
  public let canBeReadAgain: Bool

  /// Wraps a function that feeds every row to the sink it is given.
  ///
  /// - Parameters:
  ///   - canBeReadAgain: Whether `read` can be called more than once, reading the same rows.
  ///   - read: Feeds every row to the sink and returns the SHA-256 of what it read.
  public init(
    canBeReadAgain: Bool = false, _ read: @escaping (any ImportRowSink) throws -> String
  ) {
    self.canBeReadAgain = canBeReadAgain
    self.read = read
  }

  /// Feeds every row to `sink`.
  ///
  /// - Returns: The SHA-256 of the content, in hexadecimal.
  public func feed(_ sink: any ImportRowSink) throws -> String {
    try read(sink)
  }
}

/// What an import did (or, for a dry run, would do).
public struct ImportOutcome: Equatable, Sendable {
  /// The batch recorded, `nil` for a dry run or an import that added nothing.
  public var batch: ImportBatch?
  /// The project the readings went into.
  public var projectTitle: String
  /// How many readings were added.
  public var imported: Int
  /// How many rows were already stored.
  public var duplicates: Int
  /// The first few duplicate rows, for a dry run's report (a storage may leave them out of
  /// an import that writes).
  public var firstDuplicates: [ImportedReading]
  /// How many rows were invalid.
  public var invalidCount: Int
  /// The invalid rows: all of them with skipping, else the first few.
  public var problems: [RowProblem]
  /// Whether it was a dry run, which wrote nothing.
  public var dryRun: Bool

  /// Creates an outcome.
  public init(
    batch: ImportBatch?, projectTitle: String, imported: Int, duplicates: Int,
    firstDuplicates: [ImportedReading], invalidCount: Int, problems: [RowProblem], dryRun: Bool
  ) {
    self.batch = batch
    self.projectTitle = projectTitle
    self.imported = imported
    self.duplicates = duplicates
    self.firstDuplicates = firstDuplicates
    self.invalidCount = invalidCount
    self.problems = problems
    self.dryRun = dryRun
  }
}

extension ImportOutcome {
  /// What an import did in all its projects, in one line for people: one project's
  /// ``message(fileName:)``, or the sums over several.
  public static func message(_ outcomes: [ImportOutcome], fileName: String) -> String {
    if outcomes.count == 1, let only = outcomes.first { return only.message(fileName: fileName) }
    let imported = outcomes.reduce(0) { $0 + $1.imported }
    let duplicates = outcomes.reduce(0) { $0 + $1.duplicates }
    let invalid = outcomes.reduce(0) { $0 + $1.invalidCount }
    let projects = "\(outcomes.count) projects"
    if outcomes.first?.dryRun == true {
      return "Dry run of \(fileName) into \(projects): \(imported) new, "
        + "\(duplicates) already stored, \(invalid) invalid; nothing was written"
    }
    let batches = outcomes.compactMap { $0.batch?.id.rawValue }
    let into = "Imported \(imported) reading(s) from \(fileName) into \(projects)"
    let counts = "\(duplicates) already stored, \(invalid) invalid skipped"
    guard !batches.isEmpty else {
      return into + ": " + counts + "; nothing changed, so no import was recorded"
    }
    return into + " (import\(batches.count == 1 ? "" : "s") \(Self.runs(of: batches))): " + counts
  }

  /// Ids as runs: `1-4, 7, 9-12`.
  static func runs(of ids: [Int64]) -> String {
    var runs: [String] = []
    var start: Int64?
    var last: Int64?
    func close() {
      guard let start, let last else { return }
      runs.append(
        start == last ? "\(start)" : last == start + 1 ? "\(start), \(last)" : "\(start)-\(last)")
    }
    for id in ids.sorted() {
      if let previous = last, id == previous + 1 {
        last = id
        continue
      }
      close()
      start = id
      last = id
    }
    close()
    return runs.joined(separator: ", ")
  }

  /// What the import did, in one line for people.
  public func message(fileName: String) -> String {
    if dryRun {
      return "Dry run of \(fileName) into \(projectTitle): \(imported) new, "
        + "\(duplicates) already stored, \(invalidCount) invalid; nothing was written"
    }
    let counts = "\(duplicates) already stored, \(invalidCount) invalid skipped"
    let into = "Imported \(imported) reading(s) from \(fileName) into \(projectTitle)"
    guard let batch else {
      return into + ": " + counts + "; nothing changed, so no import was recorded"
    }
    return into + " (import \(batch.id)): " + counts
  }
}
