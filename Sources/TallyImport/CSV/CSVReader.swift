/// Reads CSV records one at a time from a stream of bytes, in memory independent of the file's
/// size.
///
/// It follows RFC 4180: fields in double quotes may hold the delimiter, line breaks and doubled
/// quotes; records end in LF or CRLF; the last one may have no line break. A UTF-8 byte order
/// mark at the start is skipped. A quote that opens a field but never closes is an error naming
/// the line where the field began; a quote in the middle of an unquoted field is kept as it is.
/// A record longer than ``maximumRecordLength`` is an error too, found as soon as it is that
/// long: memory holds one record at most, however long the line.
public struct CSVReader<Source: ByteSource> {
  private var source: Source
  private let delimiter: UInt8
  /// The most bytes a record may hold, its fields' and the delimiters between them.
  public let maximumRecordLength: Int
  private var buffer: [UInt8]
  private var position = 0
  private var end = 0
  private var line = 1
  private var atStart = true
  private var finished = false
  private var record = CSVRecord()

  /// Creates a reader over `source`.
  ///
  /// - Parameters:
  ///   - source: Where the bytes come from.
  ///   - delimiter: What separates fields.
  ///   - bufferSize: How many bytes to read at a time.
  ///   - maximumRecordLength: The most bytes a record may hold, its fields' and the delimiters
  ///     between them (quotes and the line break not counted).
  public init(
    source: Source, delimiter: FieldDelimiter = .comma, bufferSize: Int = 1 << 16,
    maximumRecordLength: Int = .max
  ) {
    self.source = source
    self.delimiter = delimiter.byte
    self.maximumRecordLength = maximumRecordLength
    self.buffer = [UInt8](repeating: 0, count: max(16, bufferSize))
  }

  /// The next record, or `nil` at the end of the input.
  ///
  /// - Returns: The record, valid until the next call.
  /// - Throws: ``CSVError`` for an unterminated quote or a record longer than
  ///   ``maximumRecordLength``; what the source throws.
  public mutating func next() throws -> CSVRecord? {
    guard let record = try readRecord() else { return nil }
    // Its delimiters are one fewer than its fields.
    if record.bytes.count + record.ends.count - 1 > maximumRecordLength { throw tooLong() }
    return record
  }

  private mutating func readRecord() throws -> CSVRecord? {
    guard try fill() else { return nil }
    if atStart {
      atStart = false
      try skipByteOrderMark()
      guard try fill() else { return nil }
    }
    record.reset(line: line)
    while true {
      if buffer[position] == quote {
        position += 1
        try readQuoted(startLine: line)
      }
      // Unquoted bytes, or whatever follows a closing quote, up to the field's end.
      try readUnquoted()
      record.ends.append(record.bytes.count)
      guard try fill() else { return record }
      let byte = buffer[position]
      position += 1
      if byte == delimiter {
        guard try fill() else {
          record.ends.append(record.bytes.count)
          return record
        }
        continue
      }
      if byte == carriageReturn, try fill(), buffer[position] == lineFeed {
        position += 1
      }
      line += 1
      return record
    }
  }

  private let quote = UInt8(ascii: "\"")
  private let lineFeed = UInt8(ascii: "\n")
  private let carriageReturn = UInt8(ascii: "\r")

  /// Copies bytes up to the next delimiter or line break.
  private mutating func readUnquoted() throws {
    while true {
      var index = position
      let delimiter = delimiter
      buffer.withUnsafeBufferPointer { bytes in
        while index < end {
          let byte = bytes[index]
          if byte == delimiter || byte == 0x0A || byte == 0x0D { break }
          index += 1
        }
      }
      record.bytes.append(contentsOf: buffer[position..<index])
      position = index
      if position < end { return }
      guard try fill() else { return }
    }
  }

  /// Copies a quoted field's content, the opening quote already read.
  private mutating func readQuoted(startLine: Int) throws {
    while true {
      guard try fill() else {
        throw CSVError(line: startLine, reason: "a quoted field is never closed")
      }
      let byte = buffer[position]
      position += 1
      if byte == quote {
        if try fill(), buffer[position] == quote {
          record.bytes.append(quote)
          position += 1
          continue
        }
        return
      }
      if byte == lineFeed {
        line += 1
      } else if byte == carriageReturn {
        if try !fill() || buffer[position] != lineFeed { line += 1 }
      }
      record.bytes.append(byte)
    }
  }

  /// The error for a record longer than ``maximumRecordLength`` (its bytes and the
  /// delimiters so far), naming the line it starts on.
  ///
  /// A record is measured when it ends and whenever the buffer is read again meanwhile: it
  /// grows by at most a buffer between two looks, and the hot path compares once a record.
  private func tooLong() -> CSVError {
    let limit =
      maximumRecordLength % (1 << 20) == 0
      ? "\(maximumRecordLength >> 20) MiB" : "\(maximumRecordLength) bytes"
    return CSVError(
      line: record.line,
      reason: "the record that starts here is longer than \(limit), the most one may be (is a "
        + "quote never closed, or are the lines not separated by line breaks?)")
  }

  private mutating func skipByteOrderMark() throws {
    // The mark may arrive in pieces: gather three bytes first.
    while end - position < 3 {
      let count = try buffer.withUnsafeMutableBufferPointer { all in
        try source.read(into: UnsafeMutableBufferPointer(rebasing: all[end...]))
      }
      if count == 0 { break }
      end += count
    }
    if end - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
      buffer[position + 2] == 0xBF
    {
      position += 3
    }
  }

  /// Makes sure there is a byte to read; `false` at the end of the input.
  ///
  /// Inlined: it is asked for every byte or so, and reads on only at the end of the buffer.
  ///
  /// - Throws: What ``readMore()`` throws.
  @inline(__always)
  private mutating func fill() throws -> Bool {
    if position < end { return true }
    return try readMore()
  }

  /// Reads the next buffer; `false` at the end of the input.
  ///
  /// - Throws: What the source throws; ``CSVError`` for a record that is too long already
  ///   before more is read.
  private mutating func readMore() throws -> Bool {
    if finished { return false }
    // The record so far, with at least one delimiter fewer than the fields it has ended: too
    // long already whatever follows. (Before a record starts, the last one's, which passed.)
    if record.bytes.count + record.ends.count - 1 > maximumRecordLength { throw tooLong() }
    position = 0
    end = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0) }
    if end == 0 { finished = true }
    return end > 0
  }
}
