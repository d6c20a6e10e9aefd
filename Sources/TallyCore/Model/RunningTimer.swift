import Foundation

/// A timer running for a project; stopping it records the elapsed time as a reading.
public struct RunningTimer: Hashable, Codable, Sendable {
  /// The project it times; at most one timer runs per project.
  public var projectID: ProjectID
  /// When it was started.
  public var startedAt: Timestamp
  /// The note its readings carry (`timer start --note`), unless stopping it gives another;
  /// `nil` for none, when they say "timer".
  public var note: String?
  /// The tags its readings carry (`timer start --tag`), with those given when it stops.
  public var tags: [String]

  /// Creates a running timer.
  public init(
    projectID: ProjectID, startedAt: Timestamp, note: String? = nil, tags: [String] = []
  ) {
    self.projectID = projectID
    self.startedAt = startedAt
    self.note = note
    self.tags = tags
  }

  private enum CodingKeys: String, CodingKey {
    case projectID, startedAt, note, tags
  }

  /// Reads a timer as a change records it; one written before timers had notes has none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    projectID = try container.decode(ProjectID.self, forKey: .projectID)
    startedAt = try container.decode(Timestamp.self, forKey: .startedAt)
    note = try container.decodeIfPresent(String.self, forKey: .note)
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
  }

  /// Writes the note and the tags only when there are some, so that a timer without them is
  /// recorded as it was before timers had them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(projectID, forKey: .projectID)
    try container.encode(startedAt, forKey: .startedAt)
    try container.encodeIfPresent(note, forKey: .note)
    if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
  }

  /// The whole seconds from start to `stop`, rounded to the nearest.
  public func elapsedSeconds(until stop: Timestamp) -> Int64 {
    Int64(min(max(0, startedAt.seconds(until: stop)).rounded(), Double(Int64.max / 2)))
  }

  /// The most days one run is cut into: a year and a day.
  ///
  /// A timer left running longer (or started that far back) is cancelled, not stopped, and
  /// its time recorded otherwise: one change writing a reading for each of thousands of days
  /// would hold every writer up.
  public static let mostDays = 367

  /// The elapsed time from start to `stop`, rounded to the second, in the unit a project's
  /// units name: minutes or seconds when they say so (`min`, `minutes`, `s`, `sec`,
  /// `seconds`), hours otherwise.
  public func elapsed(until stop: Timestamp, units: String) -> Double {
    Double(elapsedSeconds(until: stop)) / TimeUnit(units: units).seconds
  }
}

/// Durations as people read them on a clock.
public enum Duration {
  /// `seconds` as hours and minutes, as a clock shows them: `0:00`, `1:05`, `27:30`; rounded
  /// to the nearest minute, as every clock tally shows (``DurationFormat``).
  public static func clock(_ seconds: Int64) -> String {
    DurationFormat.clock(Double(max(0, seconds)) / 60, unit: .minutes)
  }

  /// A time that ran, as a clock with its pattern: `2:45 (h:mm)`; under a minute, with its
  /// seconds: `0:00:30 (h:mm:ss)`.
  public static func elapsed(_ seconds: Int64) -> String {
    seconds < 60
      ? "\(DurationFormat.clock(Double(max(0, seconds)), unit: .seconds)) (h:mm:ss)"
      : "\(clock(seconds)) (h:mm)"
  }
}

/// The unit of time a timer's readings are recorded in.
public enum TimeUnit: Equatable, Sendable {
  case hours, minutes, seconds

  /// The unit a project's units name; hours unless they say minutes or seconds.
  public init(units: String) {
    self = TimeUnit(naming: units) ?? .hours
  }

  /// The unit `units` name, or `nil` when they are not a unit of time (`km`, `EUR`, none).
  public init?(naming units: String) {
    switch units.trimmingCharacters(in: .whitespaces).lowercased() {
    case "h", "hr", "hrs", "hour", "hours": self = .hours
    case "min", "mins", "minute", "minutes", "m": self = .minutes
    case "s", "sec", "secs", "second", "seconds": self = .seconds
    default: return nil
    }
  }

  /// How many seconds one of this unit is.
  public var seconds: Double {
    switch self {
    case .hours: 3600
    case .minutes: 60
    case .seconds: 1
    }
  }
}
