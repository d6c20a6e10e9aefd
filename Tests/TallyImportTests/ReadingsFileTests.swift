import Foundation
import TallyCore
import TallyImport
import Testing

@Suite struct ReadingsFileTests {
  struct Read {
    var readings: [ImportedReading] = []
    var problems: [RowProblem] = []
    var sha256 = ""
  }

  /// Writes `text` to a temporary file and reads it with `options`.
  func read(_ text: String, _ configure: (inout ImportOptions) -> Void = { _ in }) throws -> Read {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("readings-\(UUID().uuidString).csv")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var options = ImportOptions(zone: .gmt)
    configure(&options)
    let file = try ReadingsFile(path: url.path, options: options)
    var result = Read()
    result.sha256 = try file.forEachRow(
      valid: { result.readings.append($0) }, invalid: { result.problems.append($0) })
    return result
  }

  @Test func aRegularFileCanBeReadAgainThroughALinkAndAPipeCannot() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("readings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = "date,amount\n2024-01-01,1\n"
    let file = folder.appendingPathComponent("a.csv")
    try Data(text.utf8).write(to: file)
    let link = folder.appendingPathComponent("link.csv")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let options = ImportOptions(zone: .gmt)
    let regular = try ReadingsFile(path: file.path, options: options)
    #expect(regular.canBeReadAgain)
    #expect(regular.size == text.utf8.count)
    let linked = try ReadingsFile(path: link.path, options: options)
    #expect(linked.canBeReadAgain)
    #expect(linked.size == text.utf8.count)

    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(text.utf8))
    try pipe.fileHandleForWriting.close()
    let piped = try ReadingsFile(
      path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", options: options)
    #expect(!piped.canBeReadAgain)
    var amounts: [Double] = []
    _ = try piped.forEachRow(valid: { amounts.append($0.amount) }, invalid: { _ in })
    #expect(amounts == [1])
  }

  func at(_ text: String) throws -> Timestamp {
    try TimestampParser(zone: .gmt).parse(text)
  }

  @Test(arguments: [
    // A time that the spring-forward night skips, one that the fall-back night has twice, and
    // an ordinary one.
    ("31.03.2024 02:30", "2024-03-31T02:30"), ("27.10.2024 02:30", "2024-10-27T02:30"),
    ("15.01.2024 08:00", "2024-01-15T08:00"),
  ])
  func aDateFormatReadsDaylightSavingChangesAsISODatesDo(pattern: String, iso: String) throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let formatted = try read("date,amount\n\(pattern),1\n") { options in
      options.zone = berlin
      options.dateFormat = "dd.MM.yyyy HH:mm"
    }
    let standard = try read("date,amount\n\(iso),1\n") { $0.zone = berlin }
    #expect(formatted.readings.map(\.timestamp) == standard.readings.map(\.timestamp))
    // A time the zone skips is an invalid row either way, naming the time after the jump.
    let skipped = pattern.hasPrefix("31.03.2024")
    #expect(formatted.readings.count == (skipped ? 0 : 1))
    #expect(formatted.problems.count == standard.problems.count)
    #expect(
      formatted.problems.map(\.reason)
        == (skipped
          ? [
            "is a time that Europe/Berlin skips (its clocks jump forward there); write the time "
              + "after the jump, such as 2024-03-31 03:30, or give an offset"
          ] : []))
  }

  @Test func aResetColumnReadsYesAndNoInAnyCaseWithBlanksAround() throws {
    let words = [
      ("yes", true), (" YES ", true), ("True", true), ("1", true), ("", false), ("no", false),
      ("\tFALSE", false), ("0", false), ("No ", false),
    ]
    let text = "date,amount,reset\n" + words.map { "2024-01-01,1,\($0.0)\n" }.joined()
    let result = try read(text)
    #expect(result.problems.isEmpty)
    #expect(result.readings.map(\.isReset) == words.map(\.1))
  }

  @Test(arguments: ["maybe", "yess", "nope", "y", "truefalse"])
  func aResetWordItDoesNotKnowIsARowProblemNamingIt(word: String) throws {
    let result = try read("date,amount,reset\n2024-01-01,1,\(word)\n")
    #expect(result.readings.isEmpty)
    #expect(result.problems.map(\.value) == [word])
    #expect(result.problems.first?.reason == "is not yes or no (a meter reset or not)")
  }

  @Test func aDateFormatWithAnOffsetKeepsIt() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let result = try read("date,amount\n31.03.2024 02:30 +0000,1\n") { options in
      options.zone = berlin
      options.dateFormat = "dd.MM.yyyy HH:mm Z"
    }
    #expect(result.readings.map(\.timestamp) == [Timestamp(secondsSince1970: 1_711_852_200)])
  }

  @Test func readsTheDefaultColumnsInAnyCaseAndOrder() throws {
    let result = try read("Note,AMOUNT,Date\nfull tank,42.5,2024-01-15\n,10,2024-01-16T08:30Z\n")
    #expect(
      result.readings == [
        ImportedReading(line: 2, timestamp: try at("2024-01-15"), amount: 42.5, note: "full tank"),
        ImportedReading(line: 3, timestamp: try at("2024-01-16T08:30Z"), amount: 10, note: nil),
      ])
    #expect(result.problems.isEmpty)
  }

  @Test func anExportsTimestampColumnIsReadAsTheDate() throws {
    let result = try read("project,timestamp,amount,note\nP,2024-01-15T08:00:00+01:00,3,x\n")
    #expect(result.readings.map(\.timestamp) == [try at("2024-01-15T07:00Z")])
    #expect {
      try read("project,timestamp,amount\n") { $0.dateColumn = "date" }
    } throws: { error in
      (error as? TallyError)?.message.contains("has no column 'date'") == true
    }
  }

  @Test func theNoteColumnMayBeMissing() throws {
    let result = try read("date,amount\n2024-01-15,1\n")
    #expect(result.readings.map(\.note) == [nil])
  }

  @Test func namedColumnsMustExist() throws {
    #expect {
      try read("date,amount\n2024-01-15,1\n") {
        $0.noteColumn = "memo"
        $0.noteColumnIsRequired = true
      }
    } throws: { error in
      (error as? TallyError)?.message.contains("has no column 'memo' (its columns: date, amount)")
        == true
    }
    #expect {
      try read("when,amount\n")
    } throws: { error in
      (error as? TallyError)?.message.contains("has no column 'date'") == true
    }
  }

  @Test func invalidRowsNameTheLineTheColumnAndTheValue() throws {
    let result = try read(
      "date,amount,note\n2024-01-15,abc,x\n2024-02-30,1,y\n2024-01-16,NaN,\n2024-01-17,2\n2024-01-18,3,z\n"
        + "2024-01-19\n2024-01-20,4,a,b\n"
    )
    // Line 5 lacks only its trailing empty field, as spreadsheets write it: it is read.
    #expect(result.readings.map(\.line) == [5, 6])
    #expect(
      result.problems.map(\.description) == [
        "line 2, column amount: 'abc': not a number",
        "line 3, column date: '2024-02-30': no such date or time",
        "line 4, column amount: 'NaN': not a number",
        "line 7: 1 field(s) where the header has 3",
        "line 8: 4 field(s) where the header has 3",
      ])
  }

  @Test func emptyAndNAAmountsAreInvalid() throws {
    let result = try read("date,amount\n2024-01-15,\n2024-01-16,NA\n2024-01-17,1e999\n")
    #expect(result.problems.map(\.reason) == ["no amount", "not a number", AmountRange.reason])
  }

  @Test func theFilterKeepsOneEntitysRows() throws {
    let result = try read("date,who,amount\n2024-01-01,ann,1\n2024-01-01,bob,2\n2024-01-02,ann,x\n")
    {
      $0.filter = (column: "Who", value: "ann")
    }
    #expect(result.readings.map(\.amount) == [1])
    #expect(result.problems.count == 1)
  }

  @Test func europeanFilesWithADatePatternAndDecimalCommas() throws {
    let result = try read("Datum;Wert\n06.01.2024 07:30;1.082,4\n07.01.2024 07:30;-0,5\n") {
      $0.delimiter = FieldDelimiter(argument: ";") ?? .comma
      $0.dateColumn = "datum"
      $0.amountColumn = "wert"
      $0.dateFormat = "dd.MM.yyyy HH:mm"
      $0.decimalComma = true
    }
    #expect(result.readings.map(\.amount) == [1_082.4, -0.5])
    #expect(result.readings.first?.timestamp == (try at("2024-01-06T07:30Z")))
  }

  @Test func aDatePatternRefusesWhatDoesNotMatch() throws {
    let result = try read("date,amount\nJan 5 2024,1\n2024-01-05,2\n") {
      $0.dateFormat = "MMM d yyyy"
    }
    #expect(result.readings.map(\.amount) == [1])
    #expect(result.problems.first?.reason == "does not match the date format 'MMM d yyyy'")
  }

  @Test func naiveTimesAreInTheChosenZone() throws {
    let result = try read("date,amount\n2024-07-01T12:00,1\n") {
      $0.zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    }
    #expect(result.readings.first?.timestamp == (try at("2024-07-01T10:00Z")))
  }

  @Test func blankLinesAreSkippedAndTheHashIsTheContents() throws {
    let text = "date,amount\n\n2024-01-15,1\n\n"
    let result = try read(text)
    #expect(result.readings.count == 1)
    // As `sha256sum` prints it.
    #expect(result.sha256 == "1be116b76166c463e56347472e8fdfb2f9e2e19b5ea4baa9e62aee2b5bd2682e")
  }

  @Test func anUnterminatedQuoteStopsTheImportNamingTheLine() {
    #expect {
      try read("date,amount,note\n2024-01-15,1,\"open\n2024-01-16,2,x\n")
    } throws: { error in
      (error as? TallyError)?.message.hasSuffix(", line 2: a quoted field is never closed") == true
    }
  }

  @Test func anEmptyFileHasNoHeader() {
    #expect {
      try read("")
    } throws: { error in
      (error as? TallyError)?.message.hasSuffix("is empty: it needs a header row") == true
    }
  }

  @Test func aFolderIsAClearError() {
    #expect {
      try ReadingsFile(path: "/tmp", options: ImportOptions(zone: .gmt))
    } throws: { error in
      (error as? TallyError)?.message == "cannot import /tmp: it is a folder, not a file"
    }
  }

  @Test func aMissingFileIsAClearError() {
    #expect {
      try ReadingsFile(path: "/nonexistent/file.csv", options: ImportOptions(zone: .gmt))
    } throws: { error in
      (error as? TallyError)?.message
        == "cannot import /nonexistent/file.csv: there is no such file"
    }
  }
}
