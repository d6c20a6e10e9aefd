/// Which of a group's projects add up to one combined figure per period, and why the others
/// do not.
///
/// Only totals combine: their sums add up as if they were one project's readings. A gauge's
/// level and a meter's dial do not. The projects combined share their kind, units and report
/// period: those of most of the group's totals (the first's on a tie), so that `Car is in km,
/// not EUR` leaves out the one that does not fit.
public struct GroupCombination: Equatable, Sendable {
  /// A project the combination leaves out, and why, for a message: `Car is in km, not EUR`.
  public struct LeftOut: Equatable, Sendable {
    /// The project's title.
    public var title: String
    /// Why, as a sentence's end after the title: `is in km, not EUR`.
    public var reason: String

    /// The reason as a sentence without its full stop: `Car is in km, not EUR`.
    public var sentence: String { "\(VisibleText.escaped(title)) \(reason)" }
  }

  /// The projects combined, in the order given.
  public var combined: [ProjectID]
  /// The units they share.
  public var units: String
  /// The period they are reported by.
  public var period: ReportPeriod?
  /// The projects left out, in the order given.
  public var leftOut: [LeftOut]

  /// The combination of `projects`, each with the period its report takes.
  public init(_ projects: [(project: Project, period: ReportPeriod)]) {
    let totals = projects.filter { $0.project.kind == .total }
    // The most common units and period among the totals; the first's on a tie.
    var tally: [String: Int] = [:]
    var order: [String] = []
    func key(_ entry: (project: Project, period: ReportPeriod)) -> String {
      entry.project.units + "\u{0}" + entry.period.rawValue
    }
    for entry in totals {
      if tally[key(entry)] == nil { order.append(key(entry)) }
      tally[key(entry), default: 0] += 1
    }
    let best = order.max { tally[$0, default: 0] < tally[$1, default: 0] }
    let reference = totals.first { key($0) == best }
    combined = []
    leftOut = []
    units = reference?.project.units ?? ""
    period = reference?.period
    for (project, period) in projects {
      let reason: String?
      if project.kind != .total {
        reason = "is a \(project.kind.rawValue): only totals add up"
      } else if project.units != units {
        reason = "\(Self.inUnits(project.units)), not \(Self.bareUnits(units))"
      } else if period != self.period, let expected = self.period {
        reason =
          "is reported \(period.rawValue), not \(expected.rawValue) (give --period)"
      } else {
        reason = nil
      }
      if let reason {
        leftOut.append(LeftOut(title: project.title, reason: reason))
      } else {
        combined.append(project.id)
      }
    }
  }

  private static func inUnits(_ units: String) -> String {
    units.isEmpty ? "has no units" : "is in \(VisibleText.escaped(units))"
  }

  private static func bareUnits(_ units: String) -> String {
    units.isEmpty ? "without units" : VisibleText.escaped(units)
  }

  /// The title a group's combined rows carry in a report: `Household (all)`.
  public static func title(ofGroup name: String) -> String { "\(name) (all)" }
}
