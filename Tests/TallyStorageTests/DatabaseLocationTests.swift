import TallyStorage
import Testing

@Suite struct DatabaseLocationTests {
  let home = "/home/ann"

  @Test func theOptionWins() {
    let location = DatabaseLocation(
      option: "/tmp/a.sqlite", environment: ["TALLY_DB": "/tmp/b.sqlite"], homeDirectory: home)
    #expect(location.path == "/tmp/a.sqlite")
  }

  @Test func thenTheEnvironmentVariable() {
    let location = DatabaseLocation(
      option: nil, environment: ["TALLY_DB": "/tmp/b.sqlite", "XDG_DATA_HOME": "/x"],
      homeDirectory: home)
    #expect(location.path == "/tmp/b.sqlite")
  }

  @Test func thenTheXDGDataHome() {
    let location = DatabaseLocation(
      option: nil, environment: ["XDG_DATA_HOME": "/data"], homeDirectory: home)
    #expect(location.path == "/data/tally/tally.sqlite")
  }

  @Test func thenTheHomeDirectory() {
    let location = DatabaseLocation(option: nil, environment: [:], homeDirectory: home)
    #expect(location.path == "/home/ann/.local/share/tally/tally.sqlite")
  }

  @Test func aLeadingTildeIsTheHomeFolderInTheOptionAndTheVariable() {
    #expect(
      DatabaseLocation(option: "~/t.sqlite", environment: [:], homeDirectory: home).path
        == "/home/ann/t.sqlite")
    #expect(
      DatabaseLocation(option: nil, environment: ["TALLY_DB": "~/d/t.sqlite"], homeDirectory: home)
        .path == "/home/ann/d/t.sqlite")
    #expect(
      DatabaseLocation(option: "~/t.sqlite", environment: [:], homeDirectory: "/").path
        == "/t.sqlite")
  }

  @Test(arguments: ["~", "~ann/t.sqlite", "a/~/t.sqlite", "/tmp/~/t.sqlite"])
  func aTildeAnywhereElseIsAsWritten(_ path: String) {
    #expect(DatabaseLocation(option: path, environment: [:], homeDirectory: home).path == path)
  }

  @Test func theHomeFolderIsHOMEFirst() {
    #expect(DatabaseLocation.home(in: ["HOME": "/srv/ann"]) == "/srv/ann")
    #expect(
      DatabaseLocation(option: "~/t.sqlite", environment: ["HOME": "/srv/ann"]).path
        == "/srv/ann/t.sqlite")
  }

  @Test func emptyAndRelativeValuesAreSkippedAsTheXDGSpecificationSays() {
    let location = DatabaseLocation(
      option: "", environment: ["TALLY_DB": "", "XDG_DATA_HOME": "relative/dir"],
      homeDirectory: home)
    #expect(location.path == "/home/ann/.local/share/tally/tally.sqlite")
  }
}
