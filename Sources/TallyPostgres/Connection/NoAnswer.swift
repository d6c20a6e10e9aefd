/// The server did not answer within the time tally waits for it (see ``PostgresTimeouts``).
struct NoAnswer: Error, CustomStringConvertible {
  let seconds: Double
  var description: String { "no answer within \(Int(seconds.rounded())) s" }
}
