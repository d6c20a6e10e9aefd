public import Foundation

/// A temporary folder that is removed when the test ends.
public final class TemporaryFolder {
  /// Where it is.
  public let url: URL

  /// Makes a new, empty folder under the system's temporary folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` in the folder.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
