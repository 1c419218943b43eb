/// The members of one object being read, with shortcuts for required and optional fields. It
/// remembers whether any field was missing or wrong (``failed``), so a reader builds its value only
/// from complete parts.
final class ObjectFields {
    /// The object node.
    let node: JSONNode
    /// Its path.
    let path: JSONPath
    /// Its members with allowed keys.
    let members: [JSONMember]
    /// The reader reporting errors.
    let reader: DocumentReader
    /// True once a required key was missing or a present value was wrong.
    private(set) var failed = false

    init(node: JSONNode, path: JSONPath, members: [JSONMember], reader: DocumentReader, missingRequired: Bool) {
        self.node = node
        self.path = path
        self.members = members
        self.reader = reader
        self.failed = missingRequired
    }

    /// Marks the object as failed (after reporting a problem that spans several fields).
    func fail() { failed = true }

    /// Whether the key is present.
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The value node of `key`.
    func node(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }

    /// Reads `key` with `read` if present; `nil` if absent or wrong.
    func optional<T>(_ key: String, _ read: (JSONNode, JSONPath) -> T?) -> T? {
        guard let value = node(key) else { return nil }
        let result = read(value, path.appending(key))
        if result == nil { failed = true }
        return result
    }

    /// Reads `key` with `read`; a missing key was already reported by ``DocumentReader/object``.
    func required<T>(_ key: String, _ read: (JSONNode, JSONPath) -> T?) -> T? {
        optional(key, read)
    }

    /// Reads `key` if present, else returns `fallback`; returns `nil` only for a present, wrong value.
    func value<T>(_ key: String, default fallback: T, _ read: (JSONNode, JSONPath) -> T?) -> T? {
        guard let value = node(key) else { return fallback }
        let result = read(value, path.appending(key))
        if result == nil { failed = true }
        return result
    }
}
