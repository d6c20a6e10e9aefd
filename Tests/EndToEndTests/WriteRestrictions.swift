import Foundation

extension TallyBinary {
  /// A tally started by the program at `url` (a script that runs the real one).
  init(running url: URL) {
    self.url = url
  }
}
