import Flow
import Foundation
import Routing
public import TallyApp
import TallyCommandLine
import TallyCore
import TallyState

/// The interactive front door: reads lines, turns each into route actions or requests on the
/// session's one store, and lets the screens on the route render what changed.
///
/// A subcommand typed here is read by the same grammar as the shell's into a ``UserRequest``
/// and carried out by the session, which speaks through this REPL's console.
///
/// The screens follow the route through a ``Router``; nothing here prints a screen. A line that
/// fails is reported and the REPL goes on; ``run()`` says at the end whether any failed.
public final class REPL {
  private let session: Session
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
  ///   - session: The session, with the route to start on already in its store's state; its
  ///     messages are pointed at `console` and questions at `reader`.
  ///   - reader: Where lines come from.
  ///   - console: Where screens and messages go.
  ///   - source: What errors in a script name as their place: the script's path, or `stdin`.
  ///   - showsStartScreen: Whether the screen the REPL starts on is shown; by default only
  ///     to a person at a terminal: a script prints only what its lines produce.
  public init(
    session: Session, reader: any LineReader, console: Console, source: String = "stdin",
    showsStartScreen: Bool? = nil
  ) {
    self.session = session
    self.reader = reader
    self.console = console
    self.source = source
    self.showsStartScreen = showsStartScreen ?? reader.isInteractive
    self.context = ScreenContext(
      session: session, console: console, isInteractive: reader.isInteractive)
    session.watchForChanges()
    session.messages = MessageSink(
      output: { [console] in console.write($0) },
      status: { [console] in console.status($0) },
      progress: { [console] in console.progress($0) },
      failure: { [console] in console.error($0) },
      confirm: { [reader, console] question, refusal throws(TallyError) in
        guard reader.isInteractive else {
          throw TallyError(
            .invalidInput, "\(refusal) without --yes: a script confirms with --yes",
            hint: "Add --yes to confirm (`delete --yes` on a project's screen).")
        }
        guard case .line(let answer) = reader.readLine(prompt: question + " [y/N] ") else {
          console.line()
          return false
        }
        return MessageSink.isYes(answer)
      })
  }

  private var store: Store<AppState, TallyAction> { session.store }

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
        if !reader.isInteractive {
          guard let form = stack.top as? FormScreen else { return succeeded }
          console.error(
            TallyError(
              .invalidInput,
              "the script ended inside the form '\(form.form.title)'; nothing was changed"),
            at: "\(source):\(lineNumber)")
          return false
        }
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
    if let closed = catchUp() {
      // The line was typed for a screen that is gone: it is not run.
      console.error(
        TallyError(
          .conflict,
          "\(closed) was deleted by another process (or, on a shared server, is no longer shared "
            + "with you); this line was not run",
          hint: "Back on the home screen."),
        at: place)
      return .failed
    }
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
      return try perform(command) ? .succeeded : .failed
    } catch {
      console.error(error, at: place)
      return .failed
    }
  }

  /// The prompt: the route's breadcrumb, or the form's question.
  func prompt() -> String {
    let state = store.state
    let names = RouteAddress.breadcrumb(state.navigation.route, in: state)
    var crumb = names.map(VisibleText.escaped).joined(separator: " › ") + " ›"
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

  /// Carries out a command.
  ///
  /// - Returns: `false` when it failed and said why itself (see ``Session/run(_:)``).
  private func perform(_ command: REPLCommand) throws(TallyError) -> Bool {
    switch command {
    case .quit:
      break
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
      store.dispatch(.navigate(.setData(.report(period), for: store.state.navigation.route)))
    case .deleteProject(let id, let confirmed):
      guard let project = store.state.project(id: id) else {
        throw TallyError(.notFound, "there is no project \(id)")
      }
      return try session.run(.deleteProject(title: project.project.title, confirmed: confirmed))
    case .deleteReading(let id, let confirmed):
      return try session.run(.deleteReading(id, confirmed: confirmed))
    case .subcommand(let words):
      switch try CommandLineGrammar.parse(words) {
      case .request(let request): return try session.run(request)
      case .help(let text): console.write(text)
      }
    }
    return true
  }

  /// Takes in what another process wrote since the last line, before this one is carried
  /// out (so `open 2` means what the screen would now show); screens print what changed.
  ///
  /// - Returns: The title of the project whose screen was open, when another process deleted
  ///   it (the route then ends before it); `nil` otherwise.
  private func catchUp() -> String? {
    let open = store.state.routedProjectID.flatMap { store.state.project(id: $0) }
    do {
      try session.catchUp()
    } catch {
      console.error(error)
    }
    guard let open, store.state.project(id: open.id) == nil else { return nil }
    return VisibleText.escaped(open.project.title)
  }
}
