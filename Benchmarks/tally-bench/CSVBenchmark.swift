import ArgumentParser
import Foundation
import TallyCore
import TallyImport

/// `tally-bench csv FILE`: how fast a readings file is read, by tally's reader and by CSV.swift.
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

  func run() throws {
    let start = ContinuousClock.now
    var count = 0
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
        valid: { _ in count += 1 }, invalid: { throw $0 })
    case .csvswift:
      count = try countRowsWithCSVSwift(path: file)
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "csv reader=\(reader.rawValue) rows=\(count) seconds=\(String(format: "%.3f", seconds))"
        + " rows_per_s=\(Int(Double(count) / seconds))")
  }
}
