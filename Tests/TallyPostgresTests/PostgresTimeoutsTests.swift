import TallyCore
import Testing

@testable import TallyPostgres

/// How long tally waits for a PostgreSQL server, and how a psql user changes it: libpq's
/// `connect_timeout`/`PGCONNECT_TIMEOUT` and `-c name=value` in `options`/`PGOPTIONS`.
///
/// No server needed.
@Suite struct PostgresTimeoutsTests {
  private func address(
    _ url: String, environment: [String: String] = [:]
  ) throws -> PostgresAddress {
    try PostgresAddress(
      url: url, environment: environment, homeDirectory: "/nonexistent", loginName: "me")
  }

  @Test func theDefaultsEndEveryWait() throws {
    let timeouts = try address("postgresql://h/d").timeouts
    #expect(timeouts.connect == 10)
    #expect(timeouts.settings["statement_timeout"] == "2min")
    #expect(timeouts.settings["lock_timeout"] == "30s")
    #expect(timeouts.settings["idle_in_transaction_session_timeout"] == "1min")
    #expect(timeouts.answer == 125)
  }

  @Test func theURLAndTheEnvironmentChangeThemAsLibpqReadsThem() throws {
    let fromURL = try address(
      "postgresql://h/d?connect_timeout=3&options=-c%20statement_timeout%3D10s%20-clock_timeout%3D1s"
    )
    #expect(fromURL.timeouts.connect == 3)
    #expect(fromURL.timeouts.settings["statement_timeout"] == "10s")
    #expect(fromURL.timeouts.settings["lock_timeout"] == "1s")
    #expect(fromURL.timeouts.answer == 15)
    let fromEnvironment = try address(
      "postgresql://h/d",
      environment: ["PGCONNECT_TIMEOUT": "0", "PGOPTIONS": "--statement-timeout=0"])
    // libpq waits for ever at 0; tally waits a minute to connect and an hour for an answer.
    #expect(fromEnvironment.timeouts.connect == 60)
    #expect(fromEnvironment.timeouts.answer == 3_600)
    // The URL wins over the environment, as with libpq.
    #expect(
      try address("postgresql://h/d?connect_timeout=4", environment: ["PGCONNECT_TIMEOUT": "9"])
        .timeouts.connect == 4)
  }

  @Test(arguments: [
    ("postgresql://a:hunter2@h/d?connect_timeout=soon", "connect_timeout soon is not a number"),
    ("postgresql://a:hunter2@h/d?options=-x", "tally reads only -c name=value there, not -x"),
    ("postgresql://a:hunter2@h/d?options=-c%20nothing", "nothing is not name=value"),
  ])
  func settingsItCannotReadAreRefusedWithoutThePassword(url: String, message: String) {
    #expect {
      try address(url)
    } throws: { error in
      let text = (error as? TallyError)?.description ?? ""
      return text.contains(message) && !text.contains("hunter2")
    }
  }

  @Test(arguments: [
    ("500ms", 0.5), ("30s", 30.0), ("2min", 120.0), ("1h", 3_600.0), ("1500", 1.5),
    ("1d", 86_400.0),
  ])
  func readsPostgreSQLDurations(text: String, seconds: Double) {
    #expect(PostgresTimeouts.seconds(text) == seconds)
  }

  @Test func sendsTheSettingsAtStartupInAStableOrder() {
    #expect(
      PostgresConnector.options(PostgresTimeouts().settings)
        == "-c idle_in_transaction_session_timeout=1min -c lock_timeout=30s "
        + "-c statement_timeout=2min")
    #expect(PostgresConnector.options(["search_path": #"a b\c"#]) == #"-c search_path=a\ b\\c"#)
  }
}
