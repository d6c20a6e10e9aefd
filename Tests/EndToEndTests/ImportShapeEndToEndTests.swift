import Foundation
import Testing

/// Files shaped as spreadsheets and other programs write them, through the binary: padded
/// values, a header of a million columns, a line longer than tally reads.
@Suite struct ImportShapeEndToEndTests {
  func write(_ text: String, in sandbox: Sandbox, name: String = "in.csv") throws -> String {
    let url = sandbox.folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test(arguments: Backend.allCases)
  func spacesAndTabsAroundDatesAndAmountsAreRead(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let path = try write(
      "date,amount,note\n 2024-01-05 , 12.50 ,fuel\n\t2024-01-06\t,\t-3\t,refund\n", in: sandbox)
    let result = try sandbox.run(
      "import", path, "--project", "Spend", "--create", "--frequency", "daily")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try sandbox.succeed("export")
        == "project,timestamp,amount,note\nSpend,2024-01-05T00:00:00+00:00,12.5,fuel\n"
        + "Spend,2024-01-06T00:00:00+00:00,-3,refund\n")
  }

  @Test func aHeaderOfAMillionColumnsIsRefusedNamingTheLineAndTheLimit() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let columns = (0..<999_998).map { "c\($0)" }.joined(separator: ",")
    let path = try write("date,amount,\(columns)\n", in: sandbox)
    let before = try sandbox.everything()
    let result = try sandbox.run("import", path, "--project", "P")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: \(path), line 1: the record that starts here is longer than 1 MiB, the most "
        + "one may be (is a quote never closed, or are the lines not separated by line breaks?)\n"
        + "Nothing was imported.\n")
    #expect(try sandbox.everything() == before)
  }

  @Test func aLineLongerThanTheLimitIsRefusedNamingIt() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let note = String(repeating: "x", count: 3 << 20)
    let path = try write("date,amount,note\n2024-01-05,1,a\n2024-01-06,2,\(note)\n", in: sandbox)
    let before = try sandbox.everything()
    let result = try sandbox.run("import", path, "--project", "P")
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "Error: \(path), line 3: the record that starts here is longer than 1 MiB"))
    #expect(try sandbox.everything() == before)
  }
}
