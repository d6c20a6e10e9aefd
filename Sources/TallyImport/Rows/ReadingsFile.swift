public import Foundation
public import TallyCore

/// A CSV file of readings, read row by row: each row becomes a reading or a reason it cannot.
public final class ReadingsFile {
  private let source: FileSource
  private let options: ImportOptions
  /// The file's name, as messages show it.
  public let name: String
  /// The encoding the file is read in: `--encoding`'s, or the one its start tells.
  public let encoding: TextEncoding

  /// The most bytes one record (a line, or the lines of a quoted line break) may hold: 1 MiB.
  ///
  /// What a row of readings holds is far less, and a longer one is most likely a file whose
  /// quote is never closed or whose lines are not separated as they seem. The reader stops
  /// there, so memory holds at most this much of a line.
  public static let maximumRecordLength = 1 << 20

  /// Opens the file at `path`.
  ///
  /// - Throws: ``TallyError`` when the file cannot be read.
  public init(path: String, options: ImportOptions) throws(TallyError) {
    do {
      _ = try Tags.joined(options.tags)
    } catch {
      throw TallyError(
        .invalidInput, "cannot import \(path): --tag \(error)",
        hint: "Give the readings at most \(Tags.most) tags; nothing was imported.")
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw TallyError(.invalidInput, "cannot import \(path): it is a folder, not a file")
    }
    do {
      source = try FileSource(path: path)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "there is no such file"
      throw TallyError(.invalidInput, "cannot import \(path): \(reason)")
    }
    // The bytes are looked at ahead of the reader, which still reads them: a pipe's can be
    // read once only.
    let start = (try? source.peek(upTo: 8_192)) ?? []
    self.start = start
    encoding = TextEncoding.of(start: start, given: options.encoding)
    try Self.checkText(start, encoding: encoding, path: path)
    self.options = options
    name = path
  }

  /// Refuses a file whose first 8 KiB hold a NUL byte, as no text in a one-byte encoding
  /// does: UTF-16 without a byte order mark is told to name its encoding, anything else is
  /// binary data.
  private static func checkText(
    _ start: [UInt8], encoding: TextEncoding, path: String
  ) throws(TallyError) {
    guard encoding.isByteOriented, start.contains(0) else { return }
    if TextEncoding.looksLikeUTF16(start) {
      throw TallyError(
        .invalidInput,
        "cannot import \(path): it looks like UTF-16 text without a byte order mark",
        hint: "Add --encoding utf-16 (or utf-16le, utf-16be); nothing was imported.")
    }
    throw TallyError(
      .invalidInput, "cannot import \(path): it is not a text file (it holds binary data)",
      hint: "Import a CSV file; nothing was imported.")
  }

  /// The file's first bytes (up to 8 KiB), which are still to be read.
  public let start: [UInt8]

  /// The whole file as it is, and its SHA-256: for a time log, which is JSON, not rows.
  ///
  /// - Throws: ``TallyError`` when it cannot be read.
  public func contents() throws(TallyError) -> (data: Data, sha256: String) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    do {
      while true {
        let count = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0) }
        if count == 0 { break }
        data.append(contentsOf: buffer[0..<count])
      }
    } catch {
      throw TallyError(
        .invalidInput, "cannot read \(name): \(error)", hint: "Nothing was imported.")
    }
    return (data, source.sha256)
  }

  /// Whether the file's header names a project column (`--project-column`'s, else `project`),
  /// as far as its first 64 KiB show.
  ///
  /// The file then holds the readings of several projects, as `tally export` writes them.
  /// The bytes looked at are still read by ``forEachRow(valid:invalid:)``.
  public func hasProjectColumn() -> Bool {
    guard let name = options.projectColumn else { return false }
    let start = (try? source.peek(upTo: 65_536)) ?? []
    let header: [String]?
    if encoding == .utf8 {
      var reader = CSVReader(
        source: MemorySource(start), delimiter: options.delimiter,
        maximumRecordLength: Self.maximumRecordLength)
      header = (try? reader.next())?.strings
    } else {
      var reader = CSVReader(
        source: TranscodingSource(base: MemorySource(start), encoding: encoding),
        delimiter: options.delimiter, maximumRecordLength: Self.maximumRecordLength)
      header = (try? reader.next())?.strings
    }
    return header?.contains { ColumnLayout.key($0) == ColumnLayout.key(name) } ?? false
  }

  /// How the file is read, as its import batch keeps it.
  public var settings: ImportSettings { options.settings(encoding: encoding) }

  /// How far the rows handed out have got through the file, from 0 to 1.
  public private(set) var progress = 0.0

  /// How far the reading thread has got.
  private var readProgress: Double {
    source.size > 0 ? min(1, Double(source.bytesRead) / Double(source.size)) : 0
  }

  /// The file's size in bytes.
  public var size: Int { source.size }

  /// Whether the file can be opened again to read the same rows: a regular file, not a pipe
  /// such as standard input.
  public var canBeReadAgain: Bool { source.isRegularFile }

  /// Reads every row: valid ones go to `valid`, invalid ones (with the line, the column and
  /// the value) to `invalid`, rows the filter leaves out to neither.
  ///
  /// The file is read and parsed on a thread of its own while `valid` and `invalid` run on
  /// the calling thread, in the file's order: an import parses and writes at the same time.
  ///
  /// - Returns: The SHA-256 of the file's content.
  /// - Throws: ``TallyError`` for a missing header or column or for CSV that cannot be read
  ///   past some point (an unterminated quote), naming the file and line; what the closures throw.
  public func forEachRow(
    valid: (ImportedReading) throws -> Void, invalid: (RowProblem) throws -> Void
  ) throws -> String {
    let channel = RowChannel(capacity: 4)
    let reader = ParseJob(file: self)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      channel.finish(Result { try reader.run(into: channel) })
      done.signal()
    }
    thread.start()
    defer {
      channel.cancel()
      done.wait()
    }
    while let chunk = channel.take() {
      for item in chunk.items {
        switch item {
        case .valid(let reading): try valid(reading)
        case .invalid(let problem): try invalid(problem)
        }
      }
      progress = chunk.progress
    }
    return try channel.result().get()
  }

  /// Reads every row on the calling thread, handing them to `deliver` in chunks.
  ///
  /// A UTF-8 file, the common case, is read as it is; a file in another encoding is converted
  /// to UTF-8 as it streams.
  fileprivate func parse(into deliver: ([RowItem], Double) -> Bool) throws -> String {
    do {
      if encoding == .utf8 {
        var reader = CSVReader(
          source: source, delimiter: options.delimiter,
          maximumRecordLength: Self.maximumRecordLength)
        try parse(&reader, into: deliver)
      } else {
        var reader = CSVReader(
          source: TranscodingSource(base: source, encoding: encoding),
          delimiter: options.delimiter, maximumRecordLength: Self.maximumRecordLength)
        try parse(&reader, into: deliver)
      }
    } catch let error as CSVError {
      throw TallyError(.invalidInput, "\(name), \(error)", hint: "Nothing was imported.")
    } catch let error as POSIXError {
      throw TallyError(
        .invalidInput, "cannot read \(name): \(String(cString: strerror(error.code.rawValue)))",
        hint: "Nothing was imported.")
    }
    return source.sha256
  }

  private func parse<Source: ByteSource>(
    _ reader: inout CSVReader<Source>, into deliver: ([RowItem], Double) -> Bool
  ) throws {
    var items: [RowItem] = []
    items.reserveCapacity(Self.rowsPerChunk)
    // The project the current row names, in a file with a project column, and the bytes it
    // was read from: rows of one project come in runs (an export is sorted by project), so a
    // row's title is made only when its bytes differ from the row before's.
    var project: String?
    var projectBytes: [UInt8] = []
    func emit(_ item: RowItem) throws {
      switch item {
      case .valid(var reading) where project != nil:
        reading.project = project
        items.append(.valid(reading))
      case .invalid(var problem) where project != nil:
        problem.project = project
        items.append(.invalid(problem))
      default:
        items.append(item)
      }
      if items.count == Self.rowsPerChunk {
        guard deliver(items, readProgress) else { throw CancellationError() }
        items.removeAll(keepingCapacity: true)
      }
    }
    guard let header = try reader.next() else {
      throw TallyError(.invalidInput, "\(name) is empty: it needs a header row")
    }
    try checkText(header, names: nil)
    // Converted text is checked record by record; a UTF-8 file from its first byte that is
    // not ASCII on (the reader reads ahead of the records it hands out).
    let isConverted = encoding != .utf8
    let layout = try ColumnLayout(
      header: header.strings, options: options, fileName: name)
    let dates = DateField(format: options.dateFormat, zone: options.zone)
    while let record = try reader.next() {
      if isConverted || source.hasReadNonASCII { try checkText(record, names: layout.names) }
      if record.isBlank { continue }
      if let index = layout.project {
        if index < record.count {
          record.withField(index) { bytes in
            guard !bytes.elementsEqual(projectBytes) else { return }
            projectBytes = Array(bytes)
            project = Self.projectTitle(bytes)
          }
        } else {
          project = nil
          projectBytes = [0xFF]  // no field: bytes no title has
        }
      }
      // Spreadsheets often leave out a row's last field when it is empty: read it as empty.
      guard record.count == layout.width || record.count == layout.width - 1 else {
        try emit(
          .invalid(
            RowProblem(
              line: record.line, column: nil, value: nil,
              reason: "\(record.count) field(s) where the header has \(layout.width)")))
        continue
      }
      if let filter = layout.filter {
        // A project's title in tally's own export may carry a spreadsheet's `'`.
        let keep = record.withField(filter.index) { bytes in
          bytes.elementsEqual(filter.value)
            || (bytes.first == UInt8(ascii: "'")
              && SpreadsheetText.unescaped(String(decoding: bytes, as: UTF8.self)).utf8
                .elementsEqual(filter.value))
        }
        if !keep { continue }
      }
      switch Self.reading(record, layout, dates, options.decimalComma, options.tags) {
      case .success(let reading): try emit(.valid(reading))
      case .failure(let problem): try emit(.invalid(problem))
      }
    }
    if !items.isEmpty, !deliver(items, readProgress) { throw CancellationError() }
  }

  private static let rowsPerChunk = 4_096

  /// A project column's field as a title: `nil` when blank; without the blanks a spreadsheet
  /// pads it with, and the `'` that tally's export puts before a title a spreadsheet would
  /// take for a formula.
  private static func projectTitle(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let text = VisibleText.trimmed(String(decoding: bytes, as: UTF8.self))
    let title = text.hasPrefix("'") ? SpreadsheetText.unescaped(text) : text
    return title.isEmpty ? nil : title
  }

  private static func reading(
    _ record: CSVRecord, _ layout: ColumnLayout, _ dates: DateField, _ decimalComma: Bool,
    _ fileTags: [String]
  ) -> Result<ImportedReading, RowProblem> {
    let timestamp: Timestamp
    do {
      timestamp = try record.withField(layout.date, trimmingBlanks: true) {
        bytes throws(ParseError) in try dates.parse(bytes)
      }
    } catch {
      return .failure(problem(record, layout.names[layout.date], error))
    }
    let amount: Double
    do {
      amount = try record.withField(layout.amount, trimmingBlanks: true) {
        bytes throws(ParseError) in
        try AmountParser.parse(bytes: bytes, decimalComma: decimalComma)
      }
    } catch {
      return .failure(problem(record, layout.names[layout.amount], error))
    }
    var note: String?
    if let index = layout.note {
      note = record.withField(index) { bytes in
        // A blank note is no note; checked on the bytes, before making a string.
        // A leading `'` that tally's export put before a formula's first character goes
        // (SpreadsheetText), so that an export imports back byte for byte.
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
          ? nil
          : bytes.first == UInt8(ascii: "'")
            ? SpreadsheetText.unescaped(String(decoding: bytes, as: UTF8.self))
            : String(decoding: bytes, as: UTF8.self)
      }
    }
    var isReset = false
    if let index = layout.reset {
      guard let flag = record.withField(index, Self.resetFlag) else {
        return .failure(
          RowProblem(
            line: record.line, column: layout.names[index], value: record.string(index),
            reason: "is not yes or no (a meter reset or not)"))
      }
      isReset = flag
      if flag, amount < 0 {
        return .failure(
          RowProblem(
            line: record.line, column: layout.names[layout.amount],
            value: record.string(layout.amount),
            reason: "is below 0 on a row marked as a reset: a meter reset or replaced counts "
              + "again from 0"))
      }
    }
    var tags = fileTags
    if let index = layout.tags {
      do {
        let own = try record.withField(index) { bytes throws(ParseError) in
          // Most rows of most files carry no tags: nothing is made of an empty field. A
          // leading `'` that tally's export put before a tag such as `-x` goes, as a note's.
          bytes.isEmpty
            ? [] : try Tags.parse(SpreadsheetText.unescaped(String(decoding: bytes, as: UTF8.self)))
        }
        if !own.isEmpty { tags = fileTags.isEmpty ? own : try Tags.joined(own, fileTags) }
      } catch {
        return .failure(problem(record, layout.names[index], error))
      }
    }
    return .success(
      ImportedReading(
        line: record.line, timestamp: timestamp, amount: amount, note: note, isReset: isReset,
        tags: tags))
  }

  /// A `reset` field read on its bytes, every row of a large file: `yes`, `true`, `1` (any
  /// case, blanks around) are true; empty, `no`, `false`, `0` false; anything else `nil`.
  ///
  /// The word is packed into an integer, lower-cased, and compared with the packed words:
  /// nothing is allocated per row.
  private static func resetFlag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
    let end = bytes.lastIndex { !isBlank($0) }.map { $0 + 1 } ?? start
    guard end - start <= 5 else { return nil }
    var word: UInt64 = 0
    for byte in bytes[start..<end] {
      guard byte != 0 else { return nil }
      // ASCII letters to lower case.
      word = word << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
    }
    switch word {
    case 0, packed("no"), packed("false"), packed("0"): return false
    case packed("yes"), packed("true"), packed("1"): return true
    default: return nil
    }
  }

  /// A word of up to 8 ASCII bytes as one integer, first byte highest.
  private static func packed(_ word: StaticString) -> UInt64 {
    var value: UInt64 = 0
    word.withUTF8Buffer { bytes in
      for byte in bytes { value = value << 8 | UInt64(byte) }
    }
    return value
  }

  private static func problem(_ record: CSVRecord, _ column: String, _ error: any Error)
    -> RowProblem
  {
    guard let error = error as? ParseError else {
      return RowProblem(line: record.line, column: column, value: nil, reason: "\(error)")
    }
    return RowProblem(line: record.line, column: column, value: error.value, reason: error.reason)
  }
}

/// The reading side of ``ReadingsFile/forEachRow(valid:invalid:)``: runs on its own thread and
/// is the only one to touch the file while it runs.
private final class ParseJob: @unchecked Sendable {
  private let file: ReadingsFile

  init(file: ReadingsFile) {
    self.file = file
  }

  func run(into channel: RowChannel) throws -> String {
    try file.parse { items, progress in
      channel.put(RowChannel.Chunk(items: items, progress: progress))
    }
  }
}
