import Foundation
public import TallyCore
import TallyPostgres
public import TallyStorage

extension SessionOptions {
  /// Where the database is, as the command line's contract orders the sources: `option`
  /// (`--db`), else `TALLY_DB`, else `$XDG_DATA_HOME/tally/tally.sqlite`, else
  /// `~/.local/share/tally/tally.sqlite`; a leading `~/` is the home folder of `environment`.
  public static func location(option: String?, environment: [String: String])
    -> DatabaseLocation
  {
    DatabaseLocation(option: option, environment: environment)
  }

  /// Points these options at another database: `pathOrURL`, a file or a `postgresql://` URL,
  /// with a leading `~/` read as the home folder of `environment` (as `--db` reads it).
  public mutating func useDatabase(_ pathOrURL: String, environment: [String: String]) {
    location.path = DatabaseLocation.expandingHome(
      pathOrURL, homeDirectory: DatabaseLocation.home(in: environment))
  }

  /// The titles of the projects in the database these options name, in order, whichever
  /// backend keeps them: what shell completion offers.
  ///
  /// It only reads: a SQLite file that is not there is not made, and one that another process
  /// is writing is waited for a second at most. On a server the titles are those the person
  /// may read: the server's policies decide.
  ///
  /// - Throws: ``TallyError`` when the database cannot be opened or read.
  public func projectTitles() throws(TallyError) -> [String] {
    let storage: any Storage =
      location.isServer
      ? try openStorage()
      : try TallyDatabase.open(at: location, access: .read, busyTimeout: 1)
    return try storage.snapshot(openProject: nil).projects.map(\.project.title).sorted()
  }
}
