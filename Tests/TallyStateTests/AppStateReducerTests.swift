import FlowTesting
import Foundation
import Routing
import TallyCore
import TallyState
import Testing

@Suite struct AppStateReducerTests {
  let project = Project(
    id: ProjectID(rawValue: 1), title: "Mileage", units: "km", frequency: .monthly,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))

  func makeStore() -> TestStore<AppState, TallyAction> {
    TestStore(state: AppState(), reducer: AppState.reducer)
  }

  @Test func requestsAloneChangeNothing() {
    let store = makeStore()
    store.send(.request(.undo(at: Timestamp(microsecondsSince1970: 0))))
    store.finish()
  }

  @Test func aCommitTakesTheStoredDataAndItsMessage() {
    let store = makeStore()
    let snapshot = Snapshot(projects: [
      ProjectSummary(project: project, readingCount: 0, lastReadingAt: nil)
    ])
    store.send(.failed(TallyError(.conflict, "earlier"))) {
      $0.lastError = TallyError(.conflict, "earlier")
    }
    store.send(.committed(Commit(message: "Created project Mileage", snapshot: snapshot))) {
      $0.stored = snapshot
      $0.status = "Created project Mileage"
      $0.lastError = nil
    }
    store.finish()
  }

  @Test func aFailureKeepsTheStoredDataAndSaysWhy() {
    let store = makeStore()
    let error = TallyError(.notFound, "there is no project titled 'X'")
    store.send(.failed(error)) { $0.lastError = error }
    store.send(.clearMessages) { $0.lastError = nil }
    store.finish()
  }

  @Test func navigationChangesOnlyTheRoute() {
    let store = makeStore()
    store.send(.navigate(.push(.project(project.id)))) {
      $0.navigation = NavigationState(route: [.home, .project(project.id)])
    }
    #expect(store.state.routedProjectID == project.id)
    store.send(.navigate(.push(.report))) {
      $0.navigation = NavigationState(route: [.home, .project(project.id), .report])
    }
    #expect(store.state.routedProjectID == project.id)
    store.send(.navigate(.setRoute([.home]))) { $0.navigation = NavigationState(route: [.home]) }
    #expect(store.state.routedProjectID == nil)
    store.finish()
  }
}
