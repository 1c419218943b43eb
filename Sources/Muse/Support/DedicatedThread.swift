import Foundation

/// Runs blocking `body` on a new thread of its own and awaits its result, so blocking system calls
/// (connect with poll, HCI reads) never occupy the Swift cooperative pool.
func onDedicatedThread<T: Sendable, E: Error>(
    _ name: String, _ body: @escaping @Sendable () throws(E) -> T
) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        let thread = Thread {
            do throws(E) {
                continuation.resume(returning: .success(try body()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        thread.name = name
        thread.start()
    }
    return try result.get()
}
