import Foundation
import Testing

/// Every copy of stored readings reads back exactly: an export imported again finds each
/// reading it holds, whatever digits its amount needs, and tally writes no number it refuses.
@Suite struct ExactCopyTests {
  /// A project holding a timer's third of an hour, an amount just below the limit and a tiny one.
  func sandboxWithAwkwardAmounts(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-01-05T09:00:00Z")
    try sandbox.succeed("timer", "stop", "Writing", now: "2024-01-05T09:20:00Z")
    try sandbox.succeed("item", "add", "Writing", "999999999999999.9", "--at", "2024-01-06")
    try sandbox.succeed("item", "add", "Writing", "0.1", "--at", "2024-01-07")
    try sandbox.succeed("item", "add", "Writing", "1e-300", "--at", "2024-01-08")
    return sandbox
  }

  @Test(arguments: Backend.allCases) func listsAndExportsWriteTheShortestExactForm(
    _ backend: Backend
  ) throws {
    let sandbox = try sandboxWithAwkwardAmounts(backend)
    #expect(
      try sandbox.succeed("export") == """
        project,timestamp,amount,note
        Writing,2024-01-05T09:00:00+00:00,0.3333333333333333,timer
        Writing,2024-01-06T00:00:00+00:00,999999999999999.9,
        Writing,2024-01-07T00:00:00+00:00,0.1,
        Writing,2024-01-08T00:00:00+00:00,1e-300,

        """)
    let csv = try sandbox.succeed("item", "list", "Writing", "--format", "csv")
    #expect(csv.contains(",0.3333333333333333,timer\n"))
    #expect(csv.contains(",999999999999999.9,\n"))
    let json = try sandbox.succeed("item", "list", "Writing", "--format", "json")
    #expect(json.contains("\"amount\":0.3333333333333333,"))
    #expect(json.contains("\"amount\":999999999999999.9,"))
    #expect(try sandbox.succeed("export", "--format", "json").contains("\"amount\":1e-300,"))
  }

  @Test(arguments: Backend.allCases) func anExportImportedAgainAddsNothing(_ backend: Backend)
    throws
  {
    let sandbox = try sandboxWithAwkwardAmounts(backend)
    let export = try sandbox.succeed("export")
    let file = sandbox.folder.appendingPathComponent("export.csv")
    try export.write(to: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run("import", file.path, "--project", "Writing")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Imported 0 reading(s)"), "\(result.stderr)")
    #expect(result.stderr.contains("4 already stored"), "\(result.stderr)")
    #expect(try sandbox.succeed("export") == export)

    let other = try Sandbox(backend)
    try other.succeed(
      "import", file.path, "--project", "Writing", "--create", "--frequency", "daily")
    #expect(try other.succeed("export") == export)
  }

  @Test func reportsKeepFifteenDigitsForPeople() throws {
    let sandbox = try sandboxWithAwkwardAmounts(.sqlite)
    let csv = try sandbox.succeed(
      "report", "Writing", "--period", "daily", "--from", "2024-01-05", "--to", "2024-01-06",
      "--format", "csv")
    #expect(
      csv == "project,period,count,sum,min,max,mean\n"
        + "Writing,2024-01-05,1,0.333333333333333,0.333333333333333,0.333333333333333,"
        + "0.333333333333333\n")
  }

  @Test(arguments: ["1e-400", "0.1e-330", "-1e-999"])
  func aLiteralThatWouldBeStoredAsZeroIsRefused(_ amount: String) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "W", "--frequency", "daily")
    let result = try sandbox.run("item", "add", "W", "--", amount)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "amount '\(amount)': too small: it is not 0, but would be stored as 0"),
      "\(result.stderr)")
    #expect(
      try sandbox.succeed("item", "list", "W", "--format", "csv") == "id,timestamp,amount,note\n")
  }

  @Test(arguments: ["0", "0.000", "-0", "0e-400"]) func zeroWrittenAnyWayIsStillZero(
    _ amount: String
  )
    throws
  {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "W", "--frequency", "daily")
    try sandbox.succeed("item", "add", "W", "--at", "2024-01-01", "--", amount)
    #expect(
      try sandbox.succeed("item", "list", "W", "--format", "csv")
        == "id,timestamp,amount,note\n1,2024-01-01T00:00:00+00:00,0,\n")
  }
}
