import Testing

@testable import TallyCore

/// The quarters a write leaves stale: what the storage sums again before it commits.
@Suite struct StaleRollupsTests {
  private let quarter = RollupLevel.quarter.microseconds

  /// Every quarter the runs cover, one by one: the oracle's form.
  private func quarters(in runs: [ClosedRange<Int64>]) -> Set<Int64> {
    Set(runs.flatMap { Array($0) })
  }

  @Test func runsNameEveryNotedQuarterAndNoOther() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      var stale = StaleRollups()
      var oracle: [Int64: Set<Int64>] = [:]
      for _ in 0..<Int.random(in: 1...300, using: &generator) {
        let project = ProjectID(rawValue: Int64.random(in: 1...3, using: &generator))
        let bucket = Int64.random(in: -40...40, using: &generator)
        if Bool.random(using: &generator) {
          stale.note(project, at: Timestamp(microsecondsSince1970: bucket * quarter + 7))
          oracle[project.rawValue, default: []].insert(bucket)
        } else {
          let length = Int64.random(in: 0...5, using: &generator)
          stale.note(
            project, from: Timestamp(microsecondsSince1970: bucket * quarter),
            to: Timestamp(microsecondsSince1970: (bucket + length) * quarter))
          oracle[project.rawValue, default: []].formUnion(bucket...(bucket + length))
        }
      }
      for project in stale.projects {
        let runs = stale.runs(of: project)
        #expect(quarters(in: runs) == oracle[project.rawValue] ?? [])
        // Sorted and apart: no two runs touch.
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound })
      }
      #expect(Set(stale.projects.map(\.rawValue)) == Set(oracle.keys))
    }
  }

  /// An import notes its rows sorted in chunks: millions of runs over far fewer quarters.
  ///
  /// The runs kept are joined as they grow, so they stay as many as the quarters' runs.
  @Test func manyReadingsOverFewQuartersKeepFewRuns() {
    var stale = StaleRollups()
    let project = ProjectID(rawValue: 1)
    // Every other quarter of 1,000, noted 400 times over in sorted chunks.
    for _ in 0..<400 {
      for bucket in stride(from: Int64(0), to: 1_000, by: 2) {
        stale.note(project, at: Timestamp(microsecondsSince1970: bucket * quarter))
      }
    }
    let runs = stale.runs(of: project)
    #expect(runs.count == 500)
    #expect(runs.first == 0...0 && runs.last == 998...998)
    #expect(stale.storedRunCount(of: project) < 2 * StaleRollups.runsBeforeJoining)
  }

  @Test func aClearedProjectHasNoRunsLeft() {
    var stale = StaleRollups()
    let project = ProjectID(rawValue: 4)
    stale.note(project, at: Timestamp(microsecondsSince1970: 0))
    stale.clear(project)
    #expect(stale.projects.isEmpty)
    #expect(stale.cleared == [project])
  }
}
