/// Reads typed values out of a positioned JSON tree and collects a ``StudyDiagnostic`` for
/// every mismatch instead of stopping at the first, so one `validate` run lists all mistakes.
///
/// Each read returns `nil` when the value is wrong (after reporting it); callers build a model value
/// only when all its parts were read.
final class DocumentReader {
    /// The file name used in errors.
    let file: String
    /// The errors found so far, each once, at most ``maximumErrors``.
    private(set) var errors: [StudyDiagnostic] = []
    /// The errors found beyond ``maximumErrors``.
    private(set) var omittedErrors = 0
    private var seen: Set<StudyDiagnostic> = []

    /// The most errors listed: a file with millions of wrong values (an array of a million numbers
    /// where days belong) is reported in a screenful, at a cost that does not grow with each error.
    static let maximumErrors = 200

    init(file: String) { self.file = file }

    /// Records an error.
    func report(_ position: SourcePosition, _ path: JSONPath, _ expected: String) {
        guard errors.count < Self.maximumErrors else {
            omittedErrors += 1
            return
        }
        let error = StudyDiagnostic(.error, file: file, position: position, path: path, message: expected)
        if seen.insert(error).inserted { errors.append(error) }
    }

    /// Records an error about `node`.
    func report(_ node: JSONNode, _ path: JSONPath, _ expected: String) { report(node.position, path, expected) }

    /// Reads an object whose keys must all be in `required` or `optional`; reports unknown keys
    /// (naming the allowed ones) and missing required keys. `what` names the object in messages.
    func object(
        _ node: JSONNode, _ path: JSONPath, what: String, required: [String], optional: [String] = []
    ) -> ObjectFields? {
        guard case .object(let members) = node.value else {
            report(node, path, "\(what) as an object, not \(node.value.kindDescription)")
            return nil
        }
        let allowed = Set(required + optional)
        for member in members where !allowed.contains(member.key) {
            let list = (required + optional).map { "'\($0)'" }.joined(separator: ", ")
            report(
                member.keyPosition, path.appending(member.key),
                "one of the keys \(list) in \(what) ('\(member.key)' is not a key of \(what))")
        }
        var missing = false
        for key in required where !members.contains(where: { $0.key == key }) {
            report(node, path.appending(key), "the key '\(key)' in \(what) (it is required but missing)")
            missing = true
        }
        // Members with unknown keys were reported above; they are not read any further.
        return ObjectFields(
            node: node, path: path, members: members.filter { allowed.contains($0.key) }, reader: self, missingRequired: missing)
    }

    /// Reads an object used as a dictionary: any keys, each checked with `keyPattern`.
    func dictionary(_ node: JSONNode, _ path: JSONPath, what: String) -> [(key: String, node: JSONNode, path: JSONPath)]? {
        guard case .object(let members) = node.value else {
            report(node, path, "\(what) as an object of named entries, not \(node.value.kindDescription)")
            return nil
        }
        var result: [(key: String, node: JSONNode, path: JSONPath)] = []
        for member in members {
            if !Self.isName(member.key) {
                report(
                    member.keyPosition, path.appending(member.key),
                    "a name of letters, digits, '_' or '-' starting with a letter (not '\(member.key)')")
            }
            result.append((member.key, member.value, path.appending(member.key)))
        }
        return result
    }

    /// Reads an array; `nonEmpty` reports an empty one.
    func array(_ node: JSONNode, _ path: JSONPath, what: String, nonEmpty: Bool = false) -> ArrayElements? {
        guard case .array(let elements) = node.value else {
            report(node, path, "\(what) as an array, not \(node.value.kindDescription)")
            return nil
        }
        if nonEmpty && elements.isEmpty { report(node, path, "at least one entry in \(what)") }
        return ArrayElements(elements: elements, path: path)
    }

    /// Reads a string; `nonEmpty` reports an empty or blank one.
    func string(_ node: JSONNode, _ path: JSONPath, what: String = "a string", nonEmpty: Bool = true) -> String? {
        guard case .string(let text) = node.value else {
            report(node, path, "\(what), not \(node.value.kindDescription)")
            return nil
        }
        if nonEmpty && text.allSatisfy(\.isWhitespace) {
            report(node, path, "\(what) that is not empty")
            return nil
        }
        return text
    }

    /// Reads a name (letters, digits, `_`, `-`, starting with a letter).
    func name(_ node: JSONNode, _ path: JSONPath, what: String) -> String? {
        guard let text = string(node, path, what: what) else { return nil }
        guard Self.isName(text) else {
            report(node, path, "\(what): letters, digits, '_' or '-' starting with a letter (not '\(text)')")
            return nil
        }
        return text
    }

    /// Whether `text` is a valid name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    /// Reads a boolean.
    func bool(_ node: JSONNode, _ path: JSONPath) -> Bool? {
        guard case .bool(let value) = node.value else {
            report(node, path, "true or false, not \(node.value.kindDescription)")
            return nil
        }
        return value
    }

    /// Reads a number within `range` (described in messages as `what`).
    func number(_ node: JSONNode, _ path: JSONPath, what: String, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let value, _) = node.value else {
            report(node, path, "\(what), not \(node.value.kindDescription)")
            return nil
        }
        guard range.contains(value) else {
            report(node, path, "\(what) (got \(Self.format(value)))")
            return nil
        }
        return value
    }

    /// Reads an integer within `range`.
    func integer(_ node: JSONNode, _ path: JSONPath, what: String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let value, let literal) = node.value else {
            report(node, path, "\(what), not \(node.value.kindDescription)")
            return nil
        }
        guard value.rounded() == value, !literal.contains("."), abs(value) < 9e15 else {
            report(node, path, "\(what) as a whole number (got \(literal))")
            return nil
        }
        guard range.contains(Int(value)) else {
            report(node, path, "\(what) (got \(literal))")
            return nil
        }
        return Int(value)
    }

    /// Reads a marker code: an integer from 1 to 2147483647 (zero and negative codes are reserved
    /// for events the software writes itself).
    func marker(_ node: JSONNode, _ path: JSONPath) -> Int32? {
        integer(node, path, what: "a marker code from 1 to 2147483647 (codes ≤ 0 are reserved)", in: 1...Int(Int32.max))
            .map { Int32($0) }
    }

    /// Reads one of the raw values of `E`.
    func choice<E: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: JSONPath, what: String, allowed: [E]? = nil) -> E?
    where E.RawValue == String {
        let cases = allowed ?? Array(E.allCases)
        let list = cases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard case .string(let text) = node.value else {
            report(node, path, "\(what): one of \(list), not \(node.value.kindDescription)")
            return nil
        }
        guard let value = E(rawValue: text), cases.contains(where: { $0.rawValue == text }) else {
            report(node, path, "\(what): one of \(list) (not '\(text)')")
            return nil
        }
        return value
    }

    /// Formats a number without a needless `.0`.
    static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
