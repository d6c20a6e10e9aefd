import TallyCommandLine
import TallyCore
import TallyReports

/// Help: the commands of the REPL, where they work, and the subcommands it runs as they are.
final class HelpScreen: Screen {
  override func show() {
    // Not while the REPL starts: the one screen drawn after the start-up file shows it.
    guard !console.isMuted else { return }
    // The list of every command is help asked for in full: the pager may take it.
    console.result(TextWrap.wrap(Self.text(catalog: context.catalog), width: console.style.width))
  }

  /// The help text: a command and what it does on one line each, which ``TextWrap`` wraps
  /// under its second column at the terminal's width.
  static func text(catalog: CommandCatalog) -> String {
    var text = """
      Moving around
        open N|TITLE        open a project by its number on the home screen or its title
        open GROUP          open a group's screen: its projects, numbered for `open N` there
        back                go back one screen (Ctrl-D on an empty line does too)
        home                go to the project list
        go PATH             go to a path of screens: go home/Mileage/report
        help                this screen; `COMMAND --help` explains a subcommand
        quit                leave (Ctrl-D on the home screen does too)

      On the home screen
        new                 create a project, field by field

      On a project's screen (the project is implied)
        add AMOUNT [--at TIME] [--note TEXT] [--tag TAGS]
        start, stop         run the project's timer; stopping records the time (both take --at TIME, --note TEXT, --tag TAGS); `cancel` records nothing
        switch, resume      stop what runs and time this project; time it again with its newest reading's note and tags
        track 9:00-10:30    record time already spent (--note, --tag)
        report              open the report; `report --period P --format F` prints one
        list                list every reading
        import FILE         import a CSV file into the project (options as `import --help`)
        edit                change the project; `edit ID` changes a reading
        delete              delete the project; `delete ID` deletes a reading

      On a group's screen
        report              print the group's report (`report --group NAME`)

      On a report's screen
        period P            daily, weekly, monthly, quarterly or yearly

      Anywhere
        undo, redo          take back the last change, or make it again
        view [MODE]         reading lists as tables or records: auto, table, records
        pager [on|off]      long output through $TALLY_PAGER, $PAGER or less -FRX
        watch SECONDS       show this screen again every SECONDS until Ctrl-C

      Every subcommand works as a command, with the same options:

      """
    for command in catalog.commands where command.name != "help" {
      text += "  " + command.name.padding(toLength: 20, withPad: " ", startingAt: 0)
      text += command.abstract + "\n"
    }
    return text
  }
}
