import Foundation
import TestSupport
import Testing

/// A team member with `psql` and their own password, trying everything PostgreSQL lets a role
/// try against what tally made: the walk reads the catalog (every table, view, sequence and
/// function in tally's schema), so objects added later are attacked without new test code.
///
/// Three members attack: `dan` with no grant, `bob` who may read Weight, `cyd` who may write
/// it. After every statement the whole database (every row of every table, read by the
/// server's superuser) must be what it was, and at the end `ana`'s log, export and reports,
/// `--as-of` included, byte for byte what they were; then `ana` still adds a project and a
/// reading (no id was moved or claimed ahead of her).
@Suite(
  .enabled(
    if: PostgresTestServer.address != nil, Comment(rawValue: PostgresTestServer.skipReason)))
struct MemberAttackTests {
  /// The team, with ana's projects: Weight (bob reads it, cyd writes it) and Secret (nobody
  /// else's), each with readings, notes, tags, an edit, an undone deletion, an import and a
  /// timer, so that the journal, the history and the rollups hold something to forge.
  private struct Scene {
    let team: TeamSandbox
    let ana: Sandbox
    let admin: String
    let secret: Int64
    let weight: Int64
    let asOf: String
  }

  private func scene() throws -> Scene {
    let team = try TeamSandbox(members: ["ana", "bob", "cyd", "dan"])
    let ana = try team.person("ana")
    try ana.succeed("project", "add", "Secret", "--frequency", "daily", "--units", "h")
    try ana.succeed("project", "add", "Weight", "--frequency", "weekly", "--units", "kg")
    try ana.succeed("item", "add", "Secret", "5", "--at", "2024-01-01", "--note", "secret-note")
    try ana.succeed("item", "add", "Secret", "7", "--at", "2024-01-02", "--tag", "hidden")
    try ana.succeed("item", "edit", "2", "--amount", "8")
    try ana.succeed("item", "delete", "1", "--yes")
    try ana.succeed("undo")
    try ana.succeed("item", "add", "Weight", "80", "--at", "2024-01-01")
    let file = ana.folder.appendingPathComponent("secret.csv")
    try Data("date,amount,note\n2024-02-01,3,secret-import\n".utf8).write(to: file)
    try ana.succeed("import", file.path, "--project", "Secret")
    try ana.succeed("timer", "start", "Secret", "--note", "secret-timer", "--tag", "hidden")
    try ana.succeed("share", "Weight", "bob", "--read")
    try ana.succeed("share", "Weight", "cyd", "--write")
    let admin = try #require(team.admin.environment["TALLY_DB"])
    let ids = try PostgresTestServer.psql(
      admin, "SELECT id FROM project WHERE title IN ('Secret', 'Weight') ORDER BY title"
    )
    .split(separator: "\n").compactMap { Int64($0) }
    try #require(ids.count == 2)
    // A time between the changes: what --as-of shows then is history.
    let asOf = try PostgresTestServer.psql(
      admin,
      "SELECT to_char(to_timestamp((SELECT max(at) FROM history) / 1e6 - 0.5) AT TIME ZONE "
        + "'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')")
    return Scene(
      team: team, ana: ana, admin: admin, secret: ids[0], weight: ids[1], asOf: asOf)
  }

  /// Every row of every table in tally's schema, as the superuser reads them: one line a
  /// table (its name and a digest of its rows in order).
  private func fingerprint(_ scene: Scene) throws -> String {
    let tables = try catalog(scene, "relkind IN ('r', 'p', 'm')").map(\.name)
    let query = tables.map {
      "SELECT '\($0) ' || count(*) || ' ' || md5(coalesce(string_agg(t::TEXT, '|' "
        + "ORDER BY t::TEXT), '')) FROM \($0) t"
    }.joined(separator: " UNION ALL ")
    return try self.query(scene, query)
  }

  /// What ana reads through tally: the log, the export, Secret's report now and as it was.
  private func anasView(_ scene: Scene) throws -> [String] {
    try [
      ["log"], ["export", "--format", "csv"], ["report", "Secret", "--format", "csv"],
      ["report", "Secret", "--format", "csv", "--as-of", scene.asOf], ["timer", "list"],
      ["share", "Weight"], ["import", "list"],
    ].map { words in
      // At one instant, so that a running timer shows the same time each time.
      var environment = scene.ana.environment
      environment["TALLY_NOW"] = "2030-01-01T00:00:00Z"
      let result = try scene.ana.tally.run(words, environment: environment)
      try #require(result.status == 0, "\(words): \(result.stderr)")
      return result.stdout
    }
  }

  /// What the superuser's `sql` prints; a refusal fails the test (the walk must see the
  /// catalog to attack it).
  private func query(_ scene: Scene, _ sql: String) throws -> String {
    let result = try PostgresTestServer.psqlResult(scene.admin, sql)
    try #require(result.status == 0, "\(sql): \(result.errors)")
    return result.output
  }

  /// Relations of tally's schema (`condition` on pg_class), by name and kind.
  private func catalog(_ scene: Scene, _ condition: String) throws -> [(name: String, kind: String)]
  {
    try query(
      scene,
      """
      SELECT relname || '|' || relkind::TEXT FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND \(condition) ORDER BY relname
      """
    ).split(separator: "\n").map {
      let parts = $0.split(separator: "|").map(String.init)
      return (parts[0], parts[1])
    }
  }

  /// A table's columns: name and type.
  private func columns(_ scene: Scene, of table: String) throws -> [(name: String, type: String)] {
    try query(
      scene,
      """
      SELECT attname || '|' || format_type(atttypid, atttypmod) FROM pg_attribute
      WHERE attrelid = '\(table)'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum
      """
    ).split(separator: "\n").map {
      let parts = $0.split(separator: "|").map(String.init)
      return (parts[0], parts[1])
    }
  }

  /// A value for `column` that names ana's project `project`, or claims what is hers.
  private func forged(_ column: (name: String, type: String), project: Int64, attacker: String)
    -> String
  {
    let change =
      #"{"insertReadings":{"_0":[{"id":9000001,"projectID":\#(project),"amount":5,"#
      + #""timestamp":0,"isReset":false}]}}"#
    switch column.name {
    case "project_id": return "\(project)"
    case "project_ids": return "ARRAY[\(project)]::BIGINT[]"
    case "id": return column.type == "text" ? "'forged-request'" : "9000000"
    case "user_name": return "'ana'"
    case "role_name": return "'\(attacker)'"
    case "level": return "'owner'"
    case "action": return "'did'"
    case "change": return "'\(change)'"
    case "frequency": return "'daily'"
    case "kind": return "'total'"
    case "goals": return "'[]'"
    case "decimals": return "1"
    default: break
    }
    switch column.type {
    case "text": return "'forged'"
    case "boolean": return "false"
    case "double precision": return "1"
    case "bigint[]": return "ARRAY[\(project)]::BIGINT[]"
    default: return "1"
    }
  }

  /// Which rows of `table` are ana's alone (Secret's, her journal's), or `TRUE` for a table
  /// of which the attacker may change no row at all.
  private func victims(_ columns: [(name: String, type: String)], table: String, secret: Int64)
    -> String
  {
    let names = Set(columns.map(\.name))
    if table == "project" { return "id = \(secret)" }
    if names.contains("project_id") { return "project_id = \(secret)" }
    if names.contains("project_ids") { return "\(secret) = ANY(project_ids)" }
    if names.contains("user_name") { return "user_name = 'ana'" }
    return "TRUE"
  }

  /// The statements one attacker tries, from the catalog.
  private func attacks(_ scene: Scene, by attacker: String) throws -> [String] {
    var tried: [String] = []
    for (table, _) in try catalog(scene, "relkind IN ('r', 'p', 'v', 'm', 'f')") {
      let columns = try columns(scene, of: table)
      let mine = victims(columns, table: table, secret: scene.secret)
      var projects = [scene.secret]
      // A writer of Weight forges its journal and history too: an entry or a step must be
      // a change that happened.
      if ["journal", "history"].contains(table) { projects.append(scene.weight) }
      for project in projects {
        let values = columns.map { forged($0, project: project, attacker: attacker) }
        tried.append(
          "INSERT INTO \(table) (\(columns.map(\.name).joined(separator: ", "))) "
            + "VALUES (\(values.joined(separator: ", ")))")
      }
      let assignments = columns.map {
        "\($0.name) = \(forged($0, project: scene.secret, attacker: attacker))"
      }
      tried += [
        "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(mine)",
        "DELETE FROM \(table) WHERE \(mine)",
        "TRUNCATE \(table) CASCADE",
        "ALTER TABLE \(table) DISABLE TRIGGER ALL",
        "ALTER TABLE \(table) NO FORCE ROW LEVEL SECURITY",
        "DROP TABLE \(table) CASCADE",
        "CREATE TEMP TABLE \(table) AS SELECT * FROM \(table) WITH NO DATA; "
          + "SELECT tally_project_ids(1)",
      ]
    }
    for (sequence, _) in try catalog(scene, "relkind = 'S'") {
      tried += [
        "SELECT setval('\(sequence)', 1000000)", "SELECT setval('\(sequence)', 1, false)",
        "SELECT last_value FROM \(sequence)", "ALTER SEQUENCE \(sequence) RESTART WITH 1000000",
      ]
    }
    let functions = try query(
      scene,
      """
      SELECT p.oid::regprocedure::TEXT || '|' || p.proname || '|' ||
        (p.prorettype = 'trigger'::regtype) || '|' || p.pronargs
      FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace ORDER BY 1
      """
    ).split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
    for function in functions {
      let (name, isTrigger, count) = (function[1], function[2] == "t", Int(function[3]) ?? 0)
      if isTrigger {
        // A definer trigger function on a table of one's own: it must not act.
        for table in ["project", "project_access", "journal", "history"] {
          tried.append(
            "CREATE TEMP TABLE scratch AS SELECT * FROM \(table) WITH NO DATA; "
              + "CREATE TRIGGER t BEFORE INSERT OR UPDATE OR DELETE ON scratch FOR EACH ROW "
              + "EXECUTE FUNCTION \(name)(); "
              + "CREATE TRIGGER s AFTER INSERT ON scratch FOR EACH ROW EXECUTE FUNCTION \(name)(); "
              + "INSERT INTO scratch SELECT * FROM json_populate_record(NULL::scratch, "
              + "'{\"id\": \(scene.secret), \"project_id\": \(scene.secret)}')")
        }
      } else if name != "tally_project_ids" && name != "tally_receive" {
        tried.append(
          "SELECT \(name)(\(Array(repeating: "NULL", count: count).joined(separator: ", ")))")
      }
    }
    let owner = try query(
      scene, "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'project'::regclass")
    tried += [
      // Functions everybody may call, with a table of one's own in front of tally's.
      "CREATE TEMP TABLE project_access (project_id BIGINT, role_name TEXT, level TEXT); "
        + "INSERT INTO project_access VALUES (\(scene.secret), '\(attacker)', 'owner'); "
        + "UPDATE project SET title = 'Mine' WHERE id = \(scene.secret) RETURNING 1 / (id - id)",
      "SELECT tally_receive(9000000, 9000000, 9000000)",
      "SELECT 1 / (id - id) FROM unnest(tally_project_ids(1)) id WHERE id = \(scene.secret)",
      // The invoker trigger reads pg_roles: a temporary one must not make anyone a superuser.
      "CREATE TEMP TABLE pg_roles (rolname NAME, rolsuper BOOLEAN, rolbypassrls BOOLEAN, "
        + "oid OID); INSERT INTO pg_roles VALUES ('\(attacker)', true, true, 0); "
        + "UPDATE project SET units = 'lb', title = 'Mine' WHERE id IN (\(scene.weight), "
        + "\(scene.secret))",
      // Ids: one drawn by someone else, or ahead of the sequence.
      "SELECT nextval('project_id_seq'); INSERT INTO project (id, title, title_key, frequency, "
        + "created_at, updated_at) SELECT last_value + 1, 'Ahead', 'ahead', 'daily', 0, 0 FROM "
        + "(SELECT currval('project_id_seq') AS last_value) s",
      "INSERT INTO project (id, title, title_key, frequency, created_at, updated_at) VALUES "
        + "(\(scene.secret), 'Taken', 'taken', 'daily', 0, 0)",
      "INSERT INTO history_start VALUES (9000000000000000)",
      "UPDATE journal SET undone = NOT undone",
      "UPDATE project SET id = 9000000 WHERE id = \(scene.weight)",
      // What a role is never to become, nor to make in tally's schema.
      "SET ROLE \(owner)", "SET SESSION AUTHORIZATION \(owner)",
      "CREATE TABLE project_copy (id BIGINT)",
      "CREATE FUNCTION tally_mine() RETURNS INT "
        + "LANGUAGE sql AS 'SELECT 1'",
      "CREATE VIEW everything AS SELECT * FROM reading",
      "DROP POLICY reading_read ON reading", "GRANT \(owner) TO \(attacker)",
      "ALTER ROLE \(attacker) BYPASSRLS", "CREATE ROLE sneaky SUPERUSER",
    ]
    return tried
  }

  @Test func membersWithAnyGrantChangeNothingPastIt() throws {
    let scene = try scene()
    let before = try fingerprint(scene)
    let view = try anasView(scene)
    var tried = 0
    var refused = 0
    for attacker in ["dan", "bob", "cyd"] {
      let url = try scene.team.url(of: attacker)
      for statement in try attacks(scene, by: attacker) {
        let result = try PostgresTestServer.psqlResult(url, statement)
        tried += 1
        // What a member may read never names what is ana's alone.
        #expect(!result.output.contains("secret"), "\(attacker): \(statement)")
        // psql runs one -c as one transaction: what was refused changed nothing.
        if result.status != 0 {
          refused += 1
          continue
        }
        let now = try fingerprint(scene)
        #expect(now == before, "\(attacker) changed the database: \(statement)")
        if now != before { return }
      }
      // What they may read: nothing of Secret, in any table.
      for (table, _) in try catalog(scene, "relkind IN ('r', 'p', 'v', 'm')") {
        let rows = try PostgresTestServer.psqlResult(url, "SELECT t::TEXT FROM \(table) t")
        #expect(!rows.output.contains("secret") && !rows.output.contains("Secret"), "\(table)")
        let mine = victims(try columns(scene, of: table), table: table, secret: scene.secret)
        if mine != "TRUE", rows.status == 0 {
          #expect(
            try PostgresTestServer.psql(url, "SELECT count(*) FROM \(table) WHERE \(mine)")
              == "0", "\(attacker) sees ana's rows of \(table)")
        }
      }
    }
    #expect(tried > 300, "the walk tried \(tried) statements")
    #expect(refused > tried / 2, "\(refused) of \(tried) refused")
    #expect(try anasView(scene) == view)
    // No id was moved or claimed ahead: ana adds as before.
    try scene.ana.succeed("project", "add", "Later", "--frequency", "daily")
    try scene.ana.succeed("item", "add", "Later", "1")
    // And the administrator's check, which reads every project, finds nothing wrong.
    let check = try scene.team.admin.run("check")
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  @Test func anEntryNamingAProjectOneMayNotWriteSaysNothingOfItsRows() throws {
    let scene = try scene()
    let bob = try scene.team.url(of: "bob")
    // Reading 2 is Secret's, and there; reading 999 is nobody's. bob hears the same of both.
    var answers: [String] = []
    for reading in [2, 999] {
      let change = #"{"deleteReadings":{"_0":[{"id":\#(reading),"projectID":\#(scene.secret)}]}}"#
      let result = try PostgresTestServer.psqlResult(
        bob,
        "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
          + "(0, 'x', '\(change)', 'w', 0, ARRAY[\(scene.secret)])")
      #expect(result.status != 0)
      answers.append(result.errors)
    }
    #expect(answers[0] == answers[1])
    #expect(answers[0].contains("names a project you may not write"), "\(answers[0])")
  }

  /// What a writer does to a timer through SQL leaves it the owner's to stop or cancel, and
  /// the journal's checks as strict as tally's reader: tags written otherwise, a note longer
  /// than tally takes, a stop that left the timer running, a change nested deeper than tally
  /// writes, a journal mark set to hide later changes.
  @Test func aWritersTimerRowsThroughSQLStayTallys() throws {
    let scene = try scene()
    let cyd = try scene.team.url(of: "cyd")
    let ana = scene.ana
    try ana.succeed("project", "add", "Hours", "--frequency", "daily", "--units", "h")
    try ana.succeed("share", "Hours", "cyd", "--write")
    let hours = try query(scene, "SELECT id FROM project WHERE title = 'Hours'")
    try ana.succeed("timer", "start", "Hours", "--note", "own", "--tag", "a")
    // Tags written otherwise than tally writes them: tally reads the words between commas,
    // and so does the server's check; the owner still cancels (and undoes, and redoes).
    for tags in ["t1", ",,t1,", "t1,x"] {
      let update = try PostgresTestServer.psqlResult(
        cyd, "UPDATE timer SET tags = '\(tags)' WHERE project_id = \(hours)")
      #expect(update.status == 0, "\(update.errors)")
      try ana.succeed("timer", "cancel", "Hours")
      try ana.succeed("undo")
      try ana.succeed("redo")
      try ana.succeed("timer", "start", "Hours", "--note", "own", "--tag", "a")
    }
    // A note longer than a timer takes.
    let long = try PostgresTestServer.psqlResult(
      cyd, "UPDATE timer SET note = repeat('x', 5000) WHERE project_id = \(hours)")
    #expect(long.status != 0)
    #expect(long.errors.contains("check constraint"), "\(long.errors)")
    let before = try fingerprint(scene)
    let started = try query(scene, "SELECT started_at FROM timer WHERE project_id = \(hours)")
    let timer = #"{"projectID":\#(hours),"startedAt":\#(started),"note":"own","tags":["a"]}"#
    let attacks = [
      // Told stopped, though deleted and written again in the same transaction.
      "DELETE FROM timer WHERE project_id = \(hours); "
        + "INSERT INTO timer VALUES (\(hours), \(started), 'own', ',a,'); "
        + "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
        + "(0, 'x', '{\"stopTimer\":{\"_0\":\(timer)}}', 'w', 0, ARRAY[\(hours)])",
      // One tag holding commas, told of a row of three.
      "DELETE FROM timer WHERE project_id = \(hours); "
        + "INSERT INTO timer VALUES (\(hours), 5, NULL, ',w,y,z,'); "
        + "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
        + "(0, 'x', '{\"startTimer\":{\"_0\":{\"projectID\":\(hours),\"startedAt\":5,"
        + "\"tags\":[\"w,y,z\"]}}}', 'w', 0, ARRAY[\(hours)])",
      // Nested deeper than tally writes, where tally's reader would give up on it.
      "UPDATE timer SET note = note WHERE project_id = \(hours); "
        + "INSERT INTO history (at, action, description, change, project_ids) VALUES "
        + "(0, 'did', 'x', '" + String(repeating: #"{"batch":{"_0":["#, count: 40)
        + #"{"startTimer":{"_0":\#(timer)}}"# + String(repeating: "]}}", count: 40)
        + "', ARRAY[\(hours)])",
    ]
    for sql in attacks {
      let result = try PostgresTestServer.psqlResult(cyd, sql)
      #expect(result.status != 0, "\(sql)")
      #expect(result.errors.contains("refused"), "\(result.errors)")
      #expect(try fingerprint(scene) == before, "\(sql)")
    }
    // The mark other clients look for changes by is the server's to give.
    try scene.team.person("cyd").succeed("item", "add", "Weight", "79", "--at", "2024-01-08")
    let entry = try PostgresTestServer.psqlResult(
      cyd,
      "UPDATE journal SET touched = 9000000000000000000 WHERE user_name = session_user "
        + "RETURNING touched")
    #expect(entry.status == 0 && !entry.output.isEmpty, "\(entry.errors)")
    #expect(!entry.output.contains("9000000000000000000"), "\(entry.output)")
    // The owner stops her timer as she started it.
    try ana.succeed("timer", "stop", "Hours")
    #expect(
      try ana.succeed("item", "list", "Hours", "--format", "csv").contains(",own,a\n"))
  }

  /// A writer's SQL may write a wrong figure, but never a value that tally could not then
  /// edit, delete, back up or report: NaN or an infinite amount, a time past the years tally
  /// reads, tags not as tally writes them; in the readings or among those set aside.
  @Test func aWritersReadingsThroughSQLStayOnesTallyCanChange() throws {
    let scene = try scene()
    let cyd = try scene.team.url(of: "cyd")
    let weight = scene.weight
    let before = try fingerprint(scene)
    let values = [
      "'NaN', 1704067200000000, NULL", "'Infinity', 1704067200000000, NULL",
      "'-Infinity', 1704067200000000, NULL", "1e15, 1704067200000000, NULL",
      "3, 9223372036854775807, NULL", "3, -9223372036854775807, NULL",
      "3, 1704067200000000, 'weird'", "3, 1704067200000000, ',a,,b,'",
      "3, 1704067200000000, ''",
    ]
    for value in values {
      for sql in [
        "INSERT INTO reading (project_id, amount, timestamp, tags) VALUES (\(weight), \(value))",
        "INSERT INTO set_aside_reading (id, project_id, amount, timestamp, tags, held_for) "
          + "VALUES (nextval('reading_id_seq'), \(weight), \(value), 'import 1')",
      ] {
        let result = try PostgresTestServer.psqlResult(cyd, sql)
        #expect(result.status != 0, "\(sql)")
        #expect(result.errors.contains("check constraint"), "\(sql): \(result.errors)")
      }
    }
    let update = try PostgresTestServer.psqlResult(
      cyd, "UPDATE reading SET amount = 'NaN' WHERE project_id = \(weight)")
    #expect(update.errors.contains("check constraint"), "\(update.errors)")
    #expect(try fingerprint(scene) == before)
  }

  /// What a member writes with SQL in a project others read stops no one's tally: goals tally
  /// could not read, rollups whose buckets or counts would overflow a report, an import whose
  /// ids run backwards are refused; and a taken project id is refused in the words of one
  /// never drawn, so the answer tells nothing of hidden projects.
  @Test func whatAMemberWritesThroughSQLReadsBackInEveryonesTally() throws {
    let scene = try scene()
    let dan = try scene.team.person("dan")
    try dan.succeed("project", "add", "Bomb", "--frequency", "daily")
    try dan.succeed("item", "add", "Bomb", "1", "--at", "2024-01-01")
    let file = dan.folder.appendingPathComponent("bomb.csv")
    try Data("date,amount\n2024-01-02,2\n".utf8).write(to: file)
    try dan.succeed("import", file.path, "--project", "Bomb")
    try dan.succeed("share", "Bomb", "ana", "--read")
    let danURL = try scene.team.url(of: "dan")
    let bomb = try query(scene, "SELECT id FROM project WHERE title = 'Bomb'")
    for goals in [
      "x", "{}", "[1]", #"[{"x":1}]"#, #"[{"since":1.5}]"#,
      #"[{"since":1,"goal":{"amount":1,"direction":"up","per":"weekly"}}]"#,
      #"[{"since":1,"goal":{"amount":"1","direction":"at-least","per":"weekly"}}]"#,
      #"[{"since":1,"from":"soon"}]"#, #"[{"since":"x","since":1}]"#,
      #"[{"since":1,"goal":{"amount":1,"direction":"sideways","per":"weekly"},"goal":null}]"#,
      #"[{"since":1,"goal":{"amount":1e-400,"direction":"at-least","per":"weekly"}}]"#,
      #"[{"since":1,"x":[[[[1]]]]}]"#, #"[{"since":-99999999999999999}]"#,
    ] {
      let result = try PostgresTestServer.psqlResult(
        danURL, "UPDATE project SET goals = '\(goals)' WHERE id = \(bomb)")
      #expect(result.errors.contains("not as tally writes them"), "\(goals): \(result.errors)")
    }
    // Larger than tally writes (25,000 settings, built on the server: too long for an argument).
    let large = try PostgresTestServer.psqlResult(
      danURL,
      "UPDATE project SET goals = (SELECT '[' || string_agg('{\"since\":1}', ',') || ']' "
        + "FROM generate_series(1, 25000)) WHERE id = \(bomb)")
    #expect(large.errors.contains("not as tally writes them"), "\(large.errors)")
    let readable = try PostgresTestServer.psqlResult(
      danURL,
      "UPDATE project SET goals = '[{\"goal\":{\"amount\":20,\"direction\":\"at-least\","
        + "\"per\":\"weekly\"},\"since\":1}]' WHERE id = \(bomb)")
    #expect(readable.status == 0, "\(readable.errors)")
    let day = 19_723  // 2024-01-01
    for row in [
      "(\(bomb), 106751991167, 1, 1, 1, 1)", "(\(bomb), \(day), 9223372036854775807, 1, 1, 1)",
      "(\(bomb), \(day), 1, 'NaN', 1, 1)", "(\(bomb), \(day), 1, 1, 2, 1)",
      "(\(bomb), \(day), 1, 1, 1, 'Infinity')",
    ] {
      let result = try PostgresTestServer.psqlResult(
        danURL,
        "DELETE FROM reading_day WHERE project_id = \(bomb); INSERT INTO reading_day VALUES \(row)")
      #expect(result.errors.contains("check constraint"), "\(row): \(result.errors)")
    }
    let batch = try PostgresTestServer.psqlResult(
      danURL,
      "INSERT INTO import_batch VALUES (nextval('import_batch_id_seq'), \(bomb), 'f.csv', '00', "
        + "0, 1, 0, 0, 9, 3, false, NULL)")
    #expect(batch.errors.contains("check constraint"), "\(batch.errors)")
    for settings in ["not json", #"[{"option":1}]"#, #"[{"option":"a","option":"b","value":"c"}]"#]
    {
      let result = try PostgresTestServer.psqlResult(
        danURL, "UPDATE import_batch SET settings = '\(settings)' WHERE project_id = \(bomb)")
      #expect(result.errors.contains("not as tally writes them"), "\(settings): \(result.errors)")
    }
    for column in [
      "last_reading_at = -9223372036854775807", "created_at = 9223372036854775807",
      "reading_count = -1",
    ] {
      let result = try PostgresTestServer.psqlResult(
        danURL, "UPDATE project SET \(column) WHERE id = \(bomb)")
      #expect(result.errors.contains("check constraint"), "\(column): \(result.errors)")
    }
    // A taken id and one never drawn: the same words.
    func taking(_ id: String) throws -> String {
      let result = try PostgresTestServer.psqlResult(
        danURL,
        "INSERT INTO project (id, title, title_key, frequency, created_at, updated_at) "
          + "VALUES (\(id), 'x', 'x', 'daily', 0, 0)")
      return result.errors.replacingOccurrences(of: id, with: "ID")
    }
    let taken = try taking(String(scene.secret))
    #expect(taken.contains("takes the id drawn for it"), "\(taken)")
    #expect(taken == (try taking("999999")))
    // A row written before those checks (the superuser drops one to write it): ana's calendar
    // still takes it.
    _ = try query(
      scene,
      "ALTER TABLE project DROP CONSTRAINT project_values_in_range; "
        + "UPDATE project SET last_reading_at = -9223372036854775807, "
        + "created_at = 9223372036854775807 WHERE id = \(bomb)")
    for words in [["due"], ["project", "list"]] {
      let result = try scene.ana.run(words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
    _ = try query(scene, "UPDATE project SET last_reading_at = NULL WHERE id = \(bomb)")
    try dan.succeed("check", "--repair")
    // Ana's tally reads everything she may, Bomb among it.
    #expect(try scene.ana.succeed("project", "list", "--format", "csv").contains("Bomb"))
    #expect(try scene.ana.succeed("check").contains("All checks hold"))
    try scene.ana.succeed("report", "--all", "--period", "monthly", "--format", "csv")
  }

  /// An owner's own change of their project, written with `psql` into the journal and the
  /// history as tally writes one but for when the project was last changed, is refused when
  /// that time is not one tally writes: such a step could not be taken back, and every
  /// report as of an earlier instant of everyone the project is shared with failed on it.
  @Test func aHistoryStepOfOnesOwnProjectReadsBackInEveryonesPastReports() throws {
    let scene = try scene()
    let dan = try scene.team.person("dan")
    try dan.succeed("project", "add", "Bomb", "--frequency", "daily")
    try dan.succeed("item", "add", "Bomb", "1", "--at", "2024-01-01")
    try dan.succeed("share", "Bomb", "ana", "--read")
    let danURL = try scene.team.url(of: "dan")
    let bomb = try query(scene, "SELECT id FROM project WHERE title = 'Bomb'")
    let asOf = try query(
      scene,
      "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')")
    func step(updatedAt: String) throws -> (status: Int32, errors: String) {
      let item =
        "jsonb_build_object('id', id, 'title', title, 'units', units, 'frequency', frequency, "
        + "'kind', kind, 'decimals', decimals, 'goals', goals::JSONB, 'group', group_name, "
        + "'createdAt', created_at, 'updatedAt', \(updatedAt))"
      let change =
        "jsonb_build_object('updateProject', jsonb_build_object('before', \(item), "
        + "'after', \(item)))::TEXT"
      let result = try PostgresTestServer.psqlResult(
        danURL,
        "UPDATE project SET updated_at = updated_at WHERE id = \(bomb); "
          + "INSERT INTO journal (at, description, change, writer, touched, project_ids) "
          + "SELECT 0, 'x', \(change), 'w', 0, ARRAY[id] FROM project WHERE id = \(bomb); "
          + "INSERT INTO history (at, action, description, change, project_ids) "
          + "SELECT 0, 'did', 'x', \(change), ARRAY[id] FROM project WHERE id = \(bomb)")
      return (result.status, result.errors)
    }
    let before = try fingerprint(scene)
    for updatedAt in [
      "1.5", "'1.0'::JSONB", "-99999999999999999", "9223372036854775807", "'\"1\"'::JSONB",
    ] {
      let result = try step(updatedAt: updatedAt)
      #expect(result.status != 0, "\(updatedAt)")
      #expect(result.errors.contains("refused"), "\(updatedAt): \(result.errors)")
      #expect(try fingerprint(scene) == before, "\(updatedAt)")
    }
    // The same step with the time tally writes is taken: the refusals above are of the time.
    let taken = try step(updatedAt: "updated_at")
    #expect(taken.status == 0, "\(taken.errors)")
    // Everyone who reads the project still reports it as it was, and checks it.
    for person in [dan, scene.ana] {
      let past = try person.run(["report", "Bomb", "--as-of", asOf, "--format", "csv"])
      #expect(past.status == 0, "\(past.stderr)")
      #expect(past.stdout.contains(",1,1,1,1,1"), "\(past.stdout)")
      #expect(try person.succeed("check").contains("All checks hold"))
    }
  }

  /// A writer's steps that the server took and tally could not read back are refused.
  ///
  /// Each broke the `report --as-of` and `check` of everyone who reads the project: a body
  /// without its values inside a batch, an import's ids and settings of `null`, a time past
  /// the year 9999. The same step as tally writes it is taken.
  @Test func aWritersStepsThatTallyCannotReadAreRefused() throws {
    let scene = try scene()
    let cyd = try scene.team.url(of: "cyd")
    let weight = scene.weight
    let at: Int64 = 1_717_243_200_000_000
    let reading =
      "format('{\"id\":%s,\"projectID\":\(weight),\"amount\":1,\"timestamp\":\(at)}', "
      + "currval('reading_id_seq'))"
    func step(history: String, at stepAt: Int64 = at) throws -> (status: Int32, errors: String) {
      let result = try PostgresTestServer.psqlResult(
        cyd,
        "INSERT INTO reading (id, project_id, amount, timestamp) "
          + "VALUES (nextval('reading_id_seq'), \(weight), 1, \(at)); "
          + "INSERT INTO journal (at, description, change, writer, touched, project_ids) "
          + "SELECT \(stepAt), 'x', '{\"insertReadings\":{\"_0\":[' || \(reading) || ']}}', "
          + "'w', 0, ARRAY[\(weight)::BIGINT]; "
          + "INSERT INTO history (at, action, description, change, project_ids) "
          + "SELECT \(stepAt), 'did', 'x', \(history), ARRAY[\(weight)::BIGINT]")
      return (result.status, result.errors)
    }
    let inserted = "'{\"insertReadings\":{\"_0\":[' || \(reading) || ']}}'"
    var before = try fingerprint(scene)
    for (history, stepAt) in [
      ("'{\"batch\":{\"_0\":[{\"deleteReadings\":{}},' || \(inserted) || ']}}'", at),
      ("'{\"batch\":{\"_0\":[{\"insertReadings\":{}},' || \(inserted) || ']}}'", at),
      ("'{\"batch\":{\"_0\":[{\"deleteReadings\":{\"x\":1}},' || \(inserted) || ']}}'", at),
      (inserted, Int64.max), (inserted, Int64.min),
    ] {
      let result = try step(history: history, at: stepAt)
      #expect(result.status != 0, "\(history) at \(stepAt)")
      #expect(
        result.errors.contains("refused") || result.errors.contains("check constraint"),
        "\(history): \(result.errors)")
      #expect(try fingerprint(scene) == before, "\(history)")
    }
    // The same step as tally writes it is taken: the refusals above are of what they added.
    let taken = try step(history: inserted)
    #expect(taken.status == 0, "\(taken.errors)")
    // An import a writer made through SQL, with no readings: its ids and settings are NULL.
    let batch = try PostgresTestServer.psqlResult(
      cyd,
      "INSERT INTO import_batch (id, project_id, file_name, sha256, at, imported, duplicates, "
        + "skipped) VALUES (nextval('import_batch_id_seq'), \(weight), 'f.csv', 'abc', \(at), "
        + "0, 0, 0) RETURNING id")
    let id = try #require(batch.output.split(separator: "\n").compactMap { Int64($0) }.first)
    before = try fingerprint(scene)
    for extra in [#","readingIDs":[null,null]"#, #","settings":{"settings":null}"#] {
      let change =
        #"{"setAsideImport":{"_0":{"id":\#(id),"projectID":\#(weight),"fileName":"f.csv","#
        + #""sha256":"abc","at":\#(at),"imported":0,"duplicates":0,"skipped":0,"#
        + #""isUndone":true\#(extra)}}}"#
      let result = try PostgresTestServer.psqlResult(
        cyd,
        "UPDATE import_batch SET undone = true WHERE id = \(id); "
          + "INSERT INTO set_aside_reading (id, project_id, amount, timestamp, held_for) "
          + "VALUES (nextval('reading_id_seq'), \(weight), 1, \(at), 'import \(id)'); "
          + "INSERT INTO journal (at, description, change, writer, touched, project_ids) "
          + "VALUES (\(at), 'x', '\(change)', 'w', 0, ARRAY[\(weight)::BIGINT])")
      #expect(result.status != 0 && result.errors.contains("refused"), "\(extra): \(result.errors)")
      #expect(try fingerprint(scene) == before, "\(extra)")
    }
    // A timer started past the years tally reads.
    for started in [Int64.max, Int64.min] {
      let timer = try PostgresTestServer.psqlResult(
        cyd, "INSERT INTO timer (project_id, started_at) VALUES (\(weight), \(started))")
      #expect(timer.errors.contains("check constraint"), "\(started): \(timer.errors)")
    }
    // An import of ana's in Weight, undone: its readings are held for her redo. cyd may write
    // Weight, but neither count its readings as any number nor drop or change what ana set
    // aside.
    let file = scene.ana.folder.appendingPathComponent("weight.csv")
    try Data("date,amount\n2024-03-01,81\n2024-03-08,82\n".utf8).write(to: file)
    try scene.ana.succeed("import", file.path, "--project", "Weight")
    let anas = try query(
      scene, "SELECT max(id) FROM import_batch WHERE file_name LIKE '%weight.csv'")
    let counted = try PostgresTestServer.psqlResult(
      cyd, "UPDATE import_batch SET imported = -9223372036854775808 WHERE id = \(anas)")
    #expect(counted.errors.contains("check constraint"), "\(counted.errors)")
    try scene.ana.succeed("undo")
    for sql in [
      "DELETE FROM set_aside_reading WHERE held_for LIKE 'import%'",
      "UPDATE set_aside_reading SET amount = 1 WHERE held_for LIKE 'import%'",
    ] {
      let result = try PostgresTestServer.psqlResult(cyd, sql)
      // Taken, touching none of them: the policies leave ana's rows out.
      #expect(result.status == 0, "\(sql): \(result.errors)")
    }
    try scene.ana.succeed("redo")
    #expect(try scene.ana.succeed("item", "list", "Weight", "--format", "csv").contains(",82,"))
    // Everyone who reads Weight reports it as it was, and checks it.
    for person in [scene.ana, try scene.team.person("bob"), try scene.team.person("cyd")] {
      let past = try person.run(["report", "Weight", "--as-of", scene.asOf, "--format", "csv"])
      #expect(past.status == 0, "\(past.stderr)")
      // The counter the SQL insert left behind is `check`'s to find; every step reads back.
      let check = try person.run(["check"])
      #expect(!(check.stdout + check.stderr).contains("cannot be read"), "\(check.stdout)")
      #expect((check.stdout + check.stderr).contains("Weight: the project's counter says"))
    }
  }

  /// A writer who plants a row among the readings an owner's change set aside does not get it
  /// brought back by the owner's undo: an undo restores only what its own person set aside.
  @Test func aRowPlantedAmongSetAsideReadingsStaysOutOfTheOwnersUndo() throws {
    let scene = try scene()
    let cyd = try scene.team.url(of: "cyd")
    let ana = scene.ana
    let file = ana.folder.appendingPathComponent("weight.csv")
    try Data("date,amount\n2024-03-01,78\n2024-03-08,77\n".utf8).write(to: file)
    try ana.succeed("import", file.path, "--project", "Weight")
    let batch = try query(scene, "SELECT max(id) FROM import_batch")
    let imported = try ana.succeed("export")
    try ana.succeed("import", "undo", batch)
    for held in ["import \(batch)", "project \(scene.weight)"] {
      let plant = try PostgresTestServer.psqlResult(
        cyd,
        "INSERT INTO set_aside_reading (id, project_id, amount, timestamp, note, batch_id, "
          + "held_for, set_aside_by) VALUES (nextval('reading_id_seq'), \(scene.weight), 888, "
          + "1709251200000000, 'planted', \(batch), '\(held)', 'ana')")
      #expect(plant.status == 0, "\(plant.errors)")
    }
    try ana.succeed("undo")
    #expect(try ana.succeed("export") == imported)
    #expect(!(try ana.succeed("item", "list", "Weight", "--format", "csv").contains("planted")))
    #expect(try ana.succeed("check").contains("All checks hold"))
  }

  @Test func aWriterCannotForgeTheJournalOrTheHistoryOfAProjectTheyWrite() throws {
    let scene = try scene()
    let cyd = try scene.team.url(of: "cyd")
    let forgedReading =
      #"{"batch":{"_0":[{"insertReadings":{"_0":[{"id":1,"projectID":\#(scene.weight),"#
      + #""amount":999,"timestamp":0,"isReset":false}]}}]}}"#
    let forgedSteps: [String] = [
      // A reading that exists, but was not written in this transaction, nor with this amount.
      "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
        + "(0, 'Added reading 1', '\(forgedReading)', 'w', 0, ARRAY[\(scene.weight)])",
      "INSERT INTO history (at, action, description, change, project_ids) VALUES "
        + "(0, 'did', 'Added reading 1', '\(forgedReading)', ARRAY[\(scene.weight)])",
      // Malformed, or naming no project: nothing an --as-of could read.
      "INSERT INTO history (at, action, description, change, project_ids) VALUES "
        + "(0, 'did', 'x', 'not json', ARRAY[\(scene.weight)])",
      "INSERT INTO history (at, action, description, change, project_ids) VALUES "
        + "(0, 'did', 'x', '{\"batch\":{\"_0\":[]}}', '{}')",
      "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
        + "(0, 'NOTICE', '{}', 'x', 0, '{}')",
    ]
    // Steps that name no change the transaction made: a restore of readings, a deletion of
    // a reading that never was, a timer stopped that never ran, numbers written as text,
    // and a key twice (read one way by the server and another by tally).
    let unmade: [String] = [
      #"{"restoreReadings":{"_0":\#(scene.weight)}}"#,
      #"{"restoreReadings":{"_0":"\#(scene.weight)"}}"#,
      #"{"deleteReadings":{"_0":[{"id":999,"projectID":\#(scene.weight),"amount":500,"#
        + #""timestamp":0,"isReset":false}]}}"#,
      #"{"stopTimer":{"_0":{"projectID":\#(scene.weight),"startedAt":0}}}"#,
      #"{"setAsideReadings":{"_0":\#(scene.weight)},"setAsideReadings":{"_0":\#(scene.secret)}}"#,
    ]
    let unmadeSteps: [String] = unmade.flatMap { change -> [String] in
      [
        "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
          + "(0, 'x', '\(change)', 'w', 0, ARRAY[\(scene.weight)])",
        "UPDATE project SET updated_at = updated_at WHERE id = \(scene.weight); "
          + "INSERT INTO history (at, action, description, change, project_ids) VALUES "
          + "(0, 'did', 'x', '\(change)', ARRAY[\(scene.weight)])",
      ]
    }
    for sql in forgedSteps + unmadeSteps {
      let result = try PostgresTestServer.psqlResult(cyd, sql)
      #expect(result.status != 0, "\(sql)")
      #expect(result.errors.contains("refused"), "\(result.errors)")
    }
    // A change cyd really makes to Weight, recorded as if its rows had been otherwise before.
    let row = try query(
      scene,
      "SELECT reading.id || '|' || timestamp || '|' || created_at FROM reading, project "
        + "WHERE project_id = \(scene.weight) AND project.id = \(scene.weight)"
    ).split(separator: "|").map(String.init)
    try #require(row.count == 3)
    let (reading, at, created) = (row[0], row[1], row[2])
    func readingJSON(_ amount: Int) -> String {
      #"{"id":\#(reading),"projectID":\#(scene.weight),"amount":\#(amount),"timestamp":\#(at),"#
        + #""isReset":false}"#
    }
    func weightJSON(_ units: String) -> String {
      #"{"id":\#(scene.weight),"title":"Weight","units":"\#(units)","frequency":"weekly","#
        + #""kind":"total","goals":[],"createdAt":\#(created),"updatedAt":1}"#
    }
    for (touch, change) in [
      (
        "UPDATE reading SET amount = amount WHERE id = \(reading)",
        #"{"updateReading":{"before":\#(readingJSON(500)),"after":\#(readingJSON(80))}}"#
      ),
      (
        "UPDATE project SET updated_at = updated_at WHERE id = \(scene.weight)",
        #"{"updateProject":{"before":\#(weightJSON("miles")),"after":\#(weightJSON("kg"))}}"#
      ),
      // A reading that was there, only touched, told as added: --as-of would lose it before.
      (
        "UPDATE reading SET amount = amount WHERE id = \(reading)",
        #"{"insertReadings":{"_0":[\#(readingJSON(80))]}}"#
      ),
      // A timer started here, told with another note, other tags, or a key tally does not
      // write: undone and redone, it would come back otherwise.
      (
        "INSERT INTO timer VALUES (\(scene.weight), 5, 'a', ',x,')",
        #"{"startTimer":{"_0":{"projectID":\#(scene.weight),"startedAt":5,"note":"b","#
          + #""tags":["x"]}}}"#
      ),
      (
        "INSERT INTO timer VALUES (\(scene.weight), 5, 'a', ',x,')",
        #"{"startTimer":{"_0":{"projectID":\#(scene.weight),"startedAt":5,"note":"a"}}}"#
      ),
      (
        "INSERT INTO timer VALUES (\(scene.weight), 5, NULL, NULL)",
        #"{"startTimer":{"_0":{"projectID":\#(scene.weight),"startedAt":5,"color":"red"}}}"#
      ),
      (
        "INSERT INTO timer VALUES (\(scene.weight), 5, NULL, NULL)",
        #"{"startTimer":{"_0":{"projectID":\#(scene.weight),"startedAt":5,"tags":[1]}}}"#
      ),
      // A key tally does not write, nested deeper than tally reads.
      (
        "UPDATE reading SET amount = amount WHERE id = \(reading)",
        #"{"updateReading":{"before":\#(readingJSON(80).dropLast()),"x":"#
          + String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
          + #"},"after":\#(readingJSON(80))}}"#
      ),
    ] {
      for table in ["journal", "history"] {
        let columns =
          table == "journal"
          ? "(at, description, change, writer, touched, project_ids) VALUES (0, 'x', "
          : "(at, action, description, change, project_ids) VALUES (0, 'did', 'x', "
        let rest = table == "journal" ? "'w', 0, " : ""
        let result = try PostgresTestServer.psqlResult(
          cyd,
          "\(touch); INSERT INTO \(table) \(columns)'\(change)', \(rest)ARRAY[\(scene.weight)])")
        #expect(result.status != 0, "\(table): \(change)")
        #expect(
          result.errors.contains(table == "journal" ? "journal entry refused" : "step refused"),
          "\(result.errors)")
      }
    }
    // A title key that is not the title's would let two projects show one title.
    let twin = try PostgresTestServer.psqlResult(
      cyd,
      "INSERT INTO project (id, title, title_key, frequency, created_at, updated_at) "
        + "SELECT nextval('project_id_seq'), 'Weight', 'weight ', 'daily', 1, 1")
    #expect(twin.status != 0)
    #expect(twin.errors.contains("is not the key of the title"), "\(twin.errors)")
    // Titles in other scripts keep their keys as tally makes them.
    for title in ["Ärger Übung", "ΣΟΦΊΑΣ", "İstanbul", "Straße ẞ"] {
      try scene.ana.succeed("project", "add", title, "--frequency", "daily")
      try scene.ana.succeed("project", "edit", title, "--units", "km")
    }
    // What cyd really does is recorded, through tally, as before.
    let cydTally = try scene.team.person("cyd")
    try cydTally.succeed("item", "add", "Weight", "79", "--at", "2024-01-08")
    #expect(try scene.ana.succeed("log").contains("Added reading"))
    try cydTally.succeed("undo")
    try cydTally.succeed("redo")
  }

  /// v15: decoy titles, heavy descriptions and too many tags are refused.
  ///
  /// A decoy beside someone's project, one title folded another way (`Secret` kept as
  /// `Secret`, a no-break space after `hours`), took their `project delete`, `report` and
  /// `unshare`; a description of 100 MB took every reader's `--as-of` to gigabytes; a
  /// reading of 40 tags stopped the owner's `backup`; and a million grants to roles that do
  /// not exist slowed every member's statements. v15 refuses the first three, and reads only
  /// one's own roles' grants.
  @Test func decoyTitlesHeavyDescriptionsAndTooManyTagsAreRefused() throws {
    let scene = try scene()
    let dan = try scene.team.url(of: "dan")
    let cyd = try scene.team.url(of: "cyd")
    let before = try fingerprint(scene)
    let decoys = [
      ("Secret", "Secret"), ("SECRET", "secret\u{0307}"), ("Secret\u{00A0}", "secret\u{00A0}"),
      ("\u{2003}Secret", "\u{2003}secret"), ("Secret", "sécret"),
      // Swift trims a zero-width space; the server kept it, and the key was tally's.
      ("Secret\u{200B}", "secret\u{200B}"),
    ]
    for (title, key) in decoys {
      let result = try PostgresTestServer.psqlResult(
        dan,
        "INSERT INTO project (id, title, title_key, frequency, created_at, updated_at) "
          + "SELECT nextval('project_id_seq'), '\(title)', '\(key)', 'daily', 1, 1")
      #expect(result.status != 0, "\(title) / \(key)")
    }
    // A description of 2 MiB, in a transaction that made the change it names.
    // A description of 2 MiB on an entry that is otherwise cyd's own and true: a reading
    // added in the same transaction, and (for the history) its entry.
    let big = "repeat('C', \(2 << 20))"
    let at = 1_704_067_200_000_000
    let added =
      "INSERT INTO reading (id, project_id, amount, timestamp) VALUES "
      + "(nextval('reading_id_seq'), \(scene.weight), 3, \(at)); "
    let change =
      #"'{"insertReadings":{"_0":[{"id":' || currval('reading_id_seq') || ',"projectID":"#
      + #"\#(scene.weight),"amount":3,"timestamp":\#(at),"isReset":false}]}}'"#
    func entry(_ description: String, projects: String = "ARRAY[\(scene.weight)]") -> String {
      "INSERT INTO journal (at, description, change, writer, touched, project_ids) VALUES "
        + "(\(at), \(description), \(change), 'w', 0, \(projects)); "
    }
    let step =
      "INSERT INTO history (at, action, description, change, project_ids) VALUES "
      + "(\(at), 'did', \(big), \(change), ARRAY[\(scene.weight)])"
    // A step matches its entry, description too: a step of 2 MiB needs an entry of 2 MiB.
    for sql in [added + entry(big), added + entry(big) + step] {
      let result = try PostgresTestServer.psqlResult(cyd, sql)
      #expect(result.status != 0)
      #expect(
        result.errors.contains("journal_description_bounded"), "\(result.errors.prefix(300))")
    }
    // One project named 100,001 times.
    let named = try PostgresTestServer.psqlResult(
      cyd,
      added
        + entry("'Added reading'", projects: "array_fill(\(scene.weight)::BIGINT, ARRAY[100001])"))
    #expect(named.status != 0)
    #expect(named.errors.contains("journal_projects_bounded"), "\(named.errors.prefix(300))")
    // A reading of 33 tags, where cyd may write.
    let tags = "," + (1...33).map { "t\($0)" }.joined(separator: ",") + ","
    let tagged = try PostgresTestServer.psqlResult(
      cyd,
      "INSERT INTO reading (id, project_id, amount, timestamp, tags) SELECT "
        + "nextval('reading_id_seq'), \(scene.weight), 1, 1704067200000000, '\(tags)'")
    #expect(tagged.status != 0)
    #expect(tagged.errors.contains("reading_tags_bounded"), "\(tagged.errors)")
    #expect(try fingerprint(scene) == before)
    // tally's own titles keep their keys, in every script, and a title folded alike to one
    // taken is refused in the words of one taken.
    let danTally = try scene.team.person("dan")
    try danTally.succeed("project", "add", "Ärger Übung", "--frequency", "daily")
    // Titles that differ by a dot above are two titles, as on SQLite.
    try danTally.succeed("project", "add", "Zaba", "--frequency", "daily")
    try danTally.succeed("project", "add", "Żaba", "--frequency", "daily")
    let taken = try danTally.run("project", "add", "SECRET", "--frequency", "daily")
    #expect(taken.status != 0)
    #expect(taken.stderr.contains("already exists"), "\(taken.stderr)")
    // Grants to roles that are not there, on a project of dan's own, are never read by ana.
    let own = try PostgresTestServer.psql(
      scene.admin, "SELECT id FROM project WHERE title = 'Ärger Übung'")
    _ = try PostgresTestServer.psql(
      dan,
      "INSERT INTO project_access SELECT \(own), 'ghost' || g, 'read' "
        + "FROM generate_series(1, 20000) g")
    let ids = try PostgresTestServer.psql(
      try scene.team.url(of: "ana"), "SELECT array_length(tally_project_ids(1), 1)")
    #expect(ids == "2")
    try scene.ana.succeed("item", "add", "Secret", "1", "--at", "2024-03-01")
  }
}
