import Foundation
import Testing

/// Numbers as people write them: no binary noise in any output, no crash on the largest
/// amounts, and amounts outside the range refused with the database unchanged.
@Suite struct NumberTests {
  func sandboxWithSums() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Fuel", "--frequency", "monthly", "--units", "km")
    for amount in ["1000.1", "556.7", "0.1", "0.2"] {
      try sandbox.succeed("item", "add", "Fuel", amount, "--at", "2023-01-15")
    }
    return sandbox
  }

  @Test func sumsPrintWithoutBinaryNoiseInEveryFormat() throws {
    let sandbox = try sandboxWithSums()
    let csv = try sandbox.succeed("report", "Fuel", "--format", "csv")
    #expect(
      csv == "project,period,count,sum,min,max,mean\nFuel,2023-01,4,1557.1,0.1,1000.1,389.275\n")
    let json = try sandbox.succeed("report", "Fuel", "--format", "json")
    #expect(json.contains("\"sum\":1557.1,"))
    let markdown = try sandbox.succeed("report", "Fuel", "--format", "markdown")
    #expect(!markdown.contains("0000000"))
    let repl = try sandbox.run("repl", input: "open Fuel\n")
    #expect(repl.stdout.contains("1557.1 km"))
    #expect(!repl.stdout.contains("0000000"))
  }

  @Test func theLargestAmountsReportInEveryFormatWithoutACrash() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "W", "--frequency", "monthly")
    try sandbox.succeed("item", "add", "W", "999999999999999", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "W", "999999999999999", "--at", "2024-01-02")
    try sandbox.succeed("item", "add", "W", "--", "-999999999999999", "--at", "2024-02-02")
    for format in ["table", "csv", "json", "markdown"] {
      let result = try sandbox.run("report", "W", "--format", format)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(!result.stdout.contains("inf"))
      #expect(!result.stdout.contains("null"))
    }
    #expect(try sandbox.succeed("report", "W", "--format", "csv").contains("W,2024-01,2,2e+15,"))
  }

  @Test(arguments: ["1e308", "1.7e308", "1e15", "-1e16"])
  func amountsOutsideTheRangeAreRefusedAndChangeNothing(_ amount: String) throws {
    let sandbox = try sandboxWithSums()
    let before = try sandbox.everything()
    let result = try sandbox.run("item", "add", "Fuel", "--", amount)
    #expect(result.status == 1)
    #expect(result.stderr.contains("amount '\(amount)': out of range"))
    #expect(try sandbox.everything() == before)
  }
}

/// Negative amounts, as they are and after `--` as `item add --help` says.
@Suite struct NegativeAmountTests {
  @Test(arguments: [
    ["item", "add", "Spend", "-12.50", "--note", "x"],
    ["item", "add", "Spend", "--", "-12.50", "--note", "x"],
    ["item", "add", "Spend", "--note", "x", "--", "-12.50"],
    ["item", "add", "Spend", "--", "-12.50", "--at", "2024-01-01", "--note", "x"],
  ])
  func theDocumentedFormsWork(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let listed = try sandbox.succeed("item", "list", "Spend", "--format", "csv")
    #expect(listed.contains(",-12.5,x\n"))
  }

  /// A `--` before a positive amount only marks where it is, as before a negative one.
  @Test(arguments: [
    ["item", "add", "Spend", "--", "12.50", "--note", "x"],
    ["item", "add", "Spend", "--note", "x", "--", "12.50"],
    ["item", "add", "Spend", "--", "12.50", "--at", "2024-01-01", "--note", "x"],
  ])
  func aPositiveAmountAfterTheSeparatorTakesOptionsAfterIt(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let listed = try sandbox.succeed("item", "list", "Spend", "--format", "csv")
    #expect(listed.contains(",12.5,x\n"))
  }

  /// After `--`, an amount that is no number is refused as an amount, with exit 1.
  @Test(arguments: ["abc", "nan", "-inf"]) func aWordAfterTheSeparatorIsReadAsTheAmount(
    _ word: String
  ) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    let result = try sandbox.run("item", "add", "Spend", "--", word, "--note", "x")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: amount '\(word)': not a number"), "\(result.stderr)")
  }

  @Test func theHelpShowsAFormThatWorks() throws {
    let sandbox = try Sandbox()
    let help = try sandbox.succeed("item", "add", "--help")
    #expect(help.contains("tally item add Spend -- -12.50"))
  }
}
