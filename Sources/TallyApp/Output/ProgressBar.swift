import Foundation

/// A progress bar on standard error, shown only when standard error is a terminal.
final class ProgressBar {
  private let enabled: Bool
  private var lastDrawn = ContinuousClock.now
  private var drawn = false

  /// Creates a bar; it shows nothing unless `enabled` and standard error is a terminal.
  init(enabled: Bool) {
    self.enabled = enabled && isatty(STDERR_FILENO) == 1
  }

  /// Shows `fraction` done, at most ten times a second.
  func update(_ fraction: Double) {
    guard enabled else { return }
    let now = ContinuousClock.now
    guard now - lastDrawn > .milliseconds(100) else { return }
    lastDrawn = now
    drawn = true
    let width = 30
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(Int(fraction * 100))%".utf8))
  }

  /// Clears the bar.
  func finish() {
    guard drawn else { return }
    drawn = false
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }
}
