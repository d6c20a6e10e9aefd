import TallyCore

/// Readings handed over in (time, id) order, read in the index's (time, amount, id) order.
///
/// The (project, timestamp, amount) index gives readings in time order with those of one
/// instant by amount. A listing puts those in the order they were entered (by id): asking
/// SQLite for that sorted each instant's readings in a temporary b-tree, a third of a 10M
/// dump's time. Only the readings of one instant are held here, and sorted when there are
/// two or more.
struct SameInstantOrder<Item> {
  private var held: [Item] = []
  private var instant: (project: Int64, microseconds: Int64)?
  private let reading: (Item) -> Reading

  /// An order for items whose reading `reading` gives.
  init(of reading: @escaping (Item) -> Reading) {
    self.reading = reading
  }

  /// Takes the next item from the index's order, handing over those of the instant before.
  mutating func add(_ item: Item, to body: (Item) throws -> Void) throws {
    let next = reading(item)
    let key = (next.projectID.rawValue, next.timestamp.microsecondsSince1970)
    if let instant, instant != key { try flush(to: body) }
    instant = key
    held.append(item)
  }

  /// Hands over the items held, in id order.
  mutating func flush(to body: (Item) throws -> Void) throws {
    if held.count > 1 {
      held.sort { reading($0).id.rawValue < reading($1).id.rawValue }
    }
    for item in held { try body(item) }
    held.removeAll(keepingCapacity: true)
    instant = nil
  }
}
