public import Foundation

/// How to read a file of readings: which columns, which formats.
public struct ImportOptions: Sendable {
  /// The column holding the date or time; matched ignoring case.
  public var dateColumn = "date" {
    didSet { dateColumnIsNamed = true }
  }
  /// Whether `dateColumn` was named by the user; if not, a file without a `date` column but
  /// with a `timestamp` one (as `tally export` writes) is read by that.
  public private(set) var dateColumnIsNamed = false
  /// The column holding the amount.
  public var amountColumn = "amount"
  /// The column holding the note; it may be missing unless named explicitly.
  public var noteColumn = "note"
  /// Whether `noteColumn` was named by the user (and so must exist).
  public var noteColumnIsRequired = false
  /// The column holding each row's tags, separated by `,` or `;`; it may be missing unless
  /// named explicitly (`--tag-column`).
  public var tagColumn = "tags" {
    didSet { tagColumnIsRequired = true }
  }
  /// Whether `tagColumn` was named by the user (and so must exist).
  public private(set) var tagColumnIsRequired = false
  /// The column naming each row's project, as `tally export` writes it.
  ///
  /// `nil` reads none (`--project-column none`). It may be missing unless named.
  public var projectColumn: String? = "project" {
    didSet { projectColumnIsRequired = projectColumn != nil }
  }
  /// Whether `projectColumn` was named by the user (and so must exist).
  public private(set) var projectColumnIsRequired = false
  /// Tags every row gets (`--tag`), besides its own: lower case, sorted, without repeats.
  public var tags: [String] = []
  /// A Unicode date pattern (`dd.MM.yyyy HH:mm`) instead of ISO 8601.
  public var dateFormat: String?
  /// What separates fields.
  public var delimiter = FieldDelimiter.comma
  /// Only rows whose `column` holds `value` exactly.
  public var filter: (column: String, value: String)?
  /// Amounts like `1.234,5`.
  public var decimalComma = false
  /// The zone of dates and times without an offset.
  public var zone: TimeZone
  /// The file's character encoding; `nil` reads UTF-8, or UTF-16 after a byte order mark.
  public var encoding: TextEncoding?

  /// Options with the defaults: columns `date`, `amount`, `note`, commas, ISO 8601 dates.
  public init(zone: TimeZone) {
    self.zone = zone
  }
}
