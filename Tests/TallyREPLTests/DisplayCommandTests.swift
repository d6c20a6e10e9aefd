import Foundation
import TallyCore
import TallyState
import Testing

@testable import TallyREPL

@Suite struct DisplayCommandTests {
  @Test func viewRecordsShowsOneFieldALinePerReading() throws {
    let repl = try REPLHarness(width: 80)
    try repl.addProject("Mileage", units: "km")
    #expect(repl.run("open Mileage", "add 42 --note trip", "view records"))
    #expect(repl.store.state.display.layout == .records)
    #expect(repl.output.contains("-[ RECORD 1 ]"), "\(repl.output)")
    #expect(repl.output.contains("AMOUNT | 42 km\n"))
    #expect(repl.output.contains("NOTE   | trip\n"))
  }

  @Test func viewAloneSaysTheMode() throws {
    let repl = try REPLHarness()
    #expect(repl.run("view"))
    #expect(repl.output.contains("view auto: reading lists are tables"))
    #expect(repl.run("view table", "view"))
    #expect(repl.output.contains("view table: reading lists are tables\n"))
  }

  @Test func autoTurnsToRecordsWhenATableDoesNotFitAndTableStaysATable() throws {
    let repl = try REPLHarness(width: 30)
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "add 42 --note trip")
    #expect(repl.output.contains("-[ RECORD 1 ]"))
    repl.clear()
    repl.run("view table")
    #expect(repl.output.contains("ID  TIME"), "\(repl.output)")
    #expect(!repl.output.contains("-[ RECORD"))
  }

  @Test func aWrongViewIsRefused() throws {
    let repl = try REPLHarness()
    #expect(!repl.run("view wide"))
    #expect(repl.messages.contains("view takes one of auto, table or records; not 'wide'"))
  }

  @Test func pagerTurnsOffAndOnAndSaysItsState() throws {
    let repl = try REPLHarness()
    #expect(repl.run("pager off"))
    #expect(repl.store.state.display.pager == false)
    #expect(repl.run("pager"))
    #expect(repl.output.contains("pager off"))
    #expect(repl.run("pager on"))
    #expect(repl.store.state.display.pager)
    #expect(!repl.run("pager sometimes"))
  }

  @Test(arguments: ["0", "-1", "abc", "3601", "inf", "nan"])
  func watchTakesAPositiveNumberOfSecondsUpToAnHour(seconds: String) throws {
    let repl = try REPLHarness()
    #expect(!repl.run("watch \(seconds)"))
    #expect(repl.messages.contains("watch takes the seconds between showings"), "\(repl.messages)")
  }

  @Test func watchNeedsATerminal() throws {
    let repl = try REPLHarness()
    #expect(!repl.run("watch 1"))
    #expect(repl.messages.contains("watch works at a terminal"))
  }

  @Test func displayCommandsAreCompleted() throws {
    let completer = Completer(catalog: REPLHarness.catalog, state: AppState(), screenCommands: [])
    #expect(
      completer.complete(CompletionRequest(before: "view ", word: "r")).candidates == ["records"])
    #expect(
      completer.complete(CompletionRequest(before: "pager ", word: "o")).candidates == [
        "off", "on",
      ])
    #expect(completer.complete(CompletionRequest(before: "", word: "wa")).candidates == ["watch"])
  }
}

@Suite struct PagerChoiceTests {
  @Test func tallyPagerThenPagerThenLess() {
    #expect(Pager.chosen(environment: [:]).command == "less -FRX")
    #expect(Pager.chosen(environment: ["PAGER": "more"]).command == "more")
    #expect(Pager.chosen(environment: ["PAGER": "more", "TALLY_PAGER": "most"]).command == "most")
    #expect(Pager.chosen(environment: ["PAGER": ""]).command == "less -FRX")
  }

  @Test func anEmptyTallyPagerStartsWithThePagerOff() {
    #expect(Pager.chosen(environment: ["TALLY_PAGER": ""]).isOnAtStart == false)
    #expect(Pager.chosen(environment: ["PAGER": ""]).isOnAtStart)
    #expect(Pager.chosen(environment: ["TALLY_PAGER": "cat"]).isOnAtStart)
  }

  @Test func aPagerThatCannotStartSaysSo() {
    #expect(!Pager(command: "/nonexistent/pager").show("text\n"))
    #expect(Pager(command: "cat > /dev/null").show("text\n"))
  }
}

@Suite struct ConsoleCaptureTests {
  final class Sink {
    var written: [String] = []
  }

  func console(_ sink: Sink) -> Console {
    Console(
      style: .plain, output: { sink.written.append("out:" + $0) },
      messages: { sink.written.append("err:" + $0) })
  }

  @Test func notPagedTheOutputComesInItsOrder() {
    let sink = Sink()
    let console = console(sink)
    console.beginCapture()
    console.line("a")
    console.status("done")
    console.line("b")
    #expect(sink.written.isEmpty)
    console.finishCapture { _ in false }
    #expect(sink.written == ["out:a\n", "err:done\n", "out:b\n"])
  }

  @Test func pagedThePagerGetsTheOutputAndMessagesFollow() {
    let sink = Sink()
    let console = console(sink)
    var paged = ""
    console.beginCapture()
    console.result("a\n")
    console.status("done")
    console.result("b\n")
    console.finishCapture { text in
      paged = text
      return true
    }
    #expect(paged == "a\nb\n")
    #expect(sink.written == ["err:done\n"])
  }

  /// A screen is drawn to fit and never paged: the pager gets only what was asked for in full.
  @Test func aScreenIsNeverPaged() {
    let sink = Sink()
    let console = console(sink)
    var paged = ""
    console.beginCapture()
    console.line("screen")
    console.result("list\n")
    console.status("done")
    console.finishCapture { text in
      paged = text
      return true
    }
    #expect(paged == "list\n")
    #expect(sink.written == ["out:screen\n", "err:done\n"])
  }

  @Test func releasingWritesWhatWasCapturedAndStopsCapturing() {
    let sink = Sink()
    let console = console(sink)
    console.beginCapture()
    console.line("a")
    console.release()
    console.line("b")
    console.finishCapture { _ in true }
    #expect(sink.written == ["out:a\n", "out:b\n"])
  }
}
