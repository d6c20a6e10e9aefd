import Foundation
import Testing

/// Dependencies point one way: no layer imports one above it, and every module a target's
/// sources import is a dependency that `Package.swift` declares (not one that happens to be
/// built because another target needs it).
///
/// The imports are read with a plain scan of each file's lines, and the declared graph with a
/// plain scan of `Package.swift`; a failure names the file, the line and the import.
@Suite struct LayerTests {
  /// tally's layers, lowest first; a target may import its own layer and those below.
  static let layers: [[String]] = [
    ["Flow", "FlowTesting", "Routing", "Libpq"],
    ["TallyCore"],
    ["TallyStorage", "TallyPostgres", "TallyImport", "TallyReports", "TallyFiles"],
    ["TallyState"],
    ["TallyApp"],
    ["TallyCommandLine"],
    ["TallyREPL"],
    ["tally"],
  ]

  /// Layers a target reaches only through the one between: the command line asks the
  /// application (`TallyApp`) for what is stored, whichever backend keeps it.
  static let reachedOnlyThrough: [String: (modules: Set<String>, through: String)] = [
    "TallyCommandLine": (["TallyStorage", "TallyPostgres"], "TallyApp")
  ]

  /// What the domain may import: Foundation and nothing else (not the store, not the router).
  static let domainModules: Set<String> = [
    "Foundation", "FoundationEssentials", "FoundationInternationalization",
  ]

  /// Modules of the toolchain, which need no declaration.
  static let toolchainModules: Set<String> = [
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationXML",
    "FoundationNetworking", "Dispatch", "Glibc", "Musl", "Synchronization", "Testing", "XCTest",
  ]

  /// The package's folder: this file is `Tests/TallyCoreTests/LayerTests.swift`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// An `import` line of a source file.
  struct Import: CustomStringConvertible {
    /// The file, from the package's folder.
    var file: String
    var line: Int
    var module: String

    var description: String { "\(file):\(line): import \(module)" }
  }

  /// A target as `Package.swift` declares it.
  struct Target {
    var name: String
    /// Its sources' folder, from the package's folder.
    var path: String
    /// The targets and products it names as dependencies.
    var dependencies: Set<String>
  }

  /// The `import` lines of the Swift files under `folder`, recursively.
  static func imports(under folder: String) throws -> [Import] {
    let base = root.appendingPathComponent(folder)
    guard let files = FileManager.default.enumerator(atPath: base.path) else { return [] }
    let pattern =
      #/^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/#
    var found: [Import] = []
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(
        contentsOf: base.appendingPathComponent(file), encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        guard let match = line.prefixMatch(of: pattern) else { continue }
        found.append(
          Import(file: "\(folder)/\(file)", line: index + 1, module: String(match.output.1)))
      }
    }
    return found
  }

  /// The targets `Package.swift` declares, by name.
  static func declaredTargets() throws -> [String: Target] {
    let text = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let starts = text.matches(
      of: #/\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/#)
    var targets: [String: Target] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
      let block = text[start.range.lowerBound..<end]
      let name = String(start.output.2)
      var dependencies: Set<String> = []
      if let list = block.firstMatch(of: #/dependencies:\s*\[/#) {
        var depth = 1
        var cursor = list.range.upperBound
        while depth > 0, cursor < block.endIndex {
          if block[cursor] == "[" { depth += 1 }
          if block[cursor] == "]" { depth -= 1 }
          cursor = block.index(after: cursor)
        }
        var names = String(block[list.range.upperBound..<cursor])
        for product in names.matches(of: #/\.product\(\s*name:\s*"([^"]+)"[^)]*\)/#).reversed() {
          dependencies.insert(String(product.output.1))
          names.removeSubrange(product.range)
        }
        for target in names.matches(of: #/"([^"]+)"/#) {
          dependencies.insert(String(target.output.1))
        }
      }
      let path =
        block.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.output.1) }
        ?? (start.output.1 == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
      targets[name] = Target(name: name, path: path, dependencies: dependencies)
    }
    return targets
  }

  @Test func noLayerImportsOneAboveIt() throws {
    let rank = Dictionary(
      uniqueKeysWithValues: Self.layers.enumerated().flatMap { index, names in
        names.map { ($0, index) }
      })
    for (target, level) in rank.sorted(by: { $0.key < $1.key }) {
      for found in try Self.imports(under: "Sources/\(target)") {
        guard let above = rank[found.module], above > level else { continue }
        Issue.record(
          "\(found): \(target) (layer \(level + 1): \(Self.layers[level].joined(separator: ", "))) imports \(found.module), a layer above it (layer \(above + 1)); move the code up, or what it needs down"
        )
      }
    }
  }

  @Test func theDomainNeedsNothingButFoundation() throws {
    for found in try Self.imports(under: "Sources/TallyCore")
    where !Self.domainModules.contains(found.module) {
      Issue.record(
        "\(found): TallyCore may import only Foundation; the store's state and actions are TallyState's"
      )
    }
    let declared = try Self.declaredTargets()["TallyCore"]?.dependencies
    #expect(declared == [], "Package.swift declares \(declared ?? []) for TallyCore")
  }

  @Test func theCommandLineReachesStorageOnlyThroughTheApp() throws {
    let targets = try Self.declaredTargets()
    for (target, rule) in Self.reachedOnlyThrough.sorted(by: { $0.key < $1.key }) {
      for found in try Self.imports(under: "Sources/\(target)")
      where rule.modules.contains(found.module) {
        Issue.record(
          "\(found): \(target) imports \(found.module) directly; ask \(rule.through) for it instead"
        )
      }
      let declared = targets[target]?.dependencies.intersection(rule.modules) ?? []
      #expect(
        declared.isEmpty,
        "Package.swift declares \(declared.sorted()) for \(target); they are \(rule.through)'s")
    }
  }

  @Test func everyImportIsADeclaredDependency() throws {
    let targets = try Self.declaredTargets()
    for target in targets.values.sorted(by: { $0.name < $1.name }) {
      for found in try Self.imports(under: target.path)
      where found.module != target.name
        && !Self.toolchainModules.contains(found.module)
        && !target.dependencies.contains(found.module)
      {
        Issue.record(
          "\(found): \(found.module) is not among the dependencies Package.swift declares for \(target.name)"
        )
      }
    }
  }

  @Test func theScansSeeThePackage() throws {
    let targets = try Self.declaredTargets()
    #expect(Set(Self.layers.joined()).isSubset(of: Set(targets.keys)))
    #expect(targets["TallyStorage"]?.dependencies.contains("GRDB") == true)
    #expect(targets["tally-bench"]?.path == "Benchmarks/tally-bench")
    #expect(targets["TallyREPLTests"]?.path == "Tests/TallyREPLTests")
    let replImports = Set(try Self.imports(under: "Sources/TallyREPL").map(\.module))
    #expect(replImports.isSuperset(of: ["TallyApp", "TallyCommandLine", "CReadline"]))
  }
}
