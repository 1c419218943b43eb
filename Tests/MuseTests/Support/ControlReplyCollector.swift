/// Reassembles control replies from 20-byte notifications, scanning character by character so a
/// notification carrying the end of one object and the start of the next splits correctly.
struct ControlReplyCollector {
    private var current = ""
    private var depth = 0
    private(set) var replies: [String] = []
    private(set) var fragments: [[UInt8]] = []

    mutating func add(_ value: [UInt8]) {
        fragments.append(value)
        guard let count = value.first else { return }
        for byte in value.dropFirst().prefix(Int(count)) {
            let ch = Character(UnicodeScalar(byte))
            if ch == "{" { depth += 1 }
            if depth > 0 { current.append(ch) }
            if ch == "}" {
                depth -= 1
                if depth == 0 {
                    replies.append(current)
                    current = ""
                }
            }
        }
    }
}
