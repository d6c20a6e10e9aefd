import Foundation
public import TallyCore

/// A CSV file of readings, read row by row: each row becomes a reading or a reason it cannot.
public final class ReadingsFile {
  private let source: FileSource
  private let options: ImportOptions
  /// The file's name, as messages show it.
  public let name: String

  /// Opens the file at `path`.
  ///
  /// - Throws: ``TallyError`` when the file cannot be read.
  public init(path: String, options: ImportOptions) throws(TallyError) {
    do {
      source = try FileSource(path: path)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "there is no such file"
      throw TallyError(.invalidInput, "cannot import \(path): \(reason)")
    }
    self.options = options
    name = path
  }

  /// How far the reading has got, from 0 to 1.
  public var progress: Double {
    source.size > 0 ? min(1, Double(source.bytesRead) / Double(source.size)) : 0
  }

  /// The file's size in bytes.
  public var size: Int { source.size }

  /// Reads every row: valid ones go to `valid`, invalid ones (with the line, the column and
  /// the value) to `invalid`, rows the filter leaves out to neither.
  ///
  /// - Returns: The SHA-256 of the file's content.
  /// - Throws: ``TallyError`` for a missing header or column or for CSV that cannot be read
  ///   past some point (an unterminated quote), naming the file and line; what the closures throw.
  public func forEachRow(
    valid: (ImportedReading) throws -> Void, invalid: (RowProblem) throws -> Void
  ) throws -> String {
    var reader = CSVReader(source: source, delimiter: options.delimiter)
    do {
      guard let header = try reader.next() else {
        throw TallyError(.invalidInput, "\(name) is empty: it needs a header row")
      }
      let layout = try ColumnLayout(
        header: (0..<header.count).map(header.string), options: options, fileName: name)
      let dates = DateField(format: options.dateFormat, zone: options.zone)
      while let record = try reader.next() {
        if record.isBlank { continue }
        guard record.count == layout.width else {
          try invalid(
            RowProblem(
              line: record.line, column: nil, value: nil,
              reason: "\(record.count) field(s) where the header has \(layout.width)"))
          continue
        }
        if let filter = layout.filter {
          let keep = record.withField(filter.index) { $0.elementsEqual(filter.value) }
          if !keep { continue }
        }
        switch Self.reading(record, layout, dates, options.decimalComma) {
        case .success(let reading): try valid(reading)
        case .failure(let problem): try invalid(problem)
        }
      }
    } catch let error as CSVError {
      throw TallyError(.invalidInput, "\(name), \(error)", hint: "Nothing was imported.")
    }
    return source.sha256
  }

  private static func reading(
    _ record: CSVRecord, _ layout: ColumnLayout, _ dates: DateField, _ decimalComma: Bool
  ) -> Result<ImportedReading, RowProblem> {
    let timestamp: Timestamp
    do {
      timestamp = try record.withField(layout.date) { bytes throws(ParseError) in
        try dates.parse(bytes)
      }
    } catch {
      return .failure(problem(record, layout.names[layout.date], error))
    }
    let amount: Double
    do {
      amount = try record.withField(layout.amount) { bytes throws(ParseError) in
        try AmountParser.parse(bytes: bytes, decimalComma: decimalComma)
      }
    } catch {
      return .failure(problem(record, layout.names[layout.amount], error))
    }
    var note: String?
    if let index = layout.note {
      let text = record.string(index)
      note = text.allSatisfy(\.isWhitespace) ? nil : text
    }
    return .success(
      ImportedReading(line: record.line, timestamp: timestamp, amount: amount, note: note))
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
