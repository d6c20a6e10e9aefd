import TallyCore

extension ReadingsFile {
  /// Refuses a record that holds bytes that are not text in the file's encoding (read as
  /// UTF-8, or after its conversion), naming the line, the column, the bytes and the
  /// encodings to try: no text is stored repaired as U+FFFD, and no row is left out by a
  /// filter that its bytes could not match.
  ///
  /// - Parameters:
  ///   - record: The record as read.
  ///   - names: The header's names; `nil` for the header itself.
  /// - Throws: ``TallyError`` naming the file, the line, the column and the bytes.
  func checkText(_ record: CSVRecord, names: [String]?) throws(TallyError) {
    // Only the range comes out of the common case; the message is made when there is one.
    guard let invalid = record.bytes.withUnsafeBufferPointer(UTF8Check.firstInvalid) else {
      return
    }
    throw record.bytes.withUnsafeBufferPointer { bytes in
      textError(in: record, bytes, at: invalid, names: names)
    }
  }

  private func textError(
    in record: CSVRecord, _ bytes: UnsafeBufferPointer<UInt8>, at invalid: Range<Int>,
    names: [String]?
  ) -> TallyError {
    // The field that holds the bytes: the first that ends after them.
    var low = 0
    var high = record.ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if record.ends[middle] > invalid.lowerBound { high = middle } else { low = middle + 1 }
    }
    let field = low
    let fieldStart = field == 0 ? 0 : record.ends[field - 1]
    let fieldBytes = UnsafeBufferPointer(rebasing: bytes[fieldStart..<record.ends[field]])
    let column: String
    if let names {
      column =
        field < names.count && !names[field].isEmpty
        ? "column \(names[field])" : "column \(field + 1)"
    } else {
      column = "column \(field + 1) of the header"
    }
    let local = (invalid.lowerBound - fieldStart)..<(invalid.upperBound - fieldStart)
    let problem = encoding.problem(at: local, in: fieldBytes)
    let value = encoding.shown(Self.window(of: fieldBytes, around: local))
    let cutBefore = local.lowerBound > Self.context ? "…" : ""
    let cutAfter = fieldBytes.count - local.upperBound > Self.context ? "…" : ""
    return TallyError(
      .invalidInput,
      "\(name), line \(record.line), \(column): \(problem): '\(cutBefore)\(value)\(cutAfter)'",
      hint: encoding.hintForInvalidText)
  }

  /// How many bytes a message shows on each side of the bytes at fault.
  private static let context = 40

  /// The bytes around `range`, at most ``context`` on each side, cut where characters start.
  private static func window(
    of bytes: UnsafeBufferPointer<UInt8>, around range: Range<Int>
  ) -> UnsafeBufferPointer<UInt8> {
    var start = max(0, range.lowerBound - context)
    while start > 0, start < range.lowerBound, bytes[start] & 0xC0 == 0x80 { start += 1 }
    var end = min(bytes.count, range.upperBound + context)
    while end < bytes.count, end > range.upperBound, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }
}
