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
///   written from now on (the checks are added `NOT VALID`).
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
    ]
  }

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
