import Foundation
import TallyApp
import TallyCore
import TallyReports
import TallyStorage
import TestSupport
import Testing

/// A report as of an instant, through the `Storage` protocol on each backend, against the
/// report taken at that instant: random adds, edits (amounts and times), deletions, undos and
/// redos among many readings in few weeks, so that a past report patches some quarters, days
/// and weeks of the rollups and takes the others as they are; the figures must be the same to
/// the last bit, over whole periods and over ranges that start and end inside a quarter.
@Suite struct PastReportTests {
  typealias Generator = SeededRandom

  static let monday = Timestamp(microsecondsSince1970: 1_709_510_400_000_000)  // 2024-03-04
  static let madeFrom = Timestamp(microsecondsSince1970: 1_720_000_000_000_000)

  /// A time in the three weeks from `monday`, on a few quarters of a few days.
  func readingTime(_ random: inout Generator) -> Timestamp {
    let day = Int64(random.below(21)) * 86_400_000_000
    let quarter = Int64(random.below(4)) * 900_000_000 + 36_000_000_000
    return Timestamp(
      microsecondsSince1970: Self.monday.microsecondsSince1970 + day + quarter
        + Int64(random.below(900)) * 1_000_000)
  }

  func reports(
    _ project: Project, over aggregates: any RangeAggregates, at instant: Timestamp
  ) throws -> [ProjectReport] {
    let query = ProjectReportQuery(
      storage: try TallyDatabase.inMemory(), zone: TimeZone(identifier: "UTC") ?? .current,
      clock: { instant })
    let inside = Timestamp(
      microsecondsSince1970: Self.monday.microsecondsSince1970 + 37_000_000_000)
    let end = Timestamp(
      microsecondsSince1970: Self.monday.microsecondsSince1970 + 19 * 86_400_000_000
        + 37_500_000_000)
    return try [ReportPeriod.daily, .weekly, .monthly].map { period in
      try query.report(project, period: period, over: aggregates)
    } + [try query.report(project, period: .weekly, from: inside, to: end, over: aggregates)]
  }

  @Test(arguments: Backend.allCases)
  func aPastReportIsTheOneTakenThen(_ backend: Backend) throws {
    let storage = try backend.make()
    var random = Generator(seed: 27)
    var clock = Self.madeFrom.microsecondsSince1970
    func tick() -> Timestamp {
      clock += 1_000_000
      return Timestamp(microsecondsSince1970: clock)
    }
    let id = try storage.addProject("Past", at: tick())
    for _ in 0..<120 {
      _ = try storage.perform(
        .addReading(
          NewReading(
            projectID: id, amount: Double(random.below(10_000)) / 10 + 0.1,
            timestamp: readingTime(&random)), at: tick()), openProject: nil)
    }
    var taken: [(Timestamp, [ProjectReport])] = []
    for _ in 0..<60 {
      let live = try storage.readings(of: id)
      let at = tick()
      let request: Request
      switch random.below(10) {
      case 0, 1:
        request = .addReading(
          NewReading(
            projectID: id, amount: Double(random.below(10_000)) / 10 + 0.3,
            timestamp: readingTime(&random)), at: at)
      case 2, 3, 4:
        request = .editReading(
          live[random.below(live.count)].id,
          ReadingEdit(amount: Double(random.below(10_000)) / 10 + 0.7), at: at)
      case 5:
        request = .editReading(
          live[random.below(live.count)].id, ReadingEdit(timestamp: readingTime(&random)), at: at)
      case 6, 7: request = .deleteReading(live[random.below(live.count)].id, at: at)
      case 8: request = .undo(at: at)
      default: request = .redo(at: at)
      }
      if case .redo = request {
        // Nothing to redo since the last change: the step is passed by.
        guard (try? storage.perform(request, openProject: nil)) != nil else { continue }
      } else {
        _ = try storage.perform(request, openProject: nil)
      }
      let then = Timestamp(microsecondsSince1970: at.microsecondsSince1970 + 500_000)
      let project = try #require(storage.snapshot().projects.first { $0.id == id }).project
      taken.append(
        (then, try storage.withAggregates(of: id) { try reports(project, over: $0, at: then) }))
    }
    let zone = TimeZone(identifier: "UTC") ?? .current
    for (then, expected) in taken {
      let past = try storage.withHistory { reader in
        let rewind = try Rewind(to: then, over: reader, zone: zone)
        let project = try #require(rewind.projects(now: try reader.projects()).first)
        return try reports(
          project,
          over: PastAggregates(
            base: try reader.aggregates(of: id), differences: rewind.differences(of: id)),
          at: then)
      }
      #expect(past == expected, "as of \(then)")
    }
  }
}
