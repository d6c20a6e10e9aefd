import ArgumentParser

/// Benchmarks of tally's building blocks; each prints its figures as its last line.
@main
struct TallyBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tally-bench",
    abstract: "Measures tally's building blocks; figures go to BENCHMARKS.md.",
    subcommands: [DispatchBenchmark.self, CSVBenchmark.self]
  )
}
