public import Foundation
public import TallyCore
public import TallyReports

/// What the REPL needs from the program around it.
///
/// The parser that runs subcommands, reports over the database, and the clock: the REPL
/// itself knows neither the argument parser nor SQLite.
public struct REPLServices {
  /// Runs a subcommand's words (`["item", "add", "Mileage", "42"]`) on the REPL's store.
  ///
  /// - Throws: Why it failed, usage errors included; the REPL reports it.
  public var runSubcommand: ([String]) throws(TallyError) -> Void
  /// The report of a project by a period, summed by the database.
  public var report: (Project, ReportPeriod) throws(TallyError) -> ProjectReport
  /// Reads the stored data again, with the readings of the project on screen (another process
  /// may have written meanwhile).
  public var reload: (ProjectID?) throws(TallyError) -> Snapshot
  /// The subcommands, for completion and help.
  public var catalog: () -> CommandCatalog
  /// Now.
  public var now: () -> Timestamp
  /// The zone dates are shown and read in.
  public var zone: TimeZone

  /// Creates the services.
  public init(
    runSubcommand: @escaping ([String]) throws(TallyError) -> Void,
    report: @escaping (Project, ReportPeriod) throws(TallyError) -> ProjectReport,
    reload: @escaping (ProjectID?) throws(TallyError) -> Snapshot,
    catalog: @escaping () -> CommandCatalog,
    now: @escaping () -> Timestamp,
    zone: TimeZone
  ) {
    self.runSubcommand = runSubcommand
    self.report = report
    self.reload = reload
    self.catalog = catalog
    self.now = now
    self.zone = zone
  }
}
