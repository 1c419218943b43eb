import Glibc

/// CLOCK_MONOTONIC in nanoseconds: the receive and pacing clock, immune to wall-clock steps.
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}
