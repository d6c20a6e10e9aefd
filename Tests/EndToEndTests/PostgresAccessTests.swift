import Foundation
import TestSupport
import Testing

/// Who may do what on a shared server, decided by the server: three real roles (an owner, a
/// reader, one with no access), through tally and through plain SQL.
@Suite(
  .enabled(
    if: PostgresTestServer.address != nil, Comment(rawValue: PostgresTestServer.skipReason)))
struct PostgresAccessTests {
  /// A team where ana owns Weight (two readings), bob may read it, and cyd has no access.
  private func weightTeam() throws -> TeamSandbox {
    let team = try TeamSandbox()
    let ana = try team.person("ana")
    try ana.succeed("project", "add", "Weight", "--frequency", "weekly", "--units", "kg")
    try ana.succeed("item", "add", "Weight", "80", "--at", "2024-01-01", "--note", "start")
    try ana.succeed("item", "add", "Weight", "79", "--at", "2024-01-08")
    try ana.succeed("share", "Weight", "bob", "--read")
    return team
  }

  @Test func aProjectNobodySharedIsInvisibleAndUnknownToOthers() throws {
    let team = try weightTeam()
    let cyd = try team.person("cyd")
    for words in [
      ["project", "list", "--format", "csv"], ["report", "--all", "--format", "csv"],
      ["export", "--format", "csv"], ["due"], ["log"], ["import", "list"],
    ] {
      let shown = try cyd.succeed(words)
      #expect(!shown.contains("Weight"), "\(words)")
      #expect(!shown.contains("start"), "\(words)")
    }
    for words in [
      ["report", "Weight"], ["item", "add", "Weight", "1"], ["item", "list", "Weight"],
      ["project", "delete", "Weight", "--yes"], ["share", "Weight"],
    ] {
      let result = try cyd.tally.run(words, environment: cyd.environment)
      #expect(result.status == 1, "\(words)")
      #expect(result.stderr.contains("there is no project titled 'Weight'"), "\(words)")
    }
    // Titles are one namespace: cyd cannot take Weight's, and is told why.
    let taken = try cyd.tally.run(
      ["project", "add", "weight", "--frequency", "daily"], environment: cyd.environment)
    #expect(taken.status == 1)
    #expect(taken.stderr.contains("already exists on the server, one you may not read"))
    // Reading 1 is ana's: to cyd it does not exist either.
    let edit = try cyd.tally.run(
      ["item", "edit", "1", "--amount", "5"], environment: cyd.environment)
    #expect(edit.status == 1)
    #expect(!edit.stderr.contains("Weight"))
    // Completion names nothing cyd may not read.
    #expect(try ShellCompletionTests().complete(["item", "add", ""], in: cyd).isEmpty)
    #expect(
      try ShellCompletionTests().complete(["item", "add", ""], in: try team.person("bob"))
        == ["Weight"])
  }

  /// A whole-file import asks each project's access: a reader's rows for a project they may
  /// only read fail the whole file, and a project they may not see is one they cannot make.
  @Test func aWholeFileImportAsksEachProjectsAccess() throws {
    let team = try weightTeam()
    let owner = try team.person("ana")
    let before = try owner.everything()
    for name in ["bob", "cyd"] {
      let member = try team.person(name)
      let file = member.folder.appendingPathComponent("whole.csv")
      try "project,timestamp,amount\nMine,2024-02-01,1\nWeight,2024-02-01,70\n".write(
        to: file, atomically: true, encoding: .utf8)
      let settings = member.folder.appendingPathComponent("projects.csv")
      try "title,frequency\nMine,daily\nWeight,weekly\n".write(
        to: settings, atomically: true, encoding: .utf8)
      let result = try member.tally.run(
        ["import", file.path, "--projects", settings.path], environment: member.environment)
      #expect(result.status == 1, "\(name): \(result.stderr)")
      #expect(try owner.everything() == before, "\(name)")
      #expect(
        !(try member.succeed(["project", "list", "--format", "csv"]).contains("Mine")),
        "\(name)")
    }
  }

  /// A member makes projects by import as by `project add`.
  ///
  /// With `--create`, and a whole export with its settings file; the projects are the
  /// member's, and `undo` takes them out whole.
  @Test func aMemberMakesProjectsByImport() throws {
    let team = try TeamSandbox(members: ["ana"])
    let ana = try team.person("ana")
    let fuel = ana.folder.appendingPathComponent("fuel.csv")
    try "date,amount,note\n2024-01-01,40,a\n2024-01-08,38,b\n".write(
      to: fuel, atomically: true, encoding: .utf8)
    try ana.succeed(
      "import", fuel.path, "--project", "Fuel", "--create", "--frequency", "weekly", "--units",
      "l")
    let whole = ana.folder.appendingPathComponent("whole.csv")
    try "project,timestamp,amount\nRuns,2024-02-01,5\nSwims,2024-02-02,1\n".write(
      to: whole, atomically: true, encoding: .utf8)
    let settings = ana.folder.appendingPathComponent("projects.csv")
    try "title,frequency,units,kind\nRuns,daily,km,total\nSwims,daily,km,gauge\n".write(
      to: settings, atomically: true, encoding: .utf8)
    try ana.succeed("import", whole.path, "--projects", settings.path)
    #expect(
      try ana.succeed("export")
        == "project,timestamp,amount,note\nFuel,2024-01-01T00:00:00+00:00,40,a\n"
        + "Fuel,2024-01-08T00:00:00+00:00,38,b\nRuns,2024-02-01T00:00:00+00:00,5,\n"
        + "Swims,2024-02-02T00:00:00+00:00,1,\n")
    #expect(try ana.succeed("share", "Swims").contains("ana"))
    try ana.succeed("undo")
    #expect(
      try ana.succeed("project", "list", "--format", "csv").split(separator: "\n").dropFirst()
        .map { String($0.prefix(while: { $0 != "," })) } == ["Fuel"])
    try ana.succeed("undo")
    #expect(try ana.succeed("export") == "project,timestamp,amount,note\n")
  }

  @Test func theREPLShowsOnlyWhatOneMayRead() throws {
    let team = try weightTeam()
    let cyd = try team.person("cyd").run("repl", input: "open Weight\n")
    #expect(!cyd.stdout.contains("Weight") && !cyd.stdout.contains("80"))
    #expect(cyd.stderr.contains("there is no project titled 'Weight'"))
    let bob = try team.person("bob").run("repl", input: "open Weight\n")
    #expect(bob.stdout.contains("Weight") && bob.stdout.contains("start"))
  }

  @Test func aReaderReadsEverythingAndChangesNothing() throws {
    let team = try weightTeam()
    let (ana, bob) = (try team.person("ana"), try team.person("bob"))
    #expect(try bob.succeed("export", "--format", "csv").contains("start"))
    #expect(try bob.succeed("report", "Weight", "--format", "csv").contains("Weight,"))
    #expect(try bob.succeed("log").contains("ana: Added reading 1 to Weight"))
    let before = try ana.everything()
    let file = bob.folder.appendingPathComponent("more.csv")
    try "date,amount\n2024-02-01,70\n".write(to: file, atomically: true, encoding: .utf8)
    for words in [
      ["item", "add", "Weight", "1"], ["item", "edit", "1", "--amount", "5"],
      ["item", "delete", "1", "--yes"],
      // An edit that asks for what is there is refused all the same, not "nothing changed".
      ["item", "edit", "1", "--amount", "80"], ["project", "edit", "Weight", "--units", "kg"],
      ["import", file.path, "--project", "Weight"],
    ] {
      let result = try bob.tally.run(words, environment: bob.environment)
      #expect(result.status == 1, "\(words)")
      #expect(result.stderr.contains("you may read 'Weight' but not change it"), "\(words)")
    }
    for words in [
      ["project", "edit", "Weight", "--units", "lb"], ["project", "delete", "Weight", "--yes"],
    ] {
      let result = try bob.tally.run(words, environment: bob.environment)
      #expect(result.status == 1, "\(words)")
      #expect(result.stderr.contains("only an owner of 'Weight'"), "\(words)")
    }
    let share = try bob.tally.run(
      ["share", "Weight", "bob", "--owner"], environment: bob.environment)
    #expect(share.status == 1)
    #expect(share.stderr.contains("only an owner of 'Weight' may share it"))
    #expect(try ana.everything() == before)
  }

  @Test func aWriterChangesReadingsAndUndoesOnlyTheirOwn() throws {
    let team = try weightTeam()
    let (ana, bob) = (try team.person("ana"), try team.person("bob"))
    try ana.succeed("share", "Weight", "bob", "--write")
    try bob.succeed("item", "add", "Weight", "78", "--at", "2024-01-15")
    try bob.succeed("item", "edit", "2", "--amount", "79.5")
    #expect(try bob.succeed("undo").isEmpty)
    #expect(try ana.succeed("export", "--format", "csv").contains(",79,"))
    // ana's last change is her share-free reading 2 (shares are not changes to undo): hers.
    let undone = try ana.tally.run(["undo"], environment: ana.environment)
    #expect(undone.stderr.contains("Undid: Added reading 2 to Weight: 79 kg"))
    let settings = try bob.tally.run(
      ["project", "edit", "Weight", "--goal", "75", "--goal-is", "at-most"],
      environment: bob.environment)
    #expect(settings.status == 1)
    #expect(settings.stderr.contains("only an owner of 'Weight' may change its settings"))
  }

  /// A member's timer with a note and tags is journalled as it is (the server's check of the
  /// entry compares them), and its stop, undo and redo hold.
  @Test func aWritersTimerCarriesItsNoteAndTagsThroughUndo() throws {
    let team = try TeamSandbox()
    let (ana, bob) = (try team.person("ana"), try team.person("bob"))
    try ana.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    try ana.succeed("share", "Writing", "bob", "--write")
    try bob.succeed(
      ["timer", "start", "Writing", "--at", "2 hours ago", "--note", "chapter", "--tag", "draft"])
    try bob.succeed(["timer", "stop", "--tag", "review"])
    try bob.succeed(["undo"])
    #expect(try bob.succeed(["timer", "status", "--format", "csv"]).contains(",chapter,draft\n"))
    try bob.succeed(["redo"])
    #expect(
      try ana.succeed("item", "list", "Writing", "--format", "csv")
        .contains(",chapter,\"draft,review\"\n"))
  }

  @Test func aDeletedSharedProjectComesBackWithItsSharesOnUndo() throws {
    let team = try weightTeam()
    let (ana, bob) = (try team.person("ana"), try team.person("bob"))
    let before = try bob.everything()
    try ana.succeed("project", "delete", "Weight", "--yes")
    #expect(!(try bob.succeed("project", "list")).contains("Weight"))
    #expect(try ana.run("undo").status == 0)
    #expect(try bob.everything() == before)
  }

  @Test func aWriterWhoLostAccessCannotUndoIntoTheProject() throws {
    let team = try weightTeam()
    let (ana, bob) = (try team.person("ana"), try team.person("bob"))
    try ana.succeed("share", "Weight", "bob", "--write")
    try bob.succeed("item", "add", "Weight", "90")
    try ana.succeed("unshare", "Weight", "bob")
    let before = try ana.everything()
    let gone = try bob.run("undo")
    #expect(gone.status == 1)
    #expect(gone.stderr.contains("or is no longer shared with you"))
    try ana.succeed("share", "Weight", "bob", "--read")
    let reader = try bob.run("undo")
    #expect(reader.status == 1)
    #expect(reader.stderr.contains("you may read 'Weight' but not change it"))
    #expect(try ana.everything() == before)
  }

  @Test func theSameHoldsForPlainSQL() throws {
    let team = try weightTeam()
    let before = try team.psql(
      as: "ana", "SELECT count(*), sum(amount) FROM reading")
    #expect(before == "2|159")
    // The reader sees the rows; the one without access sees none.
    #expect(try team.psql(as: "bob", "SELECT count(*) FROM reading") == "2")
    for table in ["project", "reading", "journal", "import_batch", "project_access", "timer"] {
      #expect(try team.psql(as: "cyd", "SELECT count(*) FROM \(table)") == "0", "\(table)")
    }
    // Changes through SQL touch nothing they may not write, or are refused.
    for person in ["bob", "cyd"] {
      for sql in [
        "UPDATE reading SET amount = 0", "DELETE FROM reading", "DELETE FROM project",
        "UPDATE project SET title = 'Mine'", "DELETE FROM project_access",
      ] {
        #expect(try team.psql(as: person, sql + " RETURNING 1").isEmpty, "\(person): \(sql)")
      }
      for sql in [
        "INSERT INTO reading (project_id, amount, timestamp) VALUES (1, 5, 0)",
        "INSERT INTO project_access VALUES (1, '\(person)', 'owner')",
        "INSERT INTO journal (at, description, change, user_name, writer, touched) "
          + "VALUES (0, 'x', '{}', 'ana', 'w', 0)",
      ] {
        let result = try PostgresTestServer.psqlResult(try team.url(of: person), sql)
        #expect(result.status != 0, "\(person): \(sql)")
        // The policies refuse it, or the journal's check before them (it names a change
        // that did not happen).
        #expect(
          result.errors.contains("row-level security") || result.errors.contains("refused"),
          "\(person): \(sql)")
      }
    }
    #expect(try team.psql(as: "ana", "SELECT count(*), sum(amount) FROM reading") == before)
    #expect(try team.psql(as: "ana", "SELECT title FROM project") == "Weight")
  }

  @Test func aWriterCannotGoAroundTheRulesInPlainSQL() throws {
    let team = try weightTeam()
    let ana = try team.person("ana")
    try ana.succeed("share", "Weight", "bob", "--write")
    let before = try ana.everything()
    let bob = try team.url(of: "bob")
    for sql in [
      // Settings are the owner's, the title's key too.
      "UPDATE project SET title_key = 'budget'", "UPDATE project SET units = 'lb'",
      // An id the sequence has not reached, taken ahead of whoever draws it next.
      "INSERT INTO project (id, title, title_key, frequency, created_at, updated_at) "
        + "VALUES (1000, 'Block', 'block', 'daily', 0, 0)",
    ] {
      let result = try PostgresTestServer.psqlResult(bob, sql)
      #expect(result.status != 0, "\(sql)")
    }
    // An entry naming no project, or no change that happened, is refused.
    let notice = try PostgresTestServer.psqlResult(
      bob,
      "INSERT INTO journal (at, description, change, writer, touched, project_ids) "
        + "VALUES (0, 'NOTICE: run psql', '{}', 'x', 0, '{}')")
    #expect(notice.status != 0)
    #expect(notice.errors.contains("journal entry refused"))
    #expect(!(try ana.succeed("log")).contains("NOTICE"))
    #expect(!(try team.person("cyd").succeed("log")).contains("NOTICE"))
    // The last owner's grant cannot go, even in SQL.
    let orphan = try PostgresTestServer.psqlResult(
      try team.url(of: "ana"), "DELETE FROM project_access WHERE role_name = 'ana'")
    #expect(orphan.status != 0)
    #expect(orphan.errors.contains("would be left without an owner"))
    #expect(try ana.everything() == before)
  }

  @Test func checkFindsAProjectNobodyOwns() throws {
    let team = try weightTeam()
    #expect(try team.admin.run("check").status == 0)
    // Past tally and its trigger, as only the tables' owner could.
    _ = try PostgresTestServer.psql(
      PostgresTestServer.url(of: team.database),
      "ALTER TABLE project_access DISABLE TRIGGER project_owner_kept; "
        + "DELETE FROM project_access WHERE role_name = 'ana'")
    let check = try team.admin.run("check")
    #expect(check.status == 1)
    #expect(check.stdout.contains("Weight: nobody owns the project"))
  }

  @Test func theAdministratorPastThePoliciesMayChangeAnyProject() throws {
    let team = try weightTeam()
    try team.admin.succeed("project", "edit", "Weight", "--units", "lb")
    #expect(try team.person("ana").succeed("project", "list").contains("lb"))
  }

  /// Role names are the server's, and may hold anything in quotes: the listing shows them
  /// escaped, in a table that fits the terminal.
  @Test func aHostileRoleNameIsShownEscaped() throws {
    let team = try weightTeam()
    let name = "evil\u{1B}[31m\u{202E}ロール"
    _ = try PostgresTestServer.psql(
      PostgresTestServer.url(of: team.database),
      "DO $$ BEGIN CREATE ROLE \"\(name)\" NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"
    )
    let ana = try team.person("ana")
    let shared = try ana.run("share", "Weight", name, "--read")
    #expect(shared.status == 0, "\(shared.stderr)")
    #expect(!shared.stderr.contains("\u{1B}") && shared.stderr.contains("evil\\e[31m"))
    var narrow = ana.environment
    narrow["COLUMNS"] = "40"
    let listing = try ana.tally.run(["share", "Weight"], environment: narrow)
    #expect(!listing.stdout.contains("\u{1B}") && !listing.stdout.contains("\u{202E}"))
    #expect(listing.stdout.contains("evil\\e[31m\\u{202E}ロール"))
    #expect(listing.stdout.split(separator: "\n").allSatisfy { $0.count <= 40 })
  }

  @Test func aShareSaysWhatAGroupGivesBeyondIt() throws {
    let team = try weightTeam()
    let ana = try team.person("ana")
    try ana.succeed("share", "Weight", team.group, "--owner")
    let result = try ana.run("share", "Weight", "bob", "--read")
    #expect(
      result.stderr.contains(
        "Shared Weight with bob: they may read it; through a group they belong to they may also "
          + "change, share and delete it"))
  }

  @Test func onlyTheDatabasesOwnerSetsItUpForATeam() throws {
    let team = try weightTeam()
    let bob = try team.person("bob")
    let result = try bob.run("team", "setup", "--member", "cyd")
    #expect(result.status == 1)
    #expect(result.stderr.contains("only the owner of \(team.database.database) (tally)"))
  }

  @Test func aGroupRoleSharesWithEachOfItsMembers() throws {
    let team = try weightTeam()
    let ana = try team.person("ana")
    try ana.succeed("share", "Weight", team.group, "--read")
    #expect(try team.person("cyd").succeed("project", "list").contains("Weight"))
    let listing = try ana.succeed("share", "Weight")
    #expect(listing.contains("ana") && listing.contains("owner"))
    #expect(listing.contains(team.group) && listing.contains("bob"))
    // Taking bob's own grant away leaves him the group's.
    try ana.succeed("unshare", "Weight", "bob")
    #expect(try team.person("bob").succeed("project", "list").contains("Weight"))
    try ana.succeed("unshare", "Weight", team.group)
    #expect(!(try team.person("bob").succeed("project", "list").contains("Weight")))
  }

  @Test func aProjectKeepsAnOwnerAndRolesMustExist() throws {
    let team = try weightTeam()
    let ana = try team.person("ana")
    let last = try ana.tally.run(["unshare", "Weight", "ana"], environment: ana.environment)
    #expect(last.status == 1)
    #expect(last.stderr.contains("'Weight' would be left without an owner; nothing was changed"))
    let lower = try ana.tally.run(
      ["share", "Weight", "ana", "--read"], environment: ana.environment)
    #expect(lower.status == 1)
    let nobody = try ana.tally.run(
      ["share", "Weight", "no_such_role", "--read"], environment: ana.environment)
    #expect(nobody.status == 1)
    #expect(nobody.stderr.contains("there is no role 'no_such_role' on the server"))
    let noLevel = try ana.tally.run(["share", "Weight", "bob"], environment: ana.environment)
    #expect(noLevel.status == 2)
    #expect(noLevel.stderr.contains("--read, --write or --owner"))
    #expect(try ana.succeed("share", "Weight").contains("owner"))
  }

  @Test func onAServerThePersonIsTheRoleNotWhatTheClientSays() throws {
    let team = try weightTeam()
    let bob = try team.person("bob")
    let claimed = try bob.tally.run(
      ["--user", "ana", "undo"], environment: bob.environment)
    #expect(claimed.status == 1)
    #expect(claimed.stderr.contains("--user/TALLY_USER names 'ana'"))
    #expect(claimed.stderr.contains("you are the role you logged in as ('bob')"))
    var environment = bob.environment
    environment["TALLY_USER"] = "ana"
    #expect(try bob.tally.run(["project", "list"], environment: environment).status == 1)
    environment["TALLY_USER"] = "bob"
    #expect(try bob.tally.run(["project", "list"], environment: environment).status == 0)
  }

  @Test func theTablesOwnerIsBoundToo() throws {
    // A database owned by a role that is not a superuser: it owns the tables, and the
    // policies bind it as everyone else (FORCE ROW LEVEL SECURITY).
    let server = try #require(PostgresTestServer.address)
    _ = try PostgresTestServer.person("dan")
    let name = "tally_test_" + UUID().uuidString.prefix(8).lowercased()
    _ = try PostgresTestServer.psql(
      PostgresTestServer.url(of: server), "CREATE DATABASE \(name) OWNER dan")
    var database = server
    database.database = name
    let dan = try Sandbox()
    dan.environment["TALLY_DB"] = PostgresTestServer.url(
      of: try PostgresTestServer.person("dan", in: database))
    _ = try PostgresTestServer.psql(
      PostgresTestServer.url(of: server), "ALTER ROLE dan CREATEROLE")
    try dan.succeed("team", "setup", "--group", "team_" + name.suffix(8), "--member", "ana")
    let ana = try Sandbox()
    ana.environment["TALLY_DB"] = PostgresTestServer.url(
      of: try PostgresTestServer.person("ana", in: database))
    try ana.succeed("project", "add", "Private", "--frequency", "daily")
    try ana.succeed("item", "add", "Private", "3")
    let url = dan.environment["TALLY_DB"] ?? ""
    #expect(try PostgresTestServer.psql(url, "SELECT count(*) FROM reading") == "0")
    #expect(!(try dan.succeed("project", "list")).contains("Private"))
  }

  @Test func migrateMakesTheMigratingRoleTheOwner() throws {
    let team = try TeamSandbox()
    let ana = try team.person("ana")
    let file = ana.folder.appendingPathComponent("mine.sqlite").path
    var local = ana.environment
    local["TALLY_DB"] = file
    _ = try ana.tally.run(
      ["project", "add", "Run", "--frequency", "daily"], environment: local)
    _ = try ana.tally.run(["item", "add", "Run", "5"], environment: local)
    let migrated = try ana.tally.run(
      ["migrate", "--to", try team.url(of: "ana")], environment: local)
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(try ana.succeed("share", "Run").contains("ana   owner"))
    #expect(try ana.succeed("export", "--format", "csv").contains(",5,"))
    #expect(!(try team.person("bob").succeed("project", "list")).contains("Run"))
    // bob's own copy cannot go into the same database: it keeps its ids.
    let again = try ana.tally.run(["migrate", "--to", try team.url(of: "bob")], environment: local)
    #expect(again.status == 1)
    // Not how many: bob may read none of them.
    #expect(again.stderr.contains("already holds or held projects"))
  }

  @Test func aPersonOutsideTheTeamCannotConnect() throws {
    let team = try TeamSandbox(members: ["ana"])
    let bob = try team.person("bob")
    let result = try bob.tally.run(["project", "list"], environment: bob.environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("bob may not use postgresql://bob@"))
    #expect(result.stderr.contains("tally team setup --member bob"))
  }
}
