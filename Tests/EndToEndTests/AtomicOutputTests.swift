import Foundation
import Testing

/// `report --output`'s file has no name until it is whole: a tally killed while it writes
/// leaves no temporary file beside the target, and a target that is not a regular file is
/// refused rather than replaced.
@Suite struct AtomicOutputTests {
  static let strace = "/usr/bin/strace"

  /// A database with a project, and a folder of its own for the output, holding an older
  /// report.
  func sample() throws -> (Sandbox, output: URL) {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    try sandbox.succeed("item", "add", "Spend", "12", "--at", "2024-02-10")
    let folder = sandbox.folder.appendingPathComponent("reports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let output = folder.appendingPathComponent("spend.csv")
    try Data("the report of last week\n".utf8).write(to: output)
    return (sandbox, output)
  }

  /// Runs `report Spend --output` under strace with `options`, and returns how it ended and
  /// what it wrote to standard error.
  func traced(
    _ options: [String], in sandbox: Sandbox, output: URL
  ) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.strace)
    process.arguments =
      ["-f"] + options + [
        sandbox.tally.url.path, "report", "Spend", "--format", "csv", "--output", output.path,
      ]
    process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) {
      $1
    }
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: said, as: UTF8.self))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
  func theFileIsNamedOnlyOnceItIsWholeAndSynced() throws {
    let (sandbox, output) = try sample()
    let trace = sandbox.folder.appendingPathComponent("trace.txt")
    let (status, _) = try traced(
      ["-o", trace.path, "-e", "trace=openat,write,fsync,linkat,rename"], in: sandbox,
      output: output)
    #expect(status == 0)
    let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
      .map { $0.drop { $0 != " " }.trimmingCharacters(in: .whitespaces) }
    let folder = output.deletingLastPathComponent().path
    let opened = try #require(
      calls.firstIndex {
        $0.hasPrefix("openat(") && $0.contains("\"\(folder)\"") && $0.contains("O_TMPFILE")
      })
    let descriptor = try #require(calls[opened].split(separator: "=").last)
      .trimmingCharacters(in: .whitespaces)
    let synced = try #require(
      calls.firstIndex { $0.hasPrefix("fsync(\(descriptor))") && $0.hasSuffix("= 0") })
    let named = try #require(
      calls.firstIndex { $0.hasPrefix("linkat(") && $0.contains("/proc/self/fd/\(descriptor)") })
    let renamed = try #require(
      calls.firstIndex { $0.hasPrefix("rename(") && $0.contains("\"\(output.path)\"") })
    #expect(opened < synced && synced < named && named < renamed)
    // No file of the folder is made with a name before that.
    #expect(!calls.contains { $0.hasPrefix("openat(") && $0.contains(".tmp\"") })
    #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("project,period,"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
  func aWriterKilledBeforeItsFileIsWholeLeavesNothing() throws {
    let (sandbox, output) = try sample()
    // SIGKILL at the first fsync: the report is written, not yet synced nor named.
    let (status, _) = try traced(
      ["-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:signal=KILL:when=1"],
      in: sandbox, output: output)
    #expect(status != 0)
    let folder = output.deletingLastPathComponent().path
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["spend.csv"])
    #expect(try String(contentsOf: output, encoding: .utf8) == "the report of last week\n")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
  func aFailedWriteLeavesNothing() throws {
    let (sandbox, output) = try sample()
    let (status, stderr) = try traced(
      ["-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1"],
      in: sandbox, output: output)
    #expect(status == 1)
    #expect(
      stderr == """
        Error: cannot write \(output.path): Input/output error
        Nothing was written; an existing file is as it was.

        """)
    let folder = output.deletingLastPathComponent().path
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["spend.csv"])
    #expect(try String(contentsOf: output, encoding: .utf8) == "the report of last week\n")
  }

  @Test func anOutputThatIsNotARegularFileIsRefused() throws {
    let (sandbox, output) = try sample()
    let pipe = output.deletingLastPathComponent().appendingPathComponent("pipe").path
    try #require(mkfifo(pipe, 0o600) == 0)
    let result = try sandbox.run("report", "Spend", "--format", "csv", "--output", pipe)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        Error: cannot write \(pipe): it is not a regular file
        Leave out --output to write to standard output, or name a file.

        """)
    var status = stat()
    #expect(stat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }
}
