import TallyCore

extension Session {
  /// Lists the changes to reading `id`, oldest first (`tally item show`): also of a reading
  /// deleted since, while the history holds its changes.
  ///
  /// - Throws: ``TallyError`` when neither the readings nor the history know the id, or the
  ///   storage cannot be read.
  func showReading(_ id: ReadingID, _ format: ListFormat) throws(TallyError) {
    let zone = zone
    let width = display.width
    let listing = try storage.withHistory { reader -> ReadingHistoryListing in
      guard let history = try ReadingHistory.of(id, over: reader) else {
        throw TallyError(
          .notFound, "there is no reading \(id), now or in the history of changes",
          hint: "`tally item list PROJECT` shows the ids.")
      }
      let project = history.reading.projectID
      return ReadingHistoryListing(
        history: history,
        projectTitle: try reader.projects().first { $0.id == project }?.title,
        batch: try history.reading.batchID.flatMap { batch in try reader.importBatch(batch) },
        completeSince: try reader.completeSince(), zone: zone, width: width)
    }
    listing.write(format, to: OutputBuffer(messages))
  }
}
