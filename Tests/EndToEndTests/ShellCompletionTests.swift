import Foundation
import Testing

/// The bash completion script that `--generate-completion-script bash` writes, run by bash:
/// project titles come from the database, file arguments complete paths.
@Suite struct ShellCompletionTests {
  /// Completes the last of `words` with the generated `_tally` function, as bash would on Tab.
  func complete(_ words: [String], in sandbox: Sandbox) throws -> [String] {
    let script = sandbox.folder.appendingPathComponent("tally.bash")
    if !FileManager.default.fileExists(atPath: script.path) {
      try Data(try sandbox.succeed("--generate-completion-script", "bash").utf8).write(to: script)
    }
    let driver = """
      source "$1"; shift
      COMPREPLY=(); COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      _tally "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = ["-c", driver, "bash", script.path, sandbox.tally.url.path] + words
    bash.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    let output = Pipe()
    bash.standardOutput = output
    try bash.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    bash.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  func sandboxWithProjects() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "monthly")
    try sandbox.succeed("project", "add", "Fuel", "--frequency", "daily")
    try sandbox.succeed("project", "add", "Food", "--frequency", "daily")
    return sandbox
  }

  @Test(arguments: [
    (["item", "add", "F"], ["Food", "Fuel"]), (["item", "list", "Mil"], ["Mileage"]),
    (["timer", "start", ""], ["Food", "Fuel", "Mileage"]), (["report", "Fu"], ["Fuel"]),
    (["project", "delete", "Mi"], ["Mileage"]),
    (["import", "file", "x.csv", "--project", "Fo"], ["Food"]),
  ])
  func projectTitlesComeFromTheDatabase(_ words: [String], _ expected: [String]) throws {
    let sandbox = try sandboxWithProjects()
    #expect(try complete(words, in: sandbox).sorted() == expected)
  }

  @Test func theDatabaseOnTheCommandLineIsTheOneRead() throws {
    let sandbox = try sandboxWithProjects()
    let other = sandbox.folder.appendingPathComponent("other.sqlite").path
    try sandbox.succeed("--db", other, "project", "add", "Weight", "--frequency", "daily")
    #expect(try complete(["--db", other, "item", "add", ""], in: sandbox) == ["Weight"])
  }

  @Test func completingTitlesCreatesNoDatabase() throws {
    let sandbox = try Sandbox()
    #expect(try complete(["item", "add", ""], in: sandbox).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.environment["TALLY_DB"] ?? ""))
  }

  @Test func fileArgumentsCompletePaths() throws {
    let sandbox = try Sandbox()
    let csv = sandbox.folder.appendingPathComponent("readings-2024.csv")
    try Data("date,amount\n".utf8).write(to: csv)
    let prefix = sandbox.folder.appendingPathComponent("readings").path
    #expect(try complete(["import", "file", prefix], in: sandbox) == [csv.path])
    #expect(try complete(["repl", "--script", prefix], in: sandbox) == [csv.path])
  }
}
