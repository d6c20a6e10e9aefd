import Flow
import Routing

/// The segments of a small app: a home screen, item screens and a detail screen.
enum Screen: Hashable, Codable, Sendable, CustomStringConvertible {
  case home
  case item(Int)
  case detail
  case broken

  var description: String {
    switch self {
    case .home: "home"
    case .item(let id): "item\(id)"
    case .detail: "detail"
    case .broken: "broken"
    }
  }
}

/// Data a screen keeps while it is shown: a draft being typed, say.
enum ScreenData: Equatable, Codable, Sendable {
  case draft(String)
  case scroll(Int)
}

typealias Navigation = NavigationState<Screen, ScreenData>
typealias NavigationChange = NavigationAction<Screen, ScreenData>

/// A routable that writes each call to a shared log and refuses `.broken`.
final class FakeScreen: Routable {
  struct Refused: Error {}

  let name: String
  let log: CallLog

  init(_ name: String, log: CallLog) {
    self.name = name
    self.log = log
  }

  func push(_ segment: Screen) throws -> any Routable<Screen> {
    guard segment != .broken else { throw Refused() }
    log.calls.append("\(name) push \(segment)")
    return FakeScreen("\(segment)", log: log)
  }

  func pop(_ segment: Screen) throws {
    log.calls.append("\(name) pop \(segment)")
  }

  func change(_ old: Screen, to new: Screen) throws -> any Routable<Screen> {
    guard new != .broken else { throw Refused() }
    log.calls.append("\(name) change \(old) -> \(new)")
    return FakeScreen("\(new)", log: log)
  }
}

final class CallLog {
  var calls: [String] = []
}
