extension TextEncoding {
  /// The encoding to read a file in whose first bytes are `start`: `given` when `--encoding`
  /// names one, else UTF-16 when `start` is a UTF-16 byte order mark, else UTF-8.
  static func of(start: [UInt8], given: TextEncoding?) -> TextEncoding {
    if let given { return given }
    guard start.count >= 2 else { return .utf8 }
    let mark = (start[0], start[1])
    return mark == (0xFF, 0xFE) || mark == (0xFE, 0xFF) ? .utf16 : .utf8
  }

  /// Whether `sample`, which holds NUL bytes, looks like UTF-16 text without a byte order mark
  /// rather than binary data: at least half of its two-byte units have a zero byte on one side
  /// (the characters of ASCII, which a CSV file's header, dates and amounts are written in), and
  /// hardly any on the other.
  static func looksLikeUTF16(_ sample: [UInt8]) -> Bool {
    let units = sample.count / 2
    guard units >= 2 else { return false }
    var zeroFirst = 0
    var zeroSecond = 0
    for unit in 0..<units {
      let (first, second) = (sample[2 * unit], sample[2 * unit + 1])
      if first == 0, second != 0 { zeroFirst += 1 }
      if second == 0, first != 0 { zeroSecond += 1 }
    }
    let (more, fewer) = (max(zeroFirst, zeroSecond), min(zeroFirst, zeroSecond))
    return more * 2 >= units && fewer * 10 <= units
  }
}
