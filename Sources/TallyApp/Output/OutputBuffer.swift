import Foundation
import TallyReports

/// Buffered writing of results to a session's sink, for long listings: a million readings go
/// out in blocks of 64 KB, not a million writes, each record written in place
/// (``RecordWriter``).
final class OutputBuffer {
  private let messages: MessageSink
  private var writer: RecordWriter
  private let capacity = 1 << 16

  /// A buffer for `messages`' output, whose records' timestamps are in `zone`.
  init(_ messages: MessageSink, zone: TimeZone = .gmt) {
    self.messages = messages
    writer = RecordWriter(zone: zone, capacity: capacity + 4_096)
  }

  /// Adds `text` to the output.
  func write(_ text: String) {
    writer.append(text)
    if writer.bytes.count >= capacity { flush() }
  }

  /// Adds what `record` writes to the output.
  func write(_ record: (inout RecordWriter) -> Void) {
    record(&writer)
    if writer.bytes.count >= capacity { flush() }
  }

  /// Says `line` to people, after what is buffered.
  func say(_ line: String) {
    flush()
    messages.status(line)
  }

  /// Writes what is buffered.
  func flush() {
    guard !writer.bytes.isEmpty else { return }
    messages.output(writer.text)
    writer.clear()
  }

  deinit {
    flush()
  }
}
