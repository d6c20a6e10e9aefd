import Foundation
import PropertyBased
import TallyCore
import TallyPostgres
import TallyStorage
import Testing

/// Random readings and random filters: what each storage picks (its SQL test of tags and
/// notes, then ``ReadingFilter``) is what a plain reading of the rules picks.
@Suite struct TagFilterPropertyTests {
  static let vocabulary = ["a", "a/b", "a/b/c", "ab", "b", "c-d", "é"]
  static let notes: [String?] = [nil, "Taxi", "taxi 50%", "Café au lait", "x_y", "CAFÉ"]
  static let texts = ["taxi", "AXI", "50%", "café", "x_y", "x%y", "_"]

  /// The rules as the README states them, written apart from the code under test: a tag
  /// takes itself and the tags under it; all of `--tag`, one of `--any-tag`, none of
  /// `--not-tag`; the note holds the text in any case.
  static func oracle(
    tags: [String], note: String?, all: [String], any: [String], none: [String], text: String?
  ) -> Bool {
    func carries(_ wanted: String) -> Bool {
      tags.contains { $0 == wanted || $0.hasPrefix(wanted + "/") }
    }
    if !all.allSatisfy(carries) { return false }
    if !any.isEmpty, !any.contains(where: carries) { return false }
    if none.contains(where: carries) { return false }
    if let text {
      guard let note, note.lowercased().contains(text.lowercased()) else { return false }
    }
    return true
  }

  @Test(arguments: Backend.allCases) func aStoragePicksWhatTheRulesPick(
    _ backend: Backend
  ) async throws {
    let storage = try backend.make()
    let now = Timestamp(microsecondsSince1970: 1_700_000_000_000_000)
    _ = try storage.perform(
      .addProject(NewProject(title: "P", frequency: .daily), at: now), openProject: nil)
    let project = ProjectID(rawValue: 1)
    var stored: [(tags: [String], note: String?, amount: Double)] = []
    for index in 0..<120 {
      let tags = Self.vocabulary.enumerated().filter { (index * 7 + $0.offset * 3) % 5 == 0 }
        .map(\.element).filter { _ in index % 4 != 0 }
      let note = Self.notes[index % Self.notes.count]
      let amount = Double(index % 13)
      _ = try storage.perform(
        .addReading(
          NewReading(
            projectID: project, amount: amount,
            timestamp: Timestamp(
              microsecondsSince1970: now.microsecondsSince1970 + Int64(index * 37 % 120)),
            note: note, tags: tags.sorted()), at: now), openProject: nil)
      stored.append((tags.sorted(), note, amount))
    }
    // First the project holds every reading (read through the table, out of time order),
    // then a fifth of them (read through the index).
    for round in 0..<2 {
      if round == 1 {
        _ = try storage.perform(
          .addProject(NewProject(title: "Q", frequency: .daily), at: now), openProject: nil)
        for index in 0..<500 {
          _ = try storage.perform(
            .addReading(
              NewReading(
                projectID: ProjectID(rawValue: 2), amount: 1,
                timestamp: Timestamp(microsecondsSince1970: Int64(index)), tags: ["a"]),
              at: now), openProject: nil)
        }
      }
      let tag = Gen.element(of: Self.vocabulary).map { $0 ?? "a" }
      let text = Gen.element(of: Self.texts).map { $0 ?? "" }
      await propertyCheck(
        count: backend == .sqlite ? 200 : 60, input: tag.array(of: 0...2), tag.array(of: 0...2),
        tag.array(of: 0...1), Gen.bool, text
      ) { all, any, none, hasText, text in
        let filter = ReadingFilter(
          allTags: all, anyTags: any, noTags: none, noteContains: hasText ? text : nil)
        let picked = stored.filter {
          Self.oracle(
            tags: $0.tags, note: $0.note, all: all, any: any, none: none,
            text: hasText ? text : nil)
        }
        do {
          let matching = try storage.matchingReadings(of: project, filter, keepingTags: false)
          let figures = matching.aggregate(
            from: Timestamp(microsecondsSince1970: 0),
            to: Timestamp(microsecondsSince1970: .max))
          #expect(figures.count == picked.count, "\(filter.description)")
          #expect(figures.sum == picked.reduce(0) { $0 + $1.amount }, "\(filter.description)")
        } catch {
          Issue.record("\(error)")
        }
      }
    }
  }
}
