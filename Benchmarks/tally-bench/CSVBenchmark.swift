import ArgumentParser
import Foundation
import TallyCore
import TallyImport

/// `tally-bench csv FILE`: how fast a readings file is read, by tally's reader and by CSV.swift.
///
/// Each reader checks what it read before the figure is printed: the number of data rows
/// (`--expect-rows`) and, for `rows`, the sum of the amounts (`--expect-sum`); on a
/// difference it fails and prints no figure.
struct CSVBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "csv",
    abstract: "Read a readings CSV (date,amount,note) and report rows/s, without a database."
  )

  /// Which reader to time.
  enum Reader: String, ExpressibleByArgument, CaseIterable {
    /// tally's byte-level reader alone: records and fields, nothing parsed.
    case records
    /// tally's whole row pipeline: records, dates, amounts, notes (what an import does).
    case rows
    /// CSV.swift's reader: records and fields as strings.
    case csvswift
  }

  @Argument(help: "The CSV file.") var file: String
  @Option(help: "records, rows or csvswift.") var reader: Reader = .rows
  @Option(help: "How many data rows the file holds; the reader must read exactly these.")
  var expectRows: Int
  @Option(help: "With --reader rows: the sum of the amounts, which must agree to the cent.")
  var expectSum: Double?

  func validate() throws {
    guard expectRows >= 0 else { throw ValidationError("--expect-rows must be 0 or more") }
    if expectSum != nil, reader != .rows {
      throw ValidationError("--expect-sum needs --reader rows: only it parses the amounts")
    }
  }

  func run() throws {
    let start = ContinuousClock.now
    var count = 0
    var sum = 0.0
    switch reader {
    case .records:
      var csv = CSVReader(source: try FileSource(path: file))
      while let record = try csv.next() {
        count += record.count > 0 ? 1 : 0
      }
      count -= 1
    case .rows:
      let readings = try ReadingsFile(path: file, options: ImportOptions(zone: .gmt))
      _ = try readings.forEachRow(
        valid: { reading in
          count += 1
          sum += reading.amount
        },
        invalid: { throw $0 })
    case .csvswift:
      count = try countRowsWithCSVSwift(path: file)
    }
    let elapsed = ContinuousClock.now - start
    // What was read is checked outside the timed part, before any figure is printed.
    guard count == expectRows else {
      throw ReadMismatch(
        description: "reader \(reader.rawValue) read \(count) rows of \(file),"
          + " expected \(expectRows)")
    }
    // The amounts have two decimals: both sums are compared rounded to the cent.
    if let expectSum, (sum * 100).rounded() != (expectSum * 100).rounded() {
      throw ReadMismatch(
        description: "reader rows: the amounts of \(file) sum to \(String(format: "%.2f", sum)),"
          + " expected \(String(format: "%.2f", expectSum))")
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "csv reader=\(reader.rawValue) rows=\(count) seconds=\(String(format: "%.3f", seconds))"
        + " rows_per_s=\(Int(Double(count) / seconds))")
  }
}

/// What a reader read differs from what the file holds: the benchmark prints no figure.
private struct ReadMismatch: Error, CustomStringConvertible {
  var description: String
}
