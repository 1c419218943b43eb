import Foundation

/// Seconds since the Unix epoch, the time base of ``Frame/time``.
@inline(__always)
func wallClockNow() -> Double {
    Date().timeIntervalSince1970
}
