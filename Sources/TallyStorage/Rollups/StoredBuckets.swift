import GRDB
import TallyCore

/// The stored buckets of one level of a project in one run, read in ascending order a page at
/// a time: no statement stays open on the table between pages, so it may be written meanwhile
/// (at buckets already read).
struct StoredBuckets {
  /// How many buckets one read takes.
  static let pageSize: Int64 = 1_024
  private let db: Database
  private let level: RollupLevel
  private let project: Int64
  private let run: ClosedRange<Int64>
  private var page: [BucketFigures] = []
  private var index = 0
  /// The first bucket not read yet, past the run's end once all are read.
  private var unread: Int64

  init(db: Database, level: RollupLevel, project: ProjectID, run: ClosedRange<Int64>) {
    self.db = db
    self.level = level
    self.project = project.rawValue
    self.run = run
    unread = run.lowerBound
  }

  /// Whether buckets may be left to hand out.
  var mayHoldMore: Bool { index < page.count || unread <= run.upperBound }

  /// The next stored bucket, if there is one numbered `bucket` or less.
  mutating func next(upTo bucket: Int64) throws -> BucketFigures? {
    if index == page.count {
      guard unread <= Swift.min(bucket, run.upperBound) else { return nil }
      try readPage()
      guard index < page.count else { return nil }
    }
    guard page[index].bucket <= bucket else { return nil }
    defer { index += 1 }
    return page[index]
  }

  private mutating func readPage() throws {
    page.removeAll(keepingCapacity: true)
    index = 0
    try RawStatement(db, RollupSQL.storedPage(level)).using { statement in
      statement.bind(project, unread, run.upperBound, Self.pageSize)
      while try statement.step() {
        page.append(
          BucketFigures(bucket: statement.int64(0), figures: RollupSQL.figures(statement)))
      }
      // Done with the rows: the table may be written before the next page.
      statement.reset()
    }
    unread = Int64(page.count) < Self.pageSize ? run.upperBound + 1 : (page.last?.bucket ?? 0) + 1
  }
}
