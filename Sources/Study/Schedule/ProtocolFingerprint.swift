/// A short, stable fingerprint of a protocol's shape: the study id, and for every item its day, its
/// session name and its run count. FNV-1a 64, written as 16 hex digits.
package enum ProtocolFingerprint {
    /// The fingerprint of `study`.
    package static func of(_ study: StudyDefinition) -> String {
        var text = study.id
        for item in study.items {
            let runs = study.sessions[item.sessionName]?.runCount ?? 0
            text += "|\(item.position.day):\(item.sessionName):\(runs)"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
