/// Reassembles the JSON objects the headband sends on the control characteristic from their
/// 20-byte notifications.
///
/// Each notification holds a count `n` in byte 0, then `n` useful ASCII bytes, then padding. Replies
/// are longer than 19 bytes, so one object spans several notifications, and one notification can
/// end one object and start the next (the muse-js test fragment `"rc":0}{"r`). The assembler
/// therefore scans character by character, tracking brace depth and whether it is inside a JSON
/// string (and after a backslash there), instead of only checking whether a notification ends in `}`
/// as muselsl does.
///
/// Tolerance, so no bytes can trap or grow memory:
/// - A count larger than the bytes that follow it is **clamped** to what is there (counted in
///   ``clampedNotifications``); an empty notification is ignored. Notifications of any length are
///   accepted, not only 20 bytes.
/// - Bytes outside an object (before its `{`, stray `}`) are skipped.
/// - An object longer than ``maximumObjectLength`` bytes (default 4 KiB) is discarded (counted in
///   ``discardedObjects``) and scanning resumes at the next `{` found at depth 0.
///
/// ```swift
/// var assembler = ControlReplyAssembler()
/// for notification in notifications {
///     for object in assembler.append(notification) {
///         if case .status(let status) = MuseControlReply(json: object) { … }
///     }
/// }
/// ```
package struct ControlReplyAssembler: Sendable {
    /// The longest object kept, in bytes; longer ones are junk and are dropped.
    package let maximumObjectLength: Int

    /// How many notifications claimed more bytes than they carried.
    package private(set) var clampedNotifications = 0

    /// How many objects were dropped for exceeding ``maximumObjectLength``.
    package private(set) var discardedObjects = 0

    private var buffer: [UInt8] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var skippingOversized = false

    /// Creates an empty assembler; `maximumObjectLength` bounds the memory one object may take.
    package init(maximumObjectLength: Int = 4096) {
        self.maximumObjectLength = max(2, maximumObjectLength)
    }

    /// Whether part of an object is waiting for its remaining notifications.
    package var hasPartialObject: Bool { depth > 0 }

    /// Feeds one control notification; returns the objects it completed, in order, as JSON text.
    package mutating func append(_ notification: [UInt8]) -> [String] {
        guard let count = notification.first else { return [] }
        var useful = Int(count)
        if useful > notification.count - 1 {
            clampedNotifications += 1
            useful = notification.count - 1
        }
        return append(text: notification[1..<(1 + useful)])
    }

    /// Feeds ASCII text that is already unframed (the useful bytes of notifications); returns the
    /// objects completed.
    package mutating func append(text bytes: some Sequence<UInt8>) -> [String] {
        var completed: [String] = []
        for byte in bytes {
            if let object = consume(byte) { completed.append(object) }
        }
        return completed
    }

    /// Drops any partial object, e.g. after a reconnect.
    package mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
        depth = 0
        inString = false
        escaped = false
        skippingOversized = false
    }

    private mutating func consume(_ byte: UInt8) -> String? {
        if depth == 0 {
            guard byte == UInt8(ascii: "{") else { return nil }
            depth = 1
            inString = false
            escaped = false
            skippingOversized = false
            buffer.removeAll(keepingCapacity: true)
            buffer.append(byte)
            return nil
        }
        if !skippingOversized {
            if buffer.count >= maximumObjectLength {
                skippingOversized = true
                discardedObjects += 1
                buffer.removeAll()
            } else {
                buffer.append(byte)
            }
        }
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return nil
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "{"):
            depth += 1
        case UInt8(ascii: "}"):
            depth -= 1
            if depth == 0 {
                defer { buffer.removeAll(keepingCapacity: true) }
                if skippingOversized {
                    skippingOversized = false
                    return nil
                }
                return String(decoding: buffer, as: UTF8.self)
            }
        default:
            break
        }
        return nil
    }
}
