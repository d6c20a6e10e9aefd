import Foundation
public import TallyCore

/// The rows of a file that names each row's project (as `tally export` writes it), sorted out
/// by project as the file streams, so that one project's rows can be read on their own, and
/// again, in the file's order, while memory holds no more than a small buffer per project.
///
/// Every project's rows go into one temporary file in `TMPDIR`, in chunks of whole rows, each
/// chunk noted with its project; the file has no name from the moment it is made, so that
/// nothing of it is left behind however tally ends, and one descriptor serves any number of
/// projects.
public final class ProjectSpool {
  /// One project's rows in the file.
  public struct Part: Equatable, Sendable {
    /// The title the rows name.
    public let title: String
    /// How many rows name it, valid or not.
    public internal(set) var rows: Int
    /// The line of its first row.
    public let firstLine: Int
  }

  /// The projects the file names, in the order of their first rows.
  public private(set) var parts: [Part] = []
  /// Rows that name no project: each one is invalid.
  public private(set) var unassigned = InvalidRows(keepsAll: true)
  /// How many rows are invalid, those that name no project among them.
  public var invalidCount: Int { unassigned.count + spooledInvalid }
  /// The SHA-256 of the file's content.
  public private(set) var sha256 = ""
  /// How the file was read, for the import batches.
  public let settings: ImportSettings

  private var spooledInvalid = 0
  private let file: SpoolFile
  /// Each part's rows not yet written, by the part's place in ``parts``.
  private var pending: [[UInt8]] = []
  /// Each part's chunks in the file: offset and length.
  private var chunks: [[(offset: Int64, count: Int)]] = []
  private var places: [String: Int] = [:]

  /// How many bytes of a project's rows are gathered before they go to the file.
  static let chunkSize = 1 << 15

  /// Reads `file` and spools its rows by project.
  ///
  /// - Parameters:
  ///   - file: The file, with a project column.
  ///   - check: Called every few thousand rows with how many have been read; it may throw to
  ///     stop (a Ctrl-C).
  /// - Throws: ``TallyError`` when the file cannot be read or the spool cannot be written;
  ///   what `check` throws.
  public init(_ file: ReadingsFile, check: (Int) throws -> Void = { _ in }) throws {
    settings = file.settings
    self.file = try SpoolFile(for: file.name)
    var count = 0
    sha256 = try file.forEachRow(
      valid: { reading in
        try self.spool(reading.project, line: reading.line) { SpoolRecord.append(reading, to: &$0) }
        count += 1
        if count % 4_096 == 0 { try check(count) }
      },
      invalid: { problem in
        guard problem.project != nil else {
          self.unassigned.add(problem)
          return
        }
        try self.spool(problem.project, line: problem.line) { SpoolRecord.append(problem, to: &$0) }
        self.spooledInvalid += 1
      })
    for place in pending.indices { try flush(place) }
  }

  private func spool(
    _ title: String?, line: Int, _ write: (inout [UInt8]) -> Void
  ) throws {
    guard let title else {
      unassigned.add(
        RowProblem(
          line: line, column: "project", value: "",
          reason: "names no project: each row of a file with a project column needs one"))
      return
    }
    let place: Int
    if let known = places[title] {
      place = known
      parts[place].rows += 1
    } else {
      place = parts.count
      places[title] = place
      parts.append(Part(title: title, rows: 1, firstLine: line))
      pending.append([])
      chunks.append([])
    }
    write(&pending[place])
    if pending[place].count >= Self.chunkSize { try flush(place) }
  }

  private func flush(_ place: Int) throws {
    guard !pending[place].isEmpty else { return }
    chunks[place].append((try file.append(pending[place]), pending[place].count))
    pending[place].removeAll(keepingCapacity: false)
  }

  /// The rows of the project titled `title`, to import: none when the file names it nowhere.
  ///
  /// They can be read again; each reading returns the whole file's SHA-256.
  public func rows(of title: String) -> ImportRows {
    let chunks = places[title].map { self.chunks[$0] } ?? []
    let sha256 = sha256
    return ImportRows(canBeReadAgain: true) { [file] sink in
      for (offset, count) in chunks {
        try SpoolRecord.read(try file.read(count, at: offset), into: sink)
      }
      return sha256
    }
  }
}

/// The temporary file of a spool: made in `TMPDIR` and unnamed at once.
private final class SpoolFile: @unchecked Sendable {
  private let descriptor: Int32
  private var end: Int64 = 0

  init(for name: String) throws(TallyError) {
    let folder =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    var template = Array((folder + "/tally-import-XXXXXX").utf8CString)
    let made = mkstemp(&template)
    guard made >= 0 else {
      throw TallyError(
        .storage,
        "cannot import \(name): cannot make a temporary file in \(folder): "
          + String(cString: strerror(errno)),
        hint: "Nothing was imported. Set TMPDIR to a folder with room.")
    }
    unlink(template)
    descriptor = made
  }

  deinit {
    close(descriptor)
  }

  /// Writes `bytes` at the end; returns where they start.
  func append(_ bytes: [UInt8]) throws(TallyError) -> Int64 {
    let start = end
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        raw.baseAddress.map { pwrite(descriptor, $0 + written, raw.count - written, off_t(end)) }
          ?? 0
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure("write")
      }
      written += count
      end += Int64(count)
    }
    return start
  }

  /// Reads `count` bytes from `offset`.
  func read(_ count: Int, at offset: Int64) throws(TallyError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { raw in
        raw.baseAddress.map {
          pread(descriptor, $0 + done, count - done, off_t(offset) + off_t(done))
        } ?? 0
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { throw Self.failure("read") }
      done += got
    }
    return bytes
  }

  private static func failure(_ doing: String) -> TallyError {
    TallyError(
      .storage,
      "cannot \(doing) the import's temporary file: \(String(cString: strerror(errno)))",
      hint: "Nothing was imported. Set TMPDIR to a folder with room.")
  }
}

/// How a spooled row is written: a kind byte (1 a reading, 2 an invalid row), then its fields.
private enum SpoolRecord {
  static func append(_ reading: ImportedReading, to buffer: inout [UInt8]) {
    buffer.append(1)
    integer(reading.line, &buffer)
    integer(Int(reading.timestamp.microsecondsSince1970), &buffer)
    integer(Int(bitPattern: UInt(reading.amount.bitPattern)), &buffer)
    buffer.append(reading.isReset ? 1 : 0)
    text(reading.note, &buffer)
    integer(reading.tags.count, &buffer)
    for tag in reading.tags { text(tag, &buffer) }
  }

  static func append(_ problem: RowProblem, to buffer: inout [UInt8]) {
    buffer.append(2)
    integer(problem.line, &buffer)
    text(problem.column, &buffer)
    text(problem.value, &buffer)
    text(problem.reason, &buffer)
  }

  private static func integer(_ value: Int, _ buffer: inout [UInt8]) {
    withUnsafeBytes(of: Int64(value).littleEndian) { buffer.append(contentsOf: $0) }
  }

  private static func text(_ value: String?, _ buffer: inout [UInt8]) {
    guard let value else {
      integer(-1, &buffer)
      return
    }
    integer(value.utf8.count, &buffer)
    buffer.append(contentsOf: value.utf8)
  }

  /// Hands the rows of one chunk to `sink`, in order.
  static func read(_ bytes: [UInt8], into sink: any ImportRowSink) throws {
    var place = 0
    func integer() throws -> Int {
      guard place + 8 <= bytes.count else { throw cut }
      var value: Int64 = 0
      withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[place..<place + 8]) }
      place += 8
      return Int(Int64(littleEndian: value))
    }
    func text() throws -> String? {
      let count = try integer()
      guard count >= 0 else { return nil }
      guard place + count <= bytes.count else { throw cut }
      defer { place += count }
      return String(decoding: bytes[place..<place + count], as: UTF8.self)
    }
    while place < bytes.count {
      let kind = bytes[place]
      place += 1
      let line = try integer()
      if kind == 1 {
        let timestamp = Timestamp(microsecondsSince1970: Int64(try integer()))
        let amount = Double(bitPattern: UInt64(UInt(bitPattern: try integer())))
        guard place < bytes.count else { throw cut }
        let isReset = bytes[place] == 1
        place += 1
        let note = try text()
        var tags: [String] = []
        for _ in 0..<max(0, try integer()) { tags.append(try text() ?? "") }
        try sink.add(
          ImportedReading(
            line: line, timestamp: timestamp, amount: amount, note: note, isReset: isReset,
            tags: tags))
      } else {
        let column = try text()
        let value = try text()
        sink.reject(RowProblem(line: line, column: column, value: value, reason: try text() ?? ""))
      }
    }
  }

  private static let cut = TallyError(.storage, "a temporary file of the import was cut short")
}
