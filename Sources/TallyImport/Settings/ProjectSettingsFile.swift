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
  /// - Returns: The projects, validated, in the file's order.
  /// - Throws: ``TallyError`` naming the file, line, column and value of the first field that
  ///   is not a setting, a title given twice, or a file that cannot be read.
  public static func read(path: String, zone: TimeZone) throws(TallyError) -> [NewProject] {
    let source: FileSource
    do {
      source = try FileSource(path: path)
    } catch {
      throw TallyError(
        .invalidInput, "cannot read the projects' settings: there is no file \(path)")
    }
    do {
      var reader = CSVReader(source: source, delimiter: .comma, maximumRecordLength: 1 << 20)
      guard let header = try reader.next() else {
        throw TallyError(.invalidInput, "\(path) is empty: it needs a header row")
      }
      let names = header.strings.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
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
        let row = Row(record: record, names: names, path: path)
        let project = try row.project(title: title, frequency: frequency, zone: zone)
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
    return plain.trimmingCharacters(in: .whitespaces)
  }

  func problem(_ column: String, _ value: String, _ reason: String) -> TallyError {
    TallyError(
      .invalidInput,
      "\(path), line \(record.line), column \(column): \(VisibleText.quoted(value)) \(reason)",
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

  func project(title: Int, frequency: Int, zone: TimeZone) throws(TallyError) -> NewProject {
    let name = field(at: title)
    guard !name.isEmpty else { throw problem("title", name, "is empty: a project needs a title") }
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
        throw problem("goal", amountText, error.reason)
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
      }
    }
    let group = field("group")
    let new = NewProject(
      title: name, units: field("units"), frequency: cadence,
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
