// swift-tools-version: 6.1
import PackageDescription

/// Strict Swift 6 for every target of ours.
let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

// tally is built and tested on Linux (the line editor uses Linux's signal and poll calls), so
// the package names no other platform.
let package = Package(
  name: "tally",
  products: [
    .executable(name: "tally", targets: ["tally"]),
    .library(name: "Flow", targets: ["Flow"]),
    .library(name: "FlowTesting", targets: ["FlowTesting"]),
    .library(name: "Routing", targets: ["Routing"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
  ],
  targets: [
    // Architecture libraries: know nothing about tally.
    .target(
      name: "Flow",
      dependencies: [.product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    .target(name: "FlowTesting", dependencies: ["Flow"], swiftSettings: strict),
    .target(name: "Routing", dependencies: ["Flow"], swiftSettings: strict),
    // PostgreSQL's own client library, and a small synchronous facade over it: statements
    // with bound values, rows, COPY FROM STDIN, timeouts, cancellation.
    .systemLibrary(name: "CLibpq", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .target(name: "Libpq", dependencies: ["CLibpq"], swiftSettings: strict),

    // tally's layers: dependencies point one way: tally -> REPL -> CommandLine -> App ->
    // State -> Storage/Postgres/Import/Reports/Files -> Core. The domain (Core) needs nothing but
    // Foundation; the store's state, reducers and actions (State) are the application's.
    .target(name: "TallyCore", swiftSettings: strict),
    // Files tally writes: private folders, files replaced whole, new files that never
    // overwrite one.
    .target(name: "TallyFiles", dependencies: ["TallyCore"], swiftSettings: strict),
    .target(
      name: "TallyStorage",
      dependencies: [
        "TallyCore", "TallyFiles",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    // The same storage on a shared PostgreSQL server, for teams.
    .target(
      name: "TallyPostgres",
      dependencies: [
        "TallyCore", "Libpq", .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "TallyImport",
      dependencies: ["TallyCore", "CCrypto"],
      swiftSettings: strict
    ),
    .target(
      name: "TallyReports",
      dependencies: ["TallyCore", .product(name: "Mustache", package: "swift-mustache")],
      swiftSettings: strict
    ),
    // The system's libcrypto (OpenSSL), for an import's SHA-256.
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    // The store's state, its reducers, the actions and what a route's screen keeps.
    .target(
      name: "TallyState", dependencies: ["Flow", "Routing", "TallyCore"], swiftSettings: strict),
    // The application: the session, the use cases, the store's middleware.
    .target(
      name: "TallyApp",
      dependencies: [
        "Flow", "Routing", "TallyCore", "TallyState", "TallyStorage", "TallyPostgres",
        "TallyImport", "TallyReports", "TallyFiles",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    // The command-line grammar, one for the shell and the REPL: words to typed requests.
    .target(
      name: "TallyCommandLine",
      dependencies: [
        "TallyApp", "TallyCore", "TallyImport", "TallyReports",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "TallyREPL",
      dependencies: [
        "Flow", "Routing", "TallyCore", "TallyState", "TallyReports", "TallyApp",
        "TallyCommandLine", "TallyFiles", "CReadline",
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "tally",
      dependencies: [
        "TallyApp", "TallyCommandLine", "TallyREPL", "TallyCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // Swift's standard library and Foundation linked in, as `--static-swift-stdlib` does:
      // every command starts 8-13 ms sooner without loading and binding them (BENCHMARKS.md,
      // "the process's start"). The module is compiled against the static libraries' modules,
      // whose autolink entries name what they need (ICU, CoreFoundation); lld links them, as
      // it does not repeat glibc's link-time note on the `mktemp` inside Foundation.
      swiftSettings: strict + [.unsafeFlags(["-static-stdlib"])],
      linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld"])]
    ),

    // Benchmarks: figures go to BENCHMARKS.md.
    .executableTarget(
      name: "tally-bench",
      dependencies: [
        "Flow", "TallyCore", "TallyImport",
        .product(name: "CSV", package: "CSV.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Benchmarks/tally-bench",
      swiftSettings: strict
    ),

    // libFuzzer target; built only with -sanitize=fuzzer (see .ci/run).
    .executableTarget(
      name: "tally-fuzz",
      dependencies: ["TallyCore", "TallyImport"],
      path: "Fuzz/tally-fuzz",
      swiftSettings: strict
    ),

    // What the tests share: reading SVG and HTML output as XML.
    .target(
      name: "TestSupport", dependencies: ["TallyCore", "TallyPostgres"], path: "Tests/Support",
      swiftSettings: strict),
    .testTarget(
      name: "FlowTests",
      dependencies: [
        "Flow", "FlowTesting", .product(name: "Logging", package: "swift-log"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "LibpqTests", dependencies: ["Libpq"], swiftSettings: strict),
    .testTarget(
      name: "RoutingTests",
      dependencies: ["Routing", "Flow", "FlowTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyCoreTests",
      dependencies: ["TallyCore"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyStateTests",
      dependencies: ["TallyState", "TallyCore", "Flow", "FlowTesting", "Routing"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyStorageTests",
      dependencies: [
        "TallyStorage", "TallyPostgres", "TallyCore", "TallyState", "TallyReports", "TallyApp",
        "Flow", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    // The PostgreSQL backend's own parts: addresses and timeouts without a server, access per
    // project on the one `TALLY_TEST_POSTGRES` names.
    .testTarget(
      name: "TallyPostgresTests", dependencies: ["TallyPostgres", "TallyCore", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "TallyReportsTests",
      dependencies: [
        "TallyReports", "TallyCore", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyImportTests",
      dependencies: [
        "TallyImport", "TallyCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyAppTests",
      dependencies: [
        "TallyApp", "TallyCommandLine", "TallyCore", "TallyState", "TallyStorage", "Flow",
        "Routing", "TestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyCommandLineTests",
      dependencies: ["TallyCommandLine", "TallyApp", "TallyCore"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TallyREPLTests",
      dependencies: [
        "TallyREPL", "TallyApp", "TallyCommandLine", "TallyCore", "TallyState", "TallyStorage",
        "TallyReports", "Flow", "Routing",
      ],
      swiftSettings: strict
    ),
    // Runs the built `tally` binary; `swift test` builds it along with the tests.
    .testTarget(
      name: "EndToEndTests", dependencies: ["TestSupport", "TallyPostgres"],
      swiftSettings: strict),
  ]
)
