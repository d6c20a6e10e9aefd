import Foundation
import Testing

/// A column of times has one shape: where one time in it has seconds, every time shows them
/// (README: `item list`, `project list`, `due`).
@Suite struct TimeColumnEndToEndTests {
  @Test(arguments: Backend.allCases) func everyTimeOfAColumnShowsSecondsWhenOneHasThem(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    let made = "2024-01-01T00:00:00Z"
    try sandbox.succeed("project", "add", "Even", "--frequency", "daily", now: made)
    try sandbox.succeed("project", "add", "Odd", "--frequency", "daily", now: made)
    try sandbox.succeed("item", "add", "Even", "1", "--at", "2024-02-01T00:00:00Z", now: made)
    try sandbox.succeed("item", "add", "Odd", "1", "--at", "2024-03-02T10:15:30Z", now: made)
    let later = "2024-04-01T00:00:00Z"
    let list = try sandbox.succeed("project", "list", "--tz", "UTC", now: later)
    #expect(list.contains("2024-02-01 00:00:00"), "\(list)")
    #expect(list.contains("2024-03-02 10:15:30"), "\(list)")
    let due = try sandbox.succeed("due", "--tz", "UTC", now: later)
    #expect(due.contains("2024-02-01 00:00:00"), "\(due)")
    #expect(due.contains("2024-03-02 10:15:30"), "\(due)")
    // Without a time with seconds, the column keeps minutes.
    let minutes = try Sandbox(backend)
    try minutes.succeed("project", "add", "Plain", "--frequency", "daily", now: made)
    try minutes.succeed("item", "add", "Plain", "1", "--at", "2024-02-01T08:30:00Z", now: made)
    let plain = try minutes.succeed("due", "--tz", "UTC", now: later)
    #expect(plain.contains("2024-02-01 08:30") && !plain.contains("08:30:00"), "\(plain)")
  }
}
