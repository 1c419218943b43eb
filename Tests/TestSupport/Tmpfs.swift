import Foundation

/// A small tmpfs, the honest way for a test to fill a disk. Mounting one needs root (CAP_SYS_ADMIN),
/// which CI and developers have here; elsewhere the tests that need it are skipped, visibly.
public enum Tmpfs {
    /// Whether this process can mount a tmpfs, found once by mounting (and unmounting) a tiny one.
    /// Use it as `.enabled(if: ProjectPaths.isCI || Tmpfs.canMount, …)`: in CI the test runs anyway,
    /// so that a machine without the permission fails the test instead of skipping it.
    public static let canMount: Bool = {
        guard let dir = try? TemporaryDirectory("tmpfs-probe") else { return false }
        let mount = dir.path("probe")
        guard (try? FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)) != nil,
            let mounted = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.path])
        else { return false }
        guard mounted.status == 0 else { return false }
        _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mount.path])
        return true
    }()
}
