public import Foundation

/// What tally's rules read of the stored rows to plan a change: a storage's view from inside
/// the transaction that will apply it.
///
/// ``ChangePlan`` asks only this, so the rules hold the same for every backend, and tests give
/// them facts directly.
public protocol StoredFacts: StoredReadingOrder {
  /// The zone people read times in: the rules' messages write times in it.
  var zone: TimeZone { get }
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
  /// How many of `batch`'s readings are still among the readings (some may have been
  /// deleted since it was imported).
  func heldReadings(of batch: ImportBatch) throws -> Int
  /// The imports into `project` of content whose SHA-256 is `sha256`, undone or not.
  func importBatches(of project: ProjectID, sha256: String) throws -> [ImportBatch]
  /// The id the next new row of `kind` gets.
  func nextID(of kind: NewRowKind) throws -> Int64
  /// The ids the next `count` new rows of `kind` get, all different (a timer that ran across
  /// midnight records a reading per day).
  func nextIDs(of kind: NewRowKind, count: Int) throws -> [Int64]
}

extension StoredFacts {
  /// UTC, for facts that are not told a zone.
  public var zone: TimeZone { TimeZone(identifier: "UTC") ?? .current }

  /// Consecutive ids from ``nextID(of:)``: right where ids are the largest used plus one, as
  /// they are within one SQLite transaction.
  public func nextIDs(of kind: NewRowKind, count: Int) throws -> [Int64] {
    let first = try nextID(of: kind)
    return (0..<Int64(max(0, count))).map { first + $0 }
  }
}

/// The kinds of rows whose ids the rules assign before writing them.
public enum NewRowKind: String, Sendable {
  case project
  case reading
  case importBatch = "import_batch"
}

/// What meter rules ask of the stored readings.
public protocol StoredReadingOrder {
  /// The reading of `project` next to `key` in time order (time, then id) on `side`, leaving
  /// out `excluding`, if there is one.
  func reading(
    of project: ProjectID, _ side: ReadingOrder.Side, of key: ReadingOrder.Key,
    excluding: ReadingID?
  ) throws -> Reading?
  /// The first reading of `project`, in time order, that is lower than the one before it
  /// without being a reset; `nil` when the readings only count up.
  func firstFall(of project: ProjectID) throws -> MeterFall?
}

/// Readings in time order: by time, then by id for readings at the same time.
public enum ReadingOrder {
  /// Before or after.
  public enum Side: Sendable { case before, after }

  /// A place in the order.
  public struct Key: Comparable, Sendable {
    public var timestamp: Timestamp
    public var id: Int64

    /// The place of a reading at `timestamp` with id `id`.
    public init(_ timestamp: Timestamp, id: Int64) {
      self.timestamp = timestamp
      self.id = id
    }

    /// The place of `reading`.
    public init(_ reading: Reading) {
      self.init(reading.timestamp, id: reading.id.rawValue)
    }

    /// The place before every reading at `instant`.
    public static func start(of instant: Timestamp) -> Key { Key(instant, id: .min) }

    public static func < (lhs: Key, rhs: Key) -> Bool {
      (lhs.timestamp, lhs.id) < (rhs.timestamp, rhs.id)
    }
  }
}

/// Two consecutive readings of a meter where the dial went down.
public struct MeterFall: Equatable, Sendable {
  /// The reading before.
  public var previous: Reading
  /// The lower reading after it.
  public var reading: Reading

  /// Creates a fall.
  public init(previous: Reading, reading: Reading) {
    self.previous = previous
    self.reading = reading
  }
}
