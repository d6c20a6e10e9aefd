import ArgumentParser
import Foundation
import TallyApp
import TallyCore

/// `tally export`: every reading, in a form `tally import` reads back.
struct ExportCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every reading as CSV (project,timestamp,amount,note) or JSON.",
    discussion: """
      A reset column follows when a project is a meter, and a tags column when a reading \
      has tags; `tally import` reads both back. With --projects FILE, every project's settings \
      (units, frequency, kind, decimals, group, goal) go into FILE: `tally import EXPORT \
      --projects FILE` makes the projects and brings their readings back.
      """)

  static let syntax = CommandSyntax(
    options: [
      .value("--format", values: ExportFormat.allValueStrings),
      .value("--projects", valueName: "file"),
    ]
      + FilterOptions.syntax)

  @OptionGroup var global: GlobalOptions
  @Option(help: "csv or json.") var format: ExportFormat = .csv
  @OptionGroup var filter: FilterOptions
  @Option(
    help: ArgumentHelp(
      "Also write every project's settings into this CSV file, for `tally import --projects`.",
      valueName: "file"),
    completion: .file(), transform: { TypedPath.expanded($0) })
  var projects: String?

  func request() throws(TallyError) -> UserRequest {
    if let projects {
      try Self.checkSettingsPath(projects)
    }
    return .export(format, try filter.filter(), projects: projects)
  }

  /// Refuses, before anything is written, a path the settings cannot go to: standard output's
  /// own file (they would overwrite the readings), `-`, a folder that is not there, or
  /// something other than a regular file.
  private static func checkSettingsPath(_ path: String) throws(TallyError) {
    let hint = "Name a file for the settings; nothing was written."
    if path == "-" || isStandardOutput(path) {
      throw TallyError(
        .invalidInput, "--projects \(path) is where the readings go (standard output)",
        hint: hint)
    }
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw TallyError(.invalidInput, "--projects \(path) is not a regular file", hint: hint)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw TallyError(
        .invalidInput, "--projects \(path): there is no folder \(folder)", hint: hint)
    }
  }

  /// Whether `path` is the file standard output writes to: the settings would overwrite the
  /// readings there.
  private static func isStandardOutput(_ path: String) -> Bool {
    var file = stat()
    var output = stat()
    guard stat(path, &file) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
    return file.st_dev == output.st_dev && file.st_ino == output.st_ino
      && file.st_mode & S_IFMT == S_IFREG
  }
}
