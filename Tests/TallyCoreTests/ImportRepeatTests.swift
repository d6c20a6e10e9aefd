import Foundation
import TallyCore
import Testing

/// The rule that stops a file imported into a project before from adding its readings again.
@Suite struct ImportRepeatTests {
  /// 2024-05-01T09:30:00Z.
  let may1 = Timestamp(secondsSince1970: 1_714_555_800)

  var car: Project {
    Project(
      id: ProjectID(rawValue: 1), title: "Car", units: "km", frequency: .monthly,
      createdAt: may1, updatedAt: may1)
  }

  func settings(tz: String, format: String = "") -> ImportSettings {
    ImportSettings([
      .init("--tz", tz), .init("--encoding", "utf-8"), .init("--date-format", format),
    ])
  }

  func batch(
    _ id: Int64, sha256: String = "abc", project: ProjectID? = nil, undone: Bool = false,
    settings: ImportSettings? = nil
  ) -> ImportBatch {
    ImportBatch(
      id: ImportBatchID(rawValue: id), projectID: project ?? car.id, fileName: "log.csv",
      sha256: sha256, at: may1, imported: 3, duplicates: 0, skipped: 0, isUndone: undone,
      settings: settings)
  }

  func job(
    _ settings: ImportSettings, again: Bool = false, zone: String = "Europe/Berlin"
  ) -> ImportJob {
    ImportJob(
      target: .project(car.id), fileName: "log.csv", settings: settings, again: again,
      zone: TimeZone(identifier: zone) ?? .gmt, rows: ImportRows { _ in "abc" })
  }

  /// The error the rule stops `job` with, importing `adding` readings over `batches`.
  func stop(_ job: ImportJob, adding: Int = 3, over batches: [ImportBatch]) -> TallyError? {
    do {
      try ChangePlan.checkRepeat(
        of: job, into: car, sha256: "abc", adding: adding,
        in: FakeFacts(projects: [car], batches: batches))
      return nil
    } catch {
      return error as? TallyError
    }
  }

  @Test func anotherZoneIsNamedWithTheEarlierImportAndItsTime() throws {
    let error = try #require(
      stop(
        job(settings(tz: "Europe/Berlin")),
        over: [batch(1, settings: settings(tz: "UTC")), batch(4, settings: settings(tz: "UTC"))]))
    #expect(error.kind == .conflict)
    #expect(
      error.message
        == "log.csv was imported into Car before, as import 4 on 2024-05-01 11:30 (Europe/Berlin); read now "
        + "with --tz Europe/Berlin (then UTC), it would add 3 readings again")
    #expect(
      error.hint
        == "Nothing was imported. Add --again to import it all the same, or take the earlier "
        + "import out first: tally import undo 4")
  }

  @Test func everySettingThatChangedIsNamedAndPatternsAreQuoted() {
    let error = stop(
      job(settings(tz: "UTC", format: "dd.MM.yyyy HH:mm"), zone: "UTC"), adding: 1,
      over: [batch(2, settings: settings(tz: "Asia/Tokyo"))])
    #expect(
      error?.message
        == "log.csv was imported into Car before, as import 2 on 2024-05-01 09:30 (GMT); read now "
        + "with --tz UTC (then Asia/Tokyo), --date-format 'dd.MM.yyyy HH:mm' (then none), it "
        + "would add 1 reading again")
  }

  @Test func theSameSettingsSayTheReadingsAreGoneSince() {
    let error = stop(
      job(settings(tz: "UTC"), zone: "UTC"), adding: 2,
      over: [batch(1, settings: settings(tz: "UTC"))])
    #expect(
      error?.message
        == "log.csv was imported into Car before, as import 1 on 2024-05-01 09:30 (GMT); read the same "
        + "way, it would add 2 readings that are no longer stored (deleted or changed since)")
  }

  @Test func anImportWithoutKeptSettingsIsNamedAllTheSame() {
    let error = stop(job(settings(tz: "UTC"), zone: "UTC"), over: [batch(1)])
    #expect(
      error?.message
        == "log.csv was imported into Car before, as import 1 on 2024-05-01 09:30 (GMT); read now, it "
        + "would add 3 readings again")
  }

  @Test func nothingStopsAnImportThatAddsNothingOrIsToldAgain() {
    let earlier = [batch(1, settings: settings(tz: "UTC"))]
    #expect(stop(job(settings(tz: "Europe/Berlin")), adding: 0, over: earlier) == nil)
    #expect(stop(job(settings(tz: "Europe/Berlin"), again: true), over: earlier) == nil)
  }

  @Test func onlyImportsOfThisContentIntoThisProjectNotUndoneCount() {
    let other = ProjectID(rawValue: 9)
    let batches = [
      batch(1, undone: true), batch(2, sha256: "def"), batch(3, project: other),
    ]
    #expect(stop(job(settings(tz: "UTC")), over: batches) == nil)
  }

  @Test func settingsReadBackAsStoredAndListWhatChanged() throws {
    let now = settings(tz: "Europe/Berlin", format: "dd.MM.yyyy")
    let json = try now.storedJSON
    #expect(
      json
        == #"[{"option":"--tz","value":"Europe\/Berlin"},{"option":"--encoding","value":"utf-8"},"#
        + #"{"option":"--date-format","value":"dd.MM.yyyy"}]"#)
    #expect(try ImportSettings(storedJSON: json) == now)
    #expect(try ImportSettings(storedJSON: nil) == nil)
    let changes = now.changes(since: ImportSettings([.init("--tz", "UTC")]))
    #expect(changes.map(\.now.option) == ["--tz", "--encoding", "--date-format"])
    #expect(changes.map(\.then) == ["UTC", nil, nil])
  }
}
