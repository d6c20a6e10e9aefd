import TallyCore

/// Writes JSON objects one at a time, so an array of a million can stream.
public enum JSONWriter {
  /// A JSON value.
  public enum Value: Sendable, Equatable {
    case string(String)
    /// A figure for people, rounded to 15 significant digits (``AmountFormat/plain(_:)``).
    case number(Double)
    /// A stored amount, written so that it reads back exactly (``AmountFormat/exact(_:)``).
    case amount(Double)
    case integer(Int64)
    case bool(Bool)
    /// An array of texts, such as a reading's tags.
    case texts([String])
    case null

    /// A string, or `null` when absent.
    public static func optional(_ text: String?) -> Value {
      text.map(Value.string) ?? .null
    }

    /// A number, or `null` when absent.
    public static func optional(_ number: Double?) -> Value {
      number.map(Value.number) ?? .null
    }
  }

  /// An object with its keys in the order given.
  public static func object(_ pairs: KeyValuePairs<String, Value>) -> String {
    object(pairs.map { ($0.key, $0.value) })
  }

  /// An object with its keys in the order given, from a list built at run time.
  public static func object(_ pairs: [(String, Value)]) -> String {
    "{" + pairs.map { "\(string($0.0)):\(render($0.1))" }.joined(separator: ",") + "}"
  }

  /// An array of already written values, one per line.
  public static func array(_ elements: [String]) -> String {
    elements.isEmpty ? "[]\n" : "[\n" + elements.joined(separator: ",\n") + "\n]\n"
  }

  static func render(_ value: Value) -> String {
    switch value {
    case .string(let text): string(text)
    case .number(let number): number.isFinite ? AmountFormat.plain(number) : "null"
    case .amount(let amount): amount.isFinite ? AmountFormat.exact(amount) : "null"
    case .integer(let integer): String(integer)
    case .bool(let flag): flag ? "true" : "false"
    case .texts(let texts): "[" + texts.map(string).joined(separator: ",") + "]"
    case .null: "null"
    }
  }

  /// A JSON string literal.
  public static func string(_ text: String) -> String {
    var writer = RecordWriter(capacity: text.utf8.count + 2)
    writer.jsonString(text)
    return writer.text
  }
}
