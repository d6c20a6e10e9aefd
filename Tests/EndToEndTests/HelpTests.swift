import Foundation
import Testing

@Suite struct HelpTests {
  @Test func helpNamesTheToolAndItsPurpose() throws {
    let result = try TallyBinary().run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: tally"))
    #expect(result.stdout.contains("Track numbers from a terminal"))
  }

  @Test func versionIsPrinted() throws {
    let result = try TallyBinary().run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
  }

  @Test func anUnknownOptionIsAUsageErrorOnStderr() throws {
    let result = try TallyBinary().run(["--no-such-option"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Unknown option '--no-such-option'"))
  }
}
