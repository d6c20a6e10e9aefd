/// What changed between two versions of an ordered collection of identified elements, so a
/// list on screen can update only the rows that changed.
///
/// Indices in ``deletions`` and the sources of ``moves`` refer to the old collection; indices
/// in ``insertions``, ``modifications`` and the destinations of ``moves`` refer to the new one.
/// Removing the deleted and moved-away elements from the old collection, then placing the
/// inserted and moved elements at their new indices in ascending order, and finally replacing
/// the modified ones, gives the new collection.
public struct ChangeSet: Equatable, Sendable {
  /// An element that kept its identity but changed position.
  public struct Move: Equatable, Sendable {
    /// Its index in the old collection.
    public var from: Int
    /// Its index in the new collection.
    public var to: Int

    /// Creates a move.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// Indices in the old collection of elements that are gone, ascending.
  public var deletions: [Int]
  /// Indices in the new collection of elements that are new, ascending.
  public var insertions: [Int]
  /// Indices in the new collection of elements that stayed but whose value changed, ascending.
  ///
  /// A moved element whose value changed is listed here too.
  public var modifications: [Int]
  /// Elements that changed position, ascending by destination.
  public var moves: [Move]

  /// Creates a change set from its parts.
  public init(deletions: [Int], insertions: [Int], modifications: [Int], moves: [Move]) {
    self.deletions = deletions
    self.insertions = insertions
    self.modifications = modifications
    self.moves = moves
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && modifications.isEmpty && moves.isEmpty
  }

  /// Computes the changes from `old` to `new`.
  ///
  /// Elements are matched by `id`, which must be unique within each collection; an element
  /// whose id is in both is a modification when its value differs. Moves are the fewest
  /// that the standard library's `CollectionDifference.inferringMoves()` finds.
  public init<Element: Identifiable & Equatable>(from old: [Element], to new: [Element]) {
    let difference = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
    var deletions: [Int] = []
    var insertions: [Int] = []
    var moves: [Move] = []
    for change in difference {
      switch change {
      case .remove(let offset, _, let associatedWith):
        if associatedWith == nil { deletions.append(offset) }
      case .insert(let offset, _, let associatedWith):
        if let from = associatedWith {
          moves.append(Move(from: from, to: offset))
        } else {
          insertions.append(offset)
        }
      }
    }
    var oldByID: [Element.ID: Element] = [:]
    oldByID.reserveCapacity(old.count)
    for element in old {
      oldByID[element.id] = element
    }
    var modifications: [Int] = []
    for (index, element) in new.enumerated() {
      if let previous = oldByID[element.id], previous != element {
        modifications.append(index)
      }
    }
    self.init(
      deletions: deletions.sorted(), insertions: insertions.sorted(),
      modifications: modifications, moves: moves.sorted { $0.to < $1.to })
  }
}
