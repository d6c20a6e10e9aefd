import Flow
import Foundation
import Routing
public import TallyApp
import TallyCommandLine
import TallyCore
import TallyReports
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
  private let pager: Pager?
  private let startupFile: StartupFile?
  /// Said once, after the first screen.
  private let notes: [String]
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
  ///   - pager: What output longer than the terminal goes through, when standard output is
  ///     a terminal and the pager is on in the state; `nil`: never paged.
  ///   - startupFile: Lines to run before the first prompt (`tallyrc`); `nil`: none.
  ///   - notes: What to say once the first screen is drawn, where it stays in sight (a `TZ`
  ///     tally does not know).
  public init(
    session: Session, reader: any LineReader, console: Console, source: String = "stdin",
    showsStartScreen: Bool? = nil, pager: Pager? = nil, startupFile: StartupFile? = nil,
    notes: [String] = []
  ) {
    self.session = session
    self.reader = reader
    self.console = console
    self.source = source
    self.pager = pager
    self.startupFile = startupFile
    self.notes = notes
    self.showsStartScreen = showsStartScreen ?? reader.isInteractive
    self.context = ScreenContext(
      session: session, console: console, isInteractive: reader.isInteractive)
    session.watchForChanges()
    if let pager, !pager.isOnAtStart { session.store.dispatch(.display(.setPager(false))) }
    session.messages = MessageSink(
      output: { [console] in console.result($0) },
      status: { [console] in console.status($0) },
      progress: { [console] in console.progress($0) },
      failure: { [console] in console.error($0) },
      confirm: { [reader, console] question, refusal throws(TallyError) in
        console.release()
        guard reader.isInteractive else {
          throw TallyError(
            .invalidInput, "\(refusal) without --yes: a script confirms with --yes",
            hint: "Add --yes to confirm (`delete --yes` on a project's screen).")
        }
        // Wrapped at words: the question's last line is the prompt.
        var lines = TextWrap.wrap(question + " [y/N]", width: console.style.width)
          .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prompt = (lines.popLast() ?? "") + " "
        for line in lines { console.result(line + "\n") }
        guard case .line(let answer) = reader.readLine(prompt: prompt) else {
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
    // The start-up file runs before anything is drawn (it may turn the pager off, change the
    // view, open a project); then the one screen it leaves is drawn whole, once.
    let starts = router == nil
    console.isMuted = true
    startRouting()
    runStartupFile()
    console.isMuted = false
    if showsStartScreen, starts { paged { stack.top?.redraw() } }
    for note in notes { console.status(note) }
    return readLines() || reader.isInteractive
  }

  /// Runs the start-up file's lines as if typed, each error named by the file and line;
  /// the REPL goes on after one, as `psql` does with its `.psqlrc`.
  private func runStartupFile() {
    guard let startupFile else { return }
    for (number, line) in startupFile.commands {
      let place = "\(startupFile.name):\(number)"
      if paged({ handle(line, place: place, remembering: false) }) == .quit { break }
    }
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
        switch paged({ handle(line, place: place) }) {
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
  func handle(_ line: String, place: String? = nil, remembering: Bool = true) -> Outcome {
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
    if remembering { reader.remember(trimmed) }
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
    if let form = stack.top as? FormScreen {
      // A form's field completes its own values (kinds, periods), and only as one word.
      guard request.before.allSatisfy(\.isWhitespace), let field = form.currentField() else {
        return CompletionResult()
      }
      let typed = request.word.lowercased()
      return CompletionResult(candidates: field.choices.filter { $0.hasPrefix(typed) })
    }
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
      // `go` to the screen shown draws it again (after a resize, say): the same route is no
      // change of state, so nothing else would.
      guard route != store.state.navigation.route else {
        stack.top?.redraw()
        return true
      }
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
      case .help(let text): console.result(text)
      }
    case .view(let layout):
      guard let layout else {
        console.line(DisplayCommands.describe(store.state.display.layout))
        return true
      }
      store.dispatch(.display(.setLayout(layout)))
    case .pager(let on):
      guard let on else {
        console.line(DisplayCommands.describe(pager: store.state.display.pager))
        return true
      }
      store.dispatch(.display(.setPager(on)))
      console.status(DisplayCommands.describe(pager: on))
    case .watch(let seconds):
      try watch(every: seconds)
    }
    return true
  }

  /// Runs `body` with the console's output captured, then shows it: through the pager when
  /// it is longer than the terminal (and the pager is on, and standard output a terminal),
  /// else as it is.
  private func paged<T>(_ body: () -> T) -> T {
    guard let pager, reader.isInteractive else { return body() }
    console.beginCapture()
    let result = body()
    console.finishCapture { [store] text in
      guard store.state.display.pager, session.terminal.output else { return false }
      let rows = session.terminal.lines()
      // The prompt takes the last line.
      guard text.reduce(0, { $0 + ($1 == "\n" ? 1 : 0) }) >= rows else { return false }
      return pager.show(text)
    }
    return result
  }

  /// Shows the screen on top again every `seconds`, with what the database then holds, until
  /// Ctrl-C (as `pgcli`'s `\watch`).
  private func watch(every seconds: Double) throws(TallyError) {
    guard reader.isInteractive else {
      throw TallyError(
        .invalidInput, "watch works at a terminal, where Ctrl-C stops it; a script would not end")
    }
    console.release()
    let every = AmountFormat.plain(seconds)
    let clock = DateFormatter()
    clock.dateFormat = "HH:mm:ss"
    clock.timeZone = session.zone
    var first = true
    repeat {
      guard let screen = stack.top else { return }
      console.line(
        console.style.dim("Every \(every) s · \(clock.string(from: Date())) · Ctrl-C stops"))
      screen.redraw { [self] in
        guard !first else { return }
        do throws(TallyError) {
          try session.catchUp()
        } catch {
          console.error(error)
        }
      }
      first = false
    } while !TerminalSignals.sleep(seconds)
    console.line()
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
