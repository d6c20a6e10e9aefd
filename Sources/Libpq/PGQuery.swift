/// A statement and the values bound to it: written as a string whose interpolations become
/// parameters (`$1`, `$2`, …), never text spliced into the SQL.
///
/// ```swift
/// let query: PGQuery = "SELECT id FROM project WHERE title = \(title)"
/// ```
///
/// `\(unescaped: text)` splices text that is SQL itself (a column list); only for text the
/// program wrote.
public struct PGQuery: Sendable, ExpressibleByStringInterpolation {
  /// The SQL, with `$n` where each value goes.
  public var sql: String
  /// The values, in the order of their `$n`.
  public var binds: PGBindings

  /// A statement of SQL, with `binds` for its `$n`.
  public init(unsafeSQL sql: String, binds: PGBindings = PGBindings()) {
    self.sql = sql
    self.binds = binds
  }

  public init(stringLiteral value: String) {
    self.init(unsafeSQL: value)
  }

  public init(stringInterpolation: StringInterpolation) {
    sql = stringInterpolation.sql
    binds = stringInterpolation.binds
  }

  /// Appends `other`, its parameters renumbered after these.
  public mutating func append(_ other: PGQuery) {
    var interpolation = StringInterpolation(literalCapacity: 0, interpolationCount: 0)
    interpolation.sql = sql
    interpolation.binds = binds
    interpolation.appendQuery(other)
    sql = interpolation.sql
    binds = interpolation.binds
  }

  /// Builds a query from literal SQL and bound values.
  public struct StringInterpolation: StringInterpolationProtocol {
    var sql = ""
    var binds = PGBindings()

    public init(literalCapacity: Int, interpolationCount: Int) {
      sql.reserveCapacity(literalCapacity + 4 * interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) {
      sql += literal
    }

    /// Binds `value` as the next parameter.
    public mutating func appendInterpolation(_ value: some PGEncodable) {
      binds.append(value)
      sql += "$\(binds.count)"
    }

    /// Binds `value`, or NULL, as the next parameter.
    public mutating func appendInterpolation<Value: PGEncodable>(_ value: Value?) {
      binds.append(value)
      sql += "$\(binds.count)"
    }

    /// Splices `text` into the SQL as it is: for SQL the program wrote, never for a value.
    public mutating func appendInterpolation(unescaped text: String) {
      sql += text
    }

    mutating func appendQuery(_ other: PGQuery) {
      // `$n` of `other` becomes `$(n + count)`: rewritten from the end, so `$1` does not
      // touch `$10`.
      var text = other.sql
      for index in stride(from: other.binds.count, through: 1, by: -1) {
        text = text.replacingOccurrences(of: "$\(index)", with: "$\(index + binds.count)")
      }
      sql += text
      binds.values += other.binds.values
    }
  }
}

/// The values bound to a statement, in the order of their `$n`.
public struct PGBindings: Sendable, Equatable {
  /// The values.
  public var values: [PGBind] = []

  /// No values yet.
  public init() {}

  /// How many there are: the next is `$(count + 1)`.
  public var count: Int { values.count }

  /// Whether none is bound.
  public var isEmpty: Bool { values.isEmpty }

  /// Binds `value` as the next parameter.
  public mutating func append(_ value: some PGEncodable) {
    values.append(PGBind(value))
  }
}

/// One value bound to a statement: its type, and its text as PostgreSQL reads it, or none
/// for NULL.
public struct PGBind: Sendable, Equatable {
  /// The type's OID (`int8` is 20): the server reads the text as this type.
  public var type: UInt32
  /// The value as text, or `nil` for NULL.
  public var text: String?

  /// The bind of `value`.
  public init(_ value: some PGEncodable) {
    type = Swift.type(of: value).postgresType
    text = value.postgresText
  }
}

/// A value that binds to a statement as a parameter.
public protocol PGEncodable: Sendable {
  /// The OID of the type the server reads the value as.
  static var postgresType: UInt32 { get }
  /// The value as text in that type's input form; `nil` for NULL.
  var postgresText: String? { get }
}

/// A value that may stand in an array parameter (`int8[]`, `text[]`).
public protocol PGArrayElement: PGEncodable {
  /// The OID of the array type of this element type.
  static var postgresArrayType: UInt32 { get }
}

extension Int64: PGArrayElement {
  public static var postgresType: UInt32 { 20 }
  public static var postgresArrayType: UInt32 { 1016 }
  public var postgresText: String? { String(self) }
}

extension Int: PGArrayElement {
  public static var postgresType: UInt32 { 20 }
  public static var postgresArrayType: UInt32 { 1016 }
  public var postgresText: String? { String(self) }
}

extension Int32: PGEncodable {
  public static var postgresType: UInt32 { 23 }
  public var postgresText: String? { String(self) }
}

extension Double: PGEncodable {
  public static var postgresType: UInt32 { 701 }
  /// Swift's shortest text that reads back exactly, as PostgreSQL writes a `float8`.
  public var postgresText: String? {
    if isNaN { return "NaN" }
    if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
    return "\(self)"
  }
}

extension Bool: PGEncodable {
  public static var postgresType: UInt32 { 16 }
  public var postgresText: String? { self ? "t" : "f" }
}

extension String: PGArrayElement {
  public static var postgresType: UInt32 { 25 }
  public static var postgresArrayType: UInt32 { 1009 }
  public var postgresText: String? { self }
}

extension Optional: PGEncodable where Wrapped: PGEncodable {
  public static var postgresType: UInt32 { Wrapped.postgresType }
  public var postgresText: String? { self?.postgresText }
}

extension Array: PGEncodable where Element: PGArrayElement {
  public static var postgresType: UInt32 { Element.postgresArrayType }
  /// An array literal, `{1,2,3}` or `{"a","b \"c\""}`: each element quoted, with `"` and `\`
  /// escaped.
  public var postgresText: String? {
    "{"
      + map { element in
        guard let text = element.postgresText else { return "NULL" }
        var quoted = "\""
        for character in text {
          if character == "\"" || character == "\\" { quoted.append("\\") }
          quoted.append(character)
        }
        return quoted + "\""
      }.joined(separator: ",") + "}"
  }
}
