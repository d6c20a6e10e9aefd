import Flow
import Routing
import TallyCore
import TallyState

/// The screens on the route, bottom to top, and the one subscriber that makes the top one
/// active once the router has moved the stack.
///
/// It subscribes after the router, so by the time it sees a new route the screens for it are in
/// place; it then deactivates the covered screens and activates the top one, which renders.
/// Passing through a screen (home -> project -> report popped to home at once) renders nothing
/// on the way.
final class ScreenStack: StoreSubscriber {
  private(set) var screens: [Screen] = []

  /// The screen on top, if any.
  var top: Screen? { screens.last }

  func append(_ screen: Screen) {
    screens.last?.deactivate()
    screens.append(screen)
  }

  func removeTop() {
    screens.popLast()?.deactivate()
  }

  func newState(_ route: [Route]) {
    for screen in screens.dropLast() {
      screen.deactivate()
    }
    top?.activate()
  }
}

/// The root of the route: shows no screen of its own, only the first segment's.
final class RootScreen: Screen {}

/// Makes the screen for a route segment.
enum ScreenFactory {
  /// A segment with no screen where it stands, such as a report without a project under it.
  struct Misplaced: Error, CustomStringConvertible {
    var segment: Route
    var description: String { "\(segment) cannot be shown there" }
  }

  static func screen(
    for segment: Route, path: [Route], context: ScreenContext, stack: ScreenStack
  ) throws -> Screen {
    let projectID = AppState.routedProjectID(in: path)
    switch segment {
    case .home:
      return HomeScreen(context: context, path: path, stack: stack)
    case .project(let id):
      return ProjectScreen(projectID: id, context: context, path: path, stack: stack)
    case .group(let name):
      return GroupScreen(group: name, context: context, path: path, stack: stack)
    case .report:
      guard let projectID else { throw Misplaced(segment: segment) }
      return ReportScreen(projectID: projectID, context: context, path: path, stack: stack)
    case .help:
      return HelpScreen(context: context, path: path, stack: stack)
    case .newProject:
      return FormScreen(form: ProjectForm(editing: nil), context: context, path: path, stack: stack)
    case .editProject:
      guard let projectID else { throw Misplaced(segment: segment) }
      return FormScreen(
        form: ProjectForm(editing: projectID), context: context, path: path, stack: stack)
    case .editReading(let id):
      return FormScreen(
        form: ReadingForm(readingID: id), context: context, path: path, stack: stack)
    }
  }
}
