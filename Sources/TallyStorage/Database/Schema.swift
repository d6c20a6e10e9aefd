import Foundation
import GRDB
import TallyCore

/// tally's tables, built by migrations that are never edited once released: a later schema
/// change is a new migration with a new name.
enum Schema {
  /// The index reports, lists and duplicate checks read readings through, as migration v4
  /// creates it; large imports drop it and build it again (a test keeps the two the same).
  ///
  /// It holds the amounts too, so that a report sums a project's readings from the index
  /// alone, in its order, without a lookup of each row in the table.
  static let readingTimeIndex = "reading_project_timestamp_amount"
  static let createReadingTimeIndex =
    "CREATE INDEX \(readingTimeIndex) ON reading(project_id, timestamp, amount)"

  /// The first migration's name: a database that has it applied is tally's.
  static let firstMigration = "v1 projects, readings, timers, journal"

  /// Every migration, telling nobody of its progress.
  static var migrator: DatabaseMigrator { migrator() }

  /// Every migration; a migration that takes a while (a large database's first rollups) tells
  /// `progress` the share done now and then.
  static func migrator(
    progress: @escaping @Sendable (Double) -> Void = { _ in }
  ) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(firstMigration) { db in
      try db.execute(
        sql: """
          CREATE TABLE project (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL CHECK (length(trim(title)) > 0),
            title_key TEXT NOT NULL UNIQUE,
            units TEXT NOT NULL DEFAULT '',
            frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'monthly', 'yearly')),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            reading_count INTEGER NOT NULL DEFAULT 0,
            last_reading_at INTEGER
          );
          CREATE INDEX project_updated_at ON project(updated_at);
          CREATE TABLE reading (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
            amount REAL NOT NULL,
            timestamp INTEGER NOT NULL,
            note TEXT
          );
          CREATE INDEX reading_project_timestamp ON reading(project_id, timestamp);
          CREATE TABLE timer (
            project_id INTEGER PRIMARY KEY REFERENCES project(id) ON DELETE CASCADE,
            started_at INTEGER NOT NULL
          );
          CREATE TABLE journal (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at INTEGER NOT NULL,
            description TEXT NOT NULL,
            change BLOB NOT NULL,
            undone BOOLEAN NOT NULL DEFAULT 0
          );
          """)
    }
    migrator.registerMigration("v2 import batches") { db in
      try db.execute(
        sql: """
          CREATE TABLE import_batch (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            project_id INTEGER NOT NULL,
            file_name TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            at INTEGER NOT NULL,
            imported INTEGER NOT NULL,
            duplicates INTEGER NOT NULL,
            skipped INTEGER NOT NULL,
            -- The batch's readings have consecutive ids: one writer inserts them all in one
            -- transaction. The range finds them through the table itself, so imports need no
            -- second index to keep up to date.
            first_reading_id INTEGER,
            last_reading_id INTEGER,
            undone BOOLEAN NOT NULL DEFAULT 0
          );
          ALTER TABLE reading ADD COLUMN batch_id INTEGER;
          -- Readings taken out by an undone import or a deleted project, kept so that undo or
          -- redo can bring them back with their ids; `held_for` says which ('import 3',
          -- 'project 7'). No foreign keys: their project may be gone meanwhile.
          CREATE TABLE set_aside_reading (
            id INTEGER PRIMARY KEY,
            project_id INTEGER NOT NULL,
            amount REAL NOT NULL,
            timestamp INTEGER NOT NULL,
            note TEXT,
            batch_id INTEGER,
            held_for TEXT NOT NULL
          );
          CREATE INDEX set_aside_reading_held_for ON set_aside_reading(held_for);
          """)
    }
    migrator.registerMigration("v3 settings") { db in
      // What the REPL remembers between runs, such as the route it showed last, by name.
      try db.execute(
        sql: """
          CREATE TABLE setting (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("v4 reading index covers amounts") { db in
      try db.execute(
        sql: """
          DROP INDEX reading_project_timestamp;
          CREATE INDEX reading_project_timestamp_amount ON reading(project_id, timestamp, amount);
          """)
    }
    migrator.registerMigration("v5 file mark") { db in
      // Marks the file as tally's, so that tally can tell other programs' databases apart.
      try db.execute(sql: "PRAGMA application_id = \(FileMark.applicationID)")
    }
    migrator.registerMigration("v6 kinds, cadences, goals, meter resets") { db in
      // SQLite cannot widen a CHECK constraint in place: the project table is built again,
      // with the ids and the id sequence as they were (GRDB defers foreign key checks).
      let sequence = try Int64.fetchOne(
        db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'project'")
      try db.execute(
        sql: """
          CREATE TABLE new_project (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL CHECK (length(trim(title)) > 0),
            title_key TEXT NOT NULL UNIQUE,
            units TEXT NOT NULL DEFAULT '',
            frequency TEXT NOT NULL
              CHECK (frequency IN ('daily', 'weekly', 'monthly', 'quarterly', 'yearly')),
            kind TEXT NOT NULL DEFAULT 'total' CHECK (kind IN ('total', 'gauge', 'meter')),
            decimals INTEGER CHECK (decimals BETWEEN 0 AND 9),
            -- Every goal set, oldest first, as JSON: [{"since": …, "goal": {…} or null}].
            goals TEXT NOT NULL DEFAULT '[]',
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            reading_count INTEGER NOT NULL DEFAULT 0,
            last_reading_at INTEGER
          );
          INSERT INTO new_project (id, title, title_key, units, frequency, created_at,
            updated_at, reading_count, last_reading_at)
          SELECT id, title, title_key, units, frequency, created_at, updated_at, reading_count,
            last_reading_at FROM project;
          DROP TABLE project;
          ALTER TABLE new_project RENAME TO project;
          CREATE INDEX project_updated_at ON project(updated_at);
          ALTER TABLE reading ADD COLUMN is_reset BOOLEAN NOT NULL DEFAULT 0;
          ALTER TABLE set_aside_reading ADD COLUMN is_reset BOOLEAN NOT NULL DEFAULT 0;
          -- Meter reports look up the resets of a project; they are few.
          CREATE INDEX reading_reset ON reading(project_id, timestamp) WHERE is_reset;
          """)
      if let sequence {
        try db.execute(
          sql: "DELETE FROM sqlite_sequence WHERE name = 'project'; "
            + "INSERT INTO sqlite_sequence (name, seq) VALUES ('project', ?)",
          arguments: [sequence])
      }
    }
    migrator.registerMigration("v7 import settings") { db in
      // How each import read its file (zone, date format, columns, ... as JSON), so that
      // importing the same file again another way is told apart; NULL for older imports.
      try db.execute(sql: "ALTER TABLE import_batch ADD COLUMN settings TEXT")
    }
    migrator.registerMigration("v8 rollups") { db in
      // Figures per project and quarter hour, and per day, kept by every write: reports add
      // these up instead of the readings. Summed here once from the readings there are.
      try db.execute(sql: RollupSQL.createTables)
      try db.rebuildAllRollups(progress: progress)
    }
    migrator.registerMigration("v9 history") { db in
      // Every change, undo and redo as it was applied, for looking back (`report --as-of`,
      // `item show`): the journal behind undo forgets undone changes. A database that holds
      // data already has a history only from now on, which the setting records.
      try db.execute(sql: HistorySQL.createTable)
      if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM project)") == true {
        try db.markHistoryBegun(at: Timestamp(Date()))
      }
    }
    migrator.registerMigration("v10 reading tags") { db in
      // A reading's tags, each between commas in lower case (see Tags); NULL for none, which
      // every reading before tags is.
      try db.execute(
        sql: """
          ALTER TABLE reading ADD COLUMN tags TEXT;
          ALTER TABLE set_aside_reading ADD COLUMN tags TEXT;
          CREATE INDEX reading_tagged ON reading(project_id) WHERE tags IS NOT NULL;
          """)
    }
    migrator.registerMigration("v11 project groups") { db in
      // The group a project belongs to (`Household`), or NULL; compared ignoring case.
      try db.execute(
        sql: """
          ALTER TABLE project ADD COLUMN group_name TEXT
            CHECK (group_name IS NULL OR length(trim(group_name)) > 0)
          """)
    }
    migrator.registerMigration("v12 timer notes") { db in
      // The note and tags a running timer's readings are to carry (`timer start --note --tag`);
      // tags stored as a reading's are (see Tags), NULL for none.
      try db.execute(
        sql: """
          ALTER TABLE timer ADD COLUMN note TEXT
            CHECK (note IS NULL OR length(CAST(note AS BLOB)) <= \(TimerNote.longest));
          ALTER TABLE timer ADD COLUMN tags TEXT;
          """)
    }
    return migrator
  }
}
