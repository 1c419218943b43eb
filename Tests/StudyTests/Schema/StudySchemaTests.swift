import Foundation
import TestSupport
import Testing

/// `docs/study-schema.json` is a valid draft 2020-12 schema, the example studies validate against it,
/// and it rejects the structural mistakes of the broken corpus (the semantic ones — references,
/// marker collisions, placeholders, locale keys — only `study-recorder validate` can see).
///
/// Runs the project's Python (`.venv/bin/python`, or `STUDY_RECORDER_PYTHON`) with `jsonschema`;
/// skipped locally when that is missing, a failure in CI.
@Suite(.tags(.python))
struct StudySchemaTests {
    static let pythonHasJSONSchema: Bool = {
        guard let python = ProjectPaths.python else { return false }
        return (try? ProcessRunner.run(python, ["-c", "import jsonschema"]).status) == 0
    }()

    static let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        result = {}
        for path in sys.argv[2:]:
            errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.absolute_path))
            result[path] = [e.message for e in errors]
        print(json.dumps(result))
        """

    static let structuralMistakes = [
        "bad-date-bound", "bad-locale-code", "bad-study-id", "blank-text", "choice-question-without-choices",
        "duplicate-locale", "fractional-marker", "instruction-without-text", "task-on-a-prompt", "text-not-a-string",
        "unknown-consent-topic", "unknown-task-type",
        "key-not-allowed-for-question-kind", "mains-frequency", "missing-phase-marker", "negative-repeat", "no-days",
        "not-an-object", "openpgp-without-recipients", "question-kind-wrong-case", "relaxed-threshold-without-timeout",
        "reserved-marker", "session-kind-keys", "task-phase-without-task", "unknown-duration", "unknown-phase-key",
        "unknown-phase-kind", "unknown-top-level-key", "unsupported-format-version", "until-spoken-without-text",
        "wait-for-non-gating-state", "wrong-type-day-window", "unknown-report-mode", "bad-signing-fingerprint",
    ]

    private func run(_ files: [URL]) throws -> [String: [String]] {
        let schema = ProjectPaths.root.appendingPathComponent("docs/study-schema.json")
        return try PythonTool.json([String: [String]].self, script: Self.script, arguments: [schema.path] + files.map(\.path))
    }

    @Test(.enabled(if: ProjectPaths.isCI || pythonHasJSONSchema, "needs the project's Python with jsonschema"))
    func exampleStudiesValidateAgainstTheSchema() throws {
        let files = [
            FixturePaths.studies.appendingPathComponent("mynd-example/study.json"),
            FixturePaths.studies.appendingPathComponent("reaction-time/study.json"),
            FixturePaths.minimal,
        ]
        let result = try run(files)
        for file in files {
            #expect(result[file.path] == [], "\(file.lastPathComponent): \(result[file.path] ?? [])")
        }
    }

    @Test(.enabled(if: ProjectPaths.isCI || pythonHasJSONSchema, "needs the project's Python with jsonschema"))
    func theSchemaRejectsTheStructuralMistakes() throws {
        let files = Self.structuralMistakes.map { FixturePaths.broken.appendingPathComponent("\($0).json") }
        let result = try run(files)
        for file in files {
            #expect(!(result[file.path] ?? []).isEmpty, "the schema accepts \(file.lastPathComponent)")
        }
    }
}
