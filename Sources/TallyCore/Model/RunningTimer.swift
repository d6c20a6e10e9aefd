import Foundation

/// A timer running for a project; stopping it records the elapsed time as a reading.
public struct RunningTimer: Hashable, Codable, Sendable {
  /// The project it times; at most one timer runs per project.
  public var projectID: ProjectID
  /// When it was started.
  public var startedAt: Timestamp

  /// Creates a running timer.
  public init(projectID: ProjectID, startedAt: Timestamp) {
    self.projectID = projectID
    self.startedAt = startedAt
  }

  /// The elapsed time from start to `stop`, in the unit a project's units name: minutes or
  /// seconds when they say so (`min`, `minutes`, `s`, `sec`, `seconds`), hours otherwise.
  public func elapsed(until stop: Timestamp, units: String) -> Double {
    startedAt.seconds(until: stop) / TimeUnit(units: units).seconds
  }
}

/// The unit of time a timer's readings are recorded in.
public enum TimeUnit: Equatable, Sendable {
  case hours, minutes, seconds

  /// The unit a project's units name; hours unless they say minutes or seconds.
  public init(units: String) {
    switch units.trimmingCharacters(in: .whitespaces).lowercased() {
    case "min", "mins", "minute", "minutes", "m": self = .minutes
    case "s", "sec", "secs", "second", "seconds": self = .seconds
    default: self = .hours
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
