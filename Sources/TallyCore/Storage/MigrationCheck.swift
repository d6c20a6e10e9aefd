/// The check `tally migrate` makes before it commits: every project holds in the target the
/// count and sum of readings it held in the source.
public enum MigrationCheck {
  /// Compares the figures per project.
  ///
  /// - Throws: ``TallyError`` naming the first project whose figures differ.
  public static func compare(
    _ expected: [ProjectID: RangeFigures], _ stored: [ProjectID: RangeFigures],
    projects: [Project], target: String
  ) throws(TallyError) {
    let none = RangeFigures(count: 0, sum: 0, min: nil, max: nil)
    for project in projects {
      let want = expected[project.id] ?? none
      let got = stored[project.id] ?? none
      guard want.agrees(with: got) else {
        throw TallyError(
          .storage,
          "the copy of \(project.title) in \(target) holds \(got.count) readings summing to "
            + "\(got.sum), not \(want.count) summing to \(want.sum); nothing was copied")
      }
    }
  }
}
