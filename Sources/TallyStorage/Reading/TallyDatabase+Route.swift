import Foundation
import GRDB
public import TallyCore

extension TallyDatabase {
  private static let routeSetting = "route"

  /// The route the REPL showed last, as saved; empty if none was.
  ///
  /// A saved route that this tally cannot read (from a later version, say) counts as none.
  public func savedRoute() throws(TallyError) -> [Route] {
    let text = try read(doing: "read the saved screen") { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [Self.routeSetting])
    }
    return Route.restored(fromSaved: text)
  }

  /// Saves the route the REPL shows, so that the next run reopens it.
  public func saveRoute(_ route: [Route]) throws(TallyError) {
    let text = try Route.savedText(route)
    try write(doing: "save the screen") { db in
      try db.execute(
        sql: "INSERT INTO setting (name, value) VALUES (?, ?) "
          + "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        arguments: [Self.routeSetting, text])
    }
  }
}
