import TallyCore

/// The migration that holds a member's plain SQL to what tally itself writes.
///
/// These are the mends of a hostile member's review:
/// - a reading's amount within ``AmountRange`` (no NaN or infinity, which tally could then
///   neither edit nor delete, nor back up), its time within the years tally reads (0 to
///   9999, so that no period's arithmetic overflows), its tags as ``Tags`` writes them (each
///   between commas, none empty), so that tally finds the row it reads to edit or delete it;
/// - a set-aside reading names who set it aside, and an undo brings back only the readings
///   its own person set aside: a writer's row planted under another person's label stays
///   where it is.
///
/// The checks are added `NOT VALID`: a row written before is left as it is (``tally check``
/// reads every row), every row written from now on is held to them.
enum PostgresValueSchema {
  /// The first and last microsecond of the years 0 to 9999, UTC.
  static let earliest: Int64 = -62_167_219_200_000_000
  static let latest: Int64 = 253_402_300_799_999_999

  static var statements: [String] {
    let limit = String(format: "%.0f", AmountRange.limit)
    var statements: [String] = []
    for table in ["reading", "set_aside_reading"] {
      statements += [
        // NaN is greater than every number to PostgreSQL, so the range refuses it too.
        """
        ALTER TABLE \(table) ADD CONSTRAINT \(table)_amount_in_range
          CHECK (amount > -\(limit) AND amount < \(limit)) NOT VALID
        """,
        """
        ALTER TABLE \(table) ADD CONSTRAINT \(table)_time_in_range
          CHECK (timestamp BETWEEN \(earliest) AND \(latest)) NOT VALID
        """,
        """
        ALTER TABLE \(table) ADD CONSTRAINT \(table)_tags_as_written
          CHECK (tags IS NULL OR tags ~ '^,([^,]+,)+$') NOT VALID
        """,
      ]
    }
    statements += [
      "ALTER TABLE set_aside_reading ADD COLUMN set_aside_by TEXT",
      // Whoever writes the row: a member cannot name someone else.
      PostgresMemberSchema.function(
        "tally_set_aside_by() RETURNS TRIGGER", language: "plpgsql",
        body: """
          BEGIN
            IF TG_RELID <> 'set_aside_reading'::regclass THEN
              RAISE EXCEPTION 'tally_set_aside_by() marks set_aside_reading only, not %',
                TG_RELID::regclass USING ERRCODE = '42501';
            END IF;
            NEW.set_aside_by := session_user;
            RETURN NEW;
          END
          """),
      """
      CREATE TRIGGER set_aside_reading_by BEFORE INSERT OR UPDATE ON set_aside_reading
        FOR EACH ROW EXECUTE FUNCTION tally_set_aside_by()
      """,
    ]
    return statements
  }
}
