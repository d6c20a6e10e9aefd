import Foundation
import TallyCore
import Testing

@testable import TallyReports

/// The byte writer of dumps writes what people's and programs' readers read back: each check
/// has an oracle of its own (Foundation's JSON parser, the zone asked afresh, a CSV reader
/// written here).
@Suite struct RecordWriterTests {
  /// Texts a note or a title may hold, the hostile ones most.
  private static let pieces = [
    "a", "milk, tea", "\"quoted\"", " lead", "trail ", "\n", "\r\n", "\t", "\u{1B}[31m", "=1+2",
    "'", "+", "-3", "@x", "é", "e\u{301}", "日本", "👩‍👩‍👧", "\u{0}", "\u{7F}", "\\", ",", "",
  ]

  private func randomText(_ generator: inout some RandomNumberGenerator) -> String {
    (0..<Int.random(in: 0...5, using: &generator)).map { _ in
      Self.pieces.randomElement(using: &generator) ?? ""
    }.joined()
  }

  /// A CSV field read back as RFC 4180 says, whole: a quoted field has its doubled quotes
  /// undone; an unquoted one is as it is.
  private func unquoted(_ field: String) -> String? {
    let bytes = Array(field.utf8)
    guard bytes.first == UInt8(ascii: "\"") else {
      let special = bytes.contains { [UInt8(ascii: ","), UInt8(ascii: "\""), 10, 13].contains($0) }
      return special ? nil : field
    }
    guard bytes.count >= 2, bytes.last == UInt8(ascii: "\"") else { return nil }
    var result: [UInt8] = []
    var index = 1
    while index < bytes.count - 1 {
      if bytes[index] == UInt8(ascii: "\"") {
        guard bytes[index + 1] == UInt8(ascii: "\""), index + 1 < bytes.count - 1 else {
          return nil
        }
        index += 1
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  @Test func aCSVFieldReadsBackAsItWasAndKeepsItsEdgeSpaces() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let text = randomText(&generator)
      var writer = RecordWriter()
      writer.csvField(text)
      #expect(unquoted(writer.text) == text, "\(text.debugDescription)")
      let edgeSpace = text.utf8.first == 32 || text.utf8.last == 32
      if edgeSpace { #expect(writer.text.hasPrefix("\"")) }
    }
  }

  @Test func aCSVTextFieldIsMarkedWhereASpreadsheetWouldRunIt() {
    var writer = RecordWriter()
    writer.csvText("=1+2")
    writer.append(",")
    writer.csvText("-3, then")
    #expect(writer.text == "'=1+2,\"'-3, then\"")
  }

  @Test func aJSONStringParsesBackAsItWas() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let text = randomText(&generator)
      var writer = RecordWriter()
      writer.append("[")
      writer.jsonString(text)
      writer.append("]")
      let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
      #expect(parsed == [text], "\(text.debugDescription)")
      // No control character goes out raw.
      #expect(!writer.bytes.contains { $0 < 0x20 })
    }
  }

  @Test func integersAndAmountsAreWrittenAsTheirTextsSay() {
    var generator = SystemRandomNumberGenerator()
    let integers: [Int64] = [0, 1, -1, 9, 10, -10, .max, .min, 1_000_000, -999_999]
    for value in integers
      + (0..<2_000).map({ _ in Int64.random(in: .min ... .max, using: &generator) })
    {
      var writer = RecordWriter()
      writer.integer(value)
      #expect(writer.text == String(value))
    }
    let amounts: [Double] = [0, -0.0, 1, -1, 0.1, 1e-5, 1e15, 1e15 - 1, -1e15 + 1, 1e300, .pi]
    for amount in amounts
      + (0..<2_000).map({ _ in Double.random(in: -1e16...1e16, using: &generator) })
    {
      var writer = RecordWriter()
      writer.exactAmount(amount)
      #expect(Double(writer.text) == (amount == 0 ? 0 : amount), "\(amount)")
      #expect(writer.text == AmountFormat.exact(amount))
    }
  }

  /// Timestamps in time order, then at random, in zones with daylight saving (of an hour and
  /// of half an hour), a zone that skipped a day, and one that never changes: each matches
  /// the text the zone gives when it is asked afresh.
  @Test(arguments: [
    "UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia",
    "Asia/Kathmandu", "America/Sao_Paulo",
  ])
  func timestampsMatchTheZoneAskedEachTime(zoneName: String) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    var generator = SystemRandomNumberGenerator()
    // 1900 to 2100, across many transitions.
    let range: ClosedRange<Int64> = -2_208_988_800_000_000...4_102_444_800_000_000
    var times = (0..<4_000).map { _ in Int64.random(in: range, using: &generator) }
    // Instants at and around each hour of a transition year, in order.
    let year2011: Int64 = 1_293_840_000_000_000
    let halfHour: Int64 = 1_800_000_000
    for step in 0..<Int64(366 * 48) {
      let time = year2011 + step * halfHour
      times += [time - 1, time, time + 1, time + 999_000]
    }
    var writer = RecordWriter(zone: zone)
    for order in [times.sorted(), times] {
      for time in order {
        let timestamp = Timestamp(microsecondsSince1970: time)
        writer.clear()
        writer.timestamp(timestamp)
        let expected = TimestampFormat.iso8601(timestamp, in: zone)
        #expect(writer.text == expected, "\(time) in \(zoneName)")
        if writer.text != expected { return }
      }
    }
  }
}
