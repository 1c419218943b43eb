import Testing

@testable import Study

struct PositionedJSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = PositionedJSONParser(text)
        return try parser.parse()
    }

    @Test func recordsLineAndColumnOfEveryValue() throws {
        let root = try parse("{\n  \"a\": [1, true],\n  \"ü\": {\"b\": \"x\"}\n}")
        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(root.node(at: JSONPath.root.appending("a"))?.position == SourcePosition(line: 2, column: 8))
        #expect(root.node(at: JSONPath.root.appending("a").appending(1))?.position == SourcePosition(line: 2, column: 12))
        // Columns count characters: "ü" is two bytes but one column.
        #expect(root.node(at: JSONPath.root.appending("ü").appending("b"))?.position == SourcePosition(line: 3, column: 14))
    }

    @Test func decodesStringsEscapesAndNumbers() throws {
        let root = try parse(#"{"s": "a\"b\\c\n\u00e9\ud83d\ude00", "n": -1.5e2, "i": 42, "z": null}"#)
        #expect(root["s"]?.value == .string("a\"b\\c\né😀"))
        #expect(root["n"]?.value == .number(-150, literal: "-1.5e2"))
        #expect(root["i"]?.value == .number(42, literal: "42"))
        #expect(root["z"]?.value == .null)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "another key after ',' (no trailing commas in JSON)"),
        ("[1 2]", 1, 4, "',' or ']' after an array element"),
        ("{\"a\" 1}", 1, 6, "':' after the key 'a'"),
        ("{\"a\": 01}", 1, 7, "no leading zeros in a number"),
        ("{\"a\": tru}", 1, 7, "the literal 'true'"),
        ("{\"a\": 1} x", 1, 10, "the end of the document after the top-level value"),
        ("", 1, 1, "a value, not the end of the document"),
        ("{\"a\": \"\\ud800x\"}", 1, 14, "a low surrogate '\\uDC00'…'\\uDFFF'"),
        ("{\"a\": 1e999}", 1, 7, "a number within range"),
    ])
    func reportsSyntaxErrorsWithPosition(_ text: String, _ line: Int, _ column: Int, _ expected: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.position == SourcePosition(line: line, column: column))
            #expect(error.expected == expected)
        }
    }

    @Test func rejectsDuplicateKeysNamingTheFirst() {
        do {
            _ = try parse("{\"a\": 1,\n \"a\": 2}")
            Issue.record("accepted a duplicate key")
        } catch {
            #expect(error.position == SourcePosition(line: 2, column: 2))
            #expect(error.path.description == "$.a")
            #expect(error.expected.contains("also at 1:2"))
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test func pathsPrintLikeJSONPath() {
        let path = JSONPath.root.appending("days").appending(2).appending("sessions").appending(0).appending("a b")
        #expect(path.description == "$.days[2].sessions[0][\"a b\"]")
    }
}
