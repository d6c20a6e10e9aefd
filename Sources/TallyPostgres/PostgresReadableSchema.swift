import TallyCore

/// The migration that holds what a member writes with plain SQL to what tally can read back,
/// so that one member's rows cannot stop or crash another's tally.
///
/// These are the mends of a hostile member's review:
/// - a project's goals are JSON as tally writes them (an array of settings, each with its
///   start in microseconds, a goal of a known direction and period or none): goals that could
///   not be read made every command of everyone the project was shared with fail;
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
      PostgresMemberSchema.function(
        "tally_project_goals_read() RETURNS TRIGGER", language: "plpgsql",
        body: """
          DECLARE
            settings JSONB;
          BEGIN
            \(PostgresMemberSchema.ownTable("project", "BEFORE", "ROW"))
            BEGIN
              settings := NEW.goals::JSONB;
            EXCEPTION WHEN others THEN
              settings := NULL;
            END;
            IF settings IS NULL OR jsonb_typeof(settings) <> 'array' OR EXISTS (
              SELECT 1 FROM jsonb_array_elements(settings) AS s (setting)
              WHERE NOT COALESCE(
                jsonb_typeof(setting) = 'object'
                AND \(micros("setting -> 'since'"))
                AND (NOT setting ? 'from' OR jsonb_typeof(setting -> 'from') = 'null'
                  OR \(micros("setting -> 'from'")))
                AND (NOT setting ? 'goal' OR jsonb_typeof(setting -> 'goal') = 'null'
                  OR (jsonb_typeof(setting -> 'goal') = 'object'
                    AND jsonb_typeof(setting -> 'goal' -> 'amount') = 'number'
                    AND abs((setting -> 'goal' ->> 'amount')::NUMERIC) < 1e300
                    AND jsonb_typeof(setting -> 'goal' -> 'direction') = 'string'
                    AND setting -> 'goal' ->> 'direction' IN (\(directions))
                    AND jsonb_typeof(setting -> 'goal' -> 'per') = 'string'
                    AND setting -> 'goal' ->> 'per' IN (\(periods)))),
                false))
            THEN
              RAISE EXCEPTION 'the goals of project % are not as tally writes them', NEW.title
                USING ERRCODE = '23514';
            END IF;
            RETURN NEW;
          END
          """),
      """
      CREATE TRIGGER project_goals_read BEFORE INSERT OR UPDATE OF goals ON project
        FOR EACH ROW EXECUTE FUNCTION tally_project_goals_read()
      """,
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
          """),
    ]
    return statements
  }

  /// SQL that is true when the JSON value `value` is a whole number of microseconds (an
  /// integer of at most 18 digits, as tally writes a time).
  private static func micros(_ value: String) -> String {
    "(jsonb_typeof(\(value)) = 'number' AND (\(value)) #>> '{}' ~ '^-?[0-9]{1,18}$')"
  }

  private static func quotedList(_ values: [String]) -> String {
    values.map { "'\($0)'" }.joined(separator: ", ")
  }
}
