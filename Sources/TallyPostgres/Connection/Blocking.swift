import Foundation

/// Runs postgres-nio's async calls for tally's synchronous storage interface: the caller's
/// thread waits while the work runs on a thread of its own.
///
/// The work runs with a task executor of its own (one thread), not on Swift's shared pool, so a
/// caller that itself runs on that pool (a test, say) cannot starve the work it waits for.
///
/// Every wait has a deadline: a server that stops answering must not hold the caller for ever
/// (the connection's own timeouts should end the work first; this is the last resort).
final class Blocking: @unchecked Sendable {
  private let executor = ThreadExecutor()

  /// The executor the work runs on, for tasks that outlive one call (a connection borrowed
  /// for a transaction, a copy).
  var taskExecutor: ThreadExecutor { executor }

  /// Runs `work` and waits for its result, `seconds` at most.
  ///
  /// - Throws: What `work` throws, or ``NoAnswer`` when it took longer (it then goes on, and
  ///   its result is dropped: the caller closes the connection it waited on).
  func run<Value: Sendable>(
    within seconds: Double, _ work: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let outcome = Outcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task(executorPreference: executor) {
      do {
        outcome.result = .success(try await work())
      } catch {
        outcome.result = .failure(error)
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
      throw NoAnswer(seconds: seconds)
    }
    guard let result = outcome.result else {
      throw CancellationError()
    }
    return try result.get()
  }

  /// Ends the thread once the work queued so far is done.
  func shutdown() {
    executor.shutdown()
  }

  /// A result handed from the work's thread to the waiting one; the semaphore orders the two.
  private final class Outcome<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
  }
}

/// A task executor that runs every job on one thread of its own, in order.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isShutDown = false

  init() {
    let thread = Thread { [self] in loop() }
    thread.name = "tally-postgres"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  func shutdown() {
    condition.lock()
    isShutDown = true
    condition.signal()
    condition.unlock()
  }

  private func loop() {
    while true {
      condition.lock()
      while jobs.isEmpty, !isShutDown { condition.wait() }
      if jobs.isEmpty, isShutDown {
        condition.unlock()
        return
      }
      let batch = jobs
      jobs.removeAll(keepingCapacity: true)
      condition.unlock()
      for job in batch {
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
    }
  }
}
