public import Foundation
public import TallyCore

/// A CSV file of projects' settings, one project a row, as `tally export --projects FILE`
/// writes it and `tally import FILE --projects FILE` reads it: the projects a whole export
/// brings back are made with these settings.
///
/// Columns, found by name ignoring case (only `title` and `frequency` must be there):
/// `title,units,frequency,kind,decimals,group,goal,goal_per,goal_is,goal_since`. An empty
/// field is the default: no units, a total, the default decimals, no group, no goal, a goal per
/// the project's frequency, at least, judging every period.
public enum ProjectSettingsFile {
  /// The columns, in the order tally writes them.
  public static let columns = [
    "title", "units", "frequency", "kind", "decimals", "group", "goal", "goal_per", "goal_is",
    "goal_since",
  ]

  /// Reads the projects of the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - zone: The zone of a `goal_since` without an offset.
  ///   - now: The time now: a goal judges from a time that has come.
  ///   - encoding: The encoding `--encoding` names, as for the readings; else UTF-8, or
  ///     UTF-16 after its byte order mark.
  /// - Returns: The projects, validated, in the file's order.
  /// - Throws: ``TallyError`` naming the file, line, column and value of the first field that
  ///   is not a setting, a title given twice, or a file that cannot be read.
  public static func read(
    path: String, zone: TimeZone, now: Timestamp, encoding: TextEncoding? = nil
  ) throws(TallyError) -> [NewProject] {
    let text = try utf8(of: path, encoding: encoding)
    do {
      var reader = CSVReader(
        source: MemorySource(text), delimiter: .comma, maximumRecordLength: 1 << 20)
      guard let header = try reader.next() else {
        throw TallyError(.invalidInput, "\(path) is empty: it needs a header row")
      }
      let names = header.strings.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      for (index, name) in names.enumerated() where !name.isEmpty {
        if let earlier = names[..<index].firstIndex(of: name) {
          throw TallyError(
            .invalidInput,
            "\(path) names the column '\(name)' twice (columns \(earlier + 1) and \(index + 1))",
            hint: "Rename one of them; nothing was imported.")
        }
      }
      // A column of no setting is most likely one misspelt: its values would be lost.
      if let unknown = names.first(where: { !$0.isEmpty && !columns.contains($0) }) {
        throw TallyError(
          .invalidInput,
          "\(path) names the column '\(unknown)', which is no setting of a project",
          hint: "The columns are \(columns.joined(separator: ",")); rename or remove it. "
            + "Nothing was imported.")
      }
      func column(_ name: String) -> Int? { names.firstIndex(of: name) }
      guard let title = column("title"), let frequency = column("frequency") else {
        throw TallyError(
          .invalidInput,
          "\(path) has no column '\(column("title") == nil ? "title" : "frequency")' "
            + "(its columns: \(header.strings.joined(separator: ", ")))",
          hint: "A file of projects has the columns \(columns.joined(separator: ",")), "
            + "as tally export --projects writes it.")
      }
      var projects: [NewProject] = []
      var seen: [String: Int] = [:]
      while let record = try reader.next() {
        if record.isBlank { continue }
        guard record.count <= names.count else {
          throw TallyError(
            .invalidInput,
            "\(path), line \(record.line): \(record.count) fields where the header has "
              + "\(names.count)",
            hint: "Quote a field that holds a comma (\"1,5\"); nothing was imported.")
        }
        let row = Row(record: record, names: names, path: path)
        let project = try row.project(title: title, frequency: frequency, zone: zone, now: now)
        let key = project.title.lowercased()
        if let earlier = seen[key] {
          throw TallyError(
            .invalidInput,
            "\(path), line \(record.line), column title: "
              + "\(VisibleText.quoted(project.title)) is there twice (line \(earlier) too)",
            hint: "Give each project one row; nothing was imported.")
        }
        seen[key] = record.line
        projects.append(project)
      }
      return projects
    } catch let error as TallyError {
      throw error
    } catch {
      throw TallyError(.invalidInput, "\(path), \(error)", hint: "Nothing was imported.")
    }
  }
}

extension ProjectSettingsFile {
  /// The file's text as UTF-8 bytes: converted from its encoding, and refused where it holds
  /// bytes that are not text in it, naming the line.
  static func utf8(of path: String, encoding given: TextEncoding?) throws(TallyError) -> [UInt8] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw TallyError(
        .invalidInput, "cannot read the projects' settings: there is no file \(path)")
    }
    guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
      throw TallyError(
        .invalidInput,
        "cannot read the projects' settings: \(path) is \(isFolder.boolValue ? "a folder" : "not readable")"
      )
    }
    let bytes = [UInt8](data)
    let encoding = TextEncoding.of(start: Array(bytes.prefix(8_192)), given: given)
    var text: [UInt8] = []
    do {
      if encoding == .utf8 {
        text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
      } else {
        var source = TranscodingSource(base: MemorySource(bytes), encoding: encoding)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
          let count = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0) }
          if count == 0 { break }
          text += buffer[0..<count]
        }
      }
    } catch {
      throw TallyError(
        .invalidInput, "\(path) is not text in \(encoding.name): \(error)",
        hint: "Name its encoding with --encoding; nothing was imported.")
    }
    let invalid = text.withUnsafeBufferPointer { UTF8Check.firstInvalid($0) }
    if let invalid {
      let line = text[..<invalid.lowerBound].filter { $0 == 0x0A }.count + 1
      let shown = text[invalid].map { "0x" + UTF8Check.hex($0) }.joined(separator: " ")
      throw TallyError(
        .invalidInput, "\(path), line \(line): byte \(shown) is not UTF-8",
        hint: "Name the file's encoding: --encoding windows-1252, latin1 or utf-16; nothing "
          + "was imported.")
    }
    return text
  }
}

/// One row of a file of settings, read field by field.
private struct Row {
  let record: CSVRecord
  let names: [String]
  let path: String

  /// The field of the column `name`, without a spreadsheet's `'` and blanks around it;
  /// empty when the file has no such column.
  func field(_ name: String) -> String {
    guard let index = names.firstIndex(of: name), index < record.count else { return "" }
    return field(at: index)
  }

  func field(at index: Int) -> String {
    let text = record.string(index)
    let plain = text.hasPrefix("'") ? SpreadsheetText.unescaped(text) : text
    return VisibleText.trimmed(plain)
  }

  func problem(_ column: String, _ value: String, _ reason: String) -> TallyError {
    TallyError(
      .invalidInput,
      "\(path), line \(record.line), column \(column): \(VisibleText.quoted(value)): \(reason)",
      hint: "Nothing was imported.")
  }

  func choice<Value: RawRepresentable>(
    _ column: String, _ type: Value.Type, cases: [Value]
  ) throws(TallyError) -> Value? where Value.RawValue == String {
    let text = field(column)
    guard !text.isEmpty else { return nil }
    guard let value = Value(rawValue: text.lowercased()) else {
      throw problem(
        column, text, "is not one of " + cases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }

  /// Refuses `value` of `column` when `project`, which holds it, is not a project tally makes.
  func check(_ column: String, _ value: String, _ project: NewProject) throws(TallyError) {
    do {
      _ = try project.validated()
    } catch {
      throw problem(column, value, error.message)
    }
  }

  func project(
    title: Int, frequency: Int, zone: TimeZone, now: Timestamp
  ) throws(TallyError) -> NewProject {
    let name = field(at: title)
    guard !name.isEmpty else { throw problem("title", name, "is empty: a project needs a title") }
    try check("title", name, NewProject(title: name, frequency: .daily))
    let units = field("units")
    try check("units", units, NewProject(title: "t", units: units, frequency: .daily))
    let frequencyText = field(at: frequency)
    guard let cadence = Frequency(rawValue: frequencyText.lowercased()) else {
      throw problem(
        "frequency", frequencyText,
        "is not one of " + Frequency.allCases.map(\.rawValue).joined(separator: ", "))
    }
    var decimals: Int?
    let decimalsText = field("decimals")
    if !decimalsText.isEmpty {
      guard let places = Int(decimalsText), (0...9).contains(places) else {
        throw problem("decimals", decimalsText, "is not a number of decimal places from 0 to 9")
      }
      decimals = places
    }
    var goal: Goal?
    var goalSince: Timestamp?
    let amountText = field("goal")
    if !amountText.isEmpty {
      let amount: Double
      do {
        amount = try AmountParser.parse(amountText)
      } catch {
        throw problem("goal", amountText, "is not a plain number such as 20 or 1.5")
      }
      goal = Goal(
        amount: amount,
        per: try choice("goal_per", Frequency.self, cases: Frequency.allCases) ?? cadence,
        direction: try choice("goal_is", GoalDirection.self, cases: GoalDirection.allCases)
          ?? .atLeast)
      let sinceText = field("goal_since")
      if !sinceText.isEmpty {
        do {
          goalSince = try TimestampParser(zone: zone).parse(sinceText)
        } catch {
          throw problem("goal_since", sinceText, error.reason)
        }
        if let goalSince, goalSince > now {
          throw problem(
            "goal_since", sinceText, "is after now: a goal judges from a time that has come")
        }
      }
    } else {
      // What a goal is judged by means nothing without its amount.
      for column in ["goal_per", "goal_is", "goal_since"] where !field(column).isEmpty {
        throw problem(
          column, field(column), "is a setting of a goal, and the row gives no goal amount")
      }
    }
    let group = field("group")
    if group.lowercased() == "none" {
      throw problem("group", group, "is no group's name: leave the field empty for no group")
    }
    if !group.isEmpty {
      try check("group", group, NewProject(title: "t", frequency: .daily, group: group))
    }
    let new = NewProject(
      title: name, units: units, frequency: cadence,
      kind: try choice("kind", ProjectKind.self, cases: ProjectKind.allCases) ?? .total,
      decimals: decimals, goal: goal, goalSince: goalSince, group: group.isEmpty ? nil : group)
    do {
      return try new.validated()
    } catch {
      throw TallyError(
        .invalidInput, "\(path), line \(record.line): \(error.message)",
        hint: "Nothing was imported.")
    }
  }
}
