import TallyReports
import TestSupport
import Testing

/// The one wrapping of every caller: at spaces, by display width, never past the width, never
/// inside a word that fits.
@Suite struct TextWrapTests {
  @Test func aLineThatFitsStaysAsItIs() {
    #expect(
      TextWrap.wrap("Started a timer for Writing", width: 40) == "Started a timer for Writing")
    #expect(TextWrap.wrap("no width", width: nil) == "no width")
  }

  @Test func wordsAreNeverBrokenWhenTheyFit() {
    let text = "Forecast for 2024-03-30: 0 km at this pace, at risk for at least 20 km per day"
    #expect(
      TextWrap.wrap(text, width: 40) == """
        Forecast for 2024-03-30: 0 km at this
        pace, at risk for at least 20 km per day
        """)
  }

  @Test func aHintKeepsItsIndentationAndAColumnItsColumn() {
    #expect(
      TextWrap.wrap("  open N|TITLE   open a project by its number or its title", width: 40)
        == """
          open N|TITLE   open a project by its
                         number or its title
        """)
  }

  @Test func wideCharactersTakeTwoColumnsAndColoursNone() {
    let wide = "日本語 日本語 日本語 日本語"
    for line in TextWrap.wrap(wide, width: 14).split(separator: "\n") {
      #expect(TextWrap.visibleWidth(String(line)) <= 14)
    }
    let coloured = "\u{1B}[31mError:\u{1B}[0m the interval overlaps the timer"
    #expect(TextWrap.wrap(coloured, width: 40) == coloured)
  }

  @Test func aWordWiderThanTheLineIsCut() {
    let wrapped = TextWrap.wrap("see https://example.com/a/very/long/path/to/somewhere", width: 20)
    for line in wrapped.split(separator: "\n") {
      #expect(TextWrap.visibleWidth(String(line)) <= 20)
    }
    #expect(wrapped.replacingOccurrences(of: "\n", with: "").contains("example.com/a/very"))
  }

  /// Random text of words (wide, combining and plain) at random widths from 10 to 120: no line
  /// is wider than the width, every word that fits the width is on one line whole, and the
  /// words come out in order.
  @Test func theWrapperNeverSplitsAWordThatFitsNorPassesTheWidth() {
    var random = SeededRandom(seed: 37)
    let pieces = ["a", "km", "Mileage", "日本", "é", "e\u{301}", "😀", "forecast", "2024-03-30:"]
    for _ in 0..<2_000 {
      let width = Int.random(in: 10...120, using: &random)
      let words = (0..<Int.random(in: 0...30, using: &random)).map { _ in
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
          pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }.joined()
      }
      let text = words.joined(separator: " ")
      let lines = TextWrap.wrap(text, width: width).split(separator: "\n").map(String.init)
      for line in lines {
        #expect(TextWrap.visibleWidth(line) <= width, "\(width): \(line)")
      }
      let pieces = lines.flatMap { $0.split(separator: " ").map(String.init) }
      for word in words where TextWrap.visibleWidth(word) <= width {
        #expect(pieces.contains(word), "\(width): \(word) in \(lines)")
      }
      #expect(pieces.joined() == words.joined(), "\(width): \(lines)")
    }
  }

  /// A styled section line wider than the terminal wraps at its spaces, its figures whole: its
  /// escapes stay whole and its style ends after its last word (a cut colour code once ate
  /// the line after it).
  @Test func aStyledSectionWrapsWithItsEscapesWhole() {
    var table = TextTable(columns: [
      .init("PROJECT", .text), .init("READINGS", .right), .init("AMOUNT", .right),
    ])
    table.appendSection(
      "2024-03-04 · 2 readings · 16.5 EUR and more", style: { "\u{1B}[2m" + $0 + "\u{1B}[0m" })
    table.append(["Spend on the market by the river", "2", "16.5 EUR"])
    for width in [20, 30, 40] {
      let lines = table.render(width: width).split(separator: "\n").map(String.init)
      for line in lines {
        #expect(TextWrap.visibleWidth(line) <= width, "\(line)")
      }
      let first = lines.firstIndex { $0.hasPrefix("\u{1B}[2m") }
      let last = lines.firstIndex { $0.hasSuffix("\u{1B}[0m") }
      guard let first, let last else {
        Issue.record("no styled section in \(lines)")
        continue
      }
      let words = lines[first...last].joined(separator: " ")
        .replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(
          of: "\u{1B}[0m", with: ""
        )
        .split(separator: " ")
      #expect(words.joined(separator: " ") == "2024-03-04 · 2 readings · 16.5 EUR and more")
    }
  }
}
