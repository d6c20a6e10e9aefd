/// The words a command takes besides its subcommands: its positional arguments and options.
///
/// The argument parser describes a command's arguments to others only through underscored API
/// (`_dumpHelp`), so each command states them beside its properties, and
/// `CommandCatalogTests` holds every statement to what the parser takes (`parseAsRoot`) and
/// shows (`helpMessage(for:)`).
struct CommandSyntax: Sendable {
  /// The value names of the positional arguments, in order.
  var arguments: [String] = []
  /// Whether the last positional argument takes any number of values.
  var lastArgumentRepeats = false
  /// The options and flags, without the global ones and `--help`.
  var options: [CommandCatalog.Option] = []
}

extension CommandCatalog.Option {
  /// A flag: a name that takes no value (`--yes`).
  static func flag(_ names: String...) -> Self {
    Self(names: names, takesValue: false, valueName: names.last.map(Self.bareName))
  }

  /// An option that takes a value, from `values` when they are a fixed set; its value name is
  /// its name without dashes unless `valueName` says otherwise.
  static func value(_ name: String, valueName: String? = nil, values: [String] = []) -> Self {
    Self(names: [name], takesValue: true, values: values, valueName: valueName ?? bareName(name))
  }

  /// `-h, --help`, which every command takes.
  static let help = flag("-h", "--help")

  private static func bareName(_ name: String) -> String {
    String(name.drop { $0 == "-" })
  }
}
