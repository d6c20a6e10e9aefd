/// The migration that holds a change in the journal and the history to what tally reads back,
/// so that a member's own step cannot stop everyone's `report --as-of`, `item show` and
/// `check`, nor their author's `undo`.
///
/// These are the mends of two hostile members' reviews. Each step below was taken by the
/// server and could not be read by tally; a history step is never taken out again but by the
/// administrator:
/// - a project whose `updatedAt` was `1.5`: now a whole number of microseconds within the
///   years 0 to 9999, as every other time in a change already had to be (those are compared
///   with the row as integers);
/// - a body without the values of its kind (`{"deleteReadings": {}}` inside a batch, which
///   named no rows and so nothing to refuse): now `_0` alone, or `before` and `after` alone
///   for an update;
/// - an import's `readingIDs` of `[null, null]` and `settings` of `{"settings": null}`, which
///   matched a row whose columns are `NULL`: now only ids and settings that are there;
/// - the times of the journal, the history and a timer far past the years tally reads (a step
///   dated the last instant of 9999 is reverted by every `--as-of`): now within them, for rows
///   written from now on (the checks are added `NOT VALID`);
/// - an import's counts and time as any number (a count of -2^63 trapped the owner's
///   `import undo`): now counts from 0 and a time within those years;
/// - readings someone set aside, deleted or changed by another writer (which ended their
///   redo, and every report as of a time before it): now only theirs, or the owner's, to
///   change or drop.
enum PostgresHistoryReadSchema {
  static var statements: [String] {
    let (earliest, latest) = (PostgresValueSchema.earliest, PostgresValueSchema.latest)
    return [
      PostgresMemberSchema.projectMatchesFunction(
        updatedAt: PostgresReadableSchema.micros("item -> 'updatedAt'")),
      PostgresMemberSchema.changeCheckFunction(shape: shape),
      PostgresMemberSchema.batchMatchesFunction(readsBack: true),
      """
      ALTER TABLE journal ADD CONSTRAINT journal_at_in_years
        CHECK (at BETWEEN \(earliest) AND \(latest)) NOT VALID
      """,
      """
      ALTER TABLE history ADD CONSTRAINT history_at_in_years
        CHECK (at BETWEEN \(earliest) AND \(latest)) NOT VALID
      """,
      """
      ALTER TABLE timer ADD CONSTRAINT timer_started_in_years
        CHECK (started_at BETWEEN \(earliest) AND \(latest)) NOT VALID
      """,
      // An import's figures as tally writes them (a count of -2^63 trapped the owner's
      // `import undo`).
      """
      ALTER TABLE import_batch ADD CONSTRAINT import_batch_figures_as_counted CHECK (
        at BETWEEN \(earliest) AND \(latest)
        AND imported BETWEEN 0 AND \(PostgresMemberSchema.largestID)
        AND duplicates BETWEEN 0 AND \(PostgresMemberSchema.largestID)
        AND skipped BETWEEN 0 AND \(PostgresMemberSchema.largestID)
      ) NOT VALID
      """,
      // Readings someone set aside (an undone import or delete, waiting for redo) are theirs
      // to change and to drop, or the project's owner's: a writer who deleted them ended
      // that person's redo and every report as of a time before it.
      "DROP POLICY set_aside_reading_update ON set_aside_reading",
      "DROP POLICY set_aside_reading_delete ON set_aside_reading",
      """
      CREATE POLICY set_aside_reading_update ON set_aside_reading FOR UPDATE
        USING (\(setAsideByThem)) WITH CHECK (\(setAsideByThem))
      """,
      "CREATE POLICY set_aside_reading_delete ON set_aside_reading FOR DELETE USING (\(setAsideByThem))",
    ]
  }

  /// Rows of `set_aside_reading` the person may change or drop: in a project they write, set
  /// aside by them (or before tally noted who did), or in a project they own.
  private static let setAsideByThem = """
    project_id = ANY ((SELECT tally_project_ids(2))::BIGINT[])
        AND (set_aside_by IS NULL OR set_aside_by = session_user
          OR project_id = ANY ((SELECT tally_project_ids(3))::BIGINT[]))
    """

  /// A change's body as tally writes one: an object of `_0` alone, or of `before` and `after`
  /// alone for an update (SQL on `kind` and `body`).
  private static let shape = """
    jsonb_typeof(body) = 'object' AND CASE
              WHEN kind IN ('updateProject', 'updateReading')
              THEN body ?& ARRAY['before', 'after'] AND body - ARRAY['before', 'after'] = '{}'::JSONB
              ELSE body ? '_0' AND body - '_0' = '{}'::JSONB
            END
    """
}
