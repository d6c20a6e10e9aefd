import Routing
import Testing

@Suite struct RoutingStepTests {
  typealias Step = RoutingStep<Screen>

  @Test func sameRouteNeedsNoStep() {
    #expect(Step.transition(from: [.home, .item(1)], to: [.home, .item(1)]).isEmpty)
    #expect(Step.transition(from: [], to: []).isEmpty)
  }

  @Test func fromNothingPushesEverySegment() {
    #expect(
      Step.transition(from: [], to: [.home, .item(1)]) == [
        .push(depth: 0, segment: .home), .push(depth: 1, segment: .item(1)),
      ])
  }

  @Test func toNothingPopsEverySegmentFromTheTop() {
    #expect(
      Step.transition(from: [.home, .item(1)], to: []) == [
        .pop(depth: 1, segment: .item(1)), .pop(depth: 0, segment: .home),
      ])
  }

  @Test func aLongerRoutePushesOnlyWhatIsNew() {
    #expect(
      Step.transition(from: [.home], to: [.home, .item(1), .detail]) == [
        .push(depth: 1, segment: .item(1)), .push(depth: 2, segment: .detail),
      ])
  }

  @Test func aShorterRoutePopsOnlyWhatIsGone() {
    #expect(
      Step.transition(from: [.home, .item(1), .detail], to: [.home]) == [
        .pop(depth: 2, segment: .detail), .pop(depth: 1, segment: .item(1)),
      ])
  }

  @Test func aDifferentBranchPopsThenChangesTheFirstDifference() {
    #expect(
      Step.transition(from: [.home, .item(1), .detail], to: [.home, .item(2)]) == [
        .pop(depth: 2, segment: .detail),
        .change(depth: 1, from: .item(1), to: .item(2)),
      ])
  }

  @Test func aDifferentBranchChangesThenPushesTheRest() {
    #expect(
      Step.transition(from: [.home, .item(1)], to: [.home, .item(2), .detail]) == [
        .change(depth: 1, from: .item(1), to: .item(2)),
        .push(depth: 2, segment: .detail),
      ])
  }

  @Test func aDifferentRootIsChanged() {
    #expect(
      Step.transition(from: [.item(1), .detail], to: [.home]) == [
        .pop(depth: 1, segment: .detail),
        .change(depth: 0, from: .item(1), to: .home),
      ])
  }
}
