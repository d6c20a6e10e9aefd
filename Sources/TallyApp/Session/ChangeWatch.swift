import TallyCore

/// Tells whether another process has committed since the last look, by the storage's data
/// version: one cheap read instead of reading the projects again.
final class ChangeWatch {
  private let storage: any Storage
  private var seen: Int?

  init(storage: any Storage) {
    self.storage = storage
    seen = try? storage.dataVersion()
  }

  func hasChanged() throws(TallyError) -> Bool {
    let now = try storage.dataVersion()
    defer { seen = now }
    return now != seen
  }
}
