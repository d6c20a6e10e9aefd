import Flow
import PropertyBased
import Testing

@Suite struct ChangeSetTests {
  struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var value: Int
    var description: String { "\(id):\(value)" }
  }

  func rows(_ pairs: [(Int, Int)]) -> [Row] {
    pairs.map { Row(id: $0.0, value: $0.1) }
  }

  /// Applies a change set as a list view would, to check it accounts for every difference.
  func apply(_ changes: ChangeSet, to old: [Row], reaching new: [Row]) -> [Row] {
    let removed = Set(changes.deletions + changes.moves.map(\.from))
    var result = old.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    let placed = (changes.insertions + changes.moves.map(\.to)).sorted()
    for index in placed {
      result.insert(new[index], at: index)
    }
    for index in changes.modifications {
      result[index] = new[index]
    }
    return result
  }

  @Test func noChangeIsEmpty() {
    let list = rows([(1, 1), (2, 2)])
    #expect(ChangeSet(from: list, to: list).isEmpty)
  }

  @Test func findsInsertionsDeletionsAndModifications() {
    let old = rows([(1, 10), (2, 20), (3, 30)])
    let new = rows([(1, 10), (3, 31), (4, 40)])
    let changes = ChangeSet(from: old, to: new)
    #expect(changes.deletions == [1])
    #expect(changes.insertions == [2])
    #expect(changes.modifications == [1])
    #expect(changes.moves.isEmpty)
  }

  @Test func findsAMove() {
    let old = rows([(1, 1), (2, 2), (3, 3), (4, 4)])
    let new = rows([(4, 4), (1, 1), (2, 2), (3, 3)])
    let changes = ChangeSet(from: old, to: new)
    #expect(changes.moves == [ChangeSet.Move(from: 3, to: 0)])
    #expect(changes.deletions.isEmpty && changes.insertions.isEmpty)
    #expect(changes.modifications.isEmpty)
  }

  @Test func aMovedRowWhoseValueChangedIsAlsoAModification() {
    let old = rows([(1, 1), (2, 2)])
    let new = rows([(2, 99), (1, 1)])
    let changes = ChangeSet(from: old, to: new)
    #expect(changes.moves.count == 1)
    #expect(changes.modifications == [0])
    #expect(apply(changes, to: old, reaching: new) == new)
  }

  @Test func fromAndToEmpty() {
    let list = rows([(1, 1), (2, 2)])
    #expect(ChangeSet(from: [], to: list).insertions == [0, 1])
    #expect(ChangeSet(from: list, to: []).deletions == [0, 1])
  }

  @Test func applyingTheChangesToTheOldListGivesTheNewOne() async {
    // Lists of unique ids drawn from a small range so that old and new overlap.
    let list = Gen.int(in: 0...3).array(of: 0...12).map { values in
      values.enumerated().map { Row(id: $0.offset, value: $0.element) }.shuffled()
    }
    let changed = Gen.int(in: 0...15).array(of: 0...12).map { ids in
      var seen = Set<Int>()
      return ids.filter { seen.insert($0).inserted }.map { Row(id: $0, value: $0 % 3) }
    }
    await propertyCheck(count: 300, input: list, changed) { old, new in
      let changes = ChangeSet(from: old, to: new)
      #expect(apply(changes, to: old, reaching: new) == new)
      #expect(changes.isEmpty == (old == new))
    }
  }
}
