import TallyReports

/// A field of a list for programs, as CSV and JSON write it: the one shape of `goals`, `day`
/// and `week` rows.
enum ListField {
  /// Text from people: quoted in CSV when it needs it.
  case text(String)
  /// A word of tally's own (a period's label, `at-least`): as it is; `null` in JSON when empty.
  case plain(String)
  /// A figure, exact; empty (`null`) when there is none.
  case number(Double?)
  /// A count.
  case count(Int)
  /// A verdict: `true`, `false`, or empty (`null`) while undecided.
  case verdict(Bool?)

  var csv: String {
    switch self {
    case .text(let text): CSVWriter.text(text)
    case .plain(let text): text
    case .number(let number): ReportNumber.exact(number)
    case .count(let count): "\(count)"
    case .verdict(let met): met.map { $0 ? "true" : "false" } ?? ""
    }
  }

  var json: JSONWriter.Value {
    switch self {
    case .text(let text): .string(text)
    case .plain(let text): text.isEmpty ? .null : .string(text)
    case .number(let number): .optional(number)
    case .count(let count): .integer(Int64(count))
    case .verdict(let met): met.map { .bool($0) } ?? .null
    }
  }
}
