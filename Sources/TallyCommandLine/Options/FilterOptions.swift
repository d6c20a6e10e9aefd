import ArgumentParser
import TallyCore

/// `--tag`, `--any-tag`, `--not-tag` and `--note-contains`: which readings a report, list or
/// export takes.
struct FilterOptions: ParsableArguments {
  /// The options as the grammar lists them.
  static let syntax: [CommandCatalog.Option] = [
    .value("--tag"), .value("--any-tag", valueName: "tags"), .value("--not-tag", valueName: "tag"),
    .value("--note-contains", valueName: "text"),
  ]

  @Option(
    name: .customLong("tag"),
    help: """
      Only readings carrying this tag (or one under it: work takes work/client-a); repeat \
      for readings carrying all of several.
      """)
  var tags: [String] = []
  @Option(
    name: .customLong("any-tag"),
    help: ArgumentHelp(
      "Only readings carrying one of these tags, comma-separated.", valueName: "tags"))
  var anyTags: [String] = []
  @Option(
    name: .customLong("not-tag"),
    help: ArgumentHelp("Leave out readings carrying this tag.", valueName: "tag"))
  var notTags: [String] = []
  @Option(
    name: .customLong("note-contains"), parsing: .unconditional,
    help: ArgumentHelp("Only readings whose note holds this text (any case).", valueName: "text"))
  var noteContains: String?

  /// The filter they describe.
  ///
  /// - Throws: ``TallyError`` naming the option and the value that is not a tag.
  func filter() throws(TallyError) -> ReadingFilter {
    for (option, values) in [("--tag", tags), ("--any-tag", anyTags), ("--not-tag", notTags)] {
      for value in values where (try? Tags.parse(value))?.isEmpty == true {
        throw TallyError(
          .invalidInput, "\(option) \(VisibleText.quoted(value)) names no tag",
          hint: "Give a tag such as work or work/client-a, or leave out \(option).")
      }
    }
    if noteContains?.isEmpty == true {
      throw TallyError(
        .invalidInput, "--note-contains '' takes every reading",
        hint: "Give a text to look for, or leave out --note-contains.")
    }
    return ReadingFilter(
      allTags: try Self.tags(tags, option: "--tag"),
      anyTags: try Self.tags(anyTags, option: "--any-tag"),
      noTags: try Self.tags(notTags, option: "--not-tag"), noteContains: noteContains)
  }

  /// The tags of `values`, each a tag or several separated by `,`, as `option` took them.
  ///
  /// - Throws: ``TallyError`` naming the option and the first value that is not a tag.
  static func tags(_ values: [String], option: String) throws(TallyError) -> [String] {
    var tags: [String] = []
    for value in values {
      do {
        tags += try Tags.parse(value)
      } catch {
        throw TallyError(.invalidInput, "\(option) \(error)")
      }
    }
    return Array(Set(tags)).sorted()
  }
}
