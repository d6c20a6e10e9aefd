import Foundation
import TallyCore
import TallyReports

/// The project list in each output format.
struct ProjectListing {
  let projects: [ProjectSummary]
  let zone: TimeZone
  /// Each project's recent periods' headlines, for the table's sparklines.
  let trends: [ProjectID: [Double?]]
  let display: TextDisplay

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table:
      guard !projects.isEmpty else {
        output.say("No projects yet. Create one with `tally project add TITLE --frequency daily`.")
        return
      }
      // Under their groups, when there are any: a section line heads each group's projects,
      // and the projects in no group come last.
      let listed = ProjectGroup.listed(projects)
      let showsGroups = listed.contains { $0.group != nil }
      var table = TextTable(columns: [
        .init("TITLE", .text), .init("UNITS", .text), .init("FREQUENCY"), .init("READINGS", .right),
        .init("LAST READING"), .init("UPDATED"),
      ])
      // A column of times has one shape: seconds on every row when any time has some.
      let lastSeconds = listed.contains {
        $0.summary.lastReadingAt.map { TimestampFormat.hasSeconds($0, in: zone) } ?? false
      }
      let updatedSeconds = listed.contains {
        TimestampFormat.hasSeconds($0.summary.project.updatedAt, in: zone)
      }
      for (index, (group, summary)) in listed.enumerated() {
        if showsGroups, index == 0 || listed[index - 1].group != group {
          table.appendSection(group ?? ProjectGroup.noGroupHeading)
        }
        table.append([
          summary.project.title, summary.project.units, summary.project.cadence,
          String(summary.readingCount),
          summary.lastReadingAt.map {
            TimestampFormat.local($0, in: zone, seconds: lastSeconds)
          } ?? "",
          TimestampFormat.local(summary.project.updatedAt, in: zone, seconds: updatedSeconds),
        ])
      }
      table.appendSparklines(
        listed.map { (trends[$0.summary.id] ?? [], $0.summary.project.kind) },
        width: display.width, glyphs: display.glyphs)
      output.write(table.render(width: display.width))
    case .csv:
      output.write(
        CSVWriter.line([
          "title", "units", "frequency", "readings", "last_reading", "updated_at", "group",
        ]))
      for summary in projects {
        output.write(
          CSVWriter.line([
            CSVWriter.text(summary.project.title), CSVWriter.text(summary.project.units),
            summary.project.frequency.rawValue,
            String(summary.readingCount),
            summary.lastReadingAt.map { TimestampFormat.iso8601($0, in: zone) } ?? "",
            TimestampFormat.iso8601(summary.project.updatedAt, in: zone),
            CSVWriter.text(summary.project.group ?? ""),
          ]))
      }
    case .json:
      output.write(
        JSONWriter.array(
          projects.map { summary in
            JSONWriter.object([
              "title": .string(summary.project.title),
              "units": .string(summary.project.units),
              "frequency": .string(summary.project.frequency.rawValue),
              "readings": .integer(Int64(summary.readingCount)),
              "last_reading": .optional(
                summary.lastReadingAt.map { TimestampFormat.iso8601($0, in: zone) }),
              "updated_at": .string(TimestampFormat.iso8601(summary.project.updatedAt, in: zone)),
              "group": .optional(summary.project.group),
            ])
          }))
    }
  }
}
