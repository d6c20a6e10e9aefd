import Foundation

/// Which readings a report, list or export takes: those carrying every tag of ``allTags``,
/// at least one of ``anyTags`` (when given), none of ``noTags``, and whose note holds
/// ``noteContains``.
///
/// A tag takes in the tags under it: `work` matches a reading tagged `work/client-a`.
public struct ReadingFilter: Equatable, Sendable {
  /// Tags a reading must all carry (`--tag`, repeated).
  public var allTags: [String]
  /// Tags of which a reading must carry one (`--any-tag`); empty: no such condition.
  public var anyTags: [String]
  /// Tags a reading must not carry (`--not-tag`).
  public var noTags: [String]
  /// Text the note must hold, compared without case (`--note-contains`).
  public var noteContains: String?

  /// A filter; without arguments, one that takes every reading.
  public init(
    allTags: [String] = [], anyTags: [String] = [], noTags: [String] = [],
    noteContains: String? = nil
  ) {
    self.allTags = allTags
    self.anyTags = anyTags
    self.noTags = noTags
    self.noteContains = noteContains
  }

  /// Whether it takes every reading.
  public var takesEverything: Bool {
    allTags.isEmpty && anyTags.isEmpty && noTags.isEmpty && noteContains == nil
  }

  /// Whether it looks at tags.
  public var readsTags: Bool { !(allTags.isEmpty && anyTags.isEmpty && noTags.isEmpty) }

  /// Whether a reading with `tags` and `note` passes.
  public func matches(tags: [String], note: String?) -> Bool {
    func carries(_ wanted: String) -> Bool {
      tags.contains { Tags.tag($0, isUnder: wanted) }
    }
    guard allTags.allSatisfy(carries), anyTags.isEmpty || anyTags.contains(where: carries),
      !noTags.contains(where: carries)
    else { return false }
    if let noteContains {
      guard let note, Self.note(note, holds: noteContains) else { return false }
    }
    return true
  }

  /// Whether `note` holds `text` in any case: an ASCII text as SQL's `LIKE` finds it (ASCII
  /// letters in either case, every other character as it is), so that a database's test and
  /// this one agree; any other text by Unicode's case folding (`CAFÉ` finds `Café`).
  public static func note(_ note: String, holds text: String) -> Bool {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      return note.range(of: text, options: .caseInsensitive) != nil
    }
    let wanted = Array(text.utf8).map(lowered)
    guard let first = wanted.first else { return true }
    let bytes = Array(note.utf8)
    guard bytes.count >= wanted.count else { return false }
    for start in 0...(bytes.count - wanted.count) where lowered(bytes[start]) == first {
      var place = 1
      while place < wanted.count, lowered(bytes[start + place]) == wanted[place] { place += 1 }
      if place == wanted.count { return true }
    }
    return false
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// Whether `reading` passes.
  public func matches(_ reading: Reading) -> Bool {
    matches(tags: reading.tags, note: reading.note)
  }

  /// The filter as the command line wrote it, for messages: `--tag work --not-tag travel`.
  public var description: String {
    var parts: [String] = allTags.map { "--tag \($0)" }
    if !anyTags.isEmpty { parts.append("--any-tag \(anyTags.joined(separator: ","))") }
    parts += noTags.map { "--not-tag \($0)" }
    if let noteContains { parts.append("--note-contains \(VisibleText.quoted(noteContains))") }
    return parts.joined(separator: " ")
  }
}
