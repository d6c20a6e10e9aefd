import Foundation

/// The screen an interactive session left, as a storage keeps it for the next one: its route,
/// and the period its report screen showed when another than the project's was chosen.
public struct SavedScreen: Equatable, Sendable {
  /// The route, from home.
  public var route: [Route]
  /// The period of the report screen on top of the route, when `period P` chose one.
  public var reportPeriod: ReportPeriod?

  /// A saved screen.
  public init(route: [Route], reportPeriod: ReportPeriod? = nil) {
    self.route = route
    self.reportPeriod = reportPeriod
  }

  /// The form saved with a period: an object, which a tally that knew only routes reads as
  /// none (and starts at home).
  private struct WithPeriod: Codable {
    var route: [Route]
    var reportPeriod: ReportPeriod
  }

  /// The screen as a storage keeps it: JSON, the bare route as before when no period was
  /// chosen.
  ///
  /// - Throws: ``TallyError`` when it cannot be encoded.
  public func savedText() throws(TallyError) -> String {
    do {
      let data =
        if let reportPeriod {
          try JSONEncoder().encode(WithPeriod(route: route, reportPeriod: reportPeriod))
        } else {
          try JSONEncoder().encode(route)
        }
      return String(decoding: data, as: UTF8.self)
    } catch {
      throw TallyError(.storage, "cannot save the screen: \(error)")
    }
  }

  /// The screen a storage kept, if any; one this tally cannot read (from a later version,
  /// say) counts as none.
  public static func restored(fromSaved text: String?) -> SavedScreen {
    guard let data = text.map({ Data($0.utf8) }) else { return SavedScreen(route: []) }
    if let route = try? JSONDecoder().decode([Route].self, from: data) {
      return SavedScreen(route: route)
    }
    if let saved = try? JSONDecoder().decode(WithPeriod.self, from: data) {
      return SavedScreen(route: saved.route, reportPeriod: saved.reportPeriod)
    }
    return SavedScreen(route: [])
  }
}
