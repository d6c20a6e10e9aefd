import TallyCore

extension Session {
  /// Lists a project's readings as they stream from storage.
  func listReadings(
    of title: String, _ range: DateRange, _ format: ListFormat,
    _ filter: ReadingFilter = ReadingFilter()
  ) throws(TallyError) {
    let summary = try project(titled: title)
    let (from, to) = try self.range(range)
    let listing = ReadingListing(
      project: summary.project, zone: zone, isRange: range.isNarrowed || !filter.takesEverything,
      width: display.width, marksTags: try storage.hasTaggedReadings(of: summary.id))
    let output = OutputBuffer(messages)
    listing.begin(format, to: output)
    try storage.forEachReading(of: summary.id, from: from, to: to) { reading in
      if filter.matches(reading) { listing.write(reading, format, to: output) }
    }
    listing.end(format, to: output)
  }

  /// Deletes a reading after asking, unless `confirmed`.
  func deleteReading(_ id: ReadingID, confirmed: Bool) throws(TallyError) {
    let reading = try storage.reading(id)
    let question = DeleteQuestion.reading(reading, of: try project(of: reading), zone: zone)
    guard try confirm(question, refusal: "not deleting reading #\(id)", confirmed: confirmed)
    else { return }
    messages.status(try perform(.deleteReading(id, at: now)))
  }
}
