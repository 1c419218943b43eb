#if canImport(Glibc)
import Glibc
#endif

/// The number of glibc malloc arenas the process may use.
///
/// glibc gives a thread its own arena when it finds the others locked, up to eight per core. The
/// recorder's blocking work runs on a pool of threads (`BlockingExecutor`), so a long `collect` or
/// recording spread its allocations over up to ten arenas, each keeping freed pages of its own:
/// resident memory grew with the amount of work done rather than with what was alive (about 10 KB
/// per collected item, docs/performance.md, "Collect"). Two arenas — one per core of the smallest
/// machine a study runs on — keep that bounded; each thread's cache (tcache) still serves small
/// allocations without a lock, and the measured run times did not change.
enum MallocArenas {
    /// The limit set by ``limit()``.
    static let maximum: Int32 = 2

    /// `M_ARENA_MAX` of glibc's <malloc.h>.
    private static let arenaMaxParameter: Int32 = -8

    /// Caps the arenas at ``maximum``, unless `MALLOC_ARENA_MAX` in the environment already says how
    /// many (glibc read it at start). Called first thing in `main`, before any other thread exists.
    static func limit() {
        #if canImport(Glibc)
        guard getenv("MALLOC_ARENA_MAX") == nil else { return }
        // mallopt(3) is in <malloc.h>, which the Glibc module does not import: looked up by name.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaxParameter, maximum)
        #endif
    }
}
