import ArgumentParser
import Foundation
import TallyApp
import TallyCore
import TallyPostgres
import TallyStorage

/// Shell completion of project titles: the generated completion script runs tally, which
/// reads the titles from the database the command line names (`--db`, else `TALLY_DB`, else
/// the default), without creating a SQLite file.
enum ProjectTitleCompletion {
  /// The completion for an argument or option that takes a project's title.
  static let kind = CompletionKind.custom { words, _, prefix in
    titles(words: words, prefix: prefix)
  }

  /// The titles that begin with `prefix`, ignoring case, in the database `words` name.
  static func titles(words: [String], prefix: String) -> [String] {
    let location = DatabaseLocation(
      option: databaseOption(in: words), environment: ProcessInfo.processInfo.environment)
    // On a server, the titles are those the person may read: the server's policies decide.
    let storage: (any Storage)? =
      PostgresAddress.isServerURL(location.path)
      ? try? SessionOptions(location: location, zone: .current, readOnly: true).openStorage()
      : try? TallyDatabase.open(at: location, access: .read, busyTimeout: 1)
    guard let stored = try? storage?.snapshot(openProject: nil) else { return [] }
    let wanted = prefix.lowercased()
    return stored.projects.map(\.project.title).filter { $0.lowercased().hasPrefix(wanted) }
      .sorted()
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
