import TallyCore

/// Who may read, write or own each project, enforced by the server in row-level security
/// policies: the migration that adds them.
///
/// A person is the role they logged in as (`session_user`); a grant to a group role is a grant
/// to each of its members. `project_access` holds the grants; `tally_project_ids(level)` lists
/// the projects the person may use at that level (1 read, 2 write, 3 owner). Every table that holds
/// a project's data has `FORCE ROW LEVEL SECURITY`, so that the tables' owner is bound as well;
/// only a superuser or a role with `BYPASSRLS` sees past them, as PostgreSQL decides.
///
/// `tally_project_ids` runs as the owner of the tables (`SECURITY DEFINER`, with its search path
/// fixed to tally's schema), reading `project_access` past its own policies, which the owner is
/// not forced to keep: that is what lets a policy on `project_access` ask who owns a project
/// without asking itself. A policy calls it once per statement (`= ANY ((SELECT …))` is an
/// initial plan), not once per row, and the condition on the project's id keeps a report's
/// range an index-only scan.
enum PostgresAccessSchema {
  /// The tables whose rows belong to a project, by the column that names it: a reader sees
  /// them, a writer changes them.
  static let projectTables = [
    ("reading", "project_id"), ("set_aside_reading", "project_id"), ("timer", "project_id"),
    ("import_batch", "project_id"),
  ]

  static var statements: [String] {
    [
      """
      CREATE TABLE project_access (
        project_id BIGINT NOT NULL,
        role_name TEXT NOT NULL,
        level TEXT NOT NULL CHECK (level IN ('read', 'write', 'owner')),
        PRIMARY KEY (project_id, role_name)
      )
      """,
      // The projects already there belong to whoever brings the database up to date: before,
      // everyone who could connect could change them.
      "INSERT INTO project_access SELECT id, session_user, 'owner' FROM project",
      definer(
        "tally_project_ids(minimum INTEGER) RETURNS BIGINT[]", language: "plpgsql",
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
      // A project id nobody holds a grant on: a new project, not one deleted and held for undo.
      definer(
        "tally_project_unclaimed(project BIGINT) RETURNS BOOLEAN", language: "sql",
        body: "SELECT NOT EXISTS (SELECT 1 FROM project_access WHERE project_id = project)"),
      // How many projects the database holds or held, whoever may see them.
      definer(
        "tally_claimed_projects() RETURNS BIGINT", language: "sql",
        body: "SELECT count(DISTINCT project_id) FROM project_access"),
      // The creator of a project owns it.
      definer(
        "tally_project_created() RETURNS TRIGGER", language: "plpgsql", volatility: "VOLATILE",
        body: """
          BEGIN
            INSERT INTO project_access VALUES (NEW.id, session_user, 'owner')
            ON CONFLICT DO NOTHING;
            RETURN NULL;
          END
          """),
      """
      CREATE TRIGGER project_created AFTER INSERT ON project
      FOR EACH ROW EXECUTE FUNCTION tally_project_created()
      """,
      // A writer updates a project's counters; only an owner changes what the project is.
      """
      CREATE FUNCTION tally_project_settings_kept() RETURNS TRIGGER LANGUAGE plpgsql AS $fn$
      BEGIN
        IF (NEW.id, NEW.title, NEW.title_key, NEW.units, NEW.frequency, NEW.kind, NEW.decimals,
            NEW.goals, NEW.created_at)
          IS DISTINCT FROM
          (OLD.id, OLD.title, OLD.title_key, OLD.units, OLD.frequency, OLD.kind, OLD.decimals,
            OLD.goals, OLD.created_at)
          AND NOT OLD.id = ANY(tally_project_ids(3))
          -- A superuser or a role with BYPASSRLS sees past the policies: past this too.
          AND NOT (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user)
        THEN
          RAISE EXCEPTION 'only an owner of project % may change it', OLD.title
            USING ERRCODE = '42501';
        END IF;
        RETURN NEW;
      END
      $fn$
      """,
      """
      CREATE TRIGGER project_settings_kept BEFORE UPDATE ON project
      FOR EACH ROW EXECUTE FUNCTION tally_project_settings_kept()
      """,
      "ALTER TABLE project ENABLE ROW LEVEL SECURITY",
      "ALTER TABLE project FORCE ROW LEVEL SECURITY",
      "CREATE POLICY project_read ON project FOR SELECT USING (\(may("id", .read)))",
      // A new project's id is one the sequence handed out (so that nobody takes the next
      // one ahead of whoever draws it); an id held for undo comes back to its owners.
      """
      CREATE POLICY project_create ON project FOR INSERT
      WITH CHECK (
        (tally_project_unclaimed(id) AND id <= (SELECT last_value FROM project_id_seq))
        OR \(may("id", .owner)))
      """,
      """
      CREATE POLICY project_write ON project FOR UPDATE
      USING (\(may("id", .write))) WITH CHECK (\(may("id", .write)))
      """,
      """
      CREATE POLICY project_delete ON project FOR DELETE
      USING (\(may("id", .owner)))
      """,
    ]
      + policies(on: projectTables)
      + [
        // The journal: a person changes only their own entries, and sees everyone's changes
        // to projects they may read. Entries made before this migration name no projects:
        // only their authors see them.
        "ALTER TABLE journal ADD COLUMN project_ids BIGINT[]",
        "ALTER TABLE journal ALTER COLUMN user_name SET DEFAULT session_user",
        "ALTER TABLE journal ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE journal FORCE ROW LEVEL SECURITY",
        """
        CREATE POLICY journal_read ON journal FOR SELECT
        USING (user_name = session_user
          OR (cardinality(project_ids) > 0
            AND project_ids <@ (SELECT tally_project_ids(1))::BIGINT[]))
        """,
        """
        CREATE POLICY journal_own ON journal FOR ALL
        USING (user_name = session_user) WITH CHECK (user_name = session_user)
        """,
        "ALTER TABLE setting ALTER COLUMN user_name SET DEFAULT session_user",
        "ALTER TABLE setting ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE setting FORCE ROW LEVEL SECURITY",
        """
        CREATE POLICY setting_own ON setting FOR ALL
        USING (user_name = session_user) WITH CHECK (user_name = session_user)
        """,
        // A project keeps an owner, however its grants are changed (a project deleted and
        // held for undo keeps its grants).
        definer(
          "tally_owner_kept() RETURNS TRIGGER", language: "plpgsql", volatility: "VOLATILE",
          body: """
            BEGIN
              IF NOT EXISTS (
                SELECT 1 FROM project_access WHERE project_id = OLD.project_id AND level = 'owner')
              THEN
                RAISE EXCEPTION 'project % would be left without an owner', OLD.project_id
                  USING ERRCODE = '23514';
              END IF;
              RETURN NULL;
            END
            """),
        """
        CREATE TRIGGER project_owner_kept AFTER UPDATE OR DELETE ON project_access
        FOR EACH ROW EXECUTE FUNCTION tally_owner_kept()
        """,
        // Whoever may read a project sees who else may; its owners change that. The tables'
        // owner is not forced here: `tally_project_ids` reads these rows as the owner, past them.
        "ALTER TABLE project_access ENABLE ROW LEVEL SECURITY",
        """
        CREATE POLICY project_access_read ON project_access FOR SELECT
        USING (\(may("project_id", .read)))
        """,
        """
        CREATE POLICY project_access_own ON project_access FOR ALL
        USING (\(may("project_id", .owner))) WITH CHECK (\(may("project_id", .owner)))
        """,
      ]
  }

  /// Row-level security on `tables` (name, column naming the project): a reader of the
  /// project sees their rows, a writer changes them.
  static func policies(on tables: [(String, String)]) -> [String] {
    tables.flatMap { table, column in
      [
        "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY",
        // One policy for each command, so that a read carries one condition.
        "CREATE POLICY \(table)_read ON \(table) FOR SELECT USING (\(may(column, .read)))",
        """
        CREATE POLICY \(table)_insert ON \(table) FOR INSERT
        WITH CHECK (\(may(column, .write)))
        """,
        """
        CREATE POLICY \(table)_update ON \(table) FOR UPDATE
        USING (\(may(column, .write))) WITH CHECK (\(may(column, .write)))
        """,
        """
        CREATE POLICY \(table)_delete ON \(table) FOR DELETE USING (\(may(column, .write)))
        """,
      ]
    }
  }

  /// The condition that the person may use the project `column` names at `level`: evaluated
  /// once per statement.
  private static func may(_ column: String, _ level: AccessLevel) -> String {
    "\(column) = ANY ((SELECT tally_project_ids(\(level.rank)))::BIGINT[])"
  }

  /// A `SECURITY DEFINER` function whose search path is tally's schema (then `pg_temp`), so
  /// that no one who calls it can slip a table of their own in front of tally's.
  private static func definer(
    _ signature: String, language: String, volatility: String = "STABLE", body: String
  ) -> String {
    """
    DO $do$ BEGIN
      EXECUTE format(
        'CREATE FUNCTION \(signature) LANGUAGE \(language) \(volatility) SECURITY DEFINER '
        'SET search_path = %I, pg_temp AS %L', current_schema(),
        \(quoted(body)));
    END $do$
    """
  }

  /// `text` as an SQL string literal.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
