public import Foundation

/// Waiting for a file another process writes (a recorder's journal): without blocking a thread, or on
/// the calling thread when the cooperative pool may be starved.
public enum FileWaiter {
    /// The first file below `folder` whose extension is `pathExtension`, waiting up to `timeout`
    /// seconds for one to appear; `nil` if none did.
    public static func first(withExtension pathExtension: String, below folder: URL, timeout: Double = 60) async throws -> URL? {
        let giveUp = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < giveUp {
            let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.pathExtension == pathExtension }
            if let found { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Like ``first(withExtension:below:timeout:)``, but waits on the calling thread. For tests that
    /// share the cooperative pool with tests blocked in child processes: an async wait can be starved
    /// past its deadline there and miss a file that existed for seconds.
    public static func firstBlocking(withExtension pathExtension: String, below folder: URL, timeout: Double = 60) -> URL? {
        let giveUp = ContinuousClock.now + .seconds(timeout)
        repeat {
            let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.pathExtension == pathExtension }
            if let found { return found }
            usleep(50_000)
        } while ContinuousClock.now < giveUp
        return nil
    }

    /// Waits on the calling thread until `condition` holds, up to `timeout` seconds; whether it did.
    /// For state another process writes in steps (a journal first, its catalog row a moment later).
    public static func until(timeout: Double = 60, _ condition: () throws -> Bool) rethrows -> Bool {
        let giveUp = ContinuousClock.now + .seconds(timeout)
        repeat {
            if try condition() { return true }
            usleep(50_000)
        } while ContinuousClock.now < giveUp
        return false
    }
}
