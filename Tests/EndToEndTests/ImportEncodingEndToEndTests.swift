import Foundation
import Testing

/// Files from elsewhere, through the binary: UTF-16 from a Windows "Unicode text" export,
/// Latin-1 and Windows-1252 from older spreadsheets, and text that is no text in its encoding.
@Suite struct ImportEncodingEndToEndTests {
  func write(_ bytes: [UInt8], in sandbox: Sandbox, name: String = "in.csv") throws -> String {
    let url = sandbox.folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// `text` in UTF-16 little-endian after its byte order mark, as Windows writes it.
  func windowsUnicode(_ text: String) -> [UInt8] {
    [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  let header = "project,timestamp,amount,note\n"

  @Test(arguments: Backend.allCases, [false, true])
  func utf16WithAByteOrderMarkImportsFromAFileAndAPipe(_ backend: Backend, piped: Bool) throws {
    let sandbox = try Sandbox(backend)
    let bytes = windowsUnicode("date\tamount\tnote\r\n2024-01-05\t12,5\tCafé – 2 €\r\n")
    let arguments = [
      "import", piped ? "-" : try write(bytes, in: sandbox), "--project", "Spend", "--create",
      "--frequency", "daily", "--delimiter", "tab", "--decimal-comma",
    ]
    let result = try sandbox.tally.run(
      arguments, environment: sandbox.environment, inputBytes: piped ? Data(bytes) : nil)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try sandbox.succeed("export")
        == header + "Spend,2024-01-05T00:00:00+00:00,12.5,Café – 2 €\n")
  }

  @Test(arguments: Backend.allCases)
  func latin1IsRefusedNamingTheByteUntilItsEncodingIsNamed(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Fuel", "--frequency", "daily")
    // "Café" in Latin-1: é is 0xE9.
    let path = try write(
      Array("date,amount,note\n2024-01-05,40,Caf".utf8) + [0xE9, 0x0A], in: sandbox)
    let before = try sandbox.everything()
    let refused = try sandbox.run("import", path, "--project", "Fuel")
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: \(path), line 2, column note: byte 0xE9 is not UTF-8: 'Caf\\xE9'\n"
        + "Nothing was imported. Name the file's encoding: --encoding windows-1252 (a Windows "
        + "spreadsheet's export), latin1 or utf-16.\n")
    #expect(try sandbox.everything() == before)
    // Skipping invalid rows does not skip a file in another encoding.
    #expect(try sandbox.run("import", path, "--project", "Fuel", "--skip-invalid").status == 1)
    #expect(try sandbox.everything() == before)

    try sandbox.succeed("import", path, "--project", "Fuel", "--encoding", "latin1")
    #expect(try sandbox.succeed("export") == header + "Fuel,2024-01-05T00:00:00+00:00,40,Café\n")
  }

  @Test func windows1252ReadsTheEuroSignAndCurlyQuotes() throws {
    let sandbox = try Sandbox()
    // „Öl“ 12 € in Windows-1252: 0x84 Ö l 0x93, 0x80 for €.
    let note: [UInt8] = [0x84, 0xD6, 0x6C, 0x93, 0x20, 0x31, 0x32, 0x20, 0x80]
    let path = try write(
      Array("Datum;Betrag;Notiz\r\n05.01.2024;12,00;".utf8) + note + [0x0D, 0x0A], in: sandbox)
    try sandbox.succeed(
      "import", path, "--project", "Car", "--create", "--frequency", "daily", "--encoding",
      "windows-1252", "--delimiter", ";", "--decimal-comma", "--date-format", "dd.MM.yyyy",
      "--date-column", "Datum", "--amount-column", "Betrag", "--note-column", "Notiz")
    #expect(
      try sandbox.succeed("export") == header + "Car,2024-01-05T00:00:00+00:00,12,„Öl“ 12 €\n")
  }

  @Test func aWindows1252ByteWithoutACharacterIsRefused() throws {
    let sandbox = try Sandbox()
    let path = try write(
      Array("date,amount,note\n2024-01-05,1,x".utf8) + [0x9D, 0x0A], in: sandbox)
    let result = try sandbox.run(
      "import", path, "--project", "P", "--create", "--frequency", "daily", "--encoding",
      "windows-1252")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: \(path), line 2, column note: byte 0x9D is no character in Windows-1252: "
        + "'x\\x9D'\nNothing was imported. --encoding latin1 reads every byte (as ISO-8859-1).\n")
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv")
        == "title,units,frequency,readings,last_reading,updated_at,group\n")
  }

  @Test func utf16WithoutAByteOrderMarkIsNotCalledBinary() throws {
    let sandbox = try Sandbox()
    let bytes = Array(windowsUnicode("date,amount\n2024-01-05,3\n").dropFirst(2))
    let path = try write(bytes, in: sandbox)
    let refused = try sandbox.run(
      "import", path, "--project", "P", "--create", "--frequency", "daily")
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: cannot import \(path): it looks like UTF-16 text without a byte order mark\n"
        + "Add --encoding utf-16 (or utf-16le, utf-16be); nothing was imported.\n")
    try sandbox.succeed(
      "import", path, "--project", "P", "--create", "--frequency", "daily", "--encoding",
      "utf-16")
    #expect(try sandbox.succeed("export") == header + "P,2024-01-05T00:00:00+00:00,3,\n")
  }

  @Test func anUnknownEncodingIsAUsageError() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      "import", "x.csv", "--project", "P", "--encoding", "ascii")
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "--encoding takes utf-8, utf-16, utf-16le, utf-16be, latin1, windows-1252: 'ascii'"))
  }
}
