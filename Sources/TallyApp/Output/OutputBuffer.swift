/// Buffered writing of results to a session's sink, for long listings: a million readings go
/// out in blocks of 64 KB, not a million writes.
final class OutputBuffer {
  private let messages: MessageSink
  private var buffer = ""
  private let capacity = 1 << 16

  init(_ messages: MessageSink) {
    self.messages = messages
    buffer.reserveCapacity(capacity)
  }

  /// Adds `text` to the output.
  func write(_ text: String) {
    buffer += text
    if buffer.utf8.count >= capacity { flush() }
  }

  /// Says `line` to people, after what is buffered.
  func say(_ line: String) {
    flush()
    messages.status(line)
  }

  /// Writes what is buffered.
  func flush() {
    guard !buffer.isEmpty else { return }
    messages.output(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  deinit {
    flush()
  }
}
