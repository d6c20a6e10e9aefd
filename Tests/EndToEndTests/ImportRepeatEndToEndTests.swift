import Foundation
import Testing

/// The same file imported again, through the binary: read the same way it adds nothing; read
/// another way it would add every reading again, and is refused unless told `--again`.
@Suite struct ImportRepeatEndToEndTests {
  func write(_ text: String, in sandbox: Sandbox, name: String = "log.csv") throws -> String {
    let url = sandbox.folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  let may1 = "2024-05-01T09:00:00Z"

  @Test(arguments: Backend.allCases)
  func anotherZoneIsRefusedNamingTheEarlierImportUntilAgain(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Log", "--frequency", "daily")
    let path = try write("date,amount\n2024-01-05T08:00,1\n2024-01-06T08:00,2\n", in: sandbox)
    try sandbox.succeed("import", path, "--project", "Log", now: may1)
    let before = try sandbox.everything()
    let imports = try sandbox.succeed("import", "list")

    let refused = try sandbox.run("import", path, "--project", "Log", "--tz", "Europe/Berlin")
    #expect(refused.status == 1)
    // The sandbox's TZ=UTC is the zone Foundation names GMT.
    #expect(
      refused.stderr
        == "Error: \(path) was imported into Log before, as import 1 on 2024-05-01 11:00 (Europe/Berlin); read "
        + "now with --tz Europe/Berlin (then GMT), it would add 2 readings again\n"
        + "Nothing was imported. Add --again to import it all the same, or take the earlier "
        + "import out first: tally import undo 1\n")
    #expect(try sandbox.everything() == before)
    #expect(try sandbox.succeed("import", "list") == imports)

    let dryRun = try sandbox.run(
      "import", path, "--project", "Log", "--tz", "Europe/Berlin", "--dry-run")
    #expect(dryRun.status == 1)
    #expect(dryRun.stderr.hasPrefix("Error: \(path) was imported into Log before, as import 1"))

    // Read the same way, it adds nothing and succeeds, as before.
    let same = try sandbox.run("import", path, "--project", "Log")
    #expect(same.status == 0)
    #expect(same.stderr.contains("Imported 0 reading(s)"))

    try sandbox.succeed("import", path, "--project", "Log", "--tz", "Europe/Berlin", "--again")
    #expect(
      try sandbox.succeed("export")
        == "project,timestamp,amount,note\nLog,2024-01-05T07:00:00+00:00,1,\n"
        + "Log,2024-01-05T08:00:00+00:00,1,\nLog,2024-01-06T07:00:00+00:00,2,\n"
        + "Log,2024-01-06T08:00:00+00:00,2,\n")
  }

  @Test func anotherDateFormatIsNamedToo() throws {
    let sandbox = try Sandbox()
    let path = try write("date,amount\n05.01.2024,1\n06.02.2024,2\n", in: sandbox)
    try sandbox.succeed(
      "import", path, "--project", "P", "--create", "--frequency", "daily", "--date-format",
      "dd.MM.yyyy", now: may1)
    let before = try sandbox.everything()
    let refused = try sandbox.run(
      "import", path, "--project", "P", "--date-format", "MM.dd.yyyy")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "Error: \(path) was imported into P before, as import 1 on 2024-05-01 09:00 (GMT); read now "
          + "with --date-format MM.dd.yyyy (then dd.MM.yyyy), it would add 2 readings again\n"))
    #expect(try sandbox.everything() == before)
  }

  @Test func afterImportUndoTheFileMayBeReadAnotherWay() throws {
    let sandbox = try Sandbox()
    let path = try write("date,amount\n2024-01-05T08:00,1\n", in: sandbox)
    try sandbox.succeed("import", path, "--project", "P", "--create", "--frequency", "daily")
    try sandbox.succeed("import", "undo", "1")
    try sandbox.succeed("import", path, "--project", "P", "--tz", "Europe/Berlin")
    #expect(
      try sandbox.succeed("export")
        == "project,timestamp,amount,note\nP,2024-01-05T07:00:00+00:00,1,\n")
  }
}
