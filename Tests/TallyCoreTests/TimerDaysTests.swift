import Foundation
import TallyCore
import Testing

/// ``RunningTimer/days(until:in:)``: a run cut at each midnight of a zone.
@Suite struct TimerDaysTests {
  let utc = TimeZone(secondsFromGMT: 0) ?? .gmt

  func timer(_ microseconds: Int64) -> RunningTimer {
    RunningTimer(projectID: ProjectID(rawValue: 1), startedAt: at(microseconds))
  }

  func at(_ microseconds: Int64) -> Timestamp { Timestamp(microsecondsSince1970: microseconds) }

  /// 2024-03-02T00:00:00Z.
  let midnight: Int64 = 1_709_337_600_000_000

  @Test func theWholeSecondsAddUpToTheElapsedSecondsAfterRounding() {
    // 0.6 s before midnight to 1.2 s after: 1.8 s elapsed is 2 whole seconds, and the cut at
    // midnight, 0.6 s from the start, rounds to 1.
    let run = timer(midnight - 600_000)
    #expect(
      run.days(until: at(midnight + 1_200_000), in: utc) == [
        .init(start: at(midnight - 600_000), seconds: 1), .init(start: at(midnight), seconds: 1),
      ])
    #expect(run.elapsedSeconds(until: at(midnight + 1_200_000)) == 2)
  }

  @Test func aDayThatRoundsToNoSecondIsLeftOut() {
    // 0.3 s before midnight: the first day's part rounds to 0.
    let run = timer(midnight - 300_000)
    #expect(
      run.days(until: at(midnight + 10_000_000), in: utc) == [
        .init(start: at(midnight), seconds: 10)
      ])
  }

  @Test func aRunThatRoundsToNoSecondHasNoPart() {
    let run = timer(midnight - 200_000)
    #expect(run.days(until: at(midnight), in: utc) == [])
    #expect(run.days(until: at(midnight + 299_999), in: utc) == [])
    #expect(
      run.days(until: at(midnight + 300_000), in: utc) == [.init(start: at(midnight), seconds: 1)])
  }
}
