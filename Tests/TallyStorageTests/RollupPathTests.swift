import Foundation
import PropertyBased
import TallyCore
import TallyReports
import TallyStorage
import Testing

/// The rollups agree with the readings after any sequence of the paths that change readings
/// (add, edit, delete, import, import undo, undo, redo, a project deleted and brought back),
/// on every backend: every range's figures (count, sum to the last bit, min, max) and whole
/// reports in random zones and periods equal what the readings give, and `tally check` finds
/// nothing.
///
/// The oracle adds up the readings as the rule states it (each quarter hour's readings in
/// time order, each UTC day's quarters, each week's days, then the range's weeks), written
/// here apart from the code it checks.
@Suite struct RollupPathTests {
  static let zones = [
    "UTC", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "America/St_Johns",
    "Europe/Berlin", "Africa/Monrovia",
  ]
  /// 2024-03-30T00:00:00Z, a weekend of daylight-saving changes.
  static let base: Int64 = 1_711_756_800

  /// An instant near the base: whole quarters, odd seconds, and days and weeks apart.
  static func instant(_ code: Int) -> Timestamp {
    let seconds = Int64(code % 23 * 86_400 + code % 97 * 900 + (code % 3 == 0 ? 0 : code % 899))
    return Timestamp(secondsSince1970: base + seconds - 9 * 86_400)
  }

  /// An amount whose sums lose bits: sevenths, negative now and then.
  static func amount(_ code: Int) -> Double {
    Double(code % 2_000 - 300) / 7
  }

  /// The figures of `readings` in `range` as the rule states them.
  static func oracle(_ readings: [Reading], _ range: Range<Int64>) -> RangeFigures {
    let inRange = readings.filter { range.contains($0.timestamp.microsecondsSince1970) }
      .sorted {
        ($0.timestamp.microsecondsSince1970, $0.amount, $0.id.rawValue)
          < ($1.timestamp.microsecondsSince1970, $1.amount, $1.id.rawValue)
      }
    guard !inRange.isEmpty else { return RangeFigures(count: 0, sum: 0, min: nil, max: nil) }
    func floorDiv(_ value: Int64, _ divisor: Double) -> Int64 {
      Int64((Double(value) / divisor).rounded(.down))
    }
    // Week (from Monday, UTC) → day → quarter → amounts, all in time order.
    var weeks: [Int64: [Int64: [Int64: [Double]]]] = [:]
    for reading in inRange {
      let time = reading.timestamp.microsecondsSince1970
      let day = floorDiv(time, 86_400e6)
      // 1970-01-05, the first Monday, is day 4.
      let week = Int64((Double(day - 4) / 7).rounded(.down))
      weeks[week, default: [:]][day, default: [:]][floorDiv(time, 900e6), default: []].append(
        reading.amount)
    }
    func addedInOrder(_ values: [Double]) -> Double {
      values.dropFirst().reduce(values[0]) { $0 + $1 }
    }
    let weekSums = weeks.keys.sorted().map { week in
      let days = weeks[week] ?? [:]
      return addedInOrder(
        days.keys.sorted().map { day in
          let quarters = days[day] ?? [:]
          return addedInOrder(quarters.keys.sorted().map { addedInOrder(quarters[$0] ?? []) })
        })
    }
    let amounts = inRange.map(\.amount)
    return RangeFigures(
      count: amounts.count, sum: addedInOrder(weekSums), min: amounts.min(), max: amounts.max())
  }

  /// One step of a random walk.
  static func step(
    _ code: Int, project: ProjectID, readings: [Reading], batches: [ImportBatch], at: Timestamp
  ) -> WriteStep {
    let pick = code / 16
    let reading = readings.isEmpty ? ReadingID(rawValue: 1) : readings[pick % readings.count].id
    switch code % 16 {
    case 0, 1, 2:
      return .request(
        .addReading(
          NewReading(projectID: project, amount: amount(pick), timestamp: instant(pick)), at: at))
    case 3: return .request(.editReading(reading, ReadingEdit(amount: amount(pick / 3)), at: at))
    case 4:
      return .request(.editReading(reading, ReadingEdit(timestamp: instant(pick / 5)), at: at))
    case 5: return .request(.deleteReading(reading, at: at))
    case 6, 7:
      let rows = (0..<(pick % 12 + 1)).map { index in
        ImportedReading(
          line: index + 2, timestamp: instant(pick * 31 + index * 7), amount: amount(pick + index),
          note: nil)
      }
      let job = ImportJob(
        target: .project(project), fileName: "f\(pick).csv", skipInvalid: false, dryRun: false,
        expectedRows: rows.count,
        rows: ImportRows(canBeReadAgain: true) { sink in
          for row in rows { try sink.add(row) }
          return "hash \(pick)"
        })
      return .importFile(job, at: at)
    case 8:
      let batch = batches.isEmpty ? ImportBatchID(rawValue: 1) : batches[pick % batches.count].id
      return .request(.undoImport(batch, at: at))
    case 9, 10, 11: return .request(.undo(at: Timestamp(microsecondsSince1970: 0)))
    case 12, 13: return .request(.redo(at: Timestamp(microsecondsSince1970: 0)))
    case 14: return .request(.deleteProject(project, at: at))
    default:
      return .request(
        .addReading(
          NewReading(projectID: project, amount: amount(pick), timestamp: instant(pick * 13)),
          at: at))
    }
  }

  @Test(arguments: Backend.allCases) func rollupsAgreeWithTheReadingsAfterAnyPath(
    _ backend: Backend
  ) async {
    await propertyCheck(
      count: backend == .sqlite ? 40 : 8, input: Gen.int(in: 0...1_000_000).array(of: 5...40),
      Gen.int(in: 0...1_000_000).array(of: 4...4)
    ) { codes, picks in
      do {
        try walk(codes, picks, on: backend)
      } catch {
        Issue.record("\(backend): \(error)")
      }
    }
  }

  func walk(_ codes: [Int], _ picks: [Int], on backend: Backend) throws {
    let storage = try backend.make()
    var now: Int64 = 1_720_000_000
    func next() -> Timestamp {
      now += 1
      return Timestamp(secondsSince1970: now)
    }
    _ = try storage.perform(
      .addProject(NewProject(title: "Spend", frequency: .daily), at: next()), openProject: nil)
    let project = ProjectID(rawValue: 1)
    for code in codes {
      let exists = try storage.snapshot(openProject: nil).projects.contains { $0.id == project }
      let readings = exists ? try storage.readings(of: project) : []
      _ = try? Self.step(
        code, project: project, readings: readings, batches: try storage.importBatches(),
        at: next()
      ).perform(on: storage)
    }
    // The project may be deleted (or its creation undone): bring it back to look at it.
    for request in [
      Request.redo(at: Timestamp(microsecondsSince1970: 0)),
      .undo(at: Timestamp(microsecondsSince1970: 0)),
    ] {
      if try !storage.snapshot(openProject: nil).projects.contains(where: { $0.id == project }) {
        _ = try? storage.perform(request, openProject: nil)
      }
    }
    guard
      let summary = try storage.snapshot(openProject: nil).projects.first(where: {
        $0.id == project
      })
    else { return }
    let readings = try storage.readings(of: project)
    if let checking = storage as? any StorageChecking {
      let problems = try checking.checkIntegrity().problems
      #expect(problems.isEmpty, "\(backend): \(problems)")
    }
    // Ranges at any instant, and whole reports in a random zone and period.
    let start = Self.instant(picks[0]).microsecondsSince1970 - Int64(picks[1] % 5) * 86_400_000_000
    let ranges = (0..<8).map { index -> Range<Int64> in
      let low = start + Int64(index) * Int64(picks[2] % 200_000 + 1) * 1_000_000
      return low..<(low + Int64(picks[3] % 2_000_000) * 1_000_000 + 1)
    }
    let got = try storage.withAggregates(of: project) { aggregates in
      try aggregates.aggregates(
        ranges.map {
          Timestamp(
            microsecondsSince1970: $0.lowerBound)..<Timestamp(
              microsecondsSince1970: $0.upperBound)
        })
    }
    for (range, figures) in zip(ranges, got) {
      let expected = Self.oracle(readings, range)
      #expect(figures == expected, "\(backend): \(range): \(figures) ≠ \(expected)")
      #expect(figures.sum.bitPattern == expected.sum.bitPattern)
    }
    let zone = TimeZone(identifier: Self.zones[picks[0] % Self.zones.count]) ?? .gmt
    for period in ReportPeriod.allCases {
      let builder = ReportBuilder(
        calendar: PeriodCalendar(period: period, zone: zone), includesEmpty: picks[1] % 2 == 0)
      let stored = try storage.withAggregates(of: summary.id) { aggregates in
        try builder.report(of: summary.project, within: nil, nil, over: aggregates)
      }
      let oracle = try builder.report(
        of: summary.project, within: nil, nil, over: OracleAggregates(readings))
      #expect(stored == oracle, "\(backend): \(period) in \(zone.identifier)")
    }
  }

  /// The readings in memory, summed by the oracle.
  final class OracleAggregates: RangeAggregates {
    let readings: [Reading]

    init(_ readings: [Reading]) {
      self.readings = readings.sorted { ReadingOrder.Key($0) < ReadingOrder.Key($1) }
    }

    func span() throws -> ClosedRange<Timestamp>? {
      guard let first = readings.first, let last = readings.last else { return nil }
      return first.timestamp...last.timestamp
    }

    func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp? {
      readings.first { $0.timestamp >= instant }?.timestamp
    }

    func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures {
      RollupPathTests.oracle(
        readings, start.microsecondsSince1970..<end.microsecondsSince1970)
    }

    func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
      switch side {
      case .before: readings.last { ReadingOrder.Key($0) < key }
      case .after: readings.first { key < ReadingOrder.Key($0) }
      }
    }

    func resets() throws -> [Reading] { readings.filter(\.isReset) }
  }
}
