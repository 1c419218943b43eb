import Foundation
import TestSupport
import Testing

/// Keeps the decision records (docs/decisions) true of the code: every file, type, member and target
/// a record's "Where it lives" table names exists, with the argument labels it gives. In-process and
/// untagged, so `make test-fast` runs it; a rename that misses a record fails here.
@Suite struct DecisionRecordsTests {
    /// The Swift sources a name may be declared in.
    static let sources: [(path: String, text: String)] = {
        ["Sources", "Tests", "Examples"].flatMap { folder -> [(path: String, text: String)] in
            let base = ProjectPaths.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            return files.filter { $0.pathExtension == "swift" }.compactMap { url in
                (try? String(contentsOf: url, encoding: .utf8)).map { (url.path, $0) }
            }
        }
    }()

    /// The names declared as types (`struct`, `class`, `enum`, `actor`, `protocol`, `typealias`), and
    /// for each name the sources that declare or extend it: one pass over the sources.
    static let declarations: (types: Set<String>, files: [String: [String]]) = {
        let pattern = try? NSRegularExpression(pattern: "\\b(struct|class|enum|actor|protocol|typealias|extension)\\s+([A-Za-z_][A-Za-z0-9_]*)")
        var types: Set<String> = [], files: [String: [String]] = [:]
        for source in sources {
            let text = source.text as NSString
            for match in pattern?.matches(in: source.text, range: NSRange(location: 0, length: text.length)) ?? [] {
                let keyword = text.substring(with: match.range(at: 1)), name = text.substring(with: match.range(at: 2))
                if keyword != "extension" { types.insert(name) }
                if files[name]?.last != source.text { files[name, default: []].append(source.text) }
            }
        }
        return (types, files)
    }()

    /// Every file's name below the project's source, test and example folders.
    static let fileNames: Set<String> = {
        Set(["Sources", "Tests", "Examples"].flatMap { folder -> [String] in
            let base = ProjectPaths.root.appendingPathComponent(folder)
            return (FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { ($0 as? URL)?.lastPathComponent }) ?? []
        })
    }()

    /// The target names Package.swift declares.
    static let targets: Set<String> = {
        let manifest = (try? String(contentsOf: ProjectPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        return Set(manifest.matches(of: /name: "([A-Za-z0-9_-]+)"/).map { String($0.output.1) })
    }()

    /// The records, each with the "where" cells of its "Where it lives" table.
    static func records() throws -> [(name: String, cells: [String])] {
        let folder = ProjectPaths.root.appendingPathComponent("docs/decisions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.first?.isNumber == true && $0.hasSuffix(".md") }
        return try names.sorted().map { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard let start = text.range(of: "## Where it lives") else { return (name, []) }
            let rows = text[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
            let cells = rows.dropFirst(2).compactMap { row -> String? in
                let columns = row.split(separator: "|", omittingEmptySubsequences: false)
                return columns.count >= 3 ? String(columns[2]) : nil
            }
            return (name, cells)
        }
    }

    /// What a "where" cell names that does not exist.
    static func missing(in cell: String) -> [String] {
        var missing: [String] = []
        for match in cell.matches(of: /(?:^|[^A-Za-z0-9_<\/.])((?:Sources|Tests|docs|scripts|Examples|Studies)\/[A-Za-z0-9_.+\/-]*)/) {
            var path = String(match.output.1)
            while path.hasSuffix(".") { path.removeLast() }
            if !FileManager.default.fileExists(atPath: ProjectPaths.root.appendingPathComponent(path).path) { missing.append(path) }
        }
        for match in cell.matches(of: /(?:^|[\s(`;,])([A-Za-z0-9_+]+\.(?:swift|c|h|pc))\b/) {
            let name = String(match.output.1)
            if name != "Package.swift" && !fileNames.contains(name) { missing.append(name) }
        }
        for match in cell.matches(of: /`([^`]+)`/) {
            let code = String(match.output.1)
            if let problem = problem(of: code) { missing.append(problem) }
        }
        return missing
    }

    /// Why the code name `code` (a type, `Type.member`, `member(label:)`) names nothing, or `nil`.
    static func problem(of code: String) -> String? {
        // Only Swift names: `Type`, `Type.member`, `Type.function(a:b:)`, `function(a:b:)`; a file
        // name (`X.swift`) is checked as a file above.
        guard let head = code.first, code.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?(\([A-Za-z0-9_:]*\))?/) != nil,
            !["swift", "c", "h", "pc", "md"].contains(String(code.split(separator: ".").last ?? ""))
        else { return nil }
        let parts = code.split(separator: ".", maxSplits: 1).map(String.init)
        if head.isUppercase {
            let type = parts[0]
            if parts.count == 1 {
                return declaresType(type) || targets.contains(type) ? nil : "\(code) (no such type or target)"
            }
            guard declaresType(type) else { return "\(code) (no type \(type))" }
            return declaresMember(parts[1], in: declarations.files[type] ?? []) ? nil : "\(code) (no such member of \(type))"
        }
        guard code.contains("(") else { return nil }
        return declaresMember(code, in: sources.map(\.text)) ? nil : "\(code) (no such function)"
    }

    /// `pattern` compiled (made from a checked Swift name, so it always compiles; one that does not
    /// matches nothing).
    static func regex(_ pattern: String) -> Regex<AnyRegexOutput> {
        (try? Regex(pattern)) ?? Regex(/(?!x)x/)
    }

    /// Whether a type (or protocol, or type alias) called `name` is declared.
    static func declaresType(_ name: String) -> Bool {
        declarations.types.contains(name)
    }

    /// Whether `member` (a property, case or function; `name(a:b:)` with exactly these labels) is
    /// declared in one of `texts`.
    static func declaresMember(_ member: String, in texts: [String]) -> Bool {
        // A plain substring first: the regular expression runs only on the few texts holding the name.
        guard let open = member.firstIndex(of: "(") else {
            let pattern = regex(member == "init" ? "\\binit\\(" : "\\b(func|var|let|case)\\s+\(member)\\b")
            return texts.contains { $0.contains(member) && $0.contains(pattern) }
        }
        let name = String(member[..<open])
        let labels = member[member.index(after: open)...].dropLast().split(separator: ":").map(String.init)
        let declaration = regex(name == "init" ? "\\binit\\(" : "\\bfunc\\s+\(name)(<[^>]*>)?\\(")
        for text in texts where text.contains(name == "init" ? "init(" : "func \(name)") {
            for match in text.matches(of: declaration) where self.labels(after: match.range.upperBound, in: text) == labels {
                return true
            }
        }
        return false
    }

    /// The argument labels of the parameter list that starts at `start` (after its `(`).
    static func labels(after start: String.Index, in text: String) -> [String] {
        var depth = 0, parameter = "", parameters: [String] = []
        var index = start
        while index < text.endIndex {
            let c = text[index]
            if c == "(" || c == "[" || c == "<" {
                depth += 1
            } else if c == "]" || (c == ">" && parameter.last != "-") {
                depth -= 1
            } else if c == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            if c == "," && depth == 0 {
                parameters.append(parameter)
                parameter = ""
            } else {
                parameter.append(c)
            }
            index = text.index(after: index)
        }
        if !parameter.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parameters.append(parameter) }
        return parameters.map { parameter in
            let words = (parameter.split(separator: ":", maxSplits: 1).first ?? "").split(whereSeparator: \.isWhitespace)
            return words.first.map(String.init) ?? ""
        }
    }

    @Test func everyNameARecordGivesExists() throws {
        let records = try Self.records()
        #expect(records.count >= 12)
        for record in records {
            #expect(!record.cells.isEmpty, "\(record.name) has no \"Where it lives\" table")
            for cell in record.cells {
                let missing = Self.missing(in: cell)
                #expect(missing.isEmpty, "\(record.name) names what does not exist: \(missing.joined(separator: ", "))")
            }
        }
    }

    @Test func theCheckFindsWhatIsMissing() {
        #expect(Self.missing(in: " `QualityMonitor` (Sources/RecordingPipeline/Monitor/QualityMonitor.swift) ").isEmpty)
        #expect(Self.missing(in: " `QualityMonitr` ") == ["QualityMonitr (no such type or target)"])
        #expect(Self.missing(in: " Sources/Storage/Nowhere.swift ") == ["Sources/Storage/Nowhere.swift"])
        #expect(Self.missing(in: " `DataController.mark(_:at:)` ").isEmpty)
        #expect(Self.missing(in: " `DataController.mark(_:on:)` ").count == 1)
        #expect(Self.missing(in: " `StudyRunLock` (internal; Nowhere.swift) ") == ["Nowhere.swift"])
    }
}
