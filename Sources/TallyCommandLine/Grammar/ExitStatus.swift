/// The exit codes of the command-line contract, which other programs depend on.
public enum ExitStatus {
  /// The operation failed: invalid input, unknown project, a broken constraint.
  public static let failure: Int32 = 1
  /// The command line itself was wrong.
  public static let usageError: Int32 = 2
  /// With `--exit-code`: something needs attention (a project due, a goal at risk or missed).
  public static let attention: Int32 = 3
  /// Ctrl-C stopped a command that then changed nothing (an import), as shells count a
  /// SIGINT: 128 + 2.
  public static let interrupted: Int32 = 130
}
