import Foundation
import TallyCore
import TallyImport
import Testing

/// Files in encodings other than UTF-8: read as the text they hold, or refused naming where
/// and what; never stored repaired as U+FFFD, never called binary data.
@Suite struct ReadingsFileEncodingTests {
  struct Read {
    var readings: [ImportedReading] = []
    var problems: [RowProblem] = []
    var encoding: TextEncoding?
  }

  /// A temporary file holding `bytes`, removed when the test ends.
  final class File {
    let path: String

    init(_ bytes: [UInt8]) throws {
      path =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("encoding-\(UUID().uuidString).csv").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    deinit {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  func read(_ file: File, encoding: TextEncoding? = nil) throws -> Read {
    var options = ImportOptions(zone: .gmt)
    options.encoding = encoding
    let opened = try ReadingsFile(path: file.path, options: options)
    var result = Read(encoding: opened.encoding)
    _ = try opened.forEachRow(
      valid: { result.readings.append($0) }, invalid: { result.problems.append($0) })
    return result
  }

  /// The error reading `file` fails with.
  func failure(_ file: File, encoding: TextEncoding? = nil) -> TallyError? {
    do {
      _ = try read(file, encoding: encoding)
      return nil
    } catch {
      return error as? TallyError
    }
  }

  /// `text` in UTF-16, little-endian, each character's two bytes low first.
  func utf16LittleEndian(_ text: String) -> [UInt8] {
    text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  let day = Timestamp(secondsSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z

  @Test func utf16WithAByteOrderMarkIsReadAsSuch() throws {
    let text = "date,amount,note\r\n2024-01-01,1.5,Café €\r\n2024-01-01,2,日本\r\n"
    let little = try File([0xFF, 0xFE] + utf16LittleEndian(text))
    let big = try File([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    for file in [little, big] {
      let result = try read(file)
      #expect(result.encoding == .utf16)
      #expect(result.problems.isEmpty)
      #expect(
        result.readings == [
          ImportedReading(line: 2, timestamp: day, amount: 1.5, note: "Caf\u{E9} \u{20AC}"),
          ImportedReading(line: 3, timestamp: day, amount: 2, note: "\u{65E5}\u{672C}"),
        ])
    }
  }

  @Test func aUTF8ByteOrderMarkIsSkipped() throws {
    let file = try File([0xEF, 0xBB, 0xBF] + Array("date,amount\n2024-01-01,3\n".utf8))
    let result = try read(file)
    #expect(result.encoding == .utf8)
    #expect(result.readings.map(\.amount) == [3])
  }

  @Test func invalidUTF8IsRefusedNamingFileLineColumnAndByte() throws {
    // "Café" in Latin-1 on the third line.
    let file = try File(
      Array("date,amount,note\n2024-01-01,1,ok\n2024-01-02,2,Caf".utf8) + [0xE9, 0x0A])
    let error = try #require(failure(file))
    #expect(
      error.message == "\(file.path), line 3, column note: byte 0xE9 is not UTF-8: 'Caf\\xE9'")
    #expect(
      error.hint
        == "Nothing was imported. Name the file's encoding: --encoding windows-1252 (a Windows "
        + "spreadsheet's export), latin1 or utf-16.")
  }

  @Test func invalidUTF8FarIntoTheFileIsRefusedToo() throws {
    // Past the first 8 KiB, which are looked at before the import.
    var bytes = Array("date,amount,note\n".utf8)
    for _ in 0..<1_000 { bytes += Array("2024-01-01,1,fine\n".utf8) }
    bytes += Array("2024-01-01,1,na".utf8) + [0xEF, 0x76, 0x65, 0x0A]
    let error = try #require(failure(try File(bytes)))
    #expect(
      error.message.hasSuffix(", line 1002, column note: byte 0xEF is not UTF-8: 'na\\xEFve'"))
  }

  @Test func aCutSequenceIsNamedByItsBytes() throws {
    // The first two bytes of "€" (E2 82 AC), then a comma.
    let file = try File(Array("date,amount,note\n2024-01-01,1,".utf8) + [0xE2, 0x82, 0x0A])
    #expect(
      failure(file)?.message
        == "\(file.path), line 2, column note: bytes 0xE2 0x82 are not UTF-8: '\\xE2\\x82'")
  }

  @Test func invalidUTF8InTheHeaderNamesTheColumnByNumber() throws {
    let file = try File(Array("date,amount,Gr".utf8) + [0xF6, 0xDF, 0x65, 0x0A])
    #expect(
      failure(file)?.message
        == "\(file.path), line 1, column 3 of the header: byte 0xF6 is not UTF-8: 'Gr\\xF6\\xDFe'")
  }

  @Test func invalidUTF8InAColumnTheImportDoesNotUseIsRefusedToo() throws {
    // A filter on `who` could not match a name written in Latin-1: the row would be left out.
    let file = try File(Array("date,amount,who\n2024-01-01,1,Ren".utf8) + [0xE9, 0x0A])
    #expect(
      failure(file)?.message
        == "\(file.path), line 2, column who: byte 0xE9 is not UTF-8: 'Ren\\xE9'")
  }

  @Test func latin1IsReadWhenNamed() throws {
    let file = try File(Array("date,amount,note\n2024-01-01,1,Caf".utf8) + [0xE9, 0x0A])
    let result = try read(file, encoding: .latin1)
    #expect(result.readings.map(\.note) == ["Caf\u{E9}"])
  }

  @Test func windows1252IsReadWhenNamed() throws {
    // “Öl” – 12 € as a Windows spreadsheet writes it: 0x93 Ö l 0x94 0x96 1 2 0x80.
    let note: [UInt8] = [0x93, 0xD6, 0x6C, 0x94, 0x20, 0x96, 0x20, 0x31, 0x32, 0x20, 0x80]
    let file = try File(Array("date,amount,note\n2024-01-01,1,".utf8) + note + [0x0A])
    let result = try read(file, encoding: .windows1252)
    #expect(result.readings.map(\.note) == ["\u{201C}\u{D6}l\u{201D} \u{2013} 12 \u{20AC}"])
  }

  @Test func aWindows1252ByteWithoutACharacterIsRefused() throws {
    let file = try File(Array("date,amount,note\n2024-01-01,1,a".utf8) + [0x81, 0x62, 0x0A])
    let error = try #require(failure(file, encoding: .windows1252))
    #expect(
      error.message
        == "\(file.path), line 2, column note: byte 0x81 is no character in Windows-1252: "
        + "'a\\x81b'")
    #expect(
      error.hint == "Nothing was imported. --encoding latin1 reads every byte (as ISO-8859-1).")
  }

  @Test func utf16WithoutAByteOrderMarkIsToldToNameItsEncoding() throws {
    let file = try File(utf16LittleEndian("date,amount\n2024-01-01,4\n"))
    let error = try #require(failure(file))
    #expect(
      error.message
        == "cannot import \(file.path): it looks like UTF-16 text without a byte order mark")
    #expect(error.hint == "Add --encoding utf-16 (or utf-16le, utf-16be); nothing was imported.")
    #expect(try read(file, encoding: .utf16).readings.map(\.amount) == [4])
    #expect(try read(file, encoding: .utf16LittleEndian).readings.map(\.amount) == [4])
  }

  @Test func binaryDataIsStillCalledSo() throws {
    let file = try File([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
    #expect(
      failure(file)?.message
        == "cannot import \(file.path): it is not a text file (it holds binary data)")
  }

  @Test func aLoneUTF16SurrogateIsRefusedNamingIt() throws {
    let bytes =
      [0xFF, 0xFE] + utf16LittleEndian("date,amount,note\n2024-01-01,1,x") + [0x3D, 0xD8]
      + utf16LittleEndian("y\n")
    let file = try File(bytes)
    #expect(
      failure(file)?.message
        == "\(file.path), line 2, column note: 0xD83D is half of a UTF-16 surrogate pair, alone "
        + "(no character): 'x\\u{D83D}y'")
  }

  @Test func utf16WithAnOddNumberOfBytesIsRefused() throws {
    let file = try File([0xFF, 0xFE] + utf16LittleEndian("date,amount\n2024-01-01,1\n") + [0x41])
    #expect(
      failure(file)?.message
        == "\(file.path), line 3, column date: the file ends in the middle of a UTF-16 character "
        + "(it has an odd number of bytes): ''")
  }

  @Test func theSettingsNameTheEncodingInEffect() throws {
    let file = try File([0xFF, 0xFE] + utf16LittleEndian("date,amount\n"))
    let opened = try ReadingsFile(path: file.path, options: ImportOptions(zone: .gmt))
    #expect(
      opened.settings.settings.map { "\($0.option)=\($0.value)" } == [
        "--tz=GMT", "--encoding=utf-16", "--delimiter=,", "--date-column=date", "--date-format=",
        "--amount-column=amount", "--decimal-comma=off", "--note-column=note",
        "--filter-column=", "--filter-value=",
      ])
  }
}
