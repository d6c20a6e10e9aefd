import Foundation
import TallyCore
import TallyImport
import Testing

/// Files shaped as spreadsheets and other programs write them: padded values, very wide
/// headers, very long lines.
@Suite struct ReadingsFileShapeTests {
  /// Writes `text` to a temporary file and reads it with `options`.
  func read(
    _ text: String, _ configure: (inout ImportOptions) -> Void = { _ in }
  ) throws -> (readings: [ImportedReading], problems: [RowProblem]) {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("shape-\(UUID().uuidString).csv")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var options = ImportOptions(zone: .gmt)
    configure(&options)
    let file = try ReadingsFile(path: url.path, options: options)
    var readings: [ImportedReading] = []
    var problems: [RowProblem] = []
    _ = try file.forEachRow(valid: { readings.append($0) }, invalid: { problems.append($0) })
    return (readings, problems)
  }

  /// The message of the error reading `text` fails with, with the file's path left out.
  func failure(_ text: String) -> String? {
    do {
      _ = try read(text)
      return nil
    } catch {
      guard let message = (error as? TallyError)?.message,
        let comma = message.range(of: ".csv")
      else { return "\(error)" }
      return String(message[comma.upperBound...])
    }
  }

  let january5 = Timestamp(secondsSince1970: 1_704_412_800)  // 2024-01-05T00:00:00Z

  @Test func spacesAndTabsAroundADateOrAnAmountAreRead() throws {
    let result = try read(
      "date,amount,note\n 2024-01-05 ,  12.5 ,a\n\t2024-01-05\t,\t-3\t,b\n  2024-01-05,7  ,c\n")
    #expect(result.problems.isEmpty)
    #expect(
      result.readings == [
        ImportedReading(line: 2, timestamp: january5, amount: 12.5, note: "a"),
        ImportedReading(line: 3, timestamp: january5, amount: -3, note: "b"),
        ImportedReading(line: 4, timestamp: january5, amount: 7, note: "c"),
      ])
  }

  @Test func spacesAroundADateOfAPatternAndADecimalCommaAreRead() throws {
    let result = try read("Datum;Wert\n 05.01.2024 ;\t1.234,5 \n") { options in
      options.delimiter = FieldDelimiter(argument: ";") ?? .comma
      options.dateColumn = "Datum"
      options.amountColumn = "Wert"
      options.dateFormat = "dd.MM.yyyy"
      options.decimalComma = true
    }
    #expect(result.problems.isEmpty)
    #expect(result.readings.map(\.timestamp) == [january5])
    #expect(result.readings.map(\.amount) == [1_234.5])
  }

  @Test func spacesWithinADateAreStillRefused() throws {
    let result = try read("date,amount\n2024-01- 05,1\n")
    #expect(result.problems.map(\.value) == ["2024-01- 05"])
  }

  @Test func aHeaderOf100000ColumnsIsReadAndItsRowsToo() throws {
    // 100,000 columns: the date, the amount and 99,998 others (ca. 690 KB).
    let others = (0..<99_998).map { "c\($0)" }.joined(separator: ",")
    let row = "2024-01-05,9" + String(repeating: ",", count: 99_998)
    let clock = ContinuousClock()
    let start = clock.now
    let result = try read("date,amount,\(others)\n\(row)\n")
    let took = clock.now - start
    #expect(result.readings.map(\.amount) == [9])
    // Read in one pass: columns compared with every other took 24 s for 160,000.
    #expect(took < .seconds(10), "took \(took)")
  }

  @Test func aNameTwiceInAWideHeaderIsFoundAtOnce() {
    let others = (0..<99_997).map { "c\($0)" }.joined(separator: ",")
    #expect(
      failure("date,amount,\(others),C5\n")
        == " names the column 'c5' twice (columns 8 and 100000 of the header)")
  }

  @Test func aMissingColumnOfAWideHeaderListsItsFirstColumns() {
    let others = (0..<99_998).map { "c\($0)" }.joined(separator: ",")
    let first18 = (0..<18).map { "c\($0)" }.joined(separator: ", ")
    #expect(
      failure("day,amount,\(others)\n")
        == " has no column 'date' (its first 20 columns of 100000: day, amount, \(first18))")
  }

  @Test func aRecordLongerThanTheLimitIsRefusedNamingItsLine() {
    let note = String(repeating: "x", count: ReadingsFile.maximumRecordLength)
    #expect(
      failure("date,amount,note\n2024-01-05,1,a\n2024-01-05,2,\(note)\n2024-01-05,3,c\n")
        == ", line 3: the record that starts here is longer than 1 MiB, the most one may be (is a "
        + "quote never closed, or are the lines not separated by line breaks?)")
  }

  @Test func aRecordOfEmptyFieldsCountsItsDelimiters() {
    let commas = String(repeating: ",", count: ReadingsFile.maximumRecordLength + 1)
    #expect(
      failure("date,amount\n\(commas)\n")
        == ", line 2: the record that starts here is longer than 1 MiB, the most one may be (is a "
        + "quote never closed, or are the lines not separated by line breaks?)")
  }

  @Test func aQuoteNeverClosedStopsAtTheLimitNotAtTheEndOfTheFile() {
    let rows = String(repeating: "2024-01-05,1,a\n", count: 80_000)  // 1.2 MB
    #expect(
      failure("date,amount,note\n2024-01-05,1,\"open\n\(rows)")
        == ", line 2: the record that starts here is longer than 1 MiB, the most one may be (is a "
        + "quote never closed, or are the lines not separated by line breaks?)")
  }

  @Test func aRecordJustWithinTheLimitIsRead() throws {
    // "2024-01-05" (10) + "," + "1" + "," + the note: 13 bytes besides the note.
    let note = String(repeating: "y", count: ReadingsFile.maximumRecordLength - 13)
    let result = try read("date,amount,note\n2024-01-05,1,\(note)\n")
    #expect(result.readings.map { $0.note?.utf8.count } == [ReadingsFile.maximumRecordLength - 13])
  }
}
