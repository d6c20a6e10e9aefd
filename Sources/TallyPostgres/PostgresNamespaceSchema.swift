import TallyCore

/// The migration that keeps titles one namespace, and what one member writes from weighing on
/// everyone else's tally.
///
/// These are the mends of a hostile member's review:
/// - a project whose title key was its title's only once both were folded again on the server
///   (`Secret` kept as `Secret`, or `hours` with a no-break space after it): it stood beside
///   the project whose key tally makes, so that one person's `project delete Secret`,
///   `report`, `timer start` and `unshare` reached a member's decoy instead, and their
///   `backup` failed. Now a key is its title in NFC and the server's lower case, exactly as
///   tally makes it (but for a title holding `İ` or a capital sigma, whose lower case the
///   server and Swift write differently: v10's folded comparison holds those), so the unique
///   key is tally's; and no title or key starts or ends with a space of any kind, nor with a
///   zero-width space, which Swift trims too;
/// - descriptions of the journal and the history of any length: twenty-five steps of 100 MB
///   each (compressed to 30 MB on disk) took every reader's `report --as-of`, `check` and
///   `item show` to 5 GB. Now a description holds at most 1 MiB, as no message of tally's
///   comes near, and an entry or a step names at most 100,000 projects (fifty million
///   names of one project took 400 MB a row);
/// - readings with more tags than tally takes (32), which stopped the owner's `backup`;
/// - grants for roles that do not exist, by the million, on a project of one's own: every
///   policy of everyone's statements read them all. Now the projects one may use are found
///   from one's own roles, through an index on the role.
///
/// The checks are added `NOT VALID`, as the earlier ones: rows written from now on are held
/// to them.
enum PostgresNamespaceSchema {
  /// The longest description of a journal entry or a history step, in bytes.
  static let longestDescription = 1 << 20

  /// The characters Swift trims as white space (Unicode's `White_Space`), as a bracket
  /// expression of the server's regular expressions.
  static let whiteSpace =
    #"[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000]"#

  /// The most projects one entry of the journal or one step of the history names.
  static let mostProjects = 100_000

  static var statements: [String] {
    [
      """
      ALTER TABLE project ADD CONSTRAINT project_title_trimmed CHECK (
        title !~ '^\(whiteSpace)' AND title !~ '\(whiteSpace)$'
        AND title_key !~ '^\(whiteSpace)' AND title_key !~ '\(whiteSpace)$'
      ) NOT VALID
      """,
      // The key is the title in NFC and lower case, as tally's: the unique key is then one
      // title. `İ` and a capital sigma are lowered otherwise by Swift (`i̇`, a final `ς`):
      // v10's trigger, which folds both sides, holds titles with them.
      """
      ALTER TABLE project ADD CONSTRAINT project_title_key_exact CHECK (
        title_key = lower(normalize(title, NFC)) OR title ~ '[\\u0130\\u03A3]'
      ) NOT VALID
      """,
      """
      ALTER TABLE journal ADD CONSTRAINT journal_description_bounded
        CHECK (octet_length(description) <= \(longestDescription)) NOT VALID
      """,
      """
      ALTER TABLE history ADD CONSTRAINT history_description_bounded
        CHECK (octet_length(description) <= \(longestDescription)) NOT VALID
      """,
      """
      ALTER TABLE journal ADD CONSTRAINT journal_projects_bounded
        CHECK (cardinality(project_ids) <= \(mostProjects)) NOT VALID
      """,
      """
      ALTER TABLE history ADD CONSTRAINT history_projects_bounded
        CHECK (cardinality(project_ids) <= \(mostProjects)) NOT VALID
      """,
      tagsBounded("reading"),
      tagsBounded("set_aside_reading"),
      "CREATE INDEX project_access_role ON project_access (role_name)",
      // The caller's roles first (a handful), then each one's grants through the index:
      // grants to roles that are not the caller's are never read. `OFFSET 0` keeps the
      // planner from joining the whole table instead, and the role's name takes the
      // column's collation (a name's is "C"), or the index is not used at all.
      PostgresMemberSchema.function(
        "tally_project_ids(minimum INTEGER) RETURNS BIGINT[]", language: "plpgsql",
        volatility: "STABLE", definer: true,
        body: """
          BEGIN
            RETURN ARRAY(
              SELECT a.project_id FROM pg_roles r
              CROSS JOIN LATERAL (
                SELECT g.project_id, g.level FROM project_access g
                WHERE g.role_name = r.rolname::TEXT COLLATE "default" OFFSET 0
              ) a
              WHERE pg_has_role(session_user, r.oid, 'MEMBER')
              GROUP BY a.project_id
              HAVING max(CASE a.level WHEN 'owner' THEN 3 WHEN 'write' THEN 2 ELSE 1 END)
                >= minimum);
          END
          """),
    ]
  }

  /// At most ``Tags/most`` tags on a row of `table` (stored `,a,b,`: one comma more).
  private static func tagsBounded(_ table: String) -> String {
    """
    ALTER TABLE \(table) ADD CONSTRAINT \(table)_tags_bounded CHECK (
      tags IS NULL OR length(tags) - length(replace(tags, ',', '')) <= \(Tags.most + 1)
    ) NOT VALID
    """
  }
}
