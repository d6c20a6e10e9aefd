/// A line-by-line difference between two dumped values, for failure messages.
struct StateDifference: CustomStringConvertible {
  let expected: [Substring]
  let actual: [Substring]

  init<Value>(expected: Value, actual: Value) {
    self.expected = Self.lines(of: expected)
    self.actual = Self.lines(of: actual)
  }

  var description: String {
    // Walk both dumps, marking removed (expected only) and inserted (actual only) lines.
    let difference = actual.difference(from: expected)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var lines: [String] = []
    var old = 0
    var new = 0
    while old < expected.count || new < actual.count {
      if old < expected.count, removed.contains(old) {
        lines.append("- \(expected[old])")
        old += 1
      } else if new < actual.count, inserted.contains(new) {
        lines.append("+ \(actual[new])")
        new += 1
      } else if new < actual.count {
        lines.append("  \(actual[new])")
        old += 1
        new += 1
      } else {
        break
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func lines<Value>(of value: Value) -> [Substring] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 }
  }
}
