/// One record of a CSV file: its fields, unquoted, and the line it starts on.
///
/// The reader reuses one record for the whole file, so a record is valid only until the next
/// one is read; copy what must be kept (``string(_:)`` does).
public struct CSVRecord: Sendable {
  /// The line (1-based) the record starts on; a quoted field may carry it over several lines.
  public internal(set) var line = 0
  /// The bytes of every field, one after the other.
  var bytes: [UInt8] = []
  /// Where each field's bytes end in `bytes`.
  var ends: [Int] = []

  /// How many fields the record has.
  public var count: Int { ends.count }

  /// Whether the record is one empty field: a blank line.
  public var isBlank: Bool { ends.count == 1 && ends[0] == 0 }

  /// The bytes of field `index`; a field past ``count`` is empty.
  ///
  /// - Parameters:
  ///   - index: The field.
  ///   - trimmingBlanks: Whether to leave out the spaces and tabs around the bytes (as
  ///     spreadsheets pad dates and amounts).
  ///   - body: What to do with them.
  /// - Returns: What `body` returns.
  public func withField<Result>(
    _ index: Int, trimmingBlanks: Bool = false,
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    guard index < ends.count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    var start = index == 0 ? 0 : ends[index - 1]
    var end = ends[index]
    return try bytes.withUnsafeBufferPointer { all in
      if trimmingBlanks {
        while start < end, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
        while end > start, all[end - 1] == 0x20 || all[end - 1] == 0x09 { end -= 1 }
      }
      return try body(UnsafeBufferPointer(rebasing: all[start..<end]))
    }
  }

  /// Field `index` as a string (invalid UTF-8 is repaired).
  public func string(_ index: Int) -> String {
    withField(index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Every field as a string (invalid UTF-8 is repaired), made in one pass over the bytes.
  public var strings: [String] {
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      return ends.map { end in
        defer { start = end }
        return String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self)
      }
    }
  }

  mutating func reset(line: Int) {
    self.line = line
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }
}
