import TallyCore

/// The migration that holds what a member writes with plain SQL to what tally can read back,
/// so that one member's rows cannot stop or crash another's tally.
///
/// These are the mends of a hostile member's review:
/// - a project's goals and an import's settings are JSON as tally writes them (an array of
///   settings, each with its start in microseconds within the years 0 to 9999, a goal of a
///   known direction and period or none; each option and value a string), no key twice, no
///   deeper or larger than tally writes: goals that could not be read made every command of
///   everyone the project was shared with fail, and settings their `import list` and backup;
/// - a project's times lie in the years 0 to 9999 and its count is not negative: a time far
///   outside trapped the calendar of `due` and the REPL of whoever could read the project;
/// - the rollups' buckets lie within the years tally reads, each holds between 1 and 10^12
///   readings, and their figures are amounts tally could have added (a sum within twice the
///   largest amount times the count, whatever its rounding): a bucket far outside
///   them overflowed the arithmetic of the reports and `check` of whoever could read it;
/// - an import's first reading id is not above its last;
/// - a project id that someone else holds is refused with the same words as one never
///   drawn: the answer no longer tells a member that a hidden project has it.
///
/// The checks on existing rows are added `NOT VALID` (``tally check`` reads every row); every
/// row written from now on is held to them.
enum PostgresReadableSchema {
  /// The most readings one bucket holds: a million buckets of them still count within an
  /// integer.
  static let mostPerBucket: Int64 = 1_000_000_000_000

  static var statements: [String] {
    let limit = String(format: "%.0f", AmountRange.limit)
    let directions = quotedList(GoalDirection.allCases.map(\.rawValue))
    let periods = quotedList(Frequency.allCases.map(\.rawValue))
    let (earliest, latest) = (PostgresValueSchema.earliest, PostgresValueSchema.latest)
    var statements: [String] = []
    for level in RollupLevel.allCases {
      let (table, column) = PostgresRollups.table(level)
      let first = level.bucket(of: PostgresValueSchema.earliest)
      let last = level.bucket(of: PostgresValueSchema.latest)
      statements += [
        """
        ALTER TABLE \(table) ADD CONSTRAINT \(table)_as_summed CHECK (
          \(column) BETWEEN \(first) AND \(last)
          AND count BETWEEN 1 AND \(mostPerBucket)
          AND smallest > -\(limit) AND largest < \(limit) AND smallest <= largest
          AND abs(total) <= 2 * \(limit)::DOUBLE PRECISION * count
        ) NOT VALID
        """
      ]
    }
    statements += [
      """
      ALTER TABLE import_batch ADD CONSTRAINT import_batch_ids_in_order
        CHECK (first_reading_id <= last_reading_id) NOT VALID
      """,
      // Times and counts within what tally's arithmetic takes (a time past the years 0 to
      // 9999 trapped the calendar of everyone the project is shared with).
      """
      ALTER TABLE project ADD CONSTRAINT project_values_in_range CHECK (
        created_at BETWEEN \(earliest) AND \(latest)
        AND updated_at BETWEEN \(earliest) AND \(latest)
        AND (last_reading_at IS NULL OR last_reading_at BETWEEN \(earliest) AND \(latest))
        AND reading_count BETWEEN 0 AND \(PostgresMemberSchema.largestID)
      ) NOT VALID
      """,
    ]
    statements += readTrigger(
      "project", column: "goals", function: "tally_project_goals_read",
      refusal: "'the goals of project % are not as tally writes them', NEW.title",
      shape: """
        jsonb_typeof(setting) = 'object'
        AND \(micros("setting -> 'since'"))
        AND (NOT setting ? 'from' OR jsonb_typeof(setting -> 'from') = 'null'
          OR \(micros("setting -> 'from'")))
        AND (NOT setting ? 'goal' OR jsonb_typeof(setting -> 'goal') = 'null'
          OR (jsonb_typeof(setting -> 'goal') = 'object'
            AND jsonb_typeof(setting -> 'goal' -> 'amount') = 'number'
            AND ((setting -> 'goal' ->> 'amount')::NUMERIC = 0
              OR abs((setting -> 'goal' ->> 'amount')::NUMERIC) BETWEEN 1e-300 AND 1e300)
            AND jsonb_typeof(setting -> 'goal' -> 'direction') = 'string'
            AND setting -> 'goal' ->> 'direction' IN (\(directions))
            AND jsonb_typeof(setting -> 'goal' -> 'per') = 'string'
            AND setting -> 'goal' ->> 'per' IN (\(periods))))
        """)
    statements += readTrigger(
      "import_batch", column: "settings", function: "tally_import_settings_read",
      refusal: "'the settings of import % are not as tally writes them', NEW.id",
      shape: """
        jsonb_typeof(setting) = 'object'
        AND jsonb_typeof(setting -> 'option') = 'string'
        AND jsonb_typeof(setting -> 'value') = 'string'
        """)
    statements += [
      // As v10's, but for the words: an id another person holds and an id never drawn are
      // refused alike.
      PostgresMemberSchema.function(
        "tally_project_inserting() RETURNS TRIGGER", language: "plpgsql", definer: true,
        body: """
          DECLARE
            drawn BIGINT;
          BEGIN
            \(PostgresMemberSchema.ownTable("project", "BEFORE", "ROW"))
            IF tally_trusted() THEN RETURN NEW; END IF;
            \(PostgresMemberSchema.titleKeyKept)
            IF EXISTS (SELECT 1 FROM project_access WHERE project_id = NEW.id)
              AND NEW.id = ANY(tally_project_ids(3))
            THEN
              RETURN NEW;
            END IF;
            IF NOT EXISTS (SELECT 1 FROM project_access WHERE project_id = NEW.id)
              AND EXISTS (SELECT 1 FROM history_start WHERE xmin = xid(pg_current_xact_id()))
            THEN
              RETURN NEW;
            END IF;
            BEGIN
              drawn := currval('project_id_seq');
            EXCEPTION WHEN object_not_in_prerequisite_state THEN
              drawn := NULL;
            END;
            IF drawn IS DISTINCT FROM NEW.id
              OR EXISTS (SELECT 1 FROM project_access WHERE project_id = NEW.id)
            THEN
              RAISE EXCEPTION 'a new project takes the id drawn for it from project_id_seq, not %',
                NEW.id USING ERRCODE = '42501';
            END IF;
            RETURN NEW;
          END
          """)
    ]
    return statements
  }

  /// The largest JSON a project's goals or an import's settings take: about 2,500 goal
  /// settings (each goal edit adds one of about 100 bytes), where 200,000 of them slowed every
  /// report of the project until its connection was lost.
  static let largestJSON = 256 << 10

  /// The deepest they are nested: an array of objects, a goal object in one, its values.
  static let deepestJSON = 4

  /// A trigger that refuses a row whose `column` (JSON text, `NULL` allowed for import
  /// settings) tally could not read back: not an array of elements each of `shape` (SQL on
  /// `setting`, a JSONB element), larger or deeper than tally writes, or naming a key twice
  /// (read one way here and maybe another by tally's reader).
  private static func readTrigger(
    _ table: String, column: String, function: String, refusal: String, shape: String
  ) -> [String] {
    [
      PostgresMemberSchema.function(
        "\(function)() RETURNS TRIGGER", language: "plpgsql",
        body: """
          DECLARE
            parsed JSONB;
            malformed BOOLEAN;
          BEGIN
            \(PostgresMemberSchema.ownTable(table, "BEFORE", "ROW"))
            IF NEW.\(column) IS NULL AND '\(table)' = 'import_batch' THEN RETURN NEW; END IF;
            BEGIN
              parsed := NEW.\(column)::JSONB;
              \(PostgresMemberSchema.jsonParts(of: "NEW.\(column)::JSON", to: deepestJSON))
              SELECT max(depth) > \(deepestJSON) OR coalesce(bool_or(json_typeof(value) = 'object'
                  AND (SELECT count(*) <> count(DISTINCT k) FROM json_object_keys(value) k)), false)
              INTO malformed FROM part;
            EXCEPTION WHEN others THEN
              parsed := NULL;
            END;
            IF parsed IS NULL OR malformed OR octet_length(NEW.\(column)) > \(largestJSON)
              OR jsonb_typeof(parsed) <> 'array' OR EXISTS (
                SELECT 1 FROM jsonb_array_elements(parsed) AS s (setting)
                WHERE NOT coalesce(\(shape), false))
            THEN
              RAISE EXCEPTION \(refusal) USING ERRCODE = '23514';
            END IF;
            RETURN NEW;
          END
          """),
      """
      CREATE TRIGGER \(function.replacingOccurrences(of: "tally_", with: "")) BEFORE INSERT OR UPDATE OF \(column) ON \(table)
        FOR EACH ROW EXECUTE FUNCTION \(function)()
      """,
    ]
  }

  /// SQL that is true when the JSON value `value` is a whole number of microseconds within the
  /// years 0 to 9999 (an integer, as tally writes a time).
  static func micros(_ value: String) -> String {
    "(jsonb_typeof(\(value)) = 'number' AND (\(value)) #>> '{}' ~ '^-?[0-9]{1,18}$' "
      + "AND ((\(value)) #>> '{}')::BIGINT BETWEEN \(PostgresValueSchema.earliest) "
      + "AND \(PostgresValueSchema.latest))"
  }

  private static func quotedList(_ values: [String]) -> String {
    values.map { "'\($0)'" }.joined(separator: ", ")
  }
}
