public import ArgumentParser
public import TallyApp
public import TallyCore

extension ListFormat: ExpressibleByArgument {}

extension ExportFormat: ExpressibleByArgument {}

extension ReportRequest.Format: ExpressibleByArgument {}

extension Frequency: ExpressibleByArgument {}

extension ProjectKind: ExpressibleByArgument {}

extension ReportOutlook.Comparison: ExpressibleByArgument {}
