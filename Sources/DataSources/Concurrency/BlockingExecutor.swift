import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one way blocking work leaves Swift's cooperative pool: a pool of threads of its own that runs
/// blocking calls (`fdatasync`, HDF5 and GPGME calls, `connect` with `poll`, `recv` loops, libcurl
/// transfers, reads from a terminal), so they never occupy one of the few threads every task shares.
///
/// Three ways in, one set of threads:
/// - ``run(_:_:)`` performs one blocking call and returns its result to the awaiting task;
/// - ``execute(_:_:)`` starts a long-lived blocking loop (a socket reader) and returns at once;
/// - as a `TaskExecutor`, a whole task runs here: `Task(executorPreference:)` or
///   `withTaskExecutorPreference(_:operation:)` put its synchronous stretches (a recording's HDF5
///   writes, its journal's `fdatasync`, the catalog updates; an upload's sealing) on these threads,
///   while its suspensions free them.
///
/// The pool starts a thread when work arrives and every thread is busy (up to
/// ``maximumThreads``; beyond that, work waits in order), so a loop that blocks for hours never delays
/// other work. A thread idle for ``idleSeconds`` ends, so the pool shrinks back after a burst.
/// Work runs in submission order on each thread; with `maximumThreads: 1` the executor is serial (one
/// libcurl handle reused by a run of requests, for instance).
///
/// ```swift
/// let fd = try await BlockingExecutor.shared.run("L2CAP connect") { try connect(address) }
/// let writer = Task(executorPreference: BlockingExecutor.shared) { try await record() }
/// ```
///
/// Why one type rather than a `Thread` or a queue where each module needs one: those were six
/// solutions to one problem, each with its own naming, queueing and shutdown
/// (docs/decisions/0008-one-executor-for-blocking-work.md).
package final class BlockingExecutor: TaskExecutor, Sendable {
    /// The process-wide pool, for blocking work that needs no ordering of its own.
    package static let shared = BlockingExecutor(name: "blocking")

    /// The threads' name (a thread running named work carries that work's name meanwhile).
    package let name: String
    /// The most threads that run at once.
    package var maximumThreads: Int { pool.maximumThreads }
    /// Seconds a thread waits for work before it ends.
    package var idleSeconds: Double { pool.idleSeconds }

    private let pool: Pool

    /// A pool named `name` of at most `maximumThreads` threads (1: a serial executor), each ending
    /// after `idleSeconds` without work.
    package init(name: String, maximumThreads: Int = 64, idleSeconds: Double = 10) {
        self.name = name
        pool = Pool(name: name, maximumThreads: max(1, maximumThreads), idleSeconds: max(0.01, idleSeconds))
    }

    /// The threads now alive (busy or idle): for tests and diagnostics.
    package var threadCount: Int { pool.threadCount }

    /// Whether the calling thread is one of this executor's: for tests and preconditions.
    package var isCurrentThread: Bool { pool.isCurrentThread }

    /// Whether the calling thread is a thread of any `BlockingExecutor` (so it may block): work that
    /// would otherwise be handed to an executor's thread and awaited can run where it is, saving two
    /// thread hand-offs (Transfer's libcurl session does so for the requests of an upload run).
    package static var isBlockingThread: Bool { Pool.isAnyPoolThread }

    /// Runs `body` on one of the pool's threads and returns its result (or throws its error). The
    /// awaiting task is suspended meanwhile and holds no thread. `name` names the thread while `body`
    /// runs (seen in `top -H` and debuggers). The call is not cancelled with the task: `body` decides
    /// how long it blocks (pass it a deadline).
    package func run<T: Sendable, E: Error>(
        _ name: String? = nil, _ body: @escaping @Sendable () throws(E) -> T
    ) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            pool.submit(
                Work(name: name) {
                    do throws(E) {
                        continuation.resume(returning: .success(try body()))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                })
        }
        return try result.get()
    }

    /// Starts `body` on one of the pool's threads and returns at once: for a loop that blocks until
    /// its work is over (a socket's reader, a signal waiter). The pool grows for it, so it delays no
    /// other work.
    package func execute(_ name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        pool.submit(Work(name: name, body: body))
    }

    /// Runs `job` on one of the pool's threads (the `TaskExecutor` requirement).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        pool.submit(Work(name: nil) { job.runSynchronously(on: executor) })
    }

    /// One piece of work and the name its thread carries meanwhile.
    private struct Work: Sendable {
        let name: String?
        let body: @Sendable () -> Void
    }

    /// The queue and the threads. The threads hold the pool, never the executor, so an executor that
    /// is released lets its idle threads end.
    private final class Pool: @unchecked Sendable {
        let name: String
        let maximumThreads: Int
        let idleSeconds: Double
        // `queue`, `threads` and `idle` are guarded by `condition`.
        private let condition = NSCondition()
        private var queue: [Work] = []
        private var threads = 0
        private var idle = 0

        init(name: String, maximumThreads: Int, idleSeconds: Double) {
            self.name = name
            self.maximumThreads = maximumThreads
            self.idleSeconds = idleSeconds
        }

        var threadCount: Int { condition.withLock { threads } }

        /// The thread-local mark of a pool's thread: the pool, unretained (it outlives its threads'
        /// loops, which hold it).
        private static let marker: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()

        static var isAnyPoolThread: Bool { pthread_getspecific(marker) != nil }

        var isCurrentThread: Bool {
            guard let mark = pthread_getspecific(Self.marker) else { return false }
            return mark == Unmanaged.passUnretained(self).toOpaque()
        }

        /// Queues `work`, starting a thread when more work waits than threads are idle.
        func submit(_ work: Work) {
            let start = condition.withLock { () -> Bool in
                queue.append(work)
                condition.signal()
                guard queue.count > idle, threads < maximumThreads else { return false }
                threads += 1
                return true
            }
            if start {
                let thread = Thread { [self] in
                    pthread_setspecific(Self.marker, Unmanaged.passUnretained(self).toOpaque())
                    Self.nameThread(name)
                    loop()
                }
                thread.start()
            }
        }

        /// Runs queued work until none arrives for `idleSeconds`.
        private func loop() {
            condition.lock()
            while true {
                if !queue.isEmpty {
                    let work = queue.removeFirst()
                    condition.unlock()
                    if let name = work.name { Self.nameThread(name) }
                    work.body()
                    if work.name != nil { Self.nameThread(self.name) }
                    condition.lock()
                    continue
                }
                idle += 1
                let woken = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
                idle -= 1
                if !woken && queue.isEmpty {
                    threads -= 1
                    condition.unlock()
                    return
                }
            }
        }

        /// Names the calling thread as the system shows it (`top -H`, debuggers; Linux keeps 15
        /// bytes). On Linux it writes the kernel's own name file: Foundation's `Thread.name` does not
        /// reliably reach the kernel for a thread it has just started.
        static func nameThread(_ name: String) {
            #if os(Linux)
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            let bytes = Array(name.utf8.prefix(15))
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            #else
            Thread.current.name = name
            #endif
        }
    }
}
