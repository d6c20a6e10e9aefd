import TallyCore

extension Session {
  /// Lists a project's readings as they stream from storage.
  func listReadings(
    of title: String, _ range: DateRange, _ format: ListFormat,
    _ filter: ReadingFilter = ReadingFilter(), last: Int? = nil
  ) throws(TallyError) {
    let summary = try project(titled: title)
    let (from, to) = try self.range(range)
    if let last, last < 1 {
      throw TallyError(.invalidInput, "--last takes a number of readings, 1 or more; not \(last)")
    }
    let listing = ReadingListing(
      project: summary.project, zone: zone,
      isRange: range.isNarrowed || !filter.takesEverything || last != nil,
      width: display.width, marksTags: try storage.hasTaggedReadings(of: summary.id))
    let output = OutputBuffer(messages, zone: zone)
    listing.begin(format, to: output)
    let passes = ReadingListing.passes(format)
    if let last {
      // The newest `last`, kept as they stream by: memory for them alone.
      var newest: [Reading] = []
      newest.reserveCapacity(min(last, 100_000))
      var next = 0
      try storage.forEachReading(of: summary.id, from: from, to: to) { reading in
        guard filter.matches(reading) else { return }
        if newest.count < last {
          newest.append(reading)
        } else {
          newest[next] = reading
          next = (next + 1) % last
        }
      }
      for pass in 0..<passes {
        for reading in newest[next...] + newest[..<next] {
          listing.write(reading, pass: pass, format, to: output)
        }
      }
    } else {
      // A table goes over the readings twice, in one read: it measures, then writes.
      try storage.forEachReading(of: summary.id, from: from, to: to, passes: passes) {
        pass, reading in
        if filter.matches(reading) { listing.write(reading, pass: pass, format, to: output) }
      }
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
