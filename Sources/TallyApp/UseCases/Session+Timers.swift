import Foundation
import TallyCore

extension Session {
  /// The project whose timer `timer stop` (or `cancel`, `doing`) ends: the one titled, or the
  /// only one running.
  ///
  /// - Throws: ``TallyError`` when no title is given and not exactly one timer runs.
  func runningTimerProject(_ title: String?, doing verb: String = "stop") throws(TallyError)
    -> ProjectID
  {
    if let title { return try project(titled: title).id }
    let timers = store.state.stored.timers
    guard timers.count == 1, let timer = timers.first else {
      throw TallyError(
        timers.isEmpty ? .conflict : .invalidInput,
        timers.isEmpty
          ? "no timer is running"
          : "timers are running for \(runningTitles()): say which to \(verb)",
        hint: timers.isEmpty
          ? "Start one with `tally timer start TITLE`." : "`tally timer \(verb) TITLE`.")
    }
    return timer.projectID
  }

  /// The running timers' projects, for messages: `Reading, Writing`.
  private func runningTitles() -> String {
    store.state.stored.timers.compactMap { store.state.project(id: $0.projectID)?.project.title }
      .sorted().joined(separator: ", ")
  }

  /// The project `timer resume` starts again: the one titled, or the one whose timer was
  /// stopped (or whose time was tracked) last, by this person's journal.
  func resumedProject(_ title: String?) throws(TallyError) -> ProjectID {
    if let title { return try project(titled: title).id }
    // The longest titles first, so that `Run` does not claim `Run club`'s entry.
    let projects = store.state.stored.projects.map(\.project)
      .sorted { $0.title.count > $1.title.count }
    for entry in try storage.journal(limit: 1_000) where !entry.isUndone && !entry.isSomeoneElses {
      for project in projects where Self.recordsTime(entry.description, for: project.title) {
        return project.id
      }
    }
    throw TallyError(
      .notFound, "no timer was stopped yet, so there is none to resume",
      hint: "Start one with `tally timer start TITLE`.")
  }

  /// The project's newest reading, whose note and tags `timer resume` carries on.
  func newestReading(of project: ProjectID) throws(TallyError) -> Reading? {
    try storage.withAggregates(of: project) { aggregates in
      try aggregates.reading(
        .before, of: ReadingOrder.Key(Timestamp(microsecondsSince1970: .max), id: .max))
    }
  }

  /// What a resumed timer carries on from `reading`: its note, unless it is the word a timer's
  /// readings get when they have none or longer than a timer takes, and those of its tags
  /// that tally would write (a reading written through SQL may hold anything).
  static func carried(from reading: Reading?) -> (note: String?, tags: [String]) {
    guard let reading else { return (nil, []) }
    let note = reading.note.flatMap { note in
      note == "timer" || note == "tracked" || !TimerNote.fits(note) ? nil : note
    }
    return (note, reading.tags.filter { (try? Tags.tag($0)) == $0 })
  }

  /// Whether a journal entry's description says that a timer of `title` stopped or its time
  /// was tracked (the messages of ``ChangePlan``).
  private static func recordsTime(_ description: String, for title: String) -> Bool {
    description.contains("Stopped the timer for \(title) after ")
      || description.contains("Stopped the timer for \(title) at ")
      || (description.hasPrefix("Tracked ") && description.contains(" for \(title) from "))
  }

  /// Records an interval that is over (`track`).
  func trackTime(
    _ title: String, interval: String?, from: String?, to: String?, note: String?,
    tags: [String]
  ) throws(TallyError) {
    let id = try project(titled: title).id
    let start: Timestamp
    let end: Timestamp
    if let interval {
      guard from == nil, to == nil else {
        throw TallyError(
          .invalidInput, "give the interval as START-END or with --from and --to, not both")
      }
      (start, end) = try self.interval(interval)
    } else {
      guard let from else {
        throw TallyError(
          .invalidInput, "track needs the interval: 9:00-10:30, or --from TIME [--to TIME]",
          hint: "`tally track TITLE 9:00-10:30` or `tally track TITLE --from 9:00 --to 10:30`.")
      }
      start = try timestamp(from, for: "--from")
      end = try timestamp(to, for: "--to")
    }
    // The message names the interval's start and end as stored.
    messages.status(
      try perform(
        .trackTime(id, from: start, to: end, note: note, tags: tags, at: now, zone: zone)))
  }

  /// The start and end of an interval typed as `9:00-10:30`, `yesterday 22:00-01:00` or
  /// `2024-03-01T09:00-2024-03-01T10:30`.
  ///
  /// An end that is a clock time alone is on the start's day, or the day after when it would
  /// come before the start.
  func interval(_ text: String) throws(TallyError) -> (Timestamp, Timestamp) {
    let times = TypedTime(zone: zone, now: now)
    for index in text.indices where text[index] == "-" && index != text.startIndex {
      let left = text[..<index].trimmingCharacters(in: .whitespaces)
      let right = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
      guard !left.isEmpty, !right.isEmpty, let start = try? times.parse(left) else { continue }
      if let end = times.clock(right, onDayOf: start) { return (start, end) }
      if let end = try? times.parse(right) { return (start, end) }
    }
    throw TallyError(
      .invalidInput,
      "\(VisibleText.quoted(text)) is not an interval: write START-END, such as 9:00-10:30 or "
        + "yesterday 22:00-01:00, or use --from and --to")
  }
}
