/// A strict JSON parser (RFC 8259) that records the line and column of every value and key and
/// rejects duplicate keys, so the study validator can point at the exact place of a mistake.
package struct PositionedJSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// The deepest nesting accepted; deeper input is an error rather than a stack overflow.
    package static let maximumDepth = 200

    /// Prepares to parse `text`.
    package init(_ text: String) { bytes = Array(text.utf8) }

    /// Prepares to parse UTF-8 `bytes`.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document; only whitespace may follow it.
    package mutating func parse() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let node = try parseValue(path: .root)
        skipWhitespace()
        if index < bytes.count { throw error("the end of the document after the top-level value", .root) }
        return node
    }

    private var here: SourcePosition { SourcePosition(line: line, column: column) }

    private func error(_ expected: String, _ path: JSONPath, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: position ?? here, path: path, expected: expected)
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Count characters, not bytes: the first byte of a UTF-8 sequence moves the column.
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private mutating func parseValue(path: JSONPath) throws(JSONSyntaxError) -> JSONNode {
        let start = here
        guard let byte = peek else { throw error("a value, not the end of the document", path) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(path: path)
        case UInt8(ascii: "["): return try parseArray(path: path)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString(path: path)), at: start)
        case UInt8(ascii: "t"): try literal("true", path); return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try literal("false", path); return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try literal("null", path); return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(path: path)
        default:
            throw error("a value (object, array, string, number, true, false or null)", path)
        }
    }

    private mutating func literal(_ word: String, _ path: JSONPath) throws(JSONSyntaxError) {
        let start = here
        for expected in word.utf8 {
            guard peek == expected else { throw error("the literal '\(word)'", path, at: start) }
            advance()
        }
    }

    private mutating func enter(_ path: JSONPath) throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("at most \(Self.maximumDepth) levels of nesting", path) }
    }

    private mutating func parseObject(path: JSONPath) throws(JSONSyntaxError) -> JSONNode {
        let start = here
        try enter(path)
        defer { depth -= 1 }
        advance()
        var members: [JSONMember] = []
        // Where each key was first seen: a duplicate is found in O(1), not by scanning the members.
        var keyPositions: [String: SourcePosition] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            return JSONNode(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            let keyPosition = here
            guard peek == UInt8(ascii: "\"") else { throw error("a quoted key", path) }
            let key = try parseString(path: path)
            if let earlier = keyPositions.updateValue(keyPosition, forKey: key) {
                throw error(
                    "a key not already used in this object ('\(key)' is also at \(earlier))",
                    path.appending(key), at: keyPosition)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("':' after the key '\(key)'", path.appending(key)) }
            advance()
            skipWhitespace()
            let value = try parseValue(path: path.appending(key))
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
                if peek == UInt8(ascii: "}") { throw error("another key after ',' (no trailing commas in JSON)", path) }
            case UInt8(ascii: "}"):
                advance()
                return JSONNode(.object(members), at: start)
            default:
                throw error("',' or '}' after the member '\(key)'", path)
            }
        }
    }

    private mutating func parseArray(path: JSONPath) throws(JSONSyntaxError) -> JSONNode {
        let start = here
        try enter(path)
        defer { depth -= 1 }
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            return JSONNode(.array(elements), at: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(path: path.appending(elements.count)))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
                skipWhitespace()
                if peek == UInt8(ascii: "]") { throw error("another element after ',' (no trailing commas in JSON)", path) }
            case UInt8(ascii: "]"):
                advance()
                return JSONNode(.array(elements), at: start)
            default:
                throw error("',' or ']' after an array element", path)
            }
        }
    }

    private mutating func parseString(path: JSONPath) throws(JSONSyntaxError) -> String {
        advance()  // opening quote
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() throws(JSONSyntaxError) {
            if raw.isEmpty { return }
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw JSONSyntaxError(position: here, path: path, expected: "valid UTF-8 text")
            }
            scalars.append(contentsOf: text.unicodeScalars)
            raw.removeAll()
        }
        while true {
            guard let byte = peek else { throw error("a closing '\"' before the end of the document", path) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                let escapeStart = here
                advance()
                guard let escape = peek else { throw error("an escape character after '\\'", path) }
                advance()
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let first = try hex4(path)
                    if (0xD800...0xDBFF).contains(first) {
                        guard peek == UInt8(ascii: "\\") else { throw error("a low surrogate '\\uDC00'…'\\uDFFF'", path) }
                        advance()
                        guard peek == UInt8(ascii: "u") else { throw error("a low surrogate '\\uDC00'…'\\uDFFF'", path) }
                        advance()
                        let second = try hex4(path)
                        guard (0xDC00...0xDFFF).contains(second) else {
                            throw error("a low surrogate '\\uDC00'…'\\uDFFF'", path)
                        }
                        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    } else if let scalar = Unicode.Scalar(first) {
                        scalars.append(scalar)
                    } else {
                        throw error("a '\\u' escape that is not a lone low surrogate", path)
                    }
                default:
                    throw error("one of the escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", path, at: escapeStart)
                }
            default:
                if byte == 0x0A || byte == 0x0D {
                    throw error("a closing '\"' before the end of the line (a string cannot span lines; write \\n for a line break)", path)
                }
                if byte < 0x20 { throw error("no raw control character inside a string (write \\t for a tab)", path) }
                raw.append(byte)
                advance()
            }
        }
    }

    private mutating func hex4(_ path: JSONPath) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw error("four hexadecimal digits after '\\u'", path) }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("four hexadecimal digits after '\\u'", path)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber(path: JSONPath) throws(JSONSyntaxError) -> JSONNode {
        let start = here
        let first = index
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if peek == UInt8(ascii: "-") { advance() }
        if peek == UInt8(ascii: "0") {
            advance()
            if isDigit(peek) { throw error("no leading zeros in a number", path, at: start) }
        } else if isDigit(peek) {
            while isDigit(peek) { advance() }
        } else {
            throw error("a digit in the number", path)
        }
        if peek == UInt8(ascii: ".") {
            advance()
            guard isDigit(peek) else { throw error("a digit after the decimal point", path) }
            while isDigit(peek) { advance() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard isDigit(peek) else { throw error("a digit in the exponent", path) }
            while isDigit(peek) { advance() }
        }
        let literal = String(decoding: bytes[first..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { throw error("a number within range", path, at: start) }
        return JSONNode(.number(value, literal: literal), at: start)
    }
}
