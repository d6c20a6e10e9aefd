import Foundation
public import TallyCore

/// The rows of a file that names each row's project (as `tally export` writes it), sorted out
/// by project as the file streams: each project's rows go into a spool file of their own in a
/// private temporary folder, so that one project's rows can be read on their own, and again,
/// in the file's order, while memory holds no more than a buffer per project.
///
/// The folder and its files go when the spool does.
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
  /// The SHA-256 of the file's content.
  public private(set) var sha256 = ""
  /// How the file was read, for the import batches.
  public let settings: ImportSettings

  private let folder: String
  private var writers: [String: SpoolWriter] = [:]
  private var paths: [String: String] = [:]

  /// Reads `file` and spools its rows by project.
  ///
  /// - Parameters:
  ///   - file: The file, with a project column.
  ///   - check: Called every few thousand rows with how many have been read; it may throw to
  ///     stop (a Ctrl-C).
  /// - Throws: ``TallyError`` when the file cannot be read or the spool cannot be written;
  ///   what `check` throws.
  public init(
    _ file: ReadingsFile, check: (Int) throws -> Void = { _ in }
  ) throws {
    settings = file.settings
    var template = Array(
      (FileManager.default.temporaryDirectory.path + "/tally-import-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TallyError(
        .storage,
        "cannot make a temporary folder for \(file.name): \(String(cString: strerror(errno)))",
        hint: "Nothing was imported. Set TMPDIR to a folder with room.")
    }
    folder = String(cString: made)
    var count = 0
    do {
      sha256 = try file.forEachRow(
        valid: { reading in
          try self.spool(reading.project, line: reading.line) {
            try $0.append(reading)
          }
          count += 1
          if count % 4_096 == 0 { try check(count) }
        },
        invalid: { problem in
          guard problem.project != nil else {
            self.unassigned.add(problem)
            return
          }
          try self.spool(problem.project, line: problem.line) { try $0.append(problem) }
        })
      for writer in writers.values { try writer.close() }
    } catch {
      try? FileManager.default.removeItem(atPath: folder)
      throw error
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func spool(
    _ title: String?, line: Int, _ write: (SpoolWriter) throws -> Void
  ) throws {
    guard let title else {
      unassigned.add(
        RowProblem(
          line: line, column: "project", value: "",
          reason: "names no project: each row of a file with a project column needs one"))
      return
    }
    if let writer = writers[title] {
      try write(writer)
      parts[parts.firstIndex { $0.title == title } ?? 0].rows += 1
      return
    }
    let path = folder + "/\(writers.count).rows"
    let writer = try SpoolWriter(path: path)
    writers[title] = writer
    paths[title] = path
    parts.append(Part(title: title, rows: 1, firstLine: line))
    try write(writer)
  }

  /// The rows of the project titled `title`, to import: none when the file names it nowhere.
  ///
  /// They can be read again; each reading returns the whole file's SHA-256.
  public func rows(of title: String) -> ImportRows {
    let path = paths[title]
    let sha256 = sha256
    return ImportRows(canBeReadAgain: true) { sink in
      if let path {
        var reader = try SpoolReader(path: path)
        try reader.forEach(sink)
      }
      return sha256
    }
  }
}

/// Writes spooled rows to a file, through a buffer.
private final class SpoolWriter {
  private let handle: FileHandle
  private var buffer: [UInt8] = []

  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw TallyError(.storage, "cannot write the temporary file \(path)")
    }
    handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    buffer.reserveCapacity(1 << 16)
  }

  func append(_ reading: ImportedReading) throws {
    buffer.append(1)
    integer(reading.line)
    integer(Int(reading.timestamp.microsecondsSince1970))
    integer(Int(bitPattern: UInt(reading.amount.bitPattern)))
    buffer.append(reading.isReset ? 1 : 0)
    text(reading.note)
    integer(reading.tags.count)
    for tag in reading.tags { text(tag) }
    try flushIfFull()
  }

  func append(_ problem: RowProblem) throws {
    buffer.append(2)
    integer(problem.line)
    text(problem.column)
    text(problem.value)
    text(problem.reason)
    try flushIfFull()
  }

  func close() throws {
    try handle.write(contentsOf: buffer)
    buffer.removeAll()
    try handle.close()
  }

  private func flushIfFull() throws {
    guard buffer.count >= 1 << 16 else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private func integer(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { buffer.append(contentsOf: $0) }
  }

  private func text(_ value: String?) {
    guard let value else {
      integer(-1)
      return
    }
    integer(value.utf8.count)
    buffer.append(contentsOf: value.utf8)
  }
}

/// Reads spooled rows back, in the order they were written.
private struct SpoolReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var place = 0
  private var atEnd = false

  init(path: String) throws {
    handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
  }

  mutating func forEach(_ sink: any ImportRowSink) throws {
    defer { try? handle.close() }
    while try has(1) {
      let kind = buffer[place]
      place += 1
      let line = try integer()
      if kind == 1 {
        let timestamp = Timestamp(microsecondsSince1970: Int64(try integer()))
        let amount = Double(bitPattern: UInt64(UInt(bitPattern: try integer())))
        guard try has(1) else { throw Self.cut }
        let isReset = buffer[place] == 1
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
        sink.reject(
          RowProblem(line: line, column: column, value: value, reason: try text() ?? ""))
      }
    }
  }

  private static let cut = TallyError(.storage, "a temporary file of the import was cut short")

  /// Whether `count` more bytes are there, reading on when the buffer holds fewer.
  private mutating func has(_ count: Int) throws -> Bool {
    while buffer.count - place < count, !atEnd {
      let more = try handle.read(upToCount: 1 << 16) ?? Data()
      if more.isEmpty { atEnd = true }
      buffer.removeFirst(place)
      place = 0
      buffer.append(contentsOf: more)
    }
    return buffer.count - place >= count
  }

  private mutating func integer() throws -> Int {
    guard try has(8) else { throw Self.cut }
    var value: Int64 = 0
    withUnsafeMutableBytes(of: &value) { raw in
      raw.copyBytes(from: buffer[place..<place + 8])
    }
    place += 8
    return Int(Int64(littleEndian: value))
  }

  private mutating func text() throws -> String? {
    let count = try integer()
    guard count >= 0 else { return nil }
    guard try has(count) else { throw Self.cut }
    defer { place += count }
    return String(decoding: buffer[place..<place + count], as: UTF8.self)
  }
}
