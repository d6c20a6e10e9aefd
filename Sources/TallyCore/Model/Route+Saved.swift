import Foundation

extension Route {
  /// `route` as a storage keeps it for the next interactive session: JSON.
  ///
  /// - Throws: ``TallyError`` when it cannot be encoded.
  public static func savedText(_ route: [Route]) throws(TallyError) -> String {
    do {
      return String(decoding: try JSONEncoder().encode(route), as: UTF8.self)
    } catch {
      throw TallyError(.storage, "cannot save the screen: \(error)")
    }
  }

  /// The route a storage kept, if any; one this tally cannot read (from a later version, say)
  /// counts as none.
  public static func restored(fromSaved text: String?) -> [Route] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([Route].self, from: Data(text.utf8))) ?? []
  }
}
