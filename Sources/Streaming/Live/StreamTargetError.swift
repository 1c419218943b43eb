/// A `--stream` value that names no target.
package enum StreamTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither `lsl` nor `osc…`.
    case unknown(String)
    /// `osc:` with a missing host or a port outside 1–65535.
    case invalidOSC(String)

    package var description: String {
        switch self {
        case .unknown(let text): "unknown stream target \"\(text)\": use lsl, osc, osc:PORT or osc:HOST:PORT"
        case .invalidOSC(let text): "invalid OSC target \"\(text)\": use osc:HOST:PORT with a port from 1 to 65535"
        }
    }
}
