/// The subcommands the REPL can run, with their options and arguments.
///
/// Completion offers them and `help` lists them; the executable describes its own parser
/// with it.
public struct CommandCatalog: Equatable, Sendable {
  /// A command: a name, what it does, and its subcommands or its arguments.
  public struct Command: Equatable, Sendable {
    public var name: String
    public var abstract: String
    public var subcommands: [Command]
    public var options: [Option]
    /// The value names of its positional arguments, in order (`project`, `amount`, `file`).
    public var arguments: [String]
    /// Whether the last positional argument takes any number of values.
    public var lastArgumentRepeats: Bool
    /// The subcommand that runs when none is named (`import FILE` is `import file FILE`).
    public var defaultSubcommand: String?

    /// Creates a command.
    public init(
      name: String, abstract: String = "", subcommands: [Command] = [], options: [Option] = [],
      arguments: [String] = [], lastArgumentRepeats: Bool = false,
      defaultSubcommand: String? = nil
    ) {
      self.name = name
      self.abstract = abstract
      self.subcommands = subcommands
      self.options = options
      self.arguments = arguments
      self.lastArgumentRepeats = lastArgumentRepeats
      self.defaultSubcommand = defaultSubcommand
    }

    /// The subcommand named `name`.
    public func subcommand(_ name: String) -> Command? {
      subcommands.first { $0.name == name }
    }

    /// The option one of whose names is `name` (with its dashes).
    public func option(_ name: String) -> Option? {
      options.first { $0.names.contains(name) }
    }
  }

  /// An option or flag.
  public struct Option: Equatable, Sendable {
    /// Its names with dashes: `--period`, `-h`.
    public var names: [String]
    /// Whether a value follows it.
    public var takesValue: Bool
    /// The values it takes, when they are a fixed set.
    public var values: [String]
    /// The name of its value (`path`, `file`), when it takes one.
    public var valueName: String?

    /// Creates an option.
    public init(names: [String], takesValue: Bool, values: [String] = [], valueName: String? = nil)
    {
      self.names = names
      self.takesValue = takesValue
      self.values = values
      self.valueName = valueName
    }
  }

  /// The top-level subcommands.
  public var commands: [Command]

  /// Creates a catalog.
  public init(commands: [Command]) {
    self.commands = commands
  }

  /// The top-level subcommand named `name`.
  public func command(_ name: String) -> Command? {
    commands.first { $0.name == name }
  }
}
