import TallyCore

extension Session {
  /// Deletes a project after asking, unless `confirmed`.
  func deleteProject(titled title: String, confirmed: Bool) throws(TallyError) {
    let project = try project(titled: title)
    guard
      try confirm(
        DeleteQuestion.project(project), refusal: "not deleting '\(project.project.title)'",
        confirmed: confirmed)
    else { return }
    messages.status(try perform(.deleteProject(project.id, at: now)))
  }
}
