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

    /// Waits on the calling thread until the file at `url` holds at least `bytes` bytes, up to
    /// `timeout` seconds; whether it did. How a test lets a recording in another process get some
    /// seconds in: its journal gets every row within a second (about 12 kB per second of 4-channel
    /// EEG at 256 Hz), so a size is a condition where a fixed sleep would be a guess.
    public static func untilSize(of url: URL, atLeast bytes: Int, timeout: Double = 60) -> Bool {
        until(timeout: timeout) { size(of: url) >= bytes }
    }

    /// The size of the file at `url` in bytes (0 when it does not exist).
    public static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
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
