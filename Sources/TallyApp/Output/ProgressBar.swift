import Foundation

/// A progress bar drawn on a terminal line; ``MessageSink/standardProgress()`` draws it on
/// standard error.
final class ProgressBar {
  private let write: (String) -> Void
  private var lastDrawn = ContinuousClock.now
  private var drawn = false

  /// Creates a bar that draws with `write`.
  init(write: @escaping (String) -> Void) {
    self.write = write
  }

  /// Shows `fraction` done, at most ten times a second; `nil` clears the bar.
  func show(_ fraction: Double?) {
    guard let fraction else { return finish() }
    let now = ContinuousClock.now
    guard now - lastDrawn > .milliseconds(100) else { return }
    lastDrawn = now
    drawn = true
    let width = 30
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    write("\r[\(bar)] \(Int(fraction * 100))%")
  }

  private func finish() {
    guard drawn else { return }
    drawn = false
    write("\r\u{1B}[2K")
  }
}
