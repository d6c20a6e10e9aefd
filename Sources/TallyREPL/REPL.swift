public import Flow
import Foundation
import Routing
public import TallyCore

/// The interactive front door: reads lines, turns each into route actions, requests or
/// subcommands on the one store, and lets the screens on the route render what changed.
///
/// The screens follow the route through a ``Router``; nothing here prints a screen. A line that
/// fails is reported and the REPL goes on; ``run()`` says at the end whether any failed.
public final class REPL {
  private let store: Store<AppState, TallyAction>
  private let services: REPLServices
  private let reader: any LineReader
  private let console: Console
  private let source: String
  private let showsStartScreen: Bool
  private let context: ScreenContext
  private let stack = ScreenStack()
  private var router: Router<AppState, TallyAction, Route>?
  private lazy var subcommandNames = Set(context.catalog.commands.map(\.name))

  /// Creates a REPL.
  ///
  /// - Parameters:
  ///   - store: The store, with the route to start on already in its state.
  ///   - services: The program's parser, reports and clock.
  ///   - reader: Where lines come from.
  ///   - console: Where screens and messages go.
  ///   - source: What errors in a script name as their place: the script's path, or `stdin`.
  ///   - showsStartScreen: Whether the screen the REPL starts on is shown; by default only
  ///     to a person at a terminal: a script prints only what its lines produce.
  public init(
    store: Store<AppState, TallyAction>, services: REPLServices, reader: any LineReader,
    console: Console, source: String = "stdin", showsStartScreen: Bool? = nil
  ) {
    self.store = store
    self.services = services
    self.reader = reader
    self.console = console
    self.source = source
    self.showsStartScreen = showsStartScreen ?? reader.isInteractive
    self.context = ScreenContext(store: store, console: console, services: services)
  }

  /// Reads and carries out lines until `quit` or the end of input.
  ///
  /// A person at a terminal sees the screen they start on; a script or piped input prints only
  /// what its lines produce (see `showsStartScreen`).
  ///
  /// - Returns: Whether the session ended well: always for a person, who saw each error as it
  ///   came; for a script, whether every line succeeded.
  public func run() -> Bool {
    console.isMuted = !showsStartScreen
    startRouting()
    console.isMuted = false
    return readLines() || reader.isInteractive
  }

  private func readLines() -> Bool {
    var succeeded = true
    var lineNumber = 0
    while true {
      switch reader.readLine(prompt: prompt()) {
      case .interrupted:
        continue
      case .end:
        if !reader.isInteractive { return succeeded }
        if let form = stack.top as? FormScreen {
          form.cancel()
        } else if store.state.navigation.route.count > 1 {
          store.dispatch(.navigate(.pop))
        } else {
          return succeeded
        }
      case .line(let line):
        lineNumber += 1
        let place = reader.isInteractive ? nil : "\(source):\(lineNumber)"
        switch handle(line, place: place) {
        case .succeeded: break
        case .failed: succeeded = false
        case .quit: return succeeded
        }
      }
    }
  }

  /// What handling a line came to.
  enum Outcome {
    case succeeded, failed, quit
  }

  /// Carries out one line.
  func handle(_ line: String, place: String? = nil) -> Outcome {
    catchUp()
    if let form = stack.top as? FormScreen {
      return form.accept(line, place: place) ? .succeeded : .failed
    }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return .succeeded }
    reader.remember(trimmed)
    do throws(TallyError) {
      let words: [String]
      do {
        words = try CommandWords.split(trimmed)
      } catch {
        throw TallyError(.invalidInput, "\(error)")
      }
      let command = try REPLCommand.parse(words, in: store.state) { subcommandNames.contains($0) }
      if command == .quit { return .quit }
      try perform(command)
      return .succeeded
    } catch {
      console.error(error, at: place)
      return .failed
    }
  }

  /// The prompt: the route's breadcrumb, or the form's question.
  func prompt() -> String {
    let state = store.state
    let names = RouteAddress.breadcrumb(state.navigation.route, in: state)
    var crumb = names.joined(separator: " › ") + " ›"
    if console.style.colors {
      // \u{1} and \u{2} tell readline that what they enclose takes no room on the line.
      crumb = "\u{1}\u{1B}[1m\u{2}" + crumb + "\u{1}\u{1B}[0m\u{2}"
    }
    if let form = stack.top as? FormScreen {
      return form.prompt(after: crumb)
    }
    return crumb + " "
  }

  /// Completes the word being typed, for the line editor.
  public func complete(_ request: CompletionRequest) -> CompletionResult {
    guard !(stack.top is FormScreen) else { return CompletionResult() }
    return Completer(
      catalog: context.catalog, state: store.state, screenCommands: stack.top?.commands ?? []
    ).complete(request)
  }

  private func startRouting() {
    guard router == nil else { return }
    let root = RootScreen(context: context, path: [], stack: stack)
    router = Router(
      store: store, root: root, route: { $0.navigation.route },
      onError: { [console] error in console.error(TallyError(.invalidInput, error.description)) })
    store.subscribe(stack) { $0.navigation.route }
  }

  private func perform(_ command: REPLCommand) throws(TallyError) {
    switch command {
    case .quit:
      return
    case .go(let route):
      store.dispatch(.navigate(.setRoute(route)))
    case .back:
      guard store.state.navigation.route.count > 1 else {
        throw TallyError(.invalidInput, "this is the home screen; `quit` leaves")
      }
      store.dispatch(.navigate(.pop))
    case .push(let segment):
      store.dispatch(.navigate(.push(segment)))
    case .period(let period):
      store.dispatch(
        .navigate(
          .setData(
            RouteData(fields: ["period": period.rawValue]), for: store.state.navigation.route)))
    case .deleteProject(let id, let confirmed):
      guard let summary = store.state.project(id: id) else {
        throw TallyError(.notFound, "there is no project \(id)")
      }
      guard try confirm(DeleteQuestion.project(summary), confirmed: confirmed) else { return }
      console.status(try store.perform(.deleteProject(id, at: services.now())))
    case .deleteReading(let id, let confirmed):
      let shown = store.state.stored.openProject.flatMap { open in
        open.readings.first { $0.id == id }.map {
          DeleteQuestion.reading($0, of: open.summary.project, zone: services.zone)
        }
      }
      guard try confirm(shown ?? "Delete reading #\(id.rawValue)?", confirmed: confirmed) else {
        return
      }
      console.status(try store.perform(.deleteReading(id, at: services.now())))
    case .subcommand(let words):
      try services.runSubcommand(words)
    }
  }

  /// Asks on a terminal; a script confirms with `--yes`.
  ///
  /// - Returns: Whether to go on; any answer but yes says "Not deleted." and is no error.
  /// - Throws: ``TallyError`` in a script without `--yes`.
  private func confirm(_ question: String, confirmed: Bool) throws(TallyError) -> Bool {
    guard !confirmed else { return true }
    guard reader.isInteractive else {
      throw TallyError(
        .invalidInput, "not deleting without confirmation: a script confirms with --yes",
        hint: "Write `delete --yes` or `delete ID --yes`.")
    }
    guard case .line(let answer) = reader.readLine(prompt: question + " [y/N] "),
      ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    else {
      console.status("Not deleted.")
      return false
    }
    return true
  }

  /// Takes in what another process wrote since the last line, before this one is carried
  /// out (so `open 2` means what the screen would now show); screens print what changed.
  private func catchUp() {
    do {
      guard let stored = try services.reloadIfChangedElsewhere(store.state.routedProjectID)
      else { return }
      store.dispatch(.loaded(stored))
    } catch {
      console.error(error)
    }
  }
}
