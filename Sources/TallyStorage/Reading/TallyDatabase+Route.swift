import Foundation
import GRDB
public import TallyCore

extension TallyDatabase {
  private static let routeSetting = "route"

  /// The screen the REPL showed last, as saved; an empty route if none was.
  ///
  /// A saved screen that this tally cannot read (from a later version, say) counts as none.
  public func savedScreen() throws(TallyError) -> SavedScreen {
    let text = try read(doing: "read the saved screen") { db in
      try String.fetchOne(
        db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [Self.routeSetting])
    }
    return SavedScreen.restored(fromSaved: text)
  }

  /// Saves the screen the REPL shows, so that the next run reopens it.
  public func saveScreen(_ screen: SavedScreen) throws(TallyError) {
    let text = try screen.savedText()
    try write(doing: "save the screen") { db in
      try db.execute(
        sql: "INSERT INTO setting (name, value) VALUES (?, ?) "
          + "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        arguments: [Self.routeSetting, text])
    }
  }
}
