/// The migration that lets a running timer carry the note and tags its readings are to have
/// (`timer start --note --tag`): two columns, and the check of a journal entry that starts or
/// stops a timer comparing them too.
enum PostgresTimerNoteSchema {
  static var statements: [String] {
    [
      "ALTER TABLE timer ADD COLUMN note TEXT",
      // Stored as a reading's tags are (see Tags): each between commas, NULL for none.
      "ALTER TABLE timer ADD COLUMN tags TEXT",
      // Whether a timer (`item`, as `Change` encodes it) is the row `stored` (as to_jsonb
      // gives it), field by field; a timer recorded before it had a note has none.
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
            AND coalesce(stored ->> 'tags', '') = coalesce(
              (SELECT ',' || string_agg(t, ',' ORDER BY n) || ','
                FROM jsonb_array_elements_text(coalesce(item -> 'tags', '[]'))
                  WITH ORDINALITY AS tag(t, n)), ''), false)
          """),
      // Made again: a database that "v10 members hold to their grants" made before this
      // migration has the check that compares only when a timer started.
      PostgresMemberSchema.changeCheckFunction,
    ]
  }
}
