/// One call a router makes on its routables to go from one route to another.
public enum RoutingStep<Segment: Equatable & Sendable>: Equatable, Sendable {
  /// Removes `segment`, which stands at `depth` of the route (0 is the root).
  case pop(depth: Int, segment: Segment)
  /// Replaces the segment at `depth` by another, keeping the segments below it.
  case change(depth: Int, from: Segment, to: Segment)
  /// Adds `segment` at `depth`.
  case push(depth: Int, segment: Segment)

  /// The fewest steps from `old` to `new`.
  ///
  /// The common prefix stays untouched. Below it, the old segments are popped from the top down
  /// to the first that differs; that one is changed into the new segment when both routes have
  /// one there; the rest of the new route is pushed. For example `[home, a, b]` to `[home, c]`
  /// is: pop `b`, then change `a` to `c`.
  public static func transition(from old: [Segment], to new: [Segment]) -> [RoutingStep] {
    let common = zip(old, new).prefix { $0 == $1 }.count
    var steps: [RoutingStep] = []
    let changes = common < old.count && common < new.count
    let lowestPopped = changes ? common + 1 : common
    for depth in stride(from: old.count - 1, through: lowestPopped, by: -1) {
      steps.append(.pop(depth: depth, segment: old[depth]))
    }
    if changes {
      steps.append(.change(depth: common, from: old[common], to: new[common]))
    }
    let firstPushed = changes ? common + 1 : common
    for depth in firstPushed..<max(firstPushed, new.count) {
      steps.append(.push(depth: depth, segment: new[depth]))
    }
    return steps
  }
}
