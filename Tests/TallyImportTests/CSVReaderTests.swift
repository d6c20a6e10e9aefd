import Foundation
import PropertyBased
import TallyImport
import Testing

@Suite struct CSVReaderTests {
  /// Every record of `text`, as strings, read `chunk` bytes at a time.
  func records(
    _ text: String, delimiter: FieldDelimiter = .comma, chunk: Int = .max
  ) throws -> [[String]] {
    var reader = CSVReader(
      source: MemorySource(text, chunk: chunk), delimiter: delimiter, bufferSize: 16)
    var result: [[String]] = []
    while let record = try reader.next() {
      result.append((0..<record.count).map(record.string))
    }
    return result
  }

  @Test func readsPlainRecords() throws {
    #expect(try records("a,b,c\n1,2,3\n") == [["a", "b", "c"], ["1", "2", "3"]])
  }

  @Test func theLastLineNeedsNoLineBreak() throws {
    #expect(try records("a,b\n1,2") == [["a", "b"], ["1", "2"]])
  }

  @Test func readsCRLF() throws {
    #expect(try records("a,b\r\n1,2\r\n") == [["a", "b"], ["1", "2"]])
  }

  @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() throws {
    let text = "note,n\n\"a, b\",1\n\"say \"\"hi\"\"\",2\n\"two\nlines\",3\n\"\",4\n"
    #expect(
      try records(text) == [
        ["note", "n"], ["a, b", "1"], ["say \"hi\"", "2"], ["two\nlines", "3"], ["", "4"],
      ])
  }

  @Test func emptyFieldsAndATrailingDelimiter() throws {
    #expect(try records("a,,c\n,,\n1,2,") == [["a", "", "c"], ["", "", ""], ["1", "2", ""]])
  }

  @Test(arguments: [1, 2, 3, 100])
  func skipsAByteOrderMark(chunk: Int) throws {
    #expect(try records("\u{FEFF}date,amount\n", chunk: chunk) == [["date", "amount"]])
  }

  @Test(arguments: [(";", ";"), ("tab", "\t"), ("|", "|")])
  func otherDelimiters(name: String, character: String) throws {
    let delimiter = try #require(FieldDelimiter(argument: name))
    let text = "a\(character)b\n\"1\(character)5\"\(character)2,3\n"
    #expect(try records(text, delimiter: delimiter) == [["a", "b"], ["1\(character)5", "2,3"]])
  }

  @Test func countsLinesAcrossQuotedLineBreaks() throws {
    var reader = CSVReader(source: MemorySource("h\n\"a\nb\"\nc\r\nd\n"))
    var lines: [Int] = []
    while let record = try reader.next() { lines.append(record.line) }
    #expect(lines == [1, 2, 4, 5])
  }

  @Test func anUnterminatedQuoteNamesTheLineWhereTheFieldBegan() {
    #expect(throws: CSVError(line: 3, reason: "a quoted field is never closed")) {
      try records("a,b\n1,2\n3,\"four\n5,6\n")
    }
  }

  @Test func aBlankLineIsOneEmptyField() throws {
    var reader = CSVReader(source: MemorySource("a\n\nb\n"))
    var blanks: [Bool] = []
    while let record = try reader.next() { blanks.append(record.isBlank) }
    #expect(blanks == [false, true, false])
  }

  @Test func anEmptyInputHasNoRecords() throws {
    #expect(try records("").isEmpty)
    #expect(try records("\u{FEFF}").isEmpty)
  }

  /// Writes records as RFC 4180 CSV, quoting every field that needs it.
  static func write(_ records: [[String]], lineEnd: String) -> String {
    records.map { fields in
      fields.map { field in
        field.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) })
          || field.isEmpty
          ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
      }.joined(separator: ",")
    }.joined(separator: lineEnd) + lineEnd
  }

  @Test func whatIsWrittenIsReadBackWhateverTheChunkSize() async {
    let field = Gen.element(of: ["a", "b", ",", "\"", "\n", "\r\n", " ", "é", "x"])
      .array(of: 0...6).map { $0.compactMap { $0 }.joined() }
    let records = field.array(of: 1...4).array(of: 1...8)
    await propertyCheck(count: 200, input: records, Gen.int(in: 1...9), Gen.bool) {
      records, chunk, crlf in
      let text = Self.write(records, lineEnd: crlf ? "\r\n" : "\n")
      #expect((try? self.records(text, chunk: chunk)) == records)
    }
  }
}
