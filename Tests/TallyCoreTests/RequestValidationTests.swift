import TallyCore
import Testing

@Suite struct RequestValidationTests {
  let at = Timestamp(secondsSince1970: 0)

  @Test func trimsTitlesAndUnits() throws {
    let request = Request.addProject(
      NewProject(title: "  Mileage ", units: " km ", frequency: .monthly), at: at)
    #expect(
      try request.validated()
        == .addProject(NewProject(title: "Mileage", units: "km", frequency: .monthly), at: at))
  }

  @Test(arguments: ["", "   ", "\n"])
  func refusesEmptyTitles(title: String) {
    let add = Request.addProject(NewProject(title: title, frequency: .daily), at: at)
    #expect(throws: TallyError(.invalidInput, "a project title cannot be empty")) {
      try add.validated()
    }
    let edit = Request.editProject(ProjectID(rawValue: 1), ProjectEdit(title: title), at: at)
    #expect(
      throws: TallyError(
        .invalidInput, "a project title cannot be empty")
    ) { try edit.validated() }
  }

  @Test(arguments: [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")])
  func refusesAmountsThatAreNotFinite(amount: Double, written: String) {
    let refusal = TallyError(
      .invalidInput,
      "amount '\(written)' is out of range: an amount must be smaller than 1e15 (a quadrillion) "
        + "in size")
    let reading = NewReading(projectID: ProjectID(rawValue: 1), amount: amount, timestamp: at)
    #expect(throws: refusal) { try Request.addReading(reading, at: at).validated() }
    let edit = Request.editReading(ReadingID(rawValue: 1), ReadingEdit(amount: amount), at: at)
    #expect(throws: refusal) { try edit.validated() }
  }

  @Test func aBlankNoteIsNoNote() throws {
    let reading = NewReading(
      projectID: ProjectID(rawValue: 1), amount: 1, timestamp: at, note: "  ")
    guard case .addReading(let cleaned, _) = try Request.addReading(reading, at: at).validated()
    else {
      Issue.record("not an addReading")
      return
    }
    #expect(cleaned.note == nil)
  }

  @Test func titlesCompareIgnoringCaseAndSpaces() {
    #expect(Project.titleKey(" Mileage") == Project.titleKey("MILEAGE"))
    #expect(Project.titleKey("Ärger") == Project.titleKey("ärger"))
    #expect(Project.titleKey("Mileage") != Project.titleKey("Mileages"))
  }
}
