extension TextEncoding {
  /// What is wrong with the bytes at `invalid` in `bytes`, which came from a file in this
  /// encoding and are not UTF-8: "byte 0xE9 is not UTF-8".
  ///
  /// After a conversion, the bytes stand for what the file held (see ``TranscodingSource``):
  /// the message names the file's own bytes.
  func problem(at invalid: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let first = bytes[invalid.lowerBound]
    switch self {
    case .windows1252:
      return "byte 0x\(UTF8Check.hex(first)) is no character in Windows-1252"
    case .utf16, .utf16LittleEndian, .utf16BigEndian:
      if first == 0xFF {
        return "the file ends in the middle of a UTF-16 character (it has an odd number of bytes)"
      }
      // A lone surrogate, as the three bytes UTF-8 would give it.
      guard first & 0xF0 == 0xE0, invalid.lowerBound + 2 < bytes.count else { break }
      let unit =
        UInt16(first & 0x0F) << 12 | UInt16(bytes[invalid.lowerBound + 1] & 0x3F) << 6
        | UInt16(bytes[invalid.lowerBound + 2] & 0x3F)
      return "0x\(UTF8Check.hex(UInt8(unit >> 8)))\(UTF8Check.hex(UInt8(unit & 0xFF))) is half "
        + "of a UTF-16 surrogate pair, alone (no character)"
    case .utf8, .latin1:
      break
    }
    let shown = bytes[invalid].map { "0x" + UTF8Check.hex($0) }.joined(separator: " ")
    return invalid.count == 1 ? "byte \(shown) is not UTF-8" : "bytes \(shown) are not UTF-8"
  }

  /// `bytes` as text to show in a message: what is no character is written as the file's
  /// bytes (`\xE9`), or as a lone UTF-16 surrogate's number (`\u{D800}`).
  func shown(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var text = ""
    var index = 0
    while index < bytes.count {
      guard let invalid = UTF8Check.firstInvalid(UnsafeBufferPointer(rebasing: bytes[index...]))
      else {
        text += String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
        break
      }
      let start = index + invalid.lowerBound
      text += String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<start]), as: UTF8.self)
      let isUTF16 = !isByteOriented
      if isUTF16, bytes[start] == 0xFF {
        index = start + 1  // Half a character: nothing to show.
      } else if isUTF16, bytes[start] & 0xF0 == 0xE0, start + 2 < bytes.count {
        let unit =
          UInt32(bytes[start] & 0x0F) << 12 | UInt32(bytes[start + 1] & 0x3F) << 6
          | UInt32(bytes[start + 2] & 0x3F)
        text += "\\u{" + String(unit, radix: 16, uppercase: true) + "}"
        index = start + 3
      } else {
        for byte in bytes[start..<(index + invalid.upperBound)] {
          text += "\\x" + UTF8Check.hex(byte)
        }
        index += invalid.upperBound
      }
    }
    return text
  }

  /// What to do about text that is not in this encoding.
  var hintForInvalidText: String {
    switch self {
    case .utf8, .latin1:
      "Nothing was imported. Name the file's encoding: --encoding windows-1252 (a Windows "
        + "spreadsheet's export), latin1 or utf-16."
    case .windows1252:
      "Nothing was imported. --encoding latin1 reads every byte (as ISO-8859-1)."
    case .utf16, .utf16LittleEndian, .utf16BigEndian:
      "Nothing was imported. Name the file's encoding if it is another: --encoding utf-8, "
        + "windows-1252 or latin1."
    }
  }
}
