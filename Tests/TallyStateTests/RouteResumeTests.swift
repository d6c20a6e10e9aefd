import FlowTesting
import Foundation
import Routing
import TallyCore
import TallyState
import Testing

@Suite struct RouteResumeTests {
  let mileage = ProjectSummary(
    project: Project(
      id: ProjectID(rawValue: 1), title: "Mileage", units: "km", frequency: .monthly,
      createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0)),
    readingCount: 0, lastReadingAt: nil)
  var gone: ProjectID { ProjectID(rawValue: 9) }

  @Test func aSavedRouteReopensAsItWas() {
    let saved: [Route] = [.home, .project(mileage.id), .report]
    #expect(Route.restored(saved, projects: [mileage]) == saved)
    // Help is read through the pager: reopened, it would take the next line typed.
    #expect(Route.restored([.home, .help], projects: []) == [.home])
    #expect(
      Route.restored([.home, .project(mileage.id), .report, .help], projects: [mileage])
        == [.home, .project(mileage.id), .report])
  }

  @Test func formsAreNotReopened() {
    #expect(
      Route.restored([.home, .project(mileage.id), .editProject], projects: [mileage])
        == [.home, .project(mileage.id)])
    #expect(Route.resumable([.home, .newProject, .help]) == [.home])
  }

  @Test func aDeletedProjectsScreensAreDropped() {
    #expect(Route.restored([.home, .project(gone), .report], projects: [mileage]) == [.home])
  }

  @Test func nonsenseStartsAtHome() {
    #expect(Route.restored([], projects: []) == [.home])
    #expect(Route.restored([.report], projects: [mileage]) == [.home])
    #expect(
      Route.restored([.home, .home, .project(mileage.id)], projects: [mileage])
        == [.home, .project(mileage.id)])
    #expect(
      Route.restored([.home, .help, .project(mileage.id)], projects: [mileage]) == [.home])
  }

  @Test func storedDataWithoutTheRoutedProjectEndsTheRouteBeforeIt() {
    let store = TestStore(
      state: AppState(navigation: NavigationState(route: [.home, .project(mileage.id), .report])),
      reducer: AppState.reducer)
    store.send(.loaded(Snapshot(projects: [mileage]))) {
      $0.stored = Snapshot(projects: [mileage])
    }
    store.send(.committed(Commit(message: "Deleted project Mileage", snapshot: Snapshot()))) {
      $0.stored = Snapshot()
      $0.status = "Deleted project Mileage"
      $0.navigation = NavigationState(route: [.home])
    }
    store.finish()
  }
}
