public import TallyCore

extension Session {
  /// The project titled `title`, ignoring case.
  ///
  /// - Throws: ``TallyError`` `.notFound` with a hint when there is none.
  public func project(titled title: String) throws(TallyError) -> ProjectSummary {
    guard let project = store.state.project(titled: title) else {
      throw TallyError(
        .notFound, "there is no project titled \(VisibleText.quoted(title))",
        hint: "`tally project list` shows the projects.")
    }
    return project
  }

  /// The project `reading` belongs to.
  func project(of reading: Reading) throws(TallyError) -> Project {
    guard let project = store.state.project(id: reading.projectID) else {
      throw TallyError(.notFound, "there is no project \(reading.projectID)")
    }
    return project.project
  }

  /// Parses `--from` (inclusive) and `--to` (exclusive), one rule for every command that takes
  /// them: the first must come before the second.
  func range(_ range: DateRange) throws(TallyError) -> (from: Timestamp?, to: Timestamp?) {
    let start = try range.from.map { text throws(TallyError) in try timestamp(text, for: "--from") }
    let end = try range.to.map { text throws(TallyError) in try timestamp(text, for: "--to") }
    if let start, let end, let from = range.from, let to = range.to, start >= end {
      throw TallyError(.invalidInput, "--from must come before --to (--from \(from), --to \(to))")
    }
    return (start, end)
  }

  /// Parses a time given to `option` as people type it (``TypedTime``), or now when none is
  /// given.
  func timestamp(_ text: String?, for option: String) throws(TallyError) -> Timestamp {
    guard let text else { return now }
    do {
      return try TypedTime(zone: zone, now: now).parse(text)
    } catch {
      throw TallyError(.invalidInput, "\(option) \(error)")
    }
  }

  /// ` (yesterday 18:00 is 2024-03-01 18:00)`: the instant a time typed in words named, for
  /// the message of the change it went into; empty for ISO 8601 and for no time typed.
  func echo(of instant: Timestamp, typed text: String?) -> String {
    guard let text, !TypedTime.isISO(text.trimmingCharacters(in: .whitespaces)) else {
      return ""
    }
    return " (\(VisibleText.quoted(text)) is \(TimestampFormat.local(instant, in: zone)))"
  }

  /// Asks before deleting, unless `confirmed`.
  ///
  /// - Returns: Whether to go on; a no says "Not deleted." and is no error.
  /// - Throws: ``TallyError`` when no one can answer.
  func confirm(_ question: String, refusal: String, confirmed: Bool) throws(TallyError) -> Bool {
    guard !confirmed else { return true }
    guard try messages.confirm(question, refusal) else {
      messages.status("Not deleted.")
      return false
    }
    return true
  }
}
