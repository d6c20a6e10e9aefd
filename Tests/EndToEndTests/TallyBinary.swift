import Foundation

/// Runs the built `tally` binary, found beside the test executable (or at `TALLY_BIN`).
struct TallyBinary: Sendable {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let url: URL

  init() throws {
    if let path = ProcessInfo.processInfo.environment["TALLY_BIN"] {
      url = URL(fileURLWithPath: path)
    } else {
      let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      url = testExecutable.deletingLastPathComponent().appendingPathComponent("tally")
    }
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw NotBuilt(path: url.path)
    }
  }

  /// Runs another program the same way (a checker written in another language).
  init(program: URL) {
    url = program
  }

  struct NotBuilt: Error, CustomStringConvertible {
    let path: String
    var description: String { "no tally binary at \(path): run `swift build` first" }
  }

  /// Runs tally with `arguments` and waits for it to exit.
  ///
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - environment: Variables added to the test's environment.
  ///   - input: Standard input; none when `nil`.
  ///   - inputBytes: Standard input as bytes, for what is not UTF-8; none when `nil`.
  ///   - folder: The working folder; the test's when `nil`.
  ///   - mergingOutput: Whether standard error goes into the same pipe as standard output, in
  ///     the order written (as on a terminal); `stderr` is empty then.
  /// - Returns: How it exited and what it wrote.
  /// - Throws: When the binary cannot be started.
  func run(
    _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
    inputBytes: Data? = nil, in folder: URL? = nil, mergingOutput: Bool = false
  ) throws -> Result {
    let input = inputBytes ?? input.map { Data($0.utf8) }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let folder { process.currentDirectoryURL = folder }
    let stdout = Pipe()
    let stderr = mergingOutput ? stdout : Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    let stdin = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
      stdin.fileHandleForWriting.write(input)
      try stdin.fileHandleForWriting.close()
    }
    // Read both pipes at once, before waiting: a child that fills one pipe while the other is
    // being read would otherwise wait for ever.
    let errors = PipeContents()
    let reading = DispatchGroup()
    if !mergingOutput {
      let handle = stderr.fileHandleForReading
      DispatchQueue.global().async(group: reading) { errors.data = handle.readDataToEndOfFile() }
    }
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    let err = errors.data
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}

/// What one pipe held, filled by the thread that read it and read after that thread is done.
private final class PipeContents: @unchecked Sendable {
  var data = Data()
}
