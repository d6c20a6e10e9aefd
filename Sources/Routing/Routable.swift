/// Something that shows the screens for one level of a route: the root shows the first
/// segment, and each segment's screen hands back the routable for the level after it.
///
/// A routable throws when it cannot show a segment; the router reports that as a
/// ``RoutingError`` rather than crashing.
public protocol Routable<Segment>: AnyObject {
  /// The app's route segment type.
  associatedtype Segment

  /// Shows the screen for `segment` on top of this one.
  ///
  /// - Returns: The routable for the segments after `segment`.
  func push(_ segment: Segment) throws -> any Routable<Segment>

  /// Removes the screen for `segment`, the one this routable pushed last.
  func pop(_ segment: Segment) throws

  /// Replaces the screen for `old` by the one for `new`.
  ///
  /// - Returns: The routable for the segments after `new`.
  func change(_ old: Segment, to new: Segment) throws -> any Routable<Segment>
}
