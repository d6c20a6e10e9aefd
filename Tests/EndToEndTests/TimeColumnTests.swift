import Foundation
import Testing

/// Where one time of a column has seconds, every time of it shows them: `log`'s and `item
/// show`'s tables, and a time edit's two sides.
@Suite struct TimeColumnTests {
  @Test(arguments: Backend.allCases) func aColumnShowsSecondsEverywhereOrNowhere(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "W", "--units", "h", "--frequency", "daily")
    try sandbox.succeed("item", "add", "W", "1", "--at", "2024-03-01", now: "2024-03-04T09:00:30Z")
    try sandbox.succeed(
      "item", "edit", "1", "--at", "2024-03-01T10:00:30", now: "2024-03-04T09:01:00Z")
    let log = try sandbox.succeed("log", "--format", "table")
    #expect(
      log.contains(
        "  2024-03-04 09:01:00  Changed reading 1 of W: time 2024-03-01 00:00:00 → "
          + "2024-03-01 10:00:30\n"), "\(log)")
    #expect(log.contains("  2024-03-04 09:00:30  Added reading 1 to W"), "\(log)")
    let show = try sandbox.succeed("item", "show", "1", "--format", "table")
    #expect(show.contains("2024-03-04 09:00:30  added "), "\(show)")
    #expect(show.contains("2024-03-04 09:01:00  edited "), "\(show)")
    #expect(show.contains("  2024-03-01 00:00:00 → 2024-03-01 10:00:30"), "\(show)")
  }
}
