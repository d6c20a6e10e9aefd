import TallyCore

/// Where the columns an import needs are, found by name in the header.
struct ColumnLayout {
  let date: Int
  let amount: Int
  let note: Int?
  /// A `reset` column, whose `yes` marks a meter's reset; optional.
  let reset: Int?
  let filter: (index: Int, value: [UInt8])?
  /// How many fields every row must have.
  let width: Int
  let names: [String]

  /// Finds the columns in `header`.
  ///
  /// - Throws: ``TallyError`` naming a missing column and the columns there are.
  init(header: [String], options: ImportOptions, fileName: String) throws(TallyError) {
    let keys = header.map(Self.key)
    for (index, key) in keys.enumerated() where !key.isEmpty {
      if let repeated = keys[(index + 1)...].firstIndex(of: key) {
        throw TallyError(
          .invalidInput,
          "\(fileName) names the column '\(header[index])' twice (columns \(index + 1) and "
            + "\(repeated + 1) of the header)",
          hint: "Rename one of them; nothing was imported.")
      }
    }
    func index(of name: String, option: String) throws(TallyError) -> Int {
      guard let index = keys.firstIndex(of: Self.key(name)) else {
        throw TallyError(
          .invalidInput,
          "\(fileName) has no column '\(name)' (its columns: \(header.joined(separator: ", ")))",
          hint: Self.delimiterHint(header) ?? "Name the column with \(option).")
      }
      return index
    }
    // A file tally exported names its dates `timestamp`: read it back without options.
    if !options.dateColumnIsNamed, !keys.contains("date"), keys.contains("timestamp") {
      date = try index(of: "timestamp", option: "--date-column")
    } else {
      date = try index(of: options.dateColumn, option: "--date-column")
    }
    amount = try index(of: options.amountColumn, option: "--amount-column")
    if options.noteColumnIsRequired {
      note = try index(of: options.noteColumn, option: "--note-column")
    } else {
      note = keys.firstIndex(of: Self.key(options.noteColumn))
    }
    reset = keys.firstIndex(of: "reset")
    if let wanted = options.filter {
      filter = (try index(of: wanted.column, option: "--filter-column"), Array(wanted.value.utf8))
    } else {
      filter = nil
    }
    width = header.count
    names = header
  }

  /// A hint for a header read as one column that holds another usual delimiter: the file is
  /// separated by that one.
  private static func delimiterHint(_ header: [String]) -> String? {
    guard header.count == 1, let only = header.first else { return nil }
    for (character, option) in [(";", "';'"), ("\t", "tab"), ("|", "'|'"), (",", "','")]
    where only.contains(character) {
      return "Its fields look separated by \(option): add --delimiter \(option)."
    }
    return nil
  }

  private static func key(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespaces).lowercased()
  }
}
