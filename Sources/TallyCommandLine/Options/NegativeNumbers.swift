/// Lets a negative amount stand where a positional argument goes: `tally item add Spend -12.5`.
///
/// swift-argument-parser reads `-12.5` as a short option. No tally option starts with a digit,
/// so a negative number that is not the value of an option is moved behind a `--`, where
/// positional arguments are read in the same order. A `--` written before a negative number
/// (`tally item add Spend -- -12.50 --note x`, as the help says) is taken as that same hint,
/// so options after the number are still options.
public enum NegativeNumbers {
  public static func escape(_ arguments: [String]) -> [String] {
    var arguments = joiningTimesBack(arguments)
    // `-- 12.50 --note x` and `-- -12.50 --note x` alike: a `--` before an amount (or any
    // word that is no option) only marks where it is, and options may follow it, as README
    // says; so an amount that is not a number is refused as one, not as a stray option.
    // (The shell completion's `---completion … -- WORDS` keeps its separator.)
    if let separator = arguments.firstIndex(of: "--"), separator + 1 < arguments.endIndex,
      isNumber(arguments[separator + 1])
        || (!isOption(arguments[separator + 1]) && !arguments.contains("---completion")),
      arguments[(separator + 1)...].allSatisfy({ $0 != "--" })
    {
      arguments.remove(at: separator)
    }
    guard !arguments.contains("--") else { return arguments }
    var kept: [String] = []
    var moved: [String] = []
    for (index, argument) in arguments.enumerated() {
      let previous = index > 0 ? arguments[index - 1] : ""
      if isNegativeNumber(argument), !previous.hasPrefix("-") || isNegativeNumber(previous) {
        moved.append(argument)
      } else {
        kept.append(argument)
      }
    }
    return moved.isEmpty ? arguments : kept + ["--"] + moved
  }

  /// The options whose value is a time, which may be written back from now (`--at -90m`).
  static let timeOptions: Set<String> = [
    "--at", "--from", "--to", "--as-of", "--since", "--goal-since",
  ]

  /// `--at -90m` as `--at=-90m`, so that the parser takes the time as the option's value and
  /// not as a short option.
  private static func joiningTimesBack(_ arguments: [String]) -> [String] {
    var joined: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      let next = index + 1 < arguments.endIndex ? arguments[index + 1] : ""
      if timeOptions.contains(argument), next.hasPrefix("-"),
        next.dropFirst().first?.isNumber == true
      {
        joined.append(argument + "=" + next)
        index += 2
      } else {
        joined.append(argument)
        index += 1
      }
    }
    return joined
  }

  /// Whether `argument` is written as an amount: a sign, then a digit or a point, or the
  /// words for infinity and not-a-number (which the amount parser then refuses by name).
  private static func isNumber(_ argument: String) -> Bool {
    let unsigned =
      argument.hasPrefix("-") || argument.hasPrefix("+")
      ? argument.dropFirst() : Substring(argument)
    guard let first = unsigned.first else { return false }
    let word = unsigned.lowercased()
    return first.isASCII && (first.isNumber || first == ".")
      || word.hasPrefix("inf") || word == "nan"
  }

  /// Whether `argument` reads as an option: `--name` or `-x`.
  private static func isOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument.count > 1 && !isNumber(argument)
  }

  private static func isNegativeNumber(_ argument: String) -> Bool {
    argument.hasPrefix("-") && isNumber(argument)
  }
}
