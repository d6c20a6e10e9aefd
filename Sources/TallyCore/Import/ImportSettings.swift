/// How an import read its file: the options that decide which readings its rows become, each
/// as the command line names it (`--tz`, `--date-format`, ...) with the value in effect.
///
/// An import batch keeps them, so that importing the same file again another way can be told
/// apart from importing it again: the message names what changed.
public struct ImportSettings: Hashable, Codable, Sendable {
  /// One option and its value.
  public struct Setting: Hashable, Codable, Sendable {
    /// The option as the command line names it: `--tz`.
    public var option: String
    /// Its value in effect, as the command line would take it: `Europe/Berlin`.
    public var value: String

    /// Creates a setting.
    public init(_ option: String, _ value: String) {
      self.option = option
      self.value = value
    }
  }

  /// The settings, in the order the command line lists them.
  public var settings: [Setting]

  /// Settings in this order.
  public init(_ settings: [Setting]) {
    self.settings = settings
  }

  /// The settings whose values differ from `earlier`'s, with the value each had then; a
  /// setting `earlier` lacks counts as different.
  public func changes(since earlier: ImportSettings) -> [(now: Setting, then: String?)] {
    settings.compactMap { setting in
      let then = earlier.settings.first { $0.option == setting.option }?.value
      return then == setting.value ? nil : (setting, then)
    }
  }
}
