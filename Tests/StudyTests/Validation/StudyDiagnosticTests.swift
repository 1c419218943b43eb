import Foundation
import Testing

@testable import Study

/// Errors and warnings are one type; their text and `validate --json` shapes are the ones the
/// separate error and warning types had.
struct StudyDiagnosticTests {
    static let position = SourcePosition(line: 3, column: 7)

    @Test func anErrorReadsAsWhatWasExpected() throws {
        let error = StudyDiagnostic(.error, file: "s.json", position: Self.position, path: JSONPath.root.appending("days"), message: "an array")
        #expect(error.description == "s.json:3:7: $.days: expected an array")
        #expect(try Self.json(error) == #"{"column":7,"expected":"an array","file":"s.json","line":3,"path":"$.days"}"#)
    }

    @Test func aWarningSaysWarning() throws {
        let warning = StudyDiagnostic(.warning, file: "s.json", position: Self.position, path: .root, message: "unused")
        #expect(warning.description == "s.json:3:7: $: warning: unused")
        #expect(try Self.json(warning) == #"{"column":7,"file":"s.json","line":3,"message":"unused","path":"$"}"#)
    }

    @Test func decodingTellsTheSeverityByTheKey() throws {
        for diagnostic in [
            StudyDiagnostic(.error, file: "a", position: Self.position, path: .root, message: "x"),
            StudyDiagnostic(.warning, file: "a", position: Self.position, path: .root, message: "x"),
        ] {
            let data = Data(try Self.json(diagnostic).utf8)
            #expect(try JSONDecoder().decode(StudyDiagnostic.self, from: data) == diagnostic)
        }
    }

    static func json(_ diagnostic: StudyDiagnostic) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(diagnostic), as: UTF8.self)
    }
}
