import TallyCore

/// The migration that lets a running timer carry the note and tags its readings are to have
/// (`timer start --note --tag`): two columns, the check of a journal entry that starts or
/// stops a timer comparing them too, and the mends of a hostile member's review: the journal's
/// mark always new, a change's JSON no deeper than tally writes.
enum PostgresTimerNoteSchema {
  static var statements: [String] {
    [
      // No longer than tally takes (see TimerNote): a note is written into each day's reading
      // of a run, and the change must stay within what the journal takes.
      """
      ALTER TABLE timer ADD COLUMN note TEXT
        CHECK (note IS NULL OR octet_length(note) <= \(TimerNote.longest))
      """,
      // Stored as a reading's tags are (see Tags): each between commas, NULL for none.
      "ALTER TABLE timer ADD COLUMN tags TEXT",
      // The planner's estimates are open to every role (EXPLAIN): the texts keep none.
      "ALTER TABLE timer ALTER COLUMN note SET STATISTICS 0",
      "ALTER TABLE timer ALTER COLUMN tags SET STATISTICS 0",
      "ALTER TABLE reading ALTER COLUMN note SET STATISTICS 0",
      "ALTER TABLE reading ALTER COLUMN tags SET STATISTICS 0",
      // Whether a timer (`item`, as `Change` encodes it) is the row `stored` (as to_jsonb
      // gives it), field by field; a timer recorded before it had a note has none. The tags
      // are compared as tally reads the column (the words between commas), so that a row
      // written otherwise through SQL still matches what tally says of it.
      PostgresMemberSchema.function(
        "tally_timer_matches(item JSONB, stored JSONB) RETURNS BOOLEAN", language: "sql",
        volatility: "IMMUTABLE",
        body: """
          SELECT coalesce(stored IS NOT NULL AND jsonb_typeof(item) = 'object'
            AND item - ARRAY['projectID', 'startedAt', 'note', 'tags'] = '{}'::JSONB
            AND (stored ->> 'project_id')::BIGINT
              = (tally_json(item -> 'projectID', 'number') #>> '{}')::BIGINT
            AND (stored ->> 'started_at')::BIGINT
              = (tally_json(item -> 'startedAt', 'number') #>> '{}')::BIGINT
            AND (item -> 'note' IS NULL OR jsonb_typeof(item -> 'note') IN ('string', 'null'))
            AND (stored ->> 'note') IS NOT DISTINCT FROM (item ->> 'note')
            AND (item -> 'tags' IS NULL OR (jsonb_typeof(item -> 'tags') = 'array'
              AND NOT jsonb_path_exists(item -> 'tags', '$[*] ? (@.type() != "string")')))
            AND array_remove(string_to_array(coalesce(stored ->> 'tags', ''), ','), '')
              = ARRAY(
                SELECT t FROM jsonb_array_elements_text(coalesce(item -> 'tags', '[]'))
                  WITH ORDINALITY AS tag(t, n)
                ORDER BY n), false)
          """),
      // Made again: a database that "v10 members hold to their grants" made before this
      // migration has the check that compares only when a timer started.
      PostgresMemberSchema.changeCheckFunction,
      PostgresMemberSchema.entryProblemFunction,
      PostgresMemberSchema.journalKeptFunction,
    ]
  }
}
