public import ArgumentParser
import Foundation
import TallyApp
import TallyCore

/// `tally share TITLE [ROLE --read|--write|--owner]`: who may use a project on a shared server.
public struct ShareCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "share",
    abstract: "Let a role read, write or own a project on a shared server; list who may.",
    discussion: """
      The server enforces it, in row-level security policies: read lets a role list, report \
      and export the project; write also lets it add, edit and delete readings, run timers and \
      import; owner also lets it change the project's settings and goals, share and delete it. \
      A group role may be named: each of its members then has that access. Sharing again \
      replaces the role's level. Without a role, lists who may use the project. Only an owner \
      may share; the creator of a project owns it.
      """)

  /// The level a grant gives, as a flag.
  enum Level: String, EnumerableFlag {
    case read, write, owner

    static func help(for value: Level) -> ArgumentHelp? {
      switch value {
      case .read: "List, report on and export it."
      case .write: "Also add, edit and delete readings, run timers, import."
      case .owner: "Also change its settings and goals, share and delete it."
      }
    }
  }

  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The project.", valueName: "title"))
  var title: String
  @Argument(help: ArgumentHelp("The PostgreSQL role (a person or a group).", valueName: "role"))
  var role: String?
  @Flag var level: Level?

  public init() {}

  public func validate() throws {
    if role != nil, level == nil {
      throw ValidationError("say what the role may do: --read, --write or --owner")
    }
    if role == nil, level != nil {
      throw ValidationError("name the role to give --\(level?.rawValue ?? "read") to")
    }
  }

  public func run() throws {
    let options = try global.sessionOptions(creating: false)
    guard let role, let level, let granted = AccessLevel(rawValue: level.rawValue) else {
      let listing = try Sharing.list(title, options: options)
      global.messages.output(listing.table(width: options.display.width))
      return
    }
    global.messages.status(
      try Sharing.share(title, with: role, level: granted, options: options))
  }
}

/// `tally unshare TITLE ROLE`: takes a role's grant on a project away.
public struct UnshareCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "unshare",
    abstract: "Take a role's access to a project away, on a shared server.",
    discussion: """
      Removes the role's own grant; a member of a group that holds one keeps the group's \
      access. Only an owner may, and a project always keeps one owner.
      """)

  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The project.", valueName: "title"))
  var title: String
  @Argument(help: ArgumentHelp("The PostgreSQL role.", valueName: "role"))
  var role: String

  public init() {}

  public func run() throws {
    let message = try Sharing.unshare(
      title, from: role, options: try global.sessionOptions(creating: false))
    global.messages.status(message)
  }
}

/// `tally team …`: the administrator's commands for a shared server.
public struct TeamCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "team",
    abstract: "Set a PostgreSQL database up for a team (run by its administrator).",
    subcommands: [TeamSetupCommand.self])

  public init() {}
}

/// `tally team setup [--group NAME] [--member ROLE …]`.
public struct TeamSetupCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "setup",
    abstract: "Make tally's tables and policies, a group role for the team, and its grants.",
    discussion: """
      Run once by the database's owner (after `createdb`), and again after upgrading tally. \
      Creates tally's tables with their row-level security policies, the group role (if it \
      is missing; that needs CREATEROLE), lets the group's members connect, stage imports \
      and use tally's tables (and no one else: CONNECT and TEMPORARY are taken from PUBLIC), \
      and makes each --member a member of the group. What each member then sees and changes \
      is what the projects' owners share with them (`tally share`). All or nothing.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("The group role whose members may use tally here.", valueName: "role"))
  var group = "tally_users"
  @Option(
    name: .customLong("member"),
    help: ArgumentHelp("A role (one per person) to make a member of the group.", valueName: "role"))
  var members: [String] = []

  public init() {}

  public func run() throws {
    let setup = try Sharing.setUpTeam(
      group: group, members: members, options: try global.sessionOptions(creating: false))
    var message =
      "Set up \(setup.database) for the team: group \(setup.group)"
      + (setup.createdGroup ? " (created)" : "")
    if !setup.members.isEmpty {
      message += ", members added: " + setup.members.joined(separator: ", ")
    }
    message += ". Each member logs in as their own role and sees what is shared with them."
    global.messages.status(message)
  }
}
