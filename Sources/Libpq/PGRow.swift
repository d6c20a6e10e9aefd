/// One row of a statement's answer: each column's text as the server wrote it, or `nil` for
/// NULL.
public struct PGRow: Sendable, Equatable {
  /// The columns' values, in the statement's order.
  public var values: [String?]

  /// A row of `values`.
  public init(_ values: [String?]) {
    self.values = values
  }

  /// The first column decoded as `type`.
  ///
  /// - Throws: ``PGError`` (client) when the row has no column, or the value is not one.
  public func decode<Value: PGDecodable>(_ type: Value.Type) throws -> Value {
    guard let first = values.first else {
      throw PGError(.client, "the row has no column to decode as \(Value.self)")
    }
    return try Value(postgresText: first)
  }

  /// The columns decoded as `types`, in order: `row.decode((Int64, String?).self)`.
  ///
  /// - Throws: ``PGError`` (client) when the row has fewer columns, or a value is not of its
  ///   type (NULL where no optional is asked for).
  public func decode<each Column: PGDecodable>(_ types: (repeat each Column).Type) throws
    -> (repeat each Column)
  {
    var index = 0
    func next<Value: PGDecodable>(_ type: Value.Type) throws -> Value {
      defer { index += 1 }
      guard index < values.count else {
        throw PGError(.client, "the row has \(values.count) columns; more were asked for")
      }
      return try Value(postgresText: values[index])
    }
    return (repeat try next((each Column).self))
  }
}

/// A value read from a column's text.
public protocol PGDecodable: Sendable {
  /// Reads the value from the text the server wrote, `nil` for NULL.
  ///
  /// - Throws: ``PGError`` (client) when the text is not such a value.
  init(postgresText text: String?) throws
}

extension PGDecodable {
  /// The text, or the error of a NULL where a value was asked for.
  static func present(_ text: String?) throws -> String {
    guard let text else { throw PGError(.client, "a NULL was read where \(Self.self) was asked") }
    return text
  }

  /// The error of a text that is not a `Self`.
  static func unreadable(_ text: String) -> PGError {
    PGError(.client, "'\(text.prefix(40))' is not \(Self.self)")
  }
}

extension PGDecodable where Self: FixedWidthInteger {
  /// An integer's decimal text, in range for `Self`.
  static func integer(_ text: String?) throws -> Self {
    let text = try present(text)
    guard let value = Self(text, radix: 10) else { throw unreadable(text) }
    return value
  }
}

extension Int64: PGDecodable {
  public init(postgresText text: String?) throws { self = try Self.integer(text) }
}

extension Int: PGDecodable {
  public init(postgresText text: String?) throws { self = try Self.integer(text) }
}

extension Int32: PGDecodable {
  public init(postgresText text: String?) throws { self = try Self.integer(text) }
}

extension Double: PGDecodable {
  /// PostgreSQL's `float8` text (shortest exact since version 12), `NaN` and the infinities;
  /// a `numeric` or an integer reads too.
  public init(postgresText text: String?) throws {
    let text = try Self.present(text)
    switch text {
    case "NaN": self = .nan
    case "Infinity": self = .infinity
    case "-Infinity": self = -.infinity
    default:
      guard let value = Double(text) else { throw Self.unreadable(text) }
      self = value
    }
  }
}

extension Bool: PGDecodable {
  public init(postgresText text: String?) throws {
    switch try Self.present(text) {
    case "t", "true": self = true
    case "f", "false": self = false
    case let other: throw Self.unreadable(other)
    }
  }
}

extension String: PGDecodable {
  public init(postgresText text: String?) throws {
    self = try Self.present(text)
  }
}

extension Optional: PGDecodable where Wrapped: PGDecodable {
  public init(postgresText text: String?) throws {
    self = try text.map { try Wrapped(postgresText: $0) }
  }
}
