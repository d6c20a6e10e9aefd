import TallyCore

/// Where the columns an import needs are, found by name in the header.
struct ColumnLayout {
  let date: Int
  let amount: Int
  let note: Int?
  /// A `reset` column, whose `yes` marks a meter's reset; optional.
  let reset: Int?
  /// A tags column; optional unless named.
  let tags: Int?
  let filter: (index: Int, value: [UInt8])?
  /// The column of each row's project; optional unless named.
  let project: Int?
  /// How many fields every row must have.
  let width: Int
  let names: [String]

  /// Finds the columns in `header`, in time proportional to its length.
  ///
  /// - Throws: ``TallyError`` naming a column that the header names twice, or a missing
  ///   column and the first columns there are.
  init(header: [String], options: ImportOptions, fileName: String) throws(TallyError) {
    // One pass: where each name is first, and the first name met twice.
    var columns: [String: Int] = [:]
    columns.reserveCapacity(header.count)
    for (index, name) in header.enumerated() {
      let key = Self.key(name)
      if key.isEmpty {
        if columns[key] == nil { columns[key] = index }
      } else if let earlier = columns.updateValue(index, forKey: key) {
        throw TallyError(
          .invalidInput,
          "\(fileName) names the column '\(header[earlier])' twice (columns \(earlier + 1) and "
            + "\(index + 1) of the header)",
          hint: "Rename one of them; nothing was imported.")
      }
    }
    func index(of name: String, option: String) throws(TallyError) -> Int {
      guard let index = columns[Self.key(name)] else {
        throw TallyError(
          .invalidInput, "\(fileName) has no column '\(name)' (\(Self.listed(header)))",
          hint: Self.delimiterHint(header) ?? "Name the column with \(option).")
      }
      return index
    }
    // A file tally exported names its dates `timestamp`: read it back without options.
    if !options.dateColumnIsNamed, columns["date"] == nil, columns["timestamp"] != nil {
      date = try index(of: "timestamp", option: "--date-column")
    } else {
      date = try index(of: options.dateColumn, option: "--date-column")
    }
    amount = try index(of: options.amountColumn, option: "--amount-column")
    if options.noteColumnIsRequired {
      note = try index(of: options.noteColumn, option: "--note-column")
    } else {
      note = columns[Self.key(options.noteColumn)]
    }
    reset = columns["reset"]
    if options.tagColumnIsRequired {
      tags = try index(of: options.tagColumn, option: "--tag-column")
    } else {
      tags = columns[Self.key(options.tagColumn)]
    }
    if let projectColumn = options.projectColumn {
      project =
        options.projectColumnIsRequired
        ? try index(of: projectColumn, option: "--project-column")
        : columns[Self.key(projectColumn)]
    } else {
      project = nil
    }
    if let wanted = options.filter {
      filter = (try index(of: wanted.column, option: "--filter-column"), Array(wanted.value.utf8))
    } else {
      filter = nil
    }
    width = header.count
    names = header
  }

  /// The header's columns for a message: all of them, or the first few of a long header,
  /// each cut short if it is long.
  private static func listed(_ header: [String]) -> String {
    let shown = 20
    let names = header.prefix(shown).map { name in
      name.utf8.count > 60 ? name.prefix(60) + "…" : name
    }.joined(separator: ", ")
    return header.count > shown
      ? "its first \(shown) columns of \(header.count): \(names)" : "its columns: \(names)"
  }

  /// A hint for a header read as one column that holds another usual delimiter: the file is
  /// separated by that one.
  private static func delimiterHint(_ header: [String]) -> String? {
    guard header.count == 1, let only = header.first else { return nil }
    let delimiters: [(UInt8, String)] = [
      (UInt8(ascii: ";"), "';'"), (UInt8(ascii: "\t"), "tab"), (UInt8(ascii: "|"), "'|'"),
      (UInt8(ascii: ","), "','"),
    ]
    for (byte, option) in delimiters where only.utf8.contains(byte) {
      return "Its fields look separated by \(option): add --delimiter \(option)."
    }
    return nil
  }

  /// The name as columns are compared: without blanks around it, in lower case.
  ///
  /// A name that starts and ends with other ASCII characters has no blanks to trim, which
  /// spares Foundation's trimming for each column of a wide header.
  static func key(_ name: String) -> String {
    let isBlank = { (byte: UInt8) in byte >= 0x80 || byte == 0x20 || byte == 0x09 }
    guard let first = name.utf8.first, let last = name.utf8.last else { return name }
    let trimmed = isBlank(first) || isBlank(last) ? name.trimmingCharacters(in: .whitespaces) : name
    return trimmed.utf8.contains { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }
      ? trimmed.lowercased() : trimmed
  }
}
