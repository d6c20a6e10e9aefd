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
    let entries: [Entry]
    do {
      entries = try JSONDecoder().decode([Entry].self, from: data)
    } catch DecodingError.typeMismatch {
      throw Self.notALog(name)
    } catch DecodingError.dataCorrupted(let context) {
      let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
      throw TallyError(
        .invalidInput,
        "cannot import \(name): it starts as JSON but is not JSON that can be read"
          + ((detail as? String).map { " (\($0))" } ?? ""),
        hint: "Import a CSV file, the output of `timew export` or `watson log --json`, or "
          + "Watson's frames file; nothing was imported.")
    } catch {
      throw Self.notALog(name)
    }
    switch entries.first {
    case .frame: tracker = .watson
    case .object(let object) where object.isTallyExport:
      throw TallyError(
        .invalidInput,
        "cannot import \(name): it is tally's own JSON export, which is for other programs",
        hint: "Bring an export back from its CSV form: tally export --projects projects.csv "
          + "> all.csv, then tally import all.csv --projects projects.csv.")
    case .object(let object): tracker = object.project != nil ? .watson : .timewarrior
    case .other: throw Self.notALog(name)
    case nil: tracker = .timewarrior
    }
    var intervals: [Interval] = []
    var problems: [(Int, String)] = []
    let parser = TimestampParser(zone: .gmt)
    for (index, entry) in entries.enumerated() {
      do {
        intervals.append(try Self.interval(entry, at: index + 1, tracker: tracker, parser))
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
      "cannot import \(name): it is JSON, but neither `timew export`, Watson's frames nor "
        + "`watson log --json`",
      hint: "A time log is an array of intervals; nothing was imported.")
  }

  private static func interval(
    _ entry: Entry, at place: Int, tracker: Tracker, _ parser: TimestampParser
  ) throws(ParseError) -> Interval {
    switch entry {
    case .other(let reason):
      throw ParseError(value: "", reason: reason)
    case .frame(let frame):
      // Watson's frames file: [start, stop, project, id, tags, updated_at(, note)].
      guard abs(frame.start) < 1e11, abs(frame.stop) < 1e11 else {
        throw ParseError(value: "\(frame.start)", reason: "is not a time Watson writes")
      }
      let tags = try Self.tags(frame.tags)
      return Interval(
        entry: place, id: frame.id, project: nonEmpty(frame.project), tags: tags, allTags: tags,
        note: nonEmpty(frame.note),
        start: Timestamp(microsecondsSince1970: Int64((frame.start * 1e6).rounded())),
        end: Timestamp(microsecondsSince1970: Int64((frame.stop * 1e6).rounded())))
    case .object(let object):
      guard let startText = object.start else {
        throw ParseError(value: object.id ?? "", reason: "has no start")
      }
      let start = try time(startText, parser)
      let end = try object.end.map { text throws(ParseError) in try time(text, parser) }
      switch tracker {
      case .watson:
        let tags = try Self.tags(object.tags)
        return Interval(
          entry: place, id: object.id, project: nonEmpty(object.project), tags: tags,
          allTags: tags, note: nonEmpty(object.note), start: start, end: end)
      case .timewarrior:
        return Interval(
          entry: place, id: object.id, project: object.tags.first.flatMap(nonEmpty),
          tags: try Self.tags(Array(object.tags.dropFirst())), allTags: try Self.tags(object.tags),
          note: nonEmpty(object.annotation), start: start, end: end)
      }
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
  private static func time(_ text: String, _ parser: TimestampParser) throws(ParseError)
    -> Timestamp
  {
    let bytes = Array(text.utf8)
    if bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") {
      // Timewarrior's compact form, spelled out for the ISO parser.
      let digits = bytes[0..<8] + bytes[9..<15]
      if digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
        let d = digits.map { Character(UnicodeScalar($0)) }
        let iso =
          "\(String(d[0..<4]))-\(String(d[4..<6]))-\(String(d[6..<8]))T"
          + "\(String(d[8..<10])):\(String(d[10..<12])):\(String(d[12..<14]))Z"
        return try parser.parse(iso)
      }
    }
    return try parser.parse(text)
  }

  /// Tags as tally spells them, sorted, without repeats.
  ///
  /// Each is in lower case; a run of characters that are not letters, digits, `-`, `_` or `/`
  /// becomes one `-`, none at either end. A tag with nothing left goes.
  ///
  /// - Throws: ``ParseError`` for a tag longer than tally's longest. How many a reading
  ///   takes is checked where its tags are settled (Timewarrior's first tag is one only
  ///   under `--project`).
  public static func tags(_ names: [String]) throws(ParseError) -> [String] {
    var spelled: Set<String> = []
    for name in names {
      guard let tag = try tag(name) else { continue }
      spelled.insert(tag)
    }
    return spelled.sorted()
  }

  /// One tag as tally spells it, or `nil` when nothing of it is left.
  ///
  /// - Throws: ``ParseError`` for a tag longer than tally's longest.
  public static func tag(_ name: String) throws(ParseError) -> String? {
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
    while spelled.contains("//") { spelled = spelled.replacingOccurrences(of: "//", with: "/") }
    guard !spelled.isEmpty else { return nil }
    guard spelled.count <= Tags.longest else {
      throw ParseError(
        value: String(name.prefix(80)), reason: "is a tag longer than \(Tags.longest) characters")
    }
    return try Tags.parse(spelled).first
  }
}

/// One entry of a time log's JSON, read as what it looks like: a Watson frame (an array), an
/// object (a Timewarrior interval or a frame of `watson log --json`), or something else, with
/// why it is no interval.
private enum Entry: Decodable {
  struct Frame {
    var start: Double
    var stop: Double
    var project: String
    var id: String?
    var tags: [String]
    var note: String?
  }

  struct Object {
    var id: String?
    var start: String?
    var end: String?
    var project: String?
    var tags: [String]
    var annotation: String?
    var note: String?
    /// Whether it is a row of tally's own JSON export.
    var isTallyExport: Bool
  }

  case frame(Frame)
  case object(Object)
  case other(String)

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(_ name: String) { stringValue = name }
  }

  init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      do {
        let start = try array.decode(Double.self)
        let stop = try array.decode(Double.self)
        let project = try array.decode(String.self)
        let id = array.isAtEnd ? nil : try? array.decode(String.self)
        let tags = array.isAtEnd ? [] : (try? array.decode([String].self)) ?? []
        if !array.isAtEnd { _ = try? array.decode(Double.self) }
        let note = array.isAtEnd ? nil : try? array.decode(String.self)
        self = .frame(
          Frame(start: start, stop: stop, project: project, id: id, tags: tags, note: note))
      } catch {
        self = .other("is not a frame [start, stop, project, id, tags, updated_at]")
      }
    } else if let object = try? decoder.container(keyedBy: Key.self) {
      func text(_ name: String) -> String? {
        try? object.decodeIfPresent(String.self, forKey: Key(name))
      }
      let id =
        text("id")
        ?? (try? object.decodeIfPresent(Int.self, forKey: Key("id"))).flatMap {
          $0.map(String.init)
        }
      guard let tags = try? object.decodeIfPresent([String].self, forKey: Key("tags")) ?? [] else {
        self = .other("has tags that are not a list of words")
        return
      }
      self = .object(
        Object(
          id: id, start: text("start"), end: text("end") ?? text("stop"), project: text("project"),
          tags: tags, annotation: text("annotation"), note: text("note"),
          isTallyExport: object.contains(Key("timestamp")) && object.contains(Key("amount"))))
    } else {
      self = .other("is neither an interval nor a frame")
    }
  }
}
