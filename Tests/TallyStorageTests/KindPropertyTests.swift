import Foundation
import PropertyBased
import TallyApp
import TallyCore
import TallyStorage
import Testing

/// Reports of gauges, meters and goals against oracles.
///
/// The reports are read from the SQLite storage; the oracles are written here from the readings alone: a sort for a gauge, the integral of the dial for a meter, a
/// direct count for streaks. Random readings, zones (with daylight-saving changes) and periods.
@Suite struct KindPropertyTests {
  static let zones = [
    "UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
    "America/Santiago",
  ]
  /// 2023-01-01T00:00:00Z.
  static let base: Int64 = 1_672_531_200

  /// A storage with one project of `kind` holding `readings` (amount, time, reset), added one
  /// by one through the rules.
  static func stored(
    on backend: Backend, _ kind: ProjectKind, _ readings: [(Double, Timestamp, Bool)],
    goals: [(Goal, Timestamp)] = []
  ) throws -> (any Storage, Project) {
    let database = try backend.make()
    let at = Timestamp(secondsSince1970: base)
    _ = try database.perform(
      .addProject(NewProject(title: "P", frequency: .daily, kind: kind), at: at), openProject: nil)
    let id = ProjectID(rawValue: 1)
    for (amount, timestamp, reset) in readings {
      _ = try database.perform(
        .addReading(
          NewReading(projectID: id, amount: amount, timestamp: timestamp, isReset: reset), at: at),
        openProject: nil)
    }
    for (goal, since) in goals {
      _ = try database.perform(
        .editProject(id, ProjectEdit(goal: .set(goal)), at: since), openProject: nil)
    }
    let project = try #require(database.snapshot().projects.first?.project)
    return (database, project)
  }

  /// Random readings of a dial in time order.
  ///
  /// It counts up, and now and then (1 in 8) is reset to a small value. Times may repeat.
  static func dial(_ codes: [Int]) -> [(Double, Timestamp, Bool)] {
    var amount = Double(codes.first ?? 0 % 1_000)
    var time = base
    return codes.enumerated().map { index, code in
      time += Int64(code % 5 == 0 ? 0 : code % 9_000_000)
      let reset = index > 0 && code % 8 == 3
      amount = reset ? Double(code % 50) : amount + Double(code % 700) / 4
      return (amount, Timestamp(secondsSince1970: time), reset)
    }
  }

  @Test(arguments: Backend.allCases) func meterUsageIsTheIntegralOfTheDialOverEachPeriod(
    _ backend: Backend
  ) async {
    await propertyCheck(
      count: backend == .sqlite ? 60 : 12, input: Gen.int(in: 0...1_000_000).array(of: 2...40),
      Gen.int(in: 0...(Self.zones.count - 1)), Gen.int(in: 0...(Frequency.allCases.count - 1))
    ) { codes, zoneIndex, periodIndex in
      let readings = Self.dial(codes)
      let zone = TimeZone(identifier: Self.zones[zoneIndex]) ?? .gmt
      let period = Frequency.allCases[periodIndex]
      let (database, project) = try Self.stored(on: backend, .meter, readings)
      let report = try ProjectReportQuery(storage: database, zone: zone)
        .report(project, period: period)

      // The increase over each stretch between two readings (the reading itself after a
      // reset), spread evenly over the stretch's time; a stretch of no time puts it at its
      // instant.
      let stretches = zip(readings, readings.dropFirst()).map { before, after in
        (
          start: before.1.microsecondsSince1970, end: after.1.microsecondsSince1970,
          increase: after.2 ? after.0 : after.0 - before.0
        )
      }
      func usage(_ start: Int64, _ end: Int64) -> Double {
        stretches.reduce(0) { total, stretch in
          guard stretch.end > stretch.start else {
            return (start...end - 1).contains(stretch.end) ? total + stretch.increase : total
          }
          let overlap = min(end, stretch.end) - max(start, stretch.start)
          guard overlap > 0 else { return total }
          return total + stretch.increase * Double(overlap) / Double(stretch.end - stretch.start)
        }
      }
      let total = stretches.reduce(0) { $0 + $1.increase }
      let tolerance = max(1e-6, abs(total) * 1e-9)
      for row in report.rows {
        let expected = usage(
          row.period.start.microsecondsSince1970, row.period.end.microsecondsSince1970)
        #expect(
          abs((row.usage ?? .nan) - expected) <= tolerance,
          "\(row.period.label) in \(zone.identifier): \(row.usage ?? .nan), expected \(expected)")
        #expect((row.usage ?? 0) >= -tolerance)
      }
      #expect(abs((report.total.usage ?? .nan) - total) <= tolerance)
      // Every period from the first reading's to the last's is there, in order.
      let first = readings[0].1
      let last = readings[readings.count - 1].1
      let calendar = PeriodCalendar(period: period, zone: zone)
      #expect(
        report.rows.map(\.period)
          == calendar.periods(
            from: first, to: Timestamp(microsecondsSince1970: last.microsecondsSince1970 + 1)))
    }
  }

  @Test(arguments: Backend.allCases) func gaugeFirstLastAndChangeFollowASortOfTheReadings(
    _ backend: Backend
  ) async {
    await propertyCheck(
      count: backend == .sqlite ? 60 : 12, input: Gen.int(in: 0...1_000_000).array(of: 1...40),
      Gen.int(in: 0...(Self.zones.count - 1)), Gen.int(in: 0...(Frequency.allCases.count - 1))
    ) { codes, zoneIndex, periodIndex in
      // Added in random order, with repeated times: ties go by id, the order of adding.
      let readings = codes.map { code in
        (
          Double(code % 10_000) / 100,
          Timestamp(secondsSince1970: Self.base + Int64(code % 97 == 0 ? 0 : code * 37)), false
        )
      }
      let zone = TimeZone(identifier: Self.zones[zoneIndex]) ?? .gmt
      let period = Frequency.allCases[periodIndex]
      let (database, project) = try Self.stored(on: backend, .gauge, readings)
      let report = try ProjectReportQuery(storage: database, zone: zone)
        .report(project, period: period)
      let sorted = readings.enumerated()
        .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
      #expect(report.rows.reduce(0) { $0 + $1.count } == readings.count)
      for row in report.rows {
        let inside = sorted.filter { row.period.contains($0.1) }
        let before = sorted.last { $0.1 < row.period.start }
        #expect(row.first == inside.first?.0)
        #expect(row.last == inside.last?.0)
        #expect(row.previous == before?.0)
        if let last = inside.last?.0, let previous = before?.0 {
          #expect(abs((row.change ?? .nan) - (last - previous)) < 1e-9)
        } else {
          #expect(row.change == nil)
        }
        #expect(row.headline(.gauge) == row.last)
      }
    }
  }

  @Test(arguments: Backend.allCases) func streaksAndGoalsMatchADirectCountOverFinishedPeriods(
    _ backend: Backend
  ) async {
    await propertyCheck(
      count: backend == .sqlite ? 40 : 12, input: Gen.int(in: 0...1_000).array(of: 1...60),
      Gen.bool, Gen.bool
    ) { codes, weekly, atLeast in
      // A reading a day from 2023-01-02 (a Monday), amounts 0 to 9; goals set on day 3 (the
      // first judges every period from the first reading's) and changed on day 20; now is the
      // middle of the last day.
      let day: Int64 = 86_400
      let start = Self.base + day
      let readings = codes.enumerated().map { index, code in
        (Double(code % 10), Timestamp(secondsSince1970: start + Int64(index) * day + 3_600), false)
      }
      let per: Frequency = weekly ? .weekly : .daily
      let direction: GoalDirection = atLeast ? .atLeast : .atMost
      let first = Goal(amount: weekly ? 30 : 5, per: per, direction: direction)
      let second = Goal(amount: weekly ? 25 : 4, per: per, direction: direction)
      let firstSince = Timestamp(secondsSince1970: start + 3 * day)
      let secondSince = Timestamp(secondsSince1970: start + 20 * day)
      let (database, project) = try Self.stored(
        on: backend, .total, readings, goals: [(first, firstSince), (second, secondSince)])
      let now = Timestamp(secondsSince1970: start + Int64(codes.count - 1) * day + day / 2)
      let report = try ProjectReportQuery(storage: database, zone: .gmt, clock: { now })
        .report(project, includesEmpty: true)

      // The periods of the goal by hand, in UTC: days, or weeks from Monday.
      let length = weekly ? 7 * day : day
      var judged: [Bool] = []
      // The first reading's day is a Monday: its day and its week start there.
      var periodStart = start
      while periodStart + length <= now.microsecondsSince1970 / 1_000_000 {
        let end = periodStart + length
        let goal = end > secondSince.microsecondsSince1970 / 1_000_000 ? second : first
        let sum = readings.filter {
          let seconds = $0.1.microsecondsSince1970 / 1_000_000
          return seconds >= periodStart && seconds < end
        }.reduce(0) { $0 + $1.0 }
        judged.append(atLeast ? sum >= goal.amount : sum <= goal.amount)
        periodStart = end
      }
      var longest = 0
      var run = 0
      for met in judged {
        run = met ? run + 1 : 0
        longest = max(longest, run)
      }
      #expect(report.streak == Streak(per: per, current: run, longest: longest), "\(judged)")
      #expect(report.period == per)
      // Each row carries the goal that held when it ended; the running one is judged only
      // once what is left of it cannot change the answer: a sum that reached an at-least goal,
      // or went past an at-most one.
      for row in report.rows {
        let held: Goal? = row.period.end > secondSince ? second : first
        #expect(row.goal == held)
        #expect(row.isRunning == (row.period.end > now))
        guard let held else {
          #expect(row.met(.total) == nil)
          continue
        }
        if row.isRunning {
          let decided: Bool? =
            switch held.direction {
            case .atLeast: row.sum >= held.amount ? true : nil
            case .atMost: row.sum > held.amount ? false : nil
            }
          #expect(row.met(.total) == decided)
        }
      }
    }
  }
}
