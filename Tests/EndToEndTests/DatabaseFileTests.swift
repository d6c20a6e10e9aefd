import Foundation
import Testing

/// tally's database file: another program's SQLite file is refused untouched, commands that
/// only read create nothing, and a folder is named as one.
@Suite struct DatabaseFileTests {
  /// A SQLite file of another program, written with the `sqlite3` shell.
  func foreignDatabase(in sandbox: Sandbox) throws -> URL {
    let file = sandbox.folder.appendingPathComponent("contacts.sqlite")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    shell.arguments = [
      "sqlite3", file.path,
      "CREATE TABLE contacts (name TEXT, phone TEXT); INSERT INTO contacts VALUES ('Ann', '555');",
    ]
    try shell.run()
    shell.waitUntilExit()
    try #require(shell.terminationStatus == 0, "sqlite3 is needed for this test")
    return file
  }

  @Test(arguments: [
    ["project", "list"], ["project", "add", "Car", "--frequency", "daily"], ["export"],
    ["report", "--all"], ["log"], ["import", "list"], ["undo"], ["timer", "status"],
  ])
  func anotherProgramsDatabaseIsRefusedAndLeftAsItWas(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let file = try foreignDatabase(in: sandbox)
    let before = try Data(contentsOf: file)
    let result = try sandbox.tally.run(
      ["--db", file.path] + arguments, environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "\(file.path) is not a tally database (it holds other tables: contacts); it was left untouched"
      ))
    #expect(try Data(contentsOf: file) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
    #expect(leftovers == ["contacts.sqlite"])
  }

  @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAsItWas() throws {
    let sandbox = try Sandbox()
    let file = sandbox.folder.appendingPathComponent("notes.txt")
    try Data("buy milk\n".utf8).write(to: file)
    let result = try sandbox.tally.run(
      ["--db", file.path, "item", "add", "Car", "1"], environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not a tally database"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "buy milk\n")
  }

  @Test(arguments: [
    ["project", "list"], ["project", "list", "--format", "csv"], ["item", "list", "Car"],
    ["report", "--all"], ["export"], ["log"], ["import", "list"],
  ])
  func readingCommandsCreateNoFileOrFolder(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("new/deeper/tally.sqlite").path
    let result = try sandbox.tally.run(
      ["--db", path] + arguments, environment: sandbox.environment)
    #expect(result.status == (arguments.first == "item" ? 1 : 0))
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("new").path))
  }

  @Test(arguments: [
    ["undo"], ["redo"], ["timer", "stop", "Car"], ["item", "delete", "3", "--yes"],
    ["import", "undo", "1"], ["item", "add", "Car", "5"], ["project", "delete", "Car", "--yes"],
  ])
  func aCommandThatCannotSucceedOnANewDatabaseFailsWithoutCreatingOne(_ arguments: [String]) throws
  {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("new/tally.sqlite").path
    let result = try sandbox.tally.run(
      ["--db", path] + arguments, environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(
      !FileManager.default.fileExists(atPath: sandbox.folder.appendingPathComponent("new").path))
  }

  @Test func anEmptyFileIsReadAsAnEmptyDatabaseAndOnlyAWriteMakesItOne() throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let list = try sandbox.tally.run(
      ["--db", path, "project", "list"], environment: sandbox.environment)
    #expect(list.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    let add = try sandbox.tally.run(
      ["--db", path, "project", "add", "Car", "--frequency", "daily"],
      environment: sandbox.environment)
    #expect(add.status == 0)
    #expect(
      try sandbox.tally.run(
        ["--db", path, "project", "list", "--format", "csv"], environment: sandbox.environment
      )
      .stdout.contains("Car,"))
  }

  @Test func readingCommandsAnswerAsForAnEmptyDatabase() throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("absent.sqlite").path
    let csv = try sandbox.tally.run(
      ["--db", path, "project", "list", "--format", "csv"], environment: sandbox.environment)
    #expect(csv.stdout == "title,units,frequency,readings,last_reading,updated_at,group\n")
    let export = try sandbox.tally.run(["--db", path, "export"], environment: sandbox.environment)
    #expect(export.stdout == "project,timestamp,amount,note\n")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aWriteCreatesTheDatabaseAndItsFolders() throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("new/tally.sqlite").path
    let result = try sandbox.tally.run(
      ["--db", path, "project", "add", "Car", "--frequency", "daily"],
      environment: sandbox.environment)
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: path))
    // And it is tally's from then on.
    let list = try sandbox.tally.run(
      ["--db", path, "project", "list"], environment: sandbox.environment)
    #expect(list.status == 0)
  }

  @Test func aFolderIsNamedAsOne() throws {
    let sandbox = try Sandbox()
    for arguments in [["project", "list"], ["project", "add", "Car", "--frequency", "daily"]] {
      let result = try sandbox.tally.run(
        ["--db", sandbox.folder.path] + arguments, environment: sandbox.environment)
      #expect(result.status == 1)
      #expect(result.stderr.contains("\(sandbox.folder.path) is a folder, not a database file"))
    }
  }
}
