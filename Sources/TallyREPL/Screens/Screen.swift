import Flow
import Foundation
import Routing
import TallyApp
import TallyCommandLine
import TallyCore
import TallyReports
import TallyState

/// What every screen works with: the session whose store it renders from, and where it writes.
final class ScreenContext {
  let session: Session
  let console: Console
  /// Whether a person answers at a terminal, rather than a script.
  let isInteractive: Bool
  /// The subcommands, described once when first needed (completion, help, unknown words).
  lazy var catalog = CommandCatalog.tally()

  var store: Store<AppState, TallyAction> { session.store }

  init(session: Session, console: Console, isInteractive: Bool) {
    self.session = session
    self.console = console
    self.isInteractive = isInteractive
  }
}

/// A screen of the REPL: the view of one route segment.
///
/// Only the screen on top of the route is active: it subscribes to the part of the state it
/// shows, renders it whole when it becomes active, and then prints only what changed. A screen
/// is also the ``Routable`` for the segment above it, so the router builds the stack of screens
/// by pushing, popping and changing them.
class Screen: Routable {
  typealias Segment = Route

  let context: ScreenContext
  /// The route up to and including this screen's segment.
  let path: [Route]
  /// The stack this screen is on.
  unowned let stack: ScreenStack
  private(set) var isActive = false

  init(context: ScreenContext, path: [Route], stack: ScreenStack) {
    self.context = context
    self.path = path
    self.stack = stack
  }

  var console: Console { context.console }
  var store: Store<AppState, TallyAction> { context.store }

  /// The terminal's rows a screen may fill, the prompt's line left out; `nil` off a terminal,
  /// where a script sees a screen whole.
  var terminalRows: Int? {
    guard console.style.width != nil else { return nil }
    return context.session.terminal.lines() - 1
  }

  /// How many rows of a terminal `width` columns wide `text` takes: each of its lines, and
  /// the rows a long one wraps onto (colours take no room).
  static func rows(of text: String, width: Int?) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().reduce(0) {
      $0 + max(1, (TextWrap.visibleWidth(String($1)) + (width ?? 1) - 1) / max(1, width ?? .max))
    }
  }

  /// The commands this screen adds to the ones valid everywhere, for completion and help.
  var commands: [String] { [] }

  /// Starts showing: the screen renders whole.
  final func activate() {
    guard !isActive else { return }
    isActive = true
    show()
  }

  /// Stops showing: another screen is on top, or this one is gone.
  final func deactivate() {
    guard isActive else { return }
    isActive = false
    store.unsubscribe(self)
    didDeactivate()
  }

  /// Shows the screen whole again, as the state now is (`watch`).
  ///
  /// `between` runs while it is not shown, so that what changes meanwhile is not printed as changes. A screen that is no
  /// longer on top then (its project was deleted) stays down: the new top one showed itself.
  final func redraw(between: () -> Void = {}) {
    deactivate()
    between()
    if stack.top === self { activate() }
  }

  /// Shows the screen; each screen overrides it.
  ///
  /// A screen that follows the state subscribes to the part it shows (the store delivers it at
  /// once, so it renders); a fixed one writes itself.
  func show() {}

  /// Forgets what was rendered, so that the next activation renders whole.
  func didDeactivate() {}

  // MARK: Routable

  func push(_ segment: Route) throws -> any Routable<Route> {
    let screen = try ScreenFactory.screen(
      for: segment, path: path + [segment], context: context, stack: stack)
    stack.append(screen)
    return screen
  }

  func pop(_ segment: Route) throws {
    stack.removeTop()
  }

  func change(_ old: Route, to new: Route) throws -> any Routable<Route> {
    stack.removeTop()
    return try push(new)
  }
}
