import Foundation
import TestSupport

extension Sandbox {
  /// The project Big on this sandbox's database, holding one reading or none, and a file of
  /// `rows` readings to import into it.
  ///
  /// Into a project that holds a reading the rows are staged first; into an empty one they
  /// stream straight into the readings table.
  func bigImportFile(rows: Int, holdsAReading: Bool) throws -> URL {
    try succeed("project", "add", "Big", "--frequency", "daily")
    if holdsAReading {
      try succeed("item", "add", "Big", "1", "--at", "2020-01-01")
    }
    var text = "date,amount,note\n"
    for index in 0..<rows {
      text += "2020-01-01T00:00:\(String(format: "%02d", index % 60))Z,\(index),row \(index)\n"
    }
    let file = folder.appendingPathComponent("big.csv")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Starts `tally import FILE --project Big` and returns once the server has taken some of
  /// its rows (its `COPY` progress says so), or the import ended, or 30 seconds passed.
  ///
  /// - Parameters:
  ///   - file: The file to import.
  ///   - standardError: Where the import writes its messages.
  /// - Returns: The import's process, running unless it ended early.
  /// - Throws: When it cannot be started or psql cannot be run.
  func startImport(_ file: URL, standardError: Any) throws -> Process {
    try startCopying(["import", file.path, "--project", "Big"], standardError: standardError)
  }

  /// Starts `tally ARGUMENTS` and returns once the server has taken some of the rows it sends
  /// with `COPY`, or it ended, or 30 seconds passed.
  func startCopying(_ arguments: [String], standardError: Any) throws -> Process {
    let process = Process()
    process.executableURL = tally.url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardError = standardError
    try process.run()
    let database = environment["TALLY_DB"] ?? ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, process.isRunning {
      let copied = try PostgresTestServer.psql(
        database, "SELECT COALESCE(MAX(tuples_processed), 0) FROM pg_stat_progress_copy")
      if (Int(copied) ?? 0) >= 1_000 { break }
      usleep(5_000)
    }
    return process
  }
}
