/// The word someone probably meant: what `tally reprot` and `open Mileag` suggest.
public enum NearestWord {
  /// The candidate closest to `typed`, ignoring case, when it is near enough to be a slip: at
  /// most two edits (a letter added, dropped, changed, or two swapped) and fewer than half
  /// the typed letters; `nil` when none is, or when two are equally near.
  public static func to(_ typed: String, among candidates: [String]) -> String? {
    let word = Array(typed.lowercased())
    guard !word.isEmpty else { return nil }
    let limit = min(2, (word.count - 1) / 2 + (word.count >= 4 ? 1 : 0))
    var best: (candidate: String, distance: Int)?
    var isTied = false
    for candidate in candidates {
      let distance = self.distance(word, Array(candidate.lowercased()))
      guard distance <= limit else { continue }
      if let current = best, distance == current.distance, current.candidate != candidate {
        isTied = true
      } else if best == nil || distance < best?.distance ?? .max {
        best = (candidate, distance)
        isTied = false
      }
    }
    return isTied ? nil : best?.candidate
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbours, each one edit.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
