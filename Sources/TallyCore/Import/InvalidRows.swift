/// The invalid rows an import has met: how many, and the first few, or all of them when they
/// are to be listed (with `--skip-invalid`).
public struct InvalidRows: Sendable {
  /// How many rows were invalid.
  public private(set) var count = 0
  /// The first few invalid rows, or all of them.
  public private(set) var problems: [RowProblem] = []
  private let keepsAll: Bool

  /// How many problems are kept when not all of them are.
  public static let kept = 5

  /// An empty list that keeps every problem when `keepsAll`, else the first few.
  public init(keepsAll: Bool) {
    self.keepsAll = keepsAll
  }

  /// Counts `problem`, and keeps it if there is room.
  public mutating func add(_ problem: RowProblem) {
    count += 1
    if keepsAll || problems.count < Self.kept { problems.append(problem) }
  }
}
