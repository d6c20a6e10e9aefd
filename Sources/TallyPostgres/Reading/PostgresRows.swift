import Foundation
import Libpq
import TallyCore

/// How tally's rows are read from and written to the server: the same columns, in the same
/// order, in every statement.
enum PostgresRows {
  /// The reading columns, in the one order every statement that reads or copies readings
  /// lists them.
  static let readingColumns = "id, project_id, amount, timestamp, note, batch_id, is_reset, tags"

  /// The project columns that ``project(_:)`` reads.
  static let projectColumns = """
    id, title, units, frequency, kind, decimals, goals, created_at, updated_at, reading_count,
    last_reading_at, group_name
    """

  /// The import batch columns that ``importBatch(_:)`` reads.
  static let batchColumns = """
    id, project_id, file_name, sha256, at, imported, duplicates, skipped, first_reading_id,
    last_reading_id, undone, settings
    """

  /// The timer columns that ``timer(_:)`` reads.
  static let timerColumns = "project_id, started_at, note, tags"

  static func timer(_ row: PostgresRow) throws -> RunningTimer {
    let (id, started, note, tags) = try row.decode((Int64, Int64, String?, String?).self)
    return RunningTimer(
      projectID: ProjectID(rawValue: id), startedAt: Timestamp(microsecondsSince1970: started),
      note: note, tags: Tags.read(tags))
  }

  static func reading(_ row: PostgresRow) throws -> Reading {
    let (id, project, amount, timestamp, note, batch, isReset, tags) = try row.decode(
      (Int64, Int64, Double, Int64, String?, Int64?, Bool, String?).self)
    return Reading(
      id: ReadingID(rawValue: id), projectID: ProjectID(rawValue: project), amount: amount,
      timestamp: Timestamp(microsecondsSince1970: timestamp), note: note,
      batchID: batch.map(ImportBatchID.init(rawValue:)), isReset: isReset,
      tags: Tags.read(tags))
  }

  /// A project row as the project list shows it; a frequency, kind or goal this version does
  /// not know is a storage error.
  static func summary(_ row: PostgresRow) throws -> ProjectSummary {
    let (
      id, title, units, frequencyName, kindName, decimals, goalsJSON, created, updated, count,
      last, group
    ) = try row.decode(
      (
        Int64, String, String, String, String, Int?, String, Int64, Int64, Int64, Int64?, String?
      ).self)
    let project = try Project(
      storedID: id, title: title, units: units, frequency: frequencyName, kind: kindName,
      decimals: decimals, goalsJSON: goalsJSON, group: group, createdAt: inYears(created),
      updatedAt: inYears(updated))
    return ProjectSummary(
      project: project, readingCount: Int(max(0, count)),
      lastReadingAt: last.map { Timestamp(microsecondsSince1970: inYears($0)) })
  }

  /// A project's time as tally reads it: within the years 0 to 9999.
  ///
  /// A row written past tally before v13's checks may hold one far outside, which the
  /// calendar's arithmetic of `due` and the REPL cannot take; `check` still compares the
  /// counters with the readings.
  private static func inYears(_ microseconds: Int64) -> Int64 {
    min(max(microseconds, PostgresValueSchema.earliest), PostgresValueSchema.latest)
  }

  static func importBatch(_ row: PostgresRow) throws -> ImportBatch {
    let (
      id, project, fileName, sha256, at, imported, duplicates, skipped, first, last, undone,
      settings
    ) = try row.decode(
      (Int64, Int64, String, String, Int64, Int64, Int64, Int64, Int64?, Int64?, Bool, String?)
        .self)
    return ImportBatch(
      id: ImportBatchID(rawValue: id), projectID: ProjectID(rawValue: project),
      fileName: fileName, sha256: sha256, at: Timestamp(microsecondsSince1970: at),
      imported: Int(imported), duplicates: Int(duplicates), skipped: Int(skipped),
      readingIDs: first.flatMap { first in last.map { first...$0 } }, isUndone: undone,
      settings: try ImportSettings(storedJSON: settings))
  }
}
