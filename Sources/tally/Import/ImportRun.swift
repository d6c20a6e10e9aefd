import Flow
import TallyCore
import TallyImport
import TallyStorage

/// An import as a command on the store: it reads the file into the database in one
/// transaction, then commits what the database holds to the state, or the failure.
struct ImportRun {
  let file: ReadingsFile
  let target: ImportTarget
  let at: Timestamp
  let skipInvalid: Bool
  let dryRun: Bool
  let progress: ProgressBar

  func command(database: TallyDatabase)
    -> Command<AppState, TallyAction, Result<ImportOutcome, TallyError>, Never>
  {
    let run = UncheckedBox(self)
    return Command { context in
      let this = run.value
      do throws(TallyError) {
        let outcome = try database.importReadings(
          into: this.target, fileName: this.file.name, at: this.at, skipInvalid: this.skipInvalid,
          dryRun: this.dryRun, openProject: context.state.routedProjectID,
          expectedRows: this.file.size / 40
        ) { sink in
          defer { this.progress.finish() }
          return try this.file.forEachRow(
            valid: { reading in
              try sink.add(reading)
              this.progress.update(this.file.progress)
            },
            invalid: { problem in sink.reject(problem) })
        }
        if !this.dryRun {
          context.dispatch(.committed(Commit(message: outcome.message, snapshot: outcome.snapshot)))
        }
        return .success(outcome)
      } catch {
        context.dispatch(.failed(error))
        return .failure(error)
      }
    }
  }
}

/// Carries a value that is used on one thread only into a `@Sendable` closure.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
