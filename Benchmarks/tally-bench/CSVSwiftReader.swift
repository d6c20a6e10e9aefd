import ArgumentParser
import CSV
import Foundation

/// Counts the data rows of a CSV file with CSV.swift (yaslab/CSV.swift), fields as strings.
func countRowsWithCSVSwift(path: String) throws -> Int {
  guard let stream = InputStream(fileAtPath: path) else {
    throw ValidationError("cannot open \(path)")
  }
  let reader = try CSVReader(stream: stream, hasHeaderRow: true)
  var count = 0
  while let row = reader.next() {
    count += row.isEmpty ? 0 : 1
  }
  return count
}
