import ArgumentParser
import TallyApp
import TallyCore

/// `tally metrics`: every project's figures for Prometheus.
struct MetricsCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "metrics",
    abstract: "Write every project's figures in Prometheus's text format.",
    discussion: """
      Per project (labels project, kind, units): the last reading's time and amount, the \
      running period's headline, the goal and its progress, and whether it is due. With \
      --output FILE the file is written atomically, for node_exporter's textfile collector.
      """)

  static let syntax = CommandSyntax(options: [.value("--output")])

  @OptionGroup var global: GlobalOptions
  @Option(
    help: "Write to this file (atomically) instead of standard output.", completion: .file(),
    transform: { TypedPath.expanded($0) })
  var output: String?

  func request() -> UserRequest {
    .writeMetrics(output: output)
  }
}
