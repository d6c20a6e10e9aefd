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
  /// The stored data as another process left it, with the readings of the project on screen;
  /// `nil` when no other process has written since the last call (the REPL's own writes
  /// reach the store as they are made).
  public var reloadIfChangedElsewhere: (ProjectID?) throws(TallyError) -> Snapshot?
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
    reloadIfChangedElsewhere: @escaping (ProjectID?) throws(TallyError) -> Snapshot?,
    catalog: @escaping () -> CommandCatalog,
    now: @escaping () -> Timestamp,
    zone: TimeZone
  ) {
    self.runSubcommand = runSubcommand
    self.report = report
    self.reloadIfChangedElsewhere = reloadIfChangedElsewhere
    self.catalog = catalog
    self.now = now
    self.zone = zone
  }
}
