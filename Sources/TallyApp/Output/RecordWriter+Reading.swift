import TallyCore
import TallyReports

extension RecordWriter {
  /// A reading's fields after the first (its id, or its project's title), as `import` reads
  /// them back: `,timestamp,amount,note`, then `,reset` and `,tags` where the output marks
  /// them, and the line's end.
  mutating func csvFields(of reading: Reading, resets: Bool, tags: Bool) {
    append(",")
    timestamp(reading.timestamp)
    append(",")
    exactAmount(reading.amount)
    append(",")
    csvText(reading.note ?? "")
    if resets { append(reading.isReset ? ",yes" : ",") }
    if tags {
      append(",")
      csvText(Tags.listed(reading.tags))
    }
    append("\n")
  }

  /// A reading's members after the first (`id` or `project`): `timestamp`, `amount`, `note`,
  /// then `reset` and `tags` where the output marks them, and the object's end.
  mutating func jsonMembers(of reading: Reading, resets: Bool, tags: Bool) {
    jsonKey("timestamp")
    append("\"")
    timestamp(reading.timestamp)
    append("\"")
    jsonKey("amount")
    json(.amount(reading.amount))
    jsonKey("note")
    json(.optional(reading.note))
    if resets {
      jsonKey("reset")
      append(reading.isReset ? "true" : "false")
    }
    if tags {
      jsonKey("tags")
      json(.texts(reading.tags))
    }
    append("}")
  }
}
