/// The migration that holds a team server against its own members: what a member can do with
/// any SQL client and their own password is what tally lets them do, and nothing more.
///
/// - Every function tally owns runs with the search path `pg_catalog, tally's schema, pg_temp`
///   (no temporary table or function of a member's is found before the server's or tally's),
///   and none is callable by `PUBLIC`: members get `EXECUTE` on `tally_project_ids` (which every
///   policy calls, and which lists only what the caller may use) and on `tally_receive` (which
///   acts only on a database that holds no project). A trigger function refuses to run on any
///   table but its own, so attaching it to a temporary table does nothing.
/// - Ids are the server's: a new project takes the id its creator's session drew last, an id
///   held for undo comes back only to an owner, and no statement leaves a row whose id its
///   sequence has not handed out (nobody claims the next id ahead of whoever draws it).
/// - The journal and the history hold only what happened: an entry is accepted when the rows
///   it names are, in the transaction that writes it, as its change left them (readings,
///   projects, timers and imports written in that very transaction; deleted ones gone), for
///   projects its author may write; a step of the history must match an entry its author wrote
///   in the same transaction. An entry's change is never edited; only undo and redo mark it.
///   Where the history starts is written only by the server's owner and by `tally_receive`.
/// - Nothing tells a member how many projects there are or which ids are taken: the functions
///   that counted them are gone.
///
/// Superusers and roles with `BYPASSRLS` are trusted: PostgreSQL lets them past every policy,
/// and these checks step aside for them too.
enum PostgresMemberSchema {
  /// The largest id tally hands out or takes from a backup (2^53 - 1), far below the
  /// sequences' limit: a restore cannot use them up.
  static let largestID: Int64 = 9_007_199_254_740_991

  /// The setting with which tally's writer says that the readings it deletes now are set
  /// aside whole.
  ///
  /// An import's or a project's readings, which a change names by the import or the project,
  /// are not kept one by one for the journal's check, so that taking out an import of a
  /// million readings costs what it did. Anyone may turn it off; it only makes the check
  /// stricter: a deleted reading not kept cannot be named by an entry.
  static let keepDeletedSetting = "tally.keep_deleted"

  /// The longest change (in bytes of JSON) a journal entry or a history step takes: far more
  /// than a change tally makes names (readings one by one, an import or a project whole).
  static let largestChange = 4 << 20

  /// The deepest a change's JSON is nested that the server takes: tally's own go about a
  /// dozen levels deep.
  static let deepestChange = 32

  static var statements: [String] {
    [
      // Functions made from now on by the tables' owner are nobody else's to call.
      "ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC",
      // The policy that called the counting functions; the trigger below decides instead.
      "DROP POLICY project_create ON project",
      "CREATE POLICY project_create ON project FOR INSERT WITH CHECK (true)",
      "DROP FUNCTION tally_project_unclaimed(BIGINT)",
      "DROP FUNCTION tally_claimed_projects()",
      // Where the history starts is the owner's to say (and `tally_receive`'s, which runs as
      // the owner): the owner is not bound here, and no policy lets anyone else add a row.
      "DROP POLICY history_start_add ON history_start",
      "ALTER TABLE history_start NO FORCE ROW LEVEL SECURITY",
      function(
        "tally_trusted() RETURNS BOOLEAN", language: "sql", volatility: "STABLE",
        body: """
          SELECT coalesce(
            (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = session_user), false)
          """),
      function(
        "tally_project_ids(minimum INTEGER) RETURNS BIGINT[]", language: "plpgsql",
        volatility: "STABLE", definer: true,
        body: """
          BEGIN
            RETURN ARRAY(
              SELECT a.project_id FROM project_access a JOIN pg_roles r ON r.rolname = a.role_name
              WHERE pg_has_role(session_user, r.oid, 'MEMBER')
              GROUP BY a.project_id
              HAVING max(CASE a.level WHEN 'owner' THEN 3 WHEN 'write' THEN 2 ELSE 1 END)
                >= minimum);
          END
          """),
      function(
        "tally_project_created() RETURNS TRIGGER", language: "plpgsql", definer: true,
        body: """
          BEGIN
            \(ownTable("project", "AFTER", "ROW"))
            INSERT INTO project_access VALUES (NEW.id, session_user, 'owner')
            ON CONFLICT DO NOTHING;
            RETURN NULL;
          END
          """),
      function(
        "tally_owner_kept() RETURNS TRIGGER", language: "plpgsql", definer: true,
        body: """
          BEGIN
            \(ownTable("project_access", "AFTER", "ROW"))
            IF NOT EXISTS (
              SELECT 1 FROM project_access WHERE project_id = OLD.project_id AND level = 'owner')
            THEN
              RAISE EXCEPTION 'project % would be left without an owner', OLD.project_id
                USING ERRCODE = '23514';
            END IF;
            RETURN NULL;
          END
          """),
      // Runs as whoever changes the project (the owner check is theirs), with the search path
      // fixed: a temporary table named pg_roles is not read in place of the server's.
      function(
        "tally_project_settings_kept() RETURNS TRIGGER", language: "plpgsql",
        body: """
          BEGIN
            \(ownTable("project", "BEFORE", "ROW"))
            IF NEW.id IS DISTINCT FROM OLD.id
              AND NOT (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = session_user)
            THEN
              RAISE EXCEPTION 'a project keeps its id' USING ERRCODE = '42501';
            END IF;
            IF NOT (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = session_user)
            THEN
              \(titleKeyKept)
            END IF;
            IF (NEW.title, NEW.title_key, NEW.units, NEW.frequency, NEW.kind, NEW.decimals,
                NEW.goals, NEW.created_at, NEW.group_name)
              IS DISTINCT FROM
              (OLD.title, OLD.title_key, OLD.units, OLD.frequency, OLD.kind, OLD.decimals,
                OLD.goals, OLD.created_at, OLD.group_name)
              AND NOT OLD.id = ANY(tally_project_ids(3))
              -- A superuser or a role with BYPASSRLS sees past the policies: past this too.
              AND NOT (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user)
            THEN
              RAISE EXCEPTION 'only an owner of project % may change it', OLD.title
                USING ERRCODE = '42501';
            END IF;
            RETURN NEW;
          END
          """),
      // A new project takes the id its creator drew last; an id that has grants (a project
      // deleted and held for undo) comes back only to one of its owners; a restore into an
      // empty database takes the ids `tally_receive` claimed for it.
      function(
        "tally_project_inserting() RETURNS TRIGGER", language: "plpgsql", definer: true,
        body: """
          DECLARE
            drawn BIGINT;
          BEGIN
            \(ownTable("project", "BEFORE", "ROW"))
            IF tally_trusted() THEN RETURN NEW; END IF;
            \(titleKeyKept)
            IF EXISTS (SELECT 1 FROM project_access WHERE project_id = NEW.id) THEN
              IF NEW.id = ANY(tally_project_ids(3)) THEN RETURN NEW; END IF;
              RAISE EXCEPTION 'project id % is not yours to take', NEW.id USING ERRCODE = '42501';
            END IF;
            IF EXISTS (SELECT 1 FROM history_start WHERE xmin = xid(pg_current_xact_id())) THEN
              RETURN NEW;
            END IF;
            BEGIN
              drawn := currval('project_id_seq');
            EXCEPTION WHEN object_not_in_prerequisite_state THEN
              drawn := NULL;
            END;
            IF drawn IS DISTINCT FROM NEW.id THEN
              RAISE EXCEPTION 'a new project takes the id drawn for it from project_id_seq, not %',
                NEW.id USING ERRCODE = '42501';
            END IF;
            RETURN NEW;
          END
          """),
      """
      CREATE TRIGGER project_inserting BEFORE INSERT ON project
      FOR EACH ROW EXECUTE FUNCTION tally_project_inserting()
      """,
      // After every statement that adds or changes rows with ids, none may lie beyond what
      // its sequence handed out. One probe of the primary key per statement.
      function(
        "tally_ids_drawn() RETURNS TRIGGER", language: "plpgsql", definer: true,
        body: """
          DECLARE
            sequence TEXT;
            beyond BOOLEAN;
          BEGIN
            IF TG_WHEN <> 'AFTER' OR TG_LEVEL <> 'STATEMENT' THEN
              RAISE EXCEPTION 'tally_ids_drawn() checks tally''s tables only'
                USING ERRCODE = '42501';
            END IF;
            sequence := CASE TG_RELID
              WHEN 'project'::regclass THEN 'project_id_seq'
              WHEN 'reading'::regclass THEN 'reading_id_seq'
              WHEN 'set_aside_reading'::regclass THEN 'reading_id_seq'
              WHEN 'import_batch'::regclass THEN 'import_batch_id_seq'
              WHEN 'journal'::regclass THEN pg_get_serial_sequence('journal', 'id')
              WHEN 'history'::regclass THEN pg_get_serial_sequence('history', 'id')
            END;
            IF sequence IS NULL THEN
              RAISE EXCEPTION 'tally_ids_drawn() checks tally''s tables only, not %',
                TG_RELID::regclass USING ERRCODE = '42501';
            END IF;
            IF tally_trusted() THEN RETURN NULL; END IF;
            EXECUTE format(
              'SELECT EXISTS (SELECT 1 FROM %s WHERE id > '
              '(SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM %s))',
              TG_RELID::regclass, sequence::regclass)
            INTO beyond;
            IF beyond THEN
              RAISE EXCEPTION '% takes only ids its sequence handed out', TG_TABLE_NAME
                USING ERRCODE = '42501';
            END IF;
            RETURN NULL;
          END
          """),
    ]
      + ["project", "reading", "set_aside_reading", "import_batch", "journal", "history"].map {
        """
        CREATE TRIGGER \($0)_ids_drawn AFTER INSERT OR UPDATE ON \($0)
        FOR EACH STATEMENT EXECUTE FUNCTION tally_ids_drawn()
        """
      }
      + [
        // The rows as they were before a transaction first changed or deleted them (`tbl`
        // names the table, and ` deleted` a row deleted), for the check of what a change says
        // they were: the owner's alone (no policy lets anyone else see or write a row), each
        // kept until the journal's check of a later change clears the finished transactions'.
        """
        CREATE TABLE tally_row_before (
          xact XID8 NOT NULL,
          tbl TEXT NOT NULL,
          id BIGINT NOT NULL,
          old JSONB NOT NULL,
          PRIMARY KEY (xact, tbl, id)
        )
        """,
        "ALTER TABLE tally_row_before ENABLE ROW LEVEL SECURITY",
        function(
          "tally_row_kept() RETURNS TRIGGER", language: "plpgsql", definer: true,
          body: """
            BEGIN
              IF TG_WHEN <> 'BEFORE' OR TG_LEVEL <> 'ROW' OR NOT (
                (TG_RELID = 'import_batch'::regclass AND TG_OP = 'UPDATE')
                OR (TG_RELID IN ('reading'::regclass, 'project'::regclass, 'timer'::regclass)
                  AND TG_OP IN ('UPDATE', 'DELETE')))
              THEN
                RAISE EXCEPTION '% keeps tally''s readings, projects and timers, not %', TG_NAME,
                  TG_RELID::regclass USING ERRCODE = '42501';
              END IF;
              IF tally_trusted() THEN
                RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
              END IF;
              IF TG_RELID = 'timer'::regclass THEN
                INSERT INTO tally_row_before
                VALUES (pg_current_xact_id(),
                  'timer' || CASE TG_OP WHEN 'DELETE' THEN ' deleted' ELSE '' END,
                  OLD.project_id, to_jsonb(OLD))
                ON CONFLICT DO NOTHING;
                RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
              END IF;
              -- A row this transaction made, or changed already, was kept (or was not there).
              IF TG_OP = 'UPDATE' AND (
                (TG_RELID = 'reading'::regclass AND EXISTS (
                  SELECT 1 FROM reading WHERE id = OLD.id AND xmin = xid(pg_current_xact_id())))
                OR (TG_RELID = 'project'::regclass AND EXISTS (
                  SELECT 1 FROM project WHERE id = OLD.id AND xmin = xid(pg_current_xact_id())))
                OR (TG_RELID = 'import_batch'::regclass AND EXISTS (
                  SELECT 1 FROM import_batch WHERE id = OLD.id
                    AND xmin = xid(pg_current_xact_id()))))
              THEN
                RETURN NEW;
              END IF;
              INSERT INTO tally_row_before
              VALUES (pg_current_xact_id(),
                TG_TABLE_NAME || CASE TG_OP WHEN 'DELETE' THEN ' deleted' ELSE '' END, OLD.id,
                to_jsonb(OLD))
              ON CONFLICT DO NOTHING;
              RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
            END
            """),
        """
        CREATE TRIGGER reading_row_kept BEFORE UPDATE ON reading
        FOR EACH ROW EXECUTE FUNCTION tally_row_kept()
        """,
        """
        CREATE TRIGGER project_row_kept BEFORE UPDATE OR DELETE ON project
        FOR EACH ROW EXECUTE FUNCTION tally_row_kept()
        """,
        """
        CREATE TRIGGER timer_row_kept BEFORE UPDATE OR DELETE ON timer
        FOR EACH ROW EXECUTE FUNCTION tally_row_kept()
        """,
        """
        CREATE TRIGGER import_batch_row_kept BEFORE UPDATE ON import_batch
        FOR EACH ROW EXECUTE FUNCTION tally_row_kept()
        """,
        // Readings deleted one by one; not those tally's writer sets aside whole (see
        // `keepDeletedSetting`), which cost a test of the setting each, no call.
        """
        CREATE TRIGGER reading_row_gone BEFORE DELETE ON reading FOR EACH ROW
        WHEN (current_setting('\(keepDeletedSetting)', true) IS DISTINCT FROM 'off')
        EXECUTE FUNCTION tally_row_kept()
        """,
        // A JSON value of the type `Change` decodes, or NULL: what is not is never equal.
        function(
          "tally_json(value JSONB, type TEXT) RETURNS JSONB", language: "sql",
          volatility: "IMMUTABLE",
          body: "SELECT CASE WHEN jsonb_typeof(value) = type THEN value END"),
        // Whether a reading (`item`, as `Change` encodes it) is the row `stored` (as to_jsonb
        // gives it), field by field, each of the type `Change` decodes.
        function(
          "tally_reading_matches(item JSONB, stored JSONB) RETURNS BOOLEAN", language: "sql",
          volatility: "IMMUTABLE",
          body: """
            SELECT coalesce(stored IS NOT NULL AND jsonb_typeof(item) = 'object'
              AND item - ARRAY['id', 'projectID', 'amount', 'timestamp', 'note', 'batchID',
                'isReset', 'tags'] = '{}'::JSONB
              AND (stored ->> 'id')::BIGINT = (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT
              AND (stored ->> 'project_id')::BIGINT
                = (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT
              AND (stored ->> 'amount')::DOUBLE PRECISION
                = (tally_json(item -> 'amount', 'number') #>> '{}')::DOUBLE PRECISION
              AND (stored ->> 'timestamp')::BIGINT
                = (tally_json(item -> 'timestamp', 'number') #>> '{}')::BIGINT
              AND (item -> 'note' IS NULL OR jsonb_typeof(item -> 'note') IN ('string', 'null'))
              AND (stored ->> 'note') IS NOT DISTINCT FROM (item ->> 'note')
              AND (item -> 'batchID' IS NULL OR jsonb_typeof(item -> 'batchID') IN ('number', 'null'))
              AND (stored ->> 'batch_id')::BIGINT IS NOT DISTINCT FROM (item ->> 'batchID')::BIGINT
              AND (item -> 'isReset' IS NULL OR jsonb_typeof(item -> 'isReset') = 'boolean')
              AND (stored ->> 'is_reset')::BOOLEAN = coalesce((item ->> 'isReset')::BOOLEAN, false)
              AND (item -> 'tags' IS NULL OR (jsonb_typeof(item -> 'tags') = 'array'
                AND NOT jsonb_path_exists(item -> 'tags', '$[*] ? (@.type() != "string")')))
              AND coalesce(stored ->> 'tags', '') = coalesce(
                (SELECT ',' || string_agg(t, ',' ORDER BY n) || ','
                  FROM jsonb_array_elements_text(coalesce(item -> 'tags', '[]'))
                    WITH ORDINALITY AS tag(t, n)), ''), false)
            """),
        // The same of a project: every field `Change` encodes but when it was last changed.
        projectMatchesFunction(
          updatedAt: "tally_json(item -> 'updatedAt', 'number') IS NOT NULL"),
        // The same of an import, as its row in import_batch has it.
        batchMatchesFunction(readsBack: false),
        changeCheckFunction,
        entryProblemFunction,
        journalKeptFunction,
        """
        CREATE TRIGGER journal_kept BEFORE INSERT OR UPDATE ON journal
        FOR EACH ROW EXECUTE FUNCTION tally_journal_kept()
        """,
        function(
          "tally_history_kept() RETURNS TRIGGER", language: "plpgsql", definer: true,
          body: """
            DECLARE
              problem TEXT;
            BEGIN
              \(ownTable("history", "BEFORE", "ROW"))
              IF tally_trusted() THEN RETURN NEW; END IF;
              problem := tally_entry_problem(NEW.change, true, NEW.project_ids);
              IF problem IS NULL AND NOT EXISTS (
                SELECT 1 FROM journal
                WHERE user_name = session_user AND xmin = xid(pg_current_xact_id())
                  AND description = NEW.description
                  AND undone = (NEW.action = 'undid'))
              THEN
                problem := 'it matches no journal entry of yours written with it';
              END IF;
              IF problem IS NOT NULL THEN
                RAISE EXCEPTION 'history step refused: %', problem USING ERRCODE = '42501';
              END IF;
              RETURN NEW;
            END
            """),
        """
        CREATE TRIGGER history_kept BEFORE INSERT ON history
        FOR EACH ROW EXECUTE FUNCTION tally_history_kept()
        """,
        // A backup or a migration brought into a database that has never held a project:
        // the ids it keeps are claimed (the sequences move past them), and the history starts
        // now. Refused, changing nothing, once anyone has made a project there.
        function(
          "tally_receive(last_project BIGINT, last_batch BIGINT, last_reading BIGINT) "
            + "RETURNS BOOLEAN",
          language: "plpgsql", definer: true,
          body: """
            DECLARE
              now_xid xid := xid(pg_current_xact_id());
            BEGIN
              IF EXISTS (SELECT 1 FROM project_access WHERE xmin <> now_xid) THEN
                RETURN false;
              END IF;
              IF greatest(last_project, last_batch, last_reading) > \(largestID) THEN
                RAISE EXCEPTION 'ids above % are not tally''s', \(largestID)
                  USING ERRCODE = '22003';
              END IF;
              PERFORM setval('project_id_seq', greatest(last_project, 1, (SELECT CASE WHEN
                is_called THEN last_value ELSE 0 END FROM project_id_seq)));
              PERFORM setval('import_batch_id_seq', greatest(last_batch, 1, (SELECT CASE WHEN
                is_called THEN last_value ELSE 0 END FROM import_batch_id_seq)));
              PERFORM setval('reading_id_seq', greatest(last_reading, 1, (SELECT CASE WHEN
                is_called THEN last_value ELSE 0 END FROM reading_id_seq)));
              IF NOT EXISTS (SELECT 1 FROM history_start WHERE xmin = now_xid) THEN
                INSERT INTO history_start
                VALUES ((extract(epoch FROM clock_timestamp()) * 1000000)::BIGINT);
              END IF;
              RETURN true;
            END
            """),
        // Nobody but the owner calls tally's functions, but for `memberFunctions`; the
        // roles that use the tables get what members get (`memberGrants`), no more.
        """
        DO $revoke$
        DECLARE f record; g record;
        BEGIN
          FOR f IN SELECT p.oid::regprocedure AS signature FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'tally\\_%'
          LOOP
            EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f.signature);
          END LOOP;
          FOR g IN SELECT DISTINCT grantee FROM information_schema.role_table_grants
            WHERE table_schema = current_schema() AND table_name = 'reading'
              AND grantee NOT IN (current_user, 'PUBLIC')
          LOOP
        \(memberGrants(to: "%1$I", in: "%2$I").map {
          "    EXECUTE format(\(PostgresAccessSchema.quoted($0)), g.grantee, current_schema());"
        }.joined(separator: "\n"))
          END LOOP;
        END
        $revoke$
        """,
      ]
  }

  /// The function `tally_project_matches(item, stored)`, with `updatedAt` its test of that key.
  ///
  /// Whether a project as `Change` encodes it (`item`) is the row `stored` (as `to_jsonb`
  /// gives it), field by field but when it was last changed, of which `updatedAt` (SQL on
  /// `item`) says what it must be. Migration v10 made it asking only for a number there; v14
  /// makes it again asking for a time tally writes.
  static func projectMatchesFunction(updatedAt: String) -> String {
    function(
      "tally_project_matches(item JSONB, stored JSONB) RETURNS BOOLEAN", language: "sql",
      volatility: "IMMUTABLE",
      body: """
        SELECT coalesce(stored IS NOT NULL AND jsonb_typeof(item) = 'object'
          AND item - ARRAY['id', 'title', 'units', 'frequency', 'kind', 'decimals', 'goals',
            'group', 'createdAt', 'updatedAt'] = '{}'::JSONB
          AND (stored ->> 'id')::BIGINT = (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT
          AND stored ->> 'title' = tally_json(item -> 'title', 'string') #>> '{}'
          AND stored ->> 'units' = tally_json(item -> 'units', 'string') #>> '{}'
          AND stored ->> 'frequency' = tally_json(item -> 'frequency', 'string') #>> '{}'
          AND stored ->> 'kind' = coalesce(tally_json(item -> 'kind', 'string') #>> '{}',
            CASE WHEN item -> 'kind' IS NULL THEN 'total' END)
          AND (item -> 'decimals' IS NULL OR jsonb_typeof(item -> 'decimals') IN ('number', 'null'))
          AND (stored ->> 'decimals')::INTEGER IS NOT DISTINCT FROM (item ->> 'decimals')::INTEGER
          AND (item -> 'group' IS NULL OR jsonb_typeof(item -> 'group') IN ('string', 'null'))
          AND (stored ->> 'group_name') IS NOT DISTINCT FROM (item ->> 'group')
          AND (stored ->> 'goals')::JSONB = coalesce(item -> 'goals', '[]')
          AND (stored ->> 'created_at')::BIGINT
            = (tally_json(item -> 'createdAt', 'number') #>> '{}')::BIGINT
          AND \(updatedAt), false)
        """)
  }

  /// The function `tally_batch_matches(item, stored)`: whether an import as `Change` encodes
  /// it (`item`) is the row `stored` (as `to_jsonb` gives it), field by field.
  ///
  /// As v10 made it, an import's `readingIDs` of `[null, null]` and `settings` of
  /// `{"settings": null}` matched a row whose columns are `NULL`, though tally cannot read
  /// either; `readsBack` (v14) asks for ids and settings that are there.
  static func batchMatchesFunction(readsBack: Bool) -> String {
    let ids =
      readsBack
      ? " AND jsonb_typeof(stored -> 'first_reading_id') = 'number' "
        + "AND jsonb_typeof(stored -> 'last_reading_id') = 'number'" : ""
    let settings = readsBack ? " AND stored ->> 'settings' IS NOT NULL" : ""
    return function(
      "tally_batch_matches(item JSONB, stored JSONB) RETURNS BOOLEAN", language: "sql",
      volatility: "IMMUTABLE",
      body: """
        SELECT coalesce(stored IS NOT NULL AND jsonb_typeof(item) = 'object'
          AND item - ARRAY['id', 'projectID', 'fileName', 'sha256', 'at', 'imported',
            'duplicates', 'skipped', 'readingIDs', 'isUndone', 'settings'] = '{}'::JSONB
          AND (stored ->> 'id')::BIGINT = (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT
          AND (stored ->> 'project_id')::BIGINT
            = (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT
          AND stored ->> 'file_name' = tally_json(item -> 'fileName', 'string') #>> '{}'
          AND stored ->> 'sha256' = tally_json(item -> 'sha256', 'string') #>> '{}'
          AND (stored ->> 'at')::BIGINT = (tally_json(item -> 'at', 'number') #>> '{}')::BIGINT
          AND (stored ->> 'imported')::BIGINT
            = (tally_json(item -> 'imported', 'number') #>> '{}')::BIGINT
          AND (stored ->> 'duplicates')::BIGINT
            = (tally_json(item -> 'duplicates', 'number') #>> '{}')::BIGINT
          AND (stored ->> 'skipped')::BIGINT
            = (tally_json(item -> 'skipped', 'number') #>> '{}')::BIGINT
          AND tally_json(item -> 'isUndone', 'boolean') IS NOT NULL
          AND (item -> 'readingIDs' IS NULL OR jsonb_typeof(item -> 'readingIDs') = 'null'
            OR (item -> 'readingIDs'
              = jsonb_build_array(stored -> 'first_reading_id', stored -> 'last_reading_id')\(ids)))
          AND (item -> 'settings' IS NULL OR jsonb_typeof(item -> 'settings') = 'null'
            OR (item -> 'settings' = jsonb_build_object('settings', (stored ->> 'settings')::JSONB)\(settings))),
          false)
        """)
  }

  /// The functions members may call (see the type's summary), by signature.
  static let memberFunctions = [
    "tally_project_ids(INTEGER)", "tally_receive(BIGINT, BIGINT, BIGINT)",
  ]

  /// The tables whose rows members add, change and delete (as the policies let them).
  static let memberWrittenTables = [
    "project", "reading", "set_aside_reading", "timer", "import_batch", "journal", "setting",
    "change_request", "project_access", "reading_quarter", "reading_day", "reading_week",
  ]

  /// What a role that uses tally's tables (a team's group) is granted.
  ///
  /// All of it, each grant of older versions taken back first: reading every table (the policies pick the rows),
  /// writing `memberWrittenTables`, adding history steps, drawing ids (`USAGE`: not moving
  /// the sequences), calling `memberFunctions`. `grantee` and `schema` are SQL identifiers.
  static func memberGrants(to grantee: String, in schema: String) -> [String] {
    [
      "GRANT USAGE ON SCHEMA \(schema) TO \(grantee)",
      "REVOKE ALL ON ALL TABLES IN SCHEMA \(schema) FROM \(grantee)",
      "GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(grantee)",
      "GRANT INSERT, UPDATE, DELETE ON "
        + memberWrittenTables.map { "\(schema).\($0)" }.joined(separator: ", ")
        + " TO \(grantee)",
      "GRANT INSERT ON \(schema).history TO \(grantee)",
      "REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(schema) FROM \(grantee)",
      "GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(grantee)",
      "GRANT EXECUTE ON FUNCTION "
        + memberFunctions.map { "\(schema).\($0)" }.joined(separator: ", ")
        + " TO \(grantee)",
    ]
  }

  /// The trigger function that lets a journal entry in only as ``entryProblem`` allows, and
  /// lets undo and redo change only its mark.
  static var journalKeptFunction: String {
    function(
      "tally_journal_kept() RETURNS TRIGGER", language: "plpgsql", definer: true,
      body: """
        DECLARE
          problem TEXT;
        BEGIN
          \(ownTable("journal", "BEFORE", "ROW"))
          IF tally_trusted() THEN RETURN NEW; END IF;
          -- The mark other people's clients look for changes by: always a new one, so that
          -- no entry can hold it at a value that hides the changes after it.
          NEW.touched := nextval('journal_touch_seq');
          IF TG_OP = 'UPDATE' THEN
            IF (NEW.id, NEW.at, NEW.description, NEW.change, NEW.user_name, NEW.project_ids)
              IS DISTINCT FROM
              (OLD.id, OLD.at, OLD.description, OLD.change, OLD.user_name, OLD.project_ids)
            THEN
              RAISE EXCEPTION 'a journal entry stays as it was made; undo and redo only mark it'
                USING ERRCODE = '42501';
            END IF;
            IF NEW.undone = OLD.undone THEN RETURN NEW; END IF;
          END IF;
          problem := tally_entry_problem(NEW.change, NOT NEW.undone, NEW.project_ids);
          IF problem IS NOT NULL THEN
            RAISE EXCEPTION 'journal entry refused: %', problem USING ERRCODE = '42501';
          END IF;
          -- What finished transactions kept of their rows is no longer asked for.
          DELETE FROM tally_row_before WHERE xact < pg_snapshot_xmin(pg_current_snapshot());
          RETURN NEW;
        END
        """)
  }

  /// The function ``entryProblem`` is the body of.
  static var entryProblemFunction: String {
    function(
      "tally_entry_problem(change TEXT, forward BOOLEAN, named BIGINT[]) RETURNS TEXT",
      language: "plpgsql", volatility: "STABLE", body: entryProblem)
  }

  /// The function ``changeCheck(shape:)`` is the body of; a later migration that changes what a
  /// change may say makes it again.
  static var changeCheckFunction: String {
    changeCheckFunction(shape: v10Shape)
  }

  /// ``changeCheckFunction`` with `shape` its test of a change's body (SQL on `kind` and
  /// `body`, true when the body is as tally writes one).
  static func changeCheckFunction(shape: String) -> String {
    function(
      "tally_change_check(change JSONB, forward BOOLEAN, INOUT ids BIGINT[], OUT problem TEXT)",
      language: "plpgsql", volatility: "STABLE", body: changeCheck(shape: shape))
  }

  /// v10's test of a change's body: an object of `_0` alone, or of `before` and `after`.
  ///
  /// It let `{}` through as a body of `_0` (mended by v14).
  private static let v10Shape = """
    jsonb_typeof(body) = 'object' AND NOT (
            body - '_0' <> '{}'::JSONB AND body - ARRAY['before', 'after'] <> '{}'::JSONB)
            AND (kind IN ('updateProject', 'updateReading')) = (body - '_0' <> '{}'::JSONB)
    """

  /// Whether the rows a change names stand as it left them (or, not `forward`, as its undo
  /// left them): the walk over the change's JSON, as `Change` encodes it, collecting the
  /// projects it names into `ids`; `problem` says what does not stand.
  ///
  /// A timer is compared by `tally_timer_matches`, which migration "v11 timer notes" makes.
  private static func changeCheck(shape: String) -> String {
    """
    DECLARE
      kind TEXT;
      body JSONB;
      item JSONB;
      step RECORD;
      now_xid xid := xid(pg_current_xact_id());
      this_xact XID8 := pg_current_xact_id();
      pid BIGINT;
      rid BIGINT;
      side TEXT := CASE WHEN forward THEN 'after' ELSE 'before' END;
      prior TEXT := CASE WHEN forward THEN 'before' ELSE 'after' END;
    BEGIN
      IF jsonb_typeof(change) IS DISTINCT FROM 'object'
        OR (SELECT count(*) FROM jsonb_object_keys(change)) <> 1
      THEN
        problem := 'it is not a change tally wrote';
        RETURN;
      END IF;
      kind := (SELECT k FROM jsonb_object_keys(change) k);
      body := change -> kind;
      IF NOT coalesce(\(shape), false) THEN
        problem := 'it is not a change tally wrote';
        RETURN;
      END IF;
      IF NOT forward THEN
        kind := CASE kind
          WHEN 'insertProject' THEN 'deleteProject' WHEN 'deleteProject' THEN 'insertProject'
          WHEN 'insertReadings' THEN 'deleteReadings' WHEN 'deleteReadings' THEN 'insertReadings'
          WHEN 'startTimer' THEN 'stopTimer' WHEN 'stopTimer' THEN 'startTimer'
          WHEN 'restoreImport' THEN 'setAsideImport' WHEN 'setAsideImport' THEN 'restoreImport'
          WHEN 'setAsideReadings' THEN 'restoreReadings'
          WHEN 'restoreReadings' THEN 'setAsideReadings'
          ELSE kind END;
      END IF;
      CASE kind
      WHEN 'batch' THEN
        IF jsonb_typeof(body -> '_0') IS DISTINCT FROM 'array' THEN
          problem := 'it is not a change tally wrote';
          RETURN;
        END IF;
        FOR item IN SELECT value FROM jsonb_array_elements(body -> '_0') LOOP
          step := tally_change_check(item, forward, ids);
          ids := step.ids;
          IF step.problem IS NOT NULL THEN
            problem := step.problem;
            RETURN;
          END IF;
        END LOOP;
      WHEN 'insertProject', 'updateProject' THEN
        item := CASE WHEN body ? '_0' THEN body -> '_0' ELSE body -> side END;
        pid := (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT;
        ids := ids || pid;
        IF tally_project_matches(item,
          (SELECT to_jsonb(p) FROM project p WHERE id = pid AND xmin = now_xid)) IS NOT TRUE
        THEN
          problem := format('project %s is not as this change left it', pid);
        ELSIF kind = 'insertProject' AND EXISTS (
          SELECT 1 FROM tally_row_before WHERE xact = this_xact AND tbl = 'project' AND id = pid)
        THEN
          problem := format('project %s was there before this change', pid);
        ELSIF kind = 'updateProject' AND tally_project_matches(body -> prior,
          (SELECT old FROM tally_row_before
            WHERE xact = this_xact AND tbl = 'project' AND id = pid)) IS NOT TRUE
        THEN
          problem := format('project %s was not as this change says before it', pid);
        ELSIF kind = 'updateProject'
          AND ((body -> 'before') - 'updatedAt') IS DISTINCT FROM ((body -> 'after') - 'updatedAt')
          AND NOT pid = ANY(tally_project_ids(3))
        THEN
          problem := format('only an owner of project %s changes its settings', pid);
        END IF;
      WHEN 'deleteProject' THEN
        item := body -> '_0';
        pid := (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT;
        ids := ids || pid;
        IF tally_project_matches(item, (SELECT old FROM tally_row_before
          WHERE xact = this_xact AND tbl = 'project deleted' AND id = pid)) IS NOT TRUE
          OR EXISTS (SELECT 1 FROM project WHERE id = pid)
        THEN
          problem := format('project %s was not deleted by this change as it says', pid);
        END IF;
      WHEN 'insertReadings', 'updateReading' THEN
        FOR item IN
          SELECT value FROM jsonb_array_elements(
            CASE kind WHEN 'insertReadings' THEN body -> '_0' ELSE jsonb_build_array(body -> side) END)
        LOOP
          rid := (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT;
          ids := ids || (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT;
          IF tally_reading_matches(item,
            (SELECT to_jsonb(r) FROM reading r WHERE id = rid AND xmin = now_xid)) IS NOT TRUE
          THEN
            problem := format('reading %s is not as this change left it', rid);
            RETURN;
          END IF;
          -- Added (or brought back) here: not a reading that was there and is only changed.
          IF kind = 'insertReadings' AND EXISTS (
            SELECT 1 FROM tally_row_before WHERE xact = this_xact AND tbl = 'reading' AND id = rid)
          THEN
            problem := format('reading %s was there before this change', rid);
            RETURN;
          END IF;
        END LOOP;
        IF kind = 'updateReading' THEN
          ids := ids || (tally_json(body -> prior -> 'projectID', 'number') #>> '{}')::BIGINT;
          IF tally_reading_matches(body -> prior,
            (SELECT old FROM tally_row_before
              WHERE xact = this_xact AND tbl = 'reading' AND id = rid)) IS NOT TRUE
          THEN
            problem := format('reading %s was not as this change says before it', rid);
          END IF;
        END IF;
      WHEN 'deleteReadings' THEN
        FOR item IN SELECT value FROM jsonb_array_elements(body -> '_0') LOOP
          rid := (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT;
          ids := ids || (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT;
          IF tally_reading_matches(item, (SELECT old FROM tally_row_before
            WHERE xact = this_xact AND tbl = 'reading deleted' AND id = rid)) IS NOT TRUE
            OR EXISTS (SELECT 1 FROM reading WHERE id = rid)
          THEN
            problem := format('reading %s was not deleted by this change as it says', rid);
            RETURN;
          END IF;
        END LOOP;
      WHEN 'startTimer', 'stopTimer' THEN
        item := body -> '_0';
        pid := (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT;
        ids := ids || pid;
        IF jsonb_typeof(item) IS DISTINCT FROM 'object'
          OR item - ARRAY['projectID', 'startedAt', 'note', 'tags'] <> '{}'::JSONB
        THEN
          problem := 'it is not a change tally wrote';
        ELSIF kind = 'startTimer' AND (tally_timer_matches(item,
          (SELECT to_jsonb(t) FROM timer t WHERE project_id = pid AND xmin = now_xid)) IS NOT TRUE
          OR EXISTS (
            SELECT 1 FROM tally_row_before WHERE xact = this_xact AND tbl = 'timer' AND id = pid))
        THEN
          problem := format('the timer of project %s is not as this change left it', pid);
        -- Stopped: as it was, and not written again in this transaction.
        ELSIF kind = 'stopTimer' AND (tally_timer_matches(item, (SELECT old FROM tally_row_before
          WHERE xact = this_xact AND tbl = 'timer deleted' AND id = pid)) IS NOT TRUE
          OR EXISTS (SELECT 1 FROM timer WHERE project_id = pid AND xmin = now_xid
            AND started_at = (tally_json(item -> 'startedAt', 'number') #>> '{}')::BIGINT))
        THEN
          problem := format('the timer of project %s was not stopped by this change', pid);
        END IF;
      WHEN 'restoreImport', 'setAsideImport' THEN
        item := body -> '_0';
        rid := (tally_json(item -> 'id', 'number') #>> '{}')::BIGINT;
        ids := ids || (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT;
        IF tally_batch_matches(item, (SELECT to_jsonb(b) FROM import_batch b
          WHERE id = rid AND xmin = now_xid AND undone = (kind = 'setAsideImport'))) IS NOT TRUE
        THEN
          problem := format('import %s is not as this change left it', rid);
        -- Marked here (made here, or its mark turned; a new import was never live), its
        -- readings moved here.
        ELSIF coalesce((SELECT (old ->> 'undone')::BOOLEAN FROM tally_row_before
          WHERE xact = this_xact AND tbl = 'import_batch' AND id = rid), true)
          = (kind = 'setAsideImport')
        THEN
          problem := format('import %s was not marked by this change', rid);
        ELSIF jsonb_typeof(item -> 'readingIDs') = 'array' AND NOT (CASE kind
          WHEN 'setAsideImport' THEN EXISTS (SELECT 1 FROM set_aside_reading
            WHERE held_for = 'import ' || rid AND xmin = now_xid)
          ELSE EXISTS (SELECT 1 FROM reading
            WHERE id BETWEEN (item -> 'readingIDs' ->> 0)::BIGINT
              AND (item -> 'readingIDs' ->> 1)::BIGINT AND batch_id = rid AND xmin = now_xid)
          END)
        THEN
          problem := format('the readings of import %s were not moved by this change', rid);
        END IF;
      WHEN 'setAsideReadings' THEN
        pid := (tally_json(body -> '_0', 'number') #>> '{}')::BIGINT;
        ids := ids || pid;
        IF EXISTS (SELECT 1 FROM reading WHERE project_id = pid) OR NOT EXISTS (
          SELECT 1 FROM tally_row_before WHERE xact = this_xact AND tbl = 'project deleted' AND id = pid)
        THEN
          problem := format('the readings of project %s were not set aside with it', pid);
        END IF;
      WHEN 'restoreReadings' THEN
        pid := (tally_json(body -> '_0', 'number') #>> '{}')::BIGINT;
        ids := ids || pid;
        -- Only with the project itself brought back, in this change.
        IF NOT EXISTS (SELECT 1 FROM project WHERE id = pid AND xmin = now_xid) OR EXISTS (
          SELECT 1 FROM tally_row_before WHERE xact = this_xact AND tbl = 'project' AND id = pid)
        THEN
          problem := format('project %s was not brought back by this change', pid);
        END IF;
      ELSE
        problem := 'it is not a change tally wrote';
      END CASE;
    END
    """
  }

  /// Why a journal entry or a history step with `change` (as text), naming the projects
  /// `named`, may not be written now; `NULL` when it may.
  private static let entryProblem = """
    DECLARE
      parsed JSONB;
      step RECORD;
      refusal TEXT;
    BEGIN
      IF octet_length(change) > \(largestChange) THEN
        RETURN 'its change is larger than tally writes';
      END IF;
      BEGIN
        parsed := change::JSONB;
      EXCEPTION WHEN data_exception THEN
        RETURN 'its change is not JSON';
      END;
      -- A key twice in one object is read one way here and maybe another by tally; a value
      -- nested deeper than tally writes (a dozen levels) may be more than tally's reader takes,
      -- and a history step is never taken out again.
      \(jsonParts(of: "change::JSON", to: deepestChange))
      SELECT CASE
          WHEN max(depth) > \(deepestChange) THEN 'its change is nested deeper than tally writes'
          WHEN bool_or(json_typeof(value) = 'object'
            AND (SELECT count(*) <> count(DISTINCT k) FROM json_object_keys(value) k))
          THEN 'its change names a key twice'
        END
      INTO refusal FROM part;
      IF refusal IS NOT NULL THEN RETURN refusal; END IF;
      BEGIN
        step := tally_change_check(parsed, forward, '{}'::BIGINT[]);
      EXCEPTION WHEN data_exception THEN
        RETURN 'it is not a change tally wrote';
      END;
      -- Whether the author may write what it names comes first: what the rows of a project
      -- they may not write are like is not for them to learn from the answer.
      IF cardinality(step.ids) = 0 OR array_position(step.ids, NULL) IS NOT NULL THEN
        RETURN 'it names no project';
      END IF;
      IF NOT step.ids <@ tally_project_ids(2) THEN
        RETURN 'it names a project you may not write';
      END IF;
      IF step.problem IS NOT NULL THEN RETURN step.problem; END IF;
      IF NOT (step.ids <@ coalesce(named, '{}') AND coalesce(named, '{}') <@ step.ids) THEN
        RETURN 'its projects are not the ones its change names';
      END IF;
      RETURN NULL;
    END
    """

  /// The walk over a JSON value that v10's check of a change and v13's of goals both make.
  ///
  /// `WITH RECURSIVE part(value, depth)`: every value inside `json` (SQL) with how deep it
  /// lies, the whole at 1, walked one level past `deepest` at most; what follows selects from
  /// `part` (a key twice in one object, a value deeper than `deepest`).
  static func jsonParts(of json: String, to deepest: Int) -> String {
    """
    WITH RECURSIVE part(value, depth) AS (
      SELECT \(json), 1
      UNION ALL
      SELECT inner_part.value, part.depth + 1 FROM part, LATERAL (
        SELECT e.value FROM json_each(
          CASE WHEN json_typeof(part.value) = 'object' THEN part.value END) e
        UNION ALL
        SELECT a.value FROM json_array_elements(
          CASE WHEN json_typeof(part.value) = 'array' THEN part.value END) a
      ) inner_part
      WHERE part.depth <= \(deepest))
    """
  }

  /// Refuses a project row whose title key is not its title's (trimmed, in NFC, lower case):
  /// titles are one namespace only while every key is its title's.
  ///
  /// The server's `lower` is not Swift's in two places (a dot above, as in "İ", and the final
  /// sigma), so both sides are compared decomposed, in the server's lower case, without dots
  /// above and with every sigma alike.
  static let titleKeyKept = """
    IF NEW.title_key IS DISTINCT FROM btrim(NEW.title_key)
        OR \(keyShape("NEW.title_key")) IS DISTINCT FROM \(keyShape("btrim(NEW.title)"))
      THEN
        RAISE EXCEPTION 'the title key % is not the key of the title %', NEW.title_key, NEW.title
          USING ERRCODE = '23514';
      END IF;
    """

  /// SQL for `text` as title keys are compared on the server (see `titleKeyKept`).
  private static func keyShape(_ text: String) -> String {
    #"translate(lower(normalize(\#(text), NFD)), U&'\03C2\0307', U&'\03C3')"#
  }

  /// The opening of a trigger function that refuses to run on any table but `table`, or at
  /// another moment than tally's trigger fires it.
  static func ownTable(_ table: String, _ when: String, _ level: String) -> String {
    """
    IF TG_RELID <> '\(table)'::regclass OR TG_WHEN <> '\(when)' OR TG_LEVEL <> '\(level)' THEN
        RAISE EXCEPTION '% keeps tally''s table \(table), not %', TG_NAME, TG_RELID::regclass
          USING ERRCODE = '42501';
      END IF;
    """
  }

  /// A function (`CREATE OR REPLACE`) whose search path is the server's catalog, then tally's
  /// schema, then `pg_temp`: nothing a caller makes is found before what the body names.
  static func function(
    _ signature: String, language: String, volatility: String = "VOLATILE",
    definer: Bool = false, body: String
  ) -> String {
    """
    DO $do$ BEGIN
      EXECUTE format(
        'CREATE OR REPLACE FUNCTION \(signature) LANGUAGE \(language) \(volatility) '
        '\(definer ? "SECURITY DEFINER" : "SECURITY INVOKER") '
        'SET search_path = pg_catalog, %I, pg_temp AS %L', current_schema(),
        \(PostgresAccessSchema.quoted(body)));
    END $do$
    """
  }
}
