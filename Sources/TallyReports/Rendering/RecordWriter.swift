public import Foundation
public import TallyCore

/// Machine output (CSV and JSON records) written byte by byte into one buffer.
///
/// A dump of millions of readings writes each field in place: no string per field, per
/// record or per padded number. It writes what ``CSVWriter`` and ``JSONWriter`` write, byte
/// for byte; tests hold it to them.
public struct RecordWriter {
  /// What has been written and not yet taken.
  public private(set) var bytes: [UInt8] = []
  /// The zone's offsets, for timestamps.
  private var offsets: ZoneOffsets

  /// A writer whose timestamps are in `zone`, with room for `capacity` bytes.
  public init(zone: TimeZone = .gmt, capacity: Int = 256) {
    offsets = ZoneOffsets(zone: zone)
    bytes.reserveCapacity(capacity)
  }

  /// What was written, as text.
  public var text: String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Starts again from nothing, keeping the buffer.
  public mutating func clear() {
    bytes.removeAll(keepingCapacity: true)
  }

  // MARK: Plain bytes

  /// `text` as it is.
  public mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Bytes as they are.
  public mutating func append(_ utf8: some Sequence<UInt8>) {
    bytes.append(contentsOf: utf8)
  }

  /// `count` spaces (none when it is not above 0).
  public mutating func spaces(_ count: Int) {
    guard count > 0 else { return }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// `value` in decimal.
  public mutating func integer(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      // The magnitude of Int64.min does not fit an Int64.
      digits(value.magnitude, width: 1)
    } else {
      digits(UInt64(value), width: 1)
    }
  }

  /// `value` in decimal, zero-padded to `width` digits (at most 20).
  ///
  /// A timestamp's fields (two digits, or a year's four) are written byte by byte with
  /// divisions by constants; other values from the last digit back into a scratch buffer.
  private mutating func digits(_ value: UInt64, width: Int) {
    let zero = UInt8(ascii: "0")
    if width == 2, value < 100 {
      bytes.append(zero &+ UInt8(truncatingIfNeeded: value / 10))
      bytes.append(zero &+ UInt8(truncatingIfNeeded: value % 10))
      return
    }
    if width == 4, value < 10_000 {
      bytes.append(zero &+ UInt8(truncatingIfNeeded: value / 1_000))
      bytes.append(zero &+ UInt8(truncatingIfNeeded: value / 100 % 10))
      bytes.append(zero &+ UInt8(truncatingIfNeeded: value / 10 % 10))
      bytes.append(zero &+ UInt8(truncatingIfNeeded: value % 10))
      return
    }
    var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: 20 digits at most
    withUnsafeMutableBytes(of: &scratch) { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      var end = buffer.count
      var rest = value
      repeat {
        end -= 1
        buffer[end] = zero &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      while buffer.count - end < min(width, 20) {
        end -= 1
        buffer[end] = zero
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[end...]))
    }
  }

  /// A stored amount, written so that it reads back exactly: ``AmountFormat/exact(_:)``.
  public mutating func exactAmount(_ amount: Double) {
    if amount == amount.rounded(), abs(amount) < 1e15 {
      integer(Int64(amount))
    } else {
      append(AmountFormat.exact(amount))
    }
  }

  /// A timestamp in ISO 8601 with the zone's offset: ``TimestampFormat/iso8601(_:in:)``.
  public mutating func timestamp(_ timestamp: Timestamp) {
    let (civil, offset) = offsets.civil(timestamp)
    guard (0...9_999).contains(civil.year) else {
      append(TimestampFormat.iso8601(timestamp, in: offsets.zone))
      return
    }
    digits(UInt64(civil.year), width: 4)
    bytes.append(UInt8(ascii: "-"))
    digits(UInt64(civil.month), width: 2)
    bytes.append(UInt8(ascii: "-"))
    digits(UInt64(civil.day), width: 2)
    bytes.append(UInt8(ascii: "T"))
    digits(UInt64(civil.hour), width: 2)
    bytes.append(UInt8(ascii: ":"))
    digits(UInt64(civil.minute), width: 2)
    bytes.append(UInt8(ascii: ":"))
    digits(UInt64(civil.second), width: 2)
    if civil.microsecond != 0 {
      bytes.append(UInt8(ascii: "."))
      if civil.microsecond % 1_000 == 0 {
        digits(UInt64(civil.microsecond / 1_000), width: 3)
      } else {
        digits(UInt64(civil.microsecond), width: 6)
      }
    }
    bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let magnitude = UInt64(abs(offset))
    digits(magnitude / 3_600, width: 2)
    bytes.append(UInt8(ascii: ":"))
    digits(magnitude % 3_600 / 60, width: 2)
  }

  // MARK: CSV

  /// A CSV field, quoted where it must be: ``CSVWriter/quoted(_:)``.
  public mutating func csvField(_ field: String) {
    var field = field
    field.withUTF8 { text in
      let needsQuotes =
        text.contains { byte in
          byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
        } || text.first == UInt8(ascii: " ") || text.last == UInt8(ascii: " ")
      guard needsQuotes else {
        bytes.append(contentsOf: text)
        return
      }
      bytes.append(UInt8(ascii: "\""))
      for byte in text {
        bytes.append(byte)
        if byte == UInt8(ascii: "\"") { bytes.append(byte) }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// A CSV text field (a title, a note), marked so that a spreadsheet shows it as text:
  /// ``CSVWriter/text(_:)``, quoted where it must be.
  public mutating func csvText(_ field: String) {
    csvField(CSVWriter.text(field))
  }

  // MARK: JSON

  /// A JSON string literal: ``JSONWriter/string(_:)``.
  public mutating func jsonString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
        case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
          bytes.append(contentsOf: Array("\\u00".utf8))
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A JSON value: ``JSONWriter/render(_:)``.
  public mutating func json(_ value: JSONWriter.Value) {
    switch value {
    case .string(let text): jsonString(text)
    case .amount(let amount):
      if amount.isFinite { exactAmount(amount) } else { append("null") }
    case .integer(let integer): self.integer(integer)
    case .texts(let texts):
      bytes.append(UInt8(ascii: "["))
      for (index, text) in texts.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        jsonString(text)
      }
      bytes.append(UInt8(ascii: "]"))
    case .number, .bool, .null: append(JSONWriter.render(value))
    }
  }

  /// A JSON object's key and its colon; a comma first unless it is the object's first.
  public mutating func jsonKey(_ key: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
  }
}
