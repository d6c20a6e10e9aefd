import Testing

@testable import TallyCore

/// A level's stored buckets against those counted, compared as both stream by.
@Suite struct RollupComparisonTests {
  /// Each level's buckets in memory, compared as a backend streams them.
  private static func first(
    _ levels: [(level: RollupLevel, stored: [BucketFigures], counted: [BucketFigures])]
  ) -> RollupDifference? {
    RollupDifference.first(
      of: levels.map { level, stored, counted in
        var next = stored.makeIterator()
        var comparison = RollupComparison<Never>(level: level) { next.next() }
        for bucket in counted { comparison.counted(bucket) }
        comparison.finish()
        return comparison
      })
  }

  private func figures(_ amount: Double) -> RangeFigures {
    var figures = RangeFigures.empty
    figures.add(amount)
    return figures
  }

  /// Random stored and counted buckets, some the same, some differing, some on one side only;
  /// the oracle looks each bucket up in a dictionary.
  @Test func itFindsTheFirstDifferenceAndCountsThemAll() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      var stored: [Int64: Double] = [:]
      var counted: [Int64: Double] = [:]
      for bucket in Int64(-20)...20 {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: stored[bucket] = 1
        case 1: counted[bucket] = 1
        case 2: (stored[bucket], counted[bucket]) = (2, 2)
        case 3: (stored[bucket], counted[bucket]) = (2, 3)
        default: break
        }
      }
      let differing = Set(stored.keys).union(counted.keys).filter { stored[$0] != counted[$0] }
      let storedBuckets = stored.keys.sorted().map {
        BucketFigures(bucket: $0, figures: figures(stored[$0] ?? 0))
      }
      let countedBuckets = counted.keys.sorted().map {
        BucketFigures(bucket: $0, figures: figures(counted[$0] ?? 0))
      }
      let found = Self.first([(.day, storedBuckets, countedBuckets)])
      #expect(found?.bucket == differing.min())
      #expect((found?.differing ?? 0) == differing.count)
      if let found {
        #expect(found.stored == stored[found.bucket].map(figures))
        #expect(found.counted == counted[found.bucket].map(figures))
      }
    }
  }

  @Test func theFirstLevelWithADifferenceIsReportedWithEveryLevelsCount() {
    let one = [BucketFigures(bucket: 5, figures: figures(1))]
    let found = Self.first([
      (.quarter, one, one), (.day, one, []), (.week, [], one),
    ])
    #expect(found?.level == .day)
    #expect(found?.differing == 2)
  }

  /// Buckets and counts far outside what tally writes (a server's rows written past it before
  /// its checks) are told as differences, without trapping on the arithmetic.
  @Test func bucketsPastTheEndOfTimeAreDifferencesNotCrashes() {
    for level in RollupLevel.allCases {
      for bucket in [Int64.max, Int64.min, 106_751_991_167, -106_751_991_167] {
        let start = level.start(of: bucket)
        #expect(bucket < 0 ? start < 0 : start > 0)
        _ = level.bucket(of: start)
      }
    }
    var huge = RangeFigures(count: Int.max, sum: 1, min: 1, max: 1)
    huge.add(RangeFigures(count: 5, sum: 1, min: 1, max: 1))
    #expect(huge.count == Int.max)
    let found = Self.first([
      (
        .day, [BucketFigures(bucket: 106_751_991_167, figures: figures(1))],
        [BucketFigures(bucket: 19_723, figures: figures(1))]
      )
    ])
    #expect(found?.differing == 2)
    #expect(found?.description.isEmpty == false)
  }
}
