/// The migration that holds a change in the journal and the history to the times tally
/// writes, so that a member's own step cannot stop everyone's `report --as-of` and `check`.
///
/// v10 asked of a project's `updatedAt` in a change only that it be a JSON number: a step
/// whose project said `1.5` (written with `psql` by an owner, in the same transaction as a
/// touch of the project) was taken, could not be taken back, and every report as of an
/// earlier instant of everyone the project was shared with failed to read it. Now it is a
/// whole number of microseconds within the years 0 to 9999, as every other time in a change
/// already had to be (those are compared with the row as integers).
enum PostgresHistoryReadSchema {
  static var statements: [String] {
    [
      PostgresMemberSchema.projectMatchesFunction(
        updatedAt: PostgresReadableSchema.micros("item -> 'updatedAt'"))
    ]
  }
}
