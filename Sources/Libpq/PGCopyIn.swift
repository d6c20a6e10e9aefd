import Foundation

/// A `COPY … FROM STDIN` under way on a connection: rows are written as text-format bytes,
/// then the copy is finished (the server checks and keeps them) or failed (it keeps none).
public struct PGCopyIn: Sendable {
  let connection: PGConnection

  /// Sends `bytes`: whole rows or parts of them, in the copy's text format.
  ///
  /// - Throws: ``PGError`` when the connection broke.
  public func write(_ bytes: [UInt8]) throws(PGError) {
    var failure: PGError?
    bytes.withUnsafeBytes { buffer in
      do throws(PGError) {
        try connection.putCopyData(buffer)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// Ends the copy and waits for the server's answer, `seconds` at most.
  ///
  /// - Throws: ``PGError``: what the server found wrong in the rows, or a lost connection.
  public func finish(within seconds: Double? = nil) throws(PGError) {
    try connection.endCopy(
      failure: nil, until: seconds.map { Date().addingTimeInterval($0) })
  }

  /// Ends the copy as failed, for `reason`: the server keeps none of its rows, and the
  /// connection can go on (the transaction is then aborted).
  public func fail(_ reason: String, within seconds: Double? = nil) throws(PGError) {
    do {
      try connection.endCopy(
        failure: reason, until: seconds.map { Date().addingTimeInterval($0) })
    } catch  where error.kind == .server {
      // The server's answer to a failed copy is the error it was failed with.
    }
  }
}
