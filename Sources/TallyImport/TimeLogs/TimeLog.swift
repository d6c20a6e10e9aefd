public import Foundation
public import TallyCore

/// The history of another time tracker, read from its JSON: Timewarrior's `timew export`, and
/// Watson's `frames` file or `watson log --json`.
///
/// Each interval becomes a stretch of time in a project named after the tracker's: Watson's
/// project, or Timewarrior's first tag (Timewarrior has no projects; its first tag is the one
/// most people file by). The other tags become tags as tally spells them (see
/// ``TimeLog/tag(_:)``), and Timewarrior's annotation (or a Watson frame's note) the note.
public struct TimeLog: Sendable {
  /// Which tracker wrote a file.
  public enum Tracker: String, Sendable {
    case timewarrior = "Timewarrior"
    case watson = "Watson"
  }

  /// One interval of the log.
  public struct Interval: Equatable, Sendable {
    /// Its place in the file, from 1.
    public var entry: Int
    /// The tracker's id of it, when it has one, for messages.
    public var id: String?
    /// The project it names: Watson's, or Timewarrior's first tag; `nil` without one.
    public var project: String?
    /// The other tags, as tally spells them.
    public var tags: [String]
    /// All its tags, as tally spells them, Timewarrior's first included: for an import into
    /// one project (`--project`), where the first tag is no project.
    public var allTags: [String]
    /// The annotation or note.
    public var note: String?
    public var start: Timestamp
    /// `nil` for an interval still open (a Timewarrior timer running).
    public var end: Timestamp?
  }

  /// The tracker that wrote the file.
  public let tracker: Tracker
  /// The intervals, in the file's order.
  public let intervals: [Interval]
  /// Entries that are not intervals, with why.
  public let problems: [(entry: Int, reason: String)]

  /// Whether `start`, a file's first bytes, opens JSON (an array or an object): a time log
  /// rather than CSV, whose header starts otherwise.
  public static func looksLikeJSON(_ start: [UInt8]) -> Bool {
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
  }

  /// Reads a time log from its bytes.
  ///
  /// - Parameters:
  ///   - data: The file's content.
  ///   - name: The file's name, for messages.
  /// - Throws: ``TallyError`` when it is not JSON, or JSON of neither tracker.
  public init(_ data: Data, name: String) throws(TallyError) {
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw TallyError(
        .invalidInput, "cannot import \(name): it starts as JSON but is not JSON that can be read",
        hint: "Import a CSV file, or the output of `timew export` or `watson log --json`, or "
          + "Watson's frames file; nothing was imported.")
    }
    guard let entries = json as? [Any] else {
      throw Self.notALog(name)
    }
    if entries.first is [Any] {
      tracker = .watson
    } else if let first = entries.first as? [String: Any] {
      tracker = first["project"] != nil ? .watson : .timewarrior
    } else if entries.isEmpty {
      tracker = .timewarrior
    } else {
      throw Self.notALog(name)
    }
    var intervals: [Interval] = []
    var problems: [(Int, String)] = []
    for (index, entry) in entries.enumerated() {
      do {
        intervals.append(try Self.interval(entry, at: index + 1, tracker: tracker))
      } catch {
        problems.append((index + 1, error.reason))
      }
    }
    self.intervals = intervals
    self.problems = problems
  }

  private static func notALog(_ name: String) -> TallyError {
    TallyError(
      .invalidInput,
      "cannot import \(name): it is JSON, but neither `timew export` nor Watson's frames",
      hint: "A time log is an array of intervals; nothing was imported.")
  }

  private static func interval(
    _ entry: Any, at place: Int, tracker: Tracker
  ) throws(ParseError) -> Interval {
    if let frame = entry as? [Any] {
      // Watson's frames file: [start, stop, project, id, tags, updated_at(, note)].
      guard frame.count >= 3, let start = frame[0] as? NSNumber,
        let stop = frame[1] as? NSNumber, let project = frame[2] as? String,
        abs(start.doubleValue) < 1e11, abs(stop.doubleValue) < 1e11
      else {
        throw ParseError(
          value: "\(frame.prefix(3))", reason: "is not a frame [start, stop, project, …]")
      }
      return Interval(
        entry: place, id: frame.count > 3 ? frame[3] as? String : nil,
        project: project.isEmpty ? nil : project,
        tags: tags(frame.count > 4 ? frame[4] as? [String] ?? [] : []),
        allTags: tags(frame.count > 4 ? frame[4] as? [String] ?? [] : []),
        note: frame.count > 6 ? nonEmpty(frame[6] as? String) : nil,
        start: Timestamp(microsecondsSince1970: Int64((start.doubleValue * 1e6).rounded())),
        end: Timestamp(microsecondsSince1970: Int64((stop.doubleValue * 1e6).rounded())))
    }
    guard let object = entry as? [String: Any] else {
      throw ParseError(value: "\(entry)", reason: "is not an interval")
    }
    let id = (object["id"] as? NSNumber)?.stringValue ?? object["id"] as? String
    guard let startText = object["start"] as? String else {
      throw ParseError(value: id ?? "", reason: "has no start")
    }
    let start = try time(startText)
    let end = try (object["end"] ?? object["stop"]).flatMap { $0 as? String }.map(time)
    let allTags = object["tags"] as? [String] ?? []
    switch tracker {
    case .watson:
      return Interval(
        entry: place, id: id, project: nonEmpty(object["project"] as? String),
        tags: tags(allTags), allTags: tags(allTags), note: nonEmpty(object["note"] as? String),
        start: start, end: end)
    case .timewarrior:
      return Interval(
        entry: place, id: id, project: allTags.first.flatMap(nonEmpty),
        tags: tags(Array(allTags.dropFirst())), allTags: tags(allTags),
        note: nonEmpty(object["annotation"] as? String),
        start: start, end: end)
    }
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      return nil
    }
    return text
  }

  /// A time as the trackers write it: Timewarrior's `20240105T083000Z`, or ISO 8601 with an
  /// offset as `watson log --json` writes it.
  private static func time(_ text: String) throws(ParseError) -> Timestamp {
    let compact = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/
    if let match = text.wholeMatch(of: compact) {
      let iso = "\(match.1)-\(match.2)-\(match.3)T\(match.4):\(match.5):\(match.6)Z"
      return try TimestampParser(zone: .gmt).parse(iso)
    }
    return try TimestampParser(zone: .gmt).parse(text)
  }

  /// Tags as tally spells them, sorted, without repeats.
  ///
  /// Each is in lower case; a character that is not a letter, a digit, `-`, `_` or `/` becomes
  /// `-`; it is held to the longest a tag may be. Tags that end up empty go.
  public static func tags(_ names: [String]) -> [String] {
    Array(Set(names.compactMap(tag))).sorted().prefix(Tags.most).map { $0 }
  }

  /// One tag as tally spells it, or `nil` when nothing of it is left.
  public static func tag(_ name: String) -> String? {
    var spelled = ""
    for character in name.lowercased() {
      let keeps = character.isLetter || character.isNumber || "-_/".contains(character)
      if keeps {
        spelled.append(character)
      } else if !spelled.isEmpty, spelled.last != "-" {
        spelled.append("-")
      }
    }
    while spelled.hasSuffix("-") || spelled.hasSuffix("/") { spelled.removeLast() }
    while spelled.hasPrefix("/") { spelled.removeFirst() }
    spelled = spelled.replacingOccurrences(of: "//", with: "/")
    let kept = String(spelled.prefix(Tags.longest))
    return (try? Tags.parse(kept))?.first
  }
}
