import Foundation

extension ImportSettings {
  /// The settings as a storage keeps them: JSON, the same on every backend.
  public var storedJSON: String {
    get throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      return String(decoding: try encoder.encode(settings), as: UTF8.self)
    }
  }

  /// The settings a storage kept, read back; `nil` for none (an import made before tally kept
  /// them).
  ///
  /// - Throws: ``TallyError`` `.storage` for JSON this version cannot read.
  public init?(storedJSON json: String?) throws(TallyError) {
    guard let json else { return nil }
    do {
      self.init(try JSONDecoder().decode([Setting].self, from: Data(json.utf8)))
    } catch {
      throw TallyError(.storage, "an import's settings cannot be read: \(error)")
    }
  }
}
