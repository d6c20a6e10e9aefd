public import ArgumentParser
public import TallyCore
public import TallyReports

/// How a list is written: a table for people, CSV or JSON for programs.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case table, csv, json
}

extension Frequency: ExpressibleByArgument {}

extension ReportPeriod: ExpressibleByArgument {}
