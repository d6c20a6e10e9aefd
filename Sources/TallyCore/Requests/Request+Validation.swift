import Foundation

extension ImportJob {
  /// The job with the project it creates, if any, cleaned up as ``Request/validated()``
  /// cleans a new project; its rows are checked as they are read.
  ///
  /// - Throws: ``TallyError`` for a project to create that cannot be.
  public func validated() throws(TallyError) -> ImportJob {
    var job = self
    if case .create(let project) = target { job.target = .create(try project.validated()) }
    return job
  }
}

extension Request {
  /// The request with its values cleaned up (titles trimmed), or the reason it cannot be
  /// carried out whatever the database holds.
  ///
  /// - Throws: ``TallyError`` for an empty title or an amount outside ``AmountRange``.
  public func validated() throws(TallyError) -> Request {
    switch self {
    case .addProject(let project, let at):
      return .addProject(try project.validated(), at: at)
    case .editProject(let id, var edit, let at):
      if let title = edit.title { edit.title = try Self.checkedTitle(title) }
      if let units = edit.units { edit.units = try Self.checkedUnits(units) }
      if let decimals = edit.decimals?.value { try Self.checkDecimals(decimals) }
      if let goal = edit.goal?.value { try Self.checkGoal(goal) }
      if let group = edit.group?.value { edit.group = .set(try Self.checkedGroup(group)) }
      return .editProject(id, edit, at: at)
    case .addReading(var reading, let at):
      try Self.checkAmount(reading.amount)
      try Self.checkTags(reading.tags)
      reading.note = Self.cleanedNote(reading.note)
      return .addReading(reading, at: at)
    case .editReading(let id, let edit, let at):
      if let amount = edit.amount { try Self.checkAmount(amount) }
      return .editReading(id, edit, at: at)
    case .startTimer(let id, let note, let tags, let at, let since):
      try Self.checkTags(tags)
      try TimerNote.check(note, option: "--note")
      return .startTimer(
        id, note: Self.cleanedNote(note), tags: Set(tags).sorted(), at: at, since: since)
    case .stopTimer(let id, let note, let at, let zone, let tags, let until):
      try Self.checkTags(tags)
      try TimerNote.check(note, option: "--note")
      return .stopTimer(
        id, note: Self.cleanedNote(note), at: at, zone: zone, tags: tags, until: until)
    case .switchTimer(let id, let stopping, let note, let at, let zone, let tags, let until):
      try Self.checkTags(tags)
      try TimerNote.check(note, option: "--note")
      return .switchTimer(
        to: id, stopping: stopping, note: Self.cleanedNote(note), at: at, zone: zone,
        tags: Set(tags).sorted(), until: until)
    case .trackTime(let id, let from, let to, let note, let tags, let at, let zone):
      try Self.checkTags(tags)
      try TimerNote.check(note, option: "--note")
      return .trackTime(
        id, from: from, to: to, note: Self.cleanedNote(note), tags: tags, at: at, zone: zone)
    case .deleteProject, .deleteReading, .cancelTimer, .undoImport, .undo, .redo:
      return self
    }
  }

  fileprivate static func checkedTitle(_ title: String) throws(TallyError) -> String {
    let trimmed = VisibleText.trimmed(title)
    guard !trimmed.isEmpty else {
      throw TallyError(.invalidInput, "a project title cannot be empty")
    }
    guard !trimmed.contains(where: \.isNewline) else {
      throw TallyError(
        .invalidInput, "a project title must be one line: \(VisibleText.quoted(trimmed))")
    }
    try checkShown(trimmed, as: "a project title")
    return trimmed
  }

  /// A group name trimmed, or why it cannot be one: the rules of titles.
  static func checkedGroup(_ group: String) throws(TallyError) -> String {
    let trimmed = VisibleText.trimmed(group)
    guard !trimmed.isEmpty else {
      throw TallyError(
        .invalidInput, "a group name cannot be empty",
        hint: "--group none takes a project out of its group.")
    }
    guard !trimmed.contains(where: \.isNewline) else {
      throw TallyError(
        .invalidInput, "a group name must be one line: \(VisibleText.quoted(trimmed))")
    }
    try checkShown(trimmed, as: "a group name")
    return trimmed
  }

  /// Units trimmed, or why they cannot be stored.
  fileprivate static func checkedUnits(_ units: String) throws(TallyError) -> String {
    let trimmed = VisibleText.trimmed(units)
    try checkShown(trimmed, as: "units")
    return trimmed
  }

  /// Refuses `text` when it holds a character that would act on a terminal or reorder text
  /// (``VisibleText/isHidden(_:)``): titles and units are printed everywhere.
  fileprivate static func checkShown(_ text: String, as what: String) throws(TallyError) {
    guard let hidden = text.unicodeScalars.first(where: VisibleText.isHidden) else { return }
    let hex = String(hidden.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    throw TallyError(
      .invalidInput,
      "\(what) cannot hold control or invisible characters: \(VisibleText.quoted(text)) "
        + "holds \(code)",
      hint: "Type it again without them; a note may hold any text.")
  }

  fileprivate static func checkDecimals(_ decimals: Int) throws(TallyError) {
    guard Self.decimalPlaces.contains(decimals) else {
      throw TallyError(
        .invalidInput,
        "--decimals \(decimals) is not between \(decimalPlaces.lowerBound) and \(decimalPlaces.upperBound)"
      )
    }
  }

  /// The decimal places a project may show.
  public static let decimalPlaces = 0...9

  fileprivate static func checkGoal(_ goal: Goal) throws(TallyError) {
    guard AmountRange.contains(goal.amount) else {
      throw TallyError(
        .invalidInput, "goal '\(AmountFormat.plain(goal.amount))' is \(AmountRange.reason)")
    }
  }

  fileprivate static func checkTags(_ tags: [String]) throws(TallyError) {
    do {
      _ = try Tags.joined(tags)
    } catch {
      throw TallyError(
        .invalidInput, "--tag \(error)", hint: "Give a reading at most \(Tags.most) tags.")
    }
  }

  fileprivate static func checkAmount(_ amount: Double) throws(TallyError) {
    guard AmountRange.contains(amount) else {
      throw TallyError(
        .invalidInput, "amount '\(AmountFormat.plain(amount))' is \(AmountRange.reason)")
    }
  }

  /// An empty or blank note is no note.
  static func cleanedNote(_ note: String?) -> String? {
    guard let note, !note.allSatisfy(\.isWhitespace) else { return nil }
    return note
  }
}

extension NewProject {
  /// The project with its title and units trimmed, or why it cannot be created.
  ///
  /// - Throws: ``TallyError`` for an empty or multi-line title.
  public func validated() throws(TallyError) -> NewProject {
    var project = self
    project.title = try Request.checkedTitle(title)
    project.units = try Request.checkedUnits(units)
    if let decimals { try Request.checkDecimals(decimals) }
    if let goal { try Request.checkGoal(goal) }
    if let group { project.group = try Request.checkedGroup(group) }
    return project
  }
}
