/// Where the app is: a stack of route segments, and data that belongs to some of them.
///
/// A segment is an app-defined value (an enum whose cases may carry an id, say). Data is
/// attached to one segment of the route, named by the route up to and including it, and goes
/// away when that segment leaves the route. The state changes only through
/// ``NavigationState/reducer``; being `Equatable` and `Codable`, it can skip repeats and be saved.
public struct NavigationState<
  Segment: Hashable & Codable & Sendable,
  SegmentData: Equatable & Codable & Sendable
>: Equatable, Codable, Sendable {
  /// The segments from the root to the screen on top.
  public internal(set) var route: [Segment]
  /// Data by the route prefix that ends at its segment.
  var data: [[Segment]: SegmentData]

  /// Creates a navigation state with a route and no data.
  public init(route: [Segment] = []) {
    self.route = route
    self.data = [:]
  }

  /// The segment on top of the route, if any.
  public var top: Segment? { route.last }

  /// The data of the segment that ends `prefix`, if it is on the route and has data.
  public func data(for prefix: [Segment]) -> SegmentData? {
    data[prefix]
  }

  /// The data of the segment on top of the route.
  public var topData: SegmentData? { data[route] }
}
