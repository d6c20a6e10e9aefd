/// The exit codes of the command-line contract, which other programs depend on.
enum ExitStatus {
  /// The operation failed: invalid input, unknown project, a broken constraint.
  static let failure: Int32 = 1
  /// The command line itself was wrong.
  static let usageError: Int32 = 2
}
