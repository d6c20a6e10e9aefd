public import TallyCore
import TallyPostgres
import TallyStorage

extension SessionOptions {
  /// Checks the database these options name, for `tally check`, reading it only: a SQLite
  /// file as a whole (SQLite's integrity check, tally's rules, the files' modes), a server's
  /// database by tally's rules.
  ///
  /// - Returns: What was checked and what was found; problems are findings, not errors.
  /// - Throws: ``TallyError`` when there is no database to check, it is not tally's, or it
  ///   cannot be read at all.
  ///
  /// - Parameter repaired: When given, every project's rollups are summed and its readings
  ///   counted again first (`tally check --repair`, which writes), and this is told how many
  ///   projects were.
  public func checkStorage(
    repaired: ((Int) -> Void)? = nil
  ) throws(TallyError) -> IntegrityReport {
    if let repaired {
      repaired(try open().checking.repair())
    }
    guard location.isServer else {
      return try TallyDatabase.check(at: location)
    }
    return try open().checking.checkIntegrity()
  }
}
