/// The note of a timer's readings: written into the reading of each day a run touched, so
/// held to a length at which a year's run stays well within what one change may hold on a
/// shared server.
public enum TimerNote {
  /// The longest note a timer takes, in UTF-8 bytes.
  public static let longest = 4_096

  /// Refuses a note longer than ``longest``, naming `option`.
  ///
  /// - Throws: ``TallyError`` saying how long it is and how long a timer's note may be.
  public static func check(_ note: String?, option: String) throws(TallyError) {
    guard let note, note.utf8.count > longest else { return }
    throw TallyError(
      .invalidInput,
      "\(option) is \(note.utf8.count) bytes long; a timer's note takes at most \(longest), as "
        + "it is written into the reading of each day the timer ran",
      hint: "Give a shorter note; a longer one can go on a reading with "
        + "`tally item edit ID --note TEXT`.")
  }

  /// Whether `note` may go on a timer as it is (`timer resume` carries on only such a note).
  public static func fits(_ note: String) -> Bool {
    note.utf8.count <= longest
  }
}
