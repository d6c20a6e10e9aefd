import Foundation
import PostgresNIO

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

  /// Runs `work` and waits for its result, `seconds` at most, or until `closed` completes.
  ///
  /// - Parameters:
  ///   - seconds: The longest wait.
  ///   - closed: The close of the connection `work` waits on: PostgresNIO can leave a query
  ///     sent as its connection closes waiting for ever, so the close ends the wait too.
  ///   - work: The work.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws, ``ConnectionClosed`` when `closed` completed first, or
  ///   ``NoAnswer`` when it took longer (it then goes on, and its result is dropped: the caller
  ///   closes the connection it waited on).
  func run<Value: Sendable>(
    within seconds: Double, unless closed: EventLoopFuture<Void>? = nil,
    _ work: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let outcome = Outcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task(executorPreference: executor) {
      let result: Result<Value, any Error>
      do {
        result = .success(try await work())
      } catch {
        result = .failure(error)
      }
      if outcome.settle(result) { done.signal() }
    }
    closed?.whenComplete { _ in
      if outcome.settle(.failure(ConnectionClosed())) { done.signal() }
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

  /// A result handed to the waiting thread by whichever comes first, the work or the close.
  private final class Outcome<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var settled: Result<Value, any Error>?

    var result: Result<Value, any Error>? {
      lock.lock()
      defer { lock.unlock() }
      return settled
    }

    /// Keeps `result` unless one came first; whether it was kept.
    func settle(_ result: Result<Value, any Error>) -> Bool {
      lock.lock()
      defer { lock.unlock() }
      guard settled == nil else { return false }
      settled = result
      return true
    }
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
