public import TallyCore

extension ImportOptions {
  /// What an import batch keeps of these options: each that decides which readings the rows
  /// become, with its value in effect, as the command line names it.
  ///
  /// - Parameter encoding: The encoding the file is read in (named, or found from its start).
  /// - Returns: The settings, in the order the command line lists them.
  public func settings(encoding: TextEncoding) -> ImportSettings {
    ImportSettings([
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
  }
}
