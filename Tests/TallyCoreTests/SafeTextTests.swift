import TallyCore
import Testing

/// Text from strangers, made safe for a terminal (``VisibleText``) and a spreadsheet
/// (``SpreadsheetText``).
@Suite struct SafeTextTests {
  @Test(arguments: [
    ("plain note", "plain note"),
    ("two\nlines", "two\\nlines"),
    ("tab\there", "tab\\there"),
    ("cr\r", "cr\\r"),
    ("\u{1B}]52;c;aGk=\u{07}", "\\e]52;c;aGk=\\u{7}"),
    ("\u{1B}[31mred", "\\e[31mred"),
    ("del\u{7F}", "del\\u{7F}"),
    ("c1\u{9B}2J", "c1\\u{9B}2J"),
    ("abc\u{202E}fed", "abc\\u{202E}fed"),
    ("\u{2066}iso\u{2069}", "\\u{2066}iso\\u{2069}"),
    ("mark\u{200F}", "mark\\u{200F}"),
    ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
    ("soft\u{AD}hy\u{200B}zw\u{FEFF}", "soft\\u{AD}hy\\u{200B}zw\\u{FEFF}"),
    ("\u{2060}\u{2064}\u{180E}", "\\u{2060}\\u{2064}\\u{180E}"),
    ("👨\u{200D}👩\u{200D}👧 ن\u{200C}م", "👨\u{200D}👩\u{200D}👧 ن\u{200C}م"),
    ("naïve 東京 🚗", "naïve 東京 🚗"),
  ])
  func controlCharactersShowAsEscapes(text: String, shown: String) {
    #expect(VisibleText.escaped(text) == shown)
  }

  @Test func messagesKeepTheirLineBreaksAndTabs() {
    #expect(VisibleText.message("a\nb\tc\u{1B}d") == "a\nb\tc\\ed")
  }

  @Test(arguments: [
    ("=1+2", "'=1+2"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("'=x", "''=x"), ("''@", "'''@"),
    ("'quoted'", "'quoted'"), ("fuel", "fuel"), ("", ""), ("'", "'"), ("a=b", "a=b"),
  ])
  func formulasAreWrittenAsText(text: String, written: String) {
    #expect(SpreadsheetText.escaped(text) == written)
    #expect(SpreadsheetText.unescaped(written) == text)
  }

  /// Every string of up to five characters from an alphabet of formula starts, quotes and
  /// letters: what is written never starts a formula, and reads back as it was.
  @Test func everyShortStringRoundTrips() {
    let alphabet: [Character] = ["'", "=", "+", "-", "@", "\t", "\r", "a"]
    var strings: [String] = [""]
    var all: [String] = [""]
    for _ in 1...5 {
      strings = strings.flatMap { prefix in alphabet.map { prefix + String($0) } }
      all += strings
    }
    let starts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]
    for text in all {
      let written = SpreadsheetText.escaped(text)
      #expect(!(written.first.map(starts.contains) ?? false), "\(text.debugDescription)")
      #expect(SpreadsheetText.unescaped(written) == text, "\(text.debugDescription)")
    }
  }

  @Test func aMessageQuotesEightyCharactersOfAValue() {
    #expect(VisibleText.quoted("short") == "'short'")
    let eighty = String(repeating: "a", count: 80)
    #expect(VisibleText.quoted(eighty) == "'\(eighty)'")
    #expect(VisibleText.quoted(eighty + "b") == "'\(eighty)…' (81 characters)")
  }
}
