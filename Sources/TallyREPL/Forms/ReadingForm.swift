import TallyApp
import TallyCore
import TallyState

/// The form that edits a reading among those on the project's screen.
struct ReadingForm: Form {
  let readingID: ReadingID

  var title: String { "Edit reading #\(readingID.rawValue)" }

  func fields(
    in state: AppState, answers: [FormFieldName: String], session: Session
  ) throws(TallyError) -> [FormField] {
    let reading = try Self.reading(readingID, in: state)
    let units = Self.units(in: state)
    let parser = TypedTime(zone: session.zone, now: session.now)
    return [
      FormField(
        name: .amount, label: "amount",
        defaultValue: Self.shownAmount(reading.amount, in: state), isRequired: true,
        check: { text in
          do {
            _ = try AmountInput.parse(text).amount(inUnits: units)
            return nil
          } catch {
            return TallyError(.invalidInput, "amount \(error)")
          }
        }),
      FormField(
        name: .time, label: "time",
        defaultValue: TimestampFormat.local(reading.timestamp, in: session.zone),
        isRequired: true,
        check: { text in
          do {
            _ = try parser.parse(text)
            return nil
          } catch {
            return TallyError(.invalidInput, "time \(error)")
          }
        }),
      FormField(
        name: .note, label: "note (- removes it)", defaultValue: reading.note,
        isRequired: false, check: { _ in nil }),
    ]
  }

  /// `item edit ID` with the fields that changed: `--amount`, `--at` as typed, `--note`.
  func request(
    for answers: [FormFieldName: String], in state: AppState, session: Session
  ) throws(TallyError) -> UserRequest? {
    let reading = try Self.reading(readingID, in: state)
    // An answer left as shown keeps the stored value: the time is shown to the minute or the
    // second, and an amount may carry more digits than a person reads.
    let shownTime = TimestampFormat.local(reading.timestamp, in: session.zone)
    let amount: Double
    let timestamp: Timestamp
    do {
      let typedAmount = answers[.amount] ?? ""
      let typedTime = answers[.time] ?? ""
      amount =
        typedAmount == Self.shownAmount(reading.amount, in: state)
        ? reading.amount : try AmountInput.parse(typedAmount).amount(inUnits: Self.units(in: state))
      timestamp =
        typedTime == shownTime
        ? reading.timestamp : try TypedTime(zone: session.zone, now: session.now).parse(typedTime)
    } catch {
      throw TallyError(.invalidInput, "\(error)")
    }
    let typedNote = answers[.note] ?? ""
    let note = typedNote == "-" ? "" : typedNote
    let newAmount = amount == reading.amount ? nil : amount
    let newTime = timestamp == reading.timestamp ? nil : answers[.time]
    let newNote = note == (reading.note ?? "") ? nil : note
    guard newAmount != nil || newTime != nil || newNote != nil else { return nil }
    return .editReading(
      readingID, amount: newAmount.map(AmountInput.number), at: newTime, note: newNote)
  }

  /// The open project's units, which a duration typed as the amount is converted into.
  static func units(in state: AppState) -> String {
    state.stored.openProject?.summary.project.units ?? ""
  }

  /// The amount the form offers: exact, so that it reads back as stored, or for a project
  /// shown in clocks the clock (Enter keeps the stored amount, to the second).
  static func shownAmount(_ amount: Double, in state: AppState) -> String {
    guard let project = state.stored.openProject?.summary.project, project.clockUnit != nil
    else { return AmountFormat.exact(amount) }
    return project.shown(amount)
  }

  /// The reading `id` if the open project's screen shows it.
  static func reading(_ id: ReadingID, in state: AppState) throws(TallyError) -> Reading {
    guard let reading = state.stored.openProject?.readings.first(where: { $0.id == id }) else {
      throw TallyError(
        .notFound, "reading #\(id.rawValue) is not among this project's latest readings",
        hint: "`item edit ID --amount A --at TIME --note TEXT` changes any reading.")
    }
    return reading
  }
}
