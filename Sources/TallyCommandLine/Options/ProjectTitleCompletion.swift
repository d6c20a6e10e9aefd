import ArgumentParser
import Foundation
import TallyApp

/// Shell completion of project titles: the generated completion script runs tally, which
/// asks the application for the titles in the database the command line names (`--db`, else
/// `TALLY_DB`, else the default), without creating a SQLite file.
enum ProjectTitleCompletion {
  /// The completion for an argument or option that takes a project's title.
  static let kind = CompletionKind.custom { words, _, prefix in
    titles(words: words, prefix: prefix)
  }

  /// The titles that begin with `prefix`, ignoring case, in the database `words` name.
  static func titles(words: [String], prefix: String) -> [String] {
    let options = SessionOptions(
      location: SessionOptions.location(
        option: databaseOption(in: words), environment: ProcessInfo.processInfo.environment),
      zone: .current, readOnly: true)
    guard let titles = try? options.projectTitles() else { return [] }
    let wanted = prefix.lowercased()
    return titles.filter { $0.lowercased().hasPrefix(wanted) }
  }

  /// The value of `--db` in the words being completed, if given.
  private static func databaseOption(in words: [String]) -> String? {
    for (index, word) in words.enumerated() {
      if word.hasPrefix("--db=") { return String(word.dropFirst("--db=".count)) }
      if word == "--db", index + 1 < words.count { return words[index + 1] }
    }
    return nil
  }
}
