import Flow
import Foundation
import PropertyBased
import TallyCore
import TallyPostgres
import TallyStorage
import TestSupport
import Testing

/// Random sequences of requests, undo and redo included, through the real store and a file
/// database, checked against ``ReferenceModel`` after every step and after reopening.
@Suite struct StorePropertyTests {
  static let titles = ["Mileage", "mileage", "Spend", "Weight", "Hours"]

  /// Turns a random number into a request against what the model holds now.
  static func request(from code: Int, model: ReferenceModel, at: Timestamp) -> Request {
    let kind = code % 15
    let pick = code / 15
    let projects = model.data.projects.keys.sorted()
    let readings = model.data.readings.keys.sorted()
    // An id that may not exist, so that unknown ids are exercised too.
    let projectID =
      projects.isEmpty || pick % 7 == 0
      ? ProjectID(rawValue: Int64(pick % 50 + 100)) : projects[pick % projects.count]
    let readingID =
      readings.isEmpty || pick % 7 == 0
      ? ReadingID(rawValue: Int64(pick % 50 + 100)) : readings[pick % readings.count]
    let title = titles[pick % titles.count]
    let amount = Double(pick % 2_000) / 8 - 100
    let timestamp = Timestamp(microsecondsSince1970: Int64(pick) * 1_000_003)
    // Times back from `at`, up to two days, so that runs cross midnights; and now and then
    // one after it, which is refused.
    func back(_ seconds: Int) -> Timestamp {
      Timestamp(microsecondsSince1970: at.microsecondsSince1970 - Int64(seconds) * 1_000_000)
    }
    let earlier = back(pick % 11 == 0 ? -60 : pick % 172_800)
    let tags = [[], ["a"], ["t/1", "b"]][pick % 3]
    switch kind {
    case 8:
      return .startTimer(
        projectID, note: pick % 5 == 0 ? "started" : nil, tags: [[], ["b", "c"]][pick % 2], at: at,
        since: pick % 3 == 0 ? nil : earlier)
    case 9:
      return .stopTimer(
        projectID, note: pick % 2 == 0 ? nil : "stopped", at: at, tags: tags,
        until: pick % 3 == 0 ? nil : back(pick % 600))
    case 10: return .undo(at: Timestamp(microsecondsSince1970: 0))
    case 11: return .cancelTimer(projectID, at: at)
    case 12:
      return .switchTimer(
        to: projectID, stopping: model.timers.map(\.projectID), note: pick % 2 == 0 ? nil : "sw",
        at: at, tags: tags, until: pick % 2 == 0 ? nil : back(pick % 900))
    case 13:
      return .trackTime(
        projectID, from: earlier, to: back(pick % 5 == 0 ? pick % 172_800 + 1 : pick % 3_600),
        note: pick % 2 == 0 ? nil : "tr", tags: tags, at: at)
    default: break
    }
    switch kind {
    case 0:
      return .addProject(
        NewProject(
          title: title, units: ["", "km", "min"][pick % 3], frequency: Frequency.allCases[pick % 3]),
        at: at)
    case 1:
      return .editProject(
        projectID,
        ProjectEdit(
          title: pick % 2 == 0 ? title : nil, units: ["u\(pick % 3)", "h", "s"][pick % 3]),
        at: at)
    case 2: return .deleteProject(projectID, at: at)
    case 3, 4, 5:
      return .addReading(
        NewReading(
          projectID: projectID, amount: amount, timestamp: timestamp,
          note: pick % 3 == 0 ? nil : "n\(pick % 5)", tags: [[], ["a"], ["a", "b/c"]][pick % 3]),
        at: at)
    case 6:
      return .editReading(
        readingID,
        ReadingEdit(
          amount: amount, note: pick % 2 == 0 ? "" : "edited",
          tags: [nil, [], ["b/c"]][pick % 3], addedTags: pick % 4 == 0 ? ["d"] : [],
          removedTags: pick % 5 == 0 ? ["a"] : []), at: at)
    case 7: return .deleteReading(readingID, at: at)
    default: return .redo(at: Timestamp(microsecondsSince1970: 0))
    }
  }

  @Test(arguments: Backend.allCases) func theStoreTheDatabaseAndTheModelAgree(
    _ backend: Backend
  ) async throws {
    let codes = Gen.int(in: 0...1_000_000).array(of: 1...60)
    await propertyCheck(count: backend == .sqlite ? 40 : 10, input: codes) { codes in
      do {
        try check(codes, on: backend)
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  func check(_ codes: [Int], on backend: Backend) throws {
    let folder = try TemporaryFolder()
    let open: () throws -> any Storage
    switch backend {
    case .sqlite:
      let location = DatabaseLocation(
        option: folder.path("p.sqlite"), environment: [:], homeDirectory: "/")
      open = { try TallyDatabase.open(at: location) }
    case .postgres:
      let address = try PostgresTestServer.newDatabase()
      open = { try PostgresStorage.open(address) }
    }
    let database = try open()
    let store = try makeStore(database)
    var model = ReferenceModel()
    var now: Int64 = 1_700_000_000_000_000
    for code in codes {
      now += 1_000_000
      let request = Self.request(
        from: code, model: model, at: Timestamp(microsecondsSince1970: now))
      let shouldSucceed = model.apply(request)
      let error = store.request(request)
      #expect((error == nil) == shouldSucceed, "\(request): \(error?.description ?? "succeeded")")
      #expect(store.state.stored.projects == model.summaries, "after \(request)")
      #expect(store.state.stored.timers == model.timers, "after \(request)")
    }
    var stored: [ReadingID: Reading] = [:]
    try database.forEachReadingWithTitle { _, reading in stored[reading.id] = reading }
    #expect(stored == model.data.readings)

    let reopened = try makeStore(try open())
    #expect(reopened.state.stored == store.state.stored)
  }
}
