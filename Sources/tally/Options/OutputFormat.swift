public import ArgumentParser
public import TallyCore

/// How a list is written: a table for people, CSV or JSON for programs.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case table, csv, json
}

extension Frequency: ExpressibleByArgument {}
