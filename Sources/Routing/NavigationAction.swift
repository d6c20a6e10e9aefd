/// A change of navigation, dispatched like any other action.
public enum NavigationAction<
  Segment: Hashable & Codable & Sendable,
  SegmentData: Equatable & Codable & Sendable
>: Equatable, Sendable {
  /// Replaces the whole route.
  case setRoute([Segment])
  /// Puts a segment on top of the route.
  case push(Segment)
  /// Removes the segment on top of the route; nothing happens on an empty route.
  case pop
  /// Replaces the segment on top of the route (pushes it on an empty route).
  case replaceTop(Segment)
  /// Sets (or, with `nil`, removes) the data of the segment that ends `prefix`. Ignored unless
  /// `prefix` is the route or a prefix of it: data of a segment not shown would be lost at once.
  case setData(SegmentData?, for: [Segment])
}
