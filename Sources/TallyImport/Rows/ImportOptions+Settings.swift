public import TallyCore

extension ImportOptions {
  /// What an import batch keeps of these options: each that decides which readings the rows
  /// become, with its value in effect, as the command line names it.
  ///
  /// - Parameter encoding: The encoding the file is read in (named, or found from its start).
  /// - Returns: The settings, in the order the command line lists them.
  /// The tag options show only when given, so that imports from before tags compare alike.
  public func settings(encoding: TextEncoding) -> ImportSettings {
    var settings = ImportSettings([
      .init("--tz", zone.identifier),
      .init("--encoding", encoding.name),
      .init("--delimiter", delimiter.argument),
      .init("--date-column", dateColumn),
      .init("--date-format", dateFormat ?? ""),
      .init("--amount-column", amountColumn),
      .init("--decimal-comma", decimalComma ? "on" : "off"),
      .init("--note-column", noteColumn),
      .init("--filter-column", filter?.column ?? ""),
      .init("--filter-value", filter?.value ?? ""),
    ])
    if tagColumnIsRequired { settings.settings.append(.init("--tag-column", tagColumn)) }
    if !tags.isEmpty { settings.settings.append(.init("--tag", Tags.listed(tags))) }
    return settings
  }
}
