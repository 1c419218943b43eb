import Foundation
import TestSupport
import Testing

/// A German participant at an 80-column terminal (a real pseudo-terminal), typing at the built
/// binary's prompts: every text is wrapped between words to the width, the name question is on the
/// screen once, hints are sentences, an exclusive choice with another is refused with a German
/// sentence, and the end lines name the session by its title. What the first session shows is
/// compared with a reviewed text (`Tests/Fixtures/german-first-session-80-columns.txt`).
@Suite(.tags(.process, .python), .enabled(if: Executables.available([], python: true)))
struct TerminalInterfaceTests {
    static let fixture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/german-first-session-80-columns.txt")

    struct Screen: Decodable {
        var status: Int
        /// What the terminal showed, without colour codes and carriage returns.
        var output: String
    }

    /// Runs the binary with `arguments` on an 80×24 pseudo-terminal. At each prompt (a line ending
    /// in `> ` or `]`) it types the answer of the first rule whose text is in what was shown since
    /// the last answer (rules are consumed once used, in order), else presses Enter.
    static func drive(_ arguments: [String], rules: [[String]]) throws -> Screen {
        let script = #"""
            import json, os, re, select, sys, time
            rules, argv = json.loads(sys.argv[1]), sys.argv[2:]
            pid, fd, _ = spawn(argv, size=(24, 80))
            out, answered, status = b"", 0, None
            deadline = time.time() + 120
            while time.time() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        break
                    out += chunk
                    continue
                done, code = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = os.WEXITSTATUS(code) if os.WIFEXITED(code) else -1
                    break
                text = out.decode("utf-8", "replace")
                if len(text) > answered and (text.rstrip(" ").endswith(">") or text.endswith("]")):
                    recent = text[answered:]
                    answer = ""
                    for i, (seen, typed) in enumerate(rules):
                        if seen in recent:
                            answer = typed
                            rules.pop(i)
                            break
                    answered = len(text)
                    os.write(fd, answer.encode() + b"\r")
            if status is None:
                _, code = os.waitpid(pid, 0)
                status = os.WEXITSTATUS(code) if os.WIFEXITED(code) else -1
            text = re.sub(rb"\x1b\[[0-9;]*[A-Za-z]", b"", out).decode("utf-8", "replace").replace("\r", "")
            print(json.dumps({"status": status, "output": text}))
            """#
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: rules), as: UTF8.self)
        return try PythonTool.json(Screen.self, script: PseudoTerminal.python + script, arguments: [encoded, try CLI.binary().path] + arguments)
    }

    /// The words of the German consent pages as the study writes them (placeholders left out).
    static func consentWords() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: RunCommandTests.mynd).appendingPathComponent("study.json"))
        let study = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pages = try #require((study["consent"] as? [String: Any])?["pages"] as? [[String: Any]])
        let texts = pages.flatMap { page in ["summary", "content"].compactMap { (page[$0] as? [String: String])?["de"] } }
        return texts.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }.filter { !$0.contains("#") }
    }

    @Test func aGermanEnrolmentAndFirstSessionFitEightyColumns() throws {
        let dir = try TemporaryDirectory("pty-german")
        let data = dir.url.appendingPathComponent("data").path
        let enrolment = try Self.drive(
            ["enroll", RunCommandTests.mynd, "--data", data, "--locale", "de"],
            rules: [
                // An Enter too many after the last page asks again; it does not decline.
                ["„Ich stimme zu“ tippen>", ""], ["„Ich stimme zu“ tippen>", "Ich stimme zu"], ["(deine Unterschrift)>", "Hans Beispiel"], ["Wie sollen wir dich ansprechen?", "Hansi"],
                ["vorgelesen", "0"],
            ])
        #expect(enrolment.status == 0, "\(enrolment.output.suffix(800))")
        let lines = enrolment.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        // No word of the consent is cut at the edge of the screen.
        let shown = Set(enrolment.output.split(whereSeparator: \.isWhitespace).map(String.init))
        let cut = try Self.consentWords().filter { !shown.contains($0) }
        #expect(cut.isEmpty, "not shown whole: \(cut)")
        #expect(enrolment.output.components(separatedBy: "Wie sollen wir dich ansprechen?").count == 2, "\(enrolment.output)")
        #expect(enrolment.output.contains("Gib einen Namen ein, oder drück Enter"))
        #expect(enrolment.output.components(separatedBy: "zuzustimmen,").count == 3, "\(enrolment.output)")
        #expect(enrolment.output.contains("Teilnehmende Person") && enrolment.output.contains("eingeschrieben"))

        let session = try Self.drive(
            ["run", RunCommandTests.mynd, "--data", data],
            rules: [
                ["Wann bist du geboren?", "1990-05-17"], ["Geschlecht", "1"], ["Hand schreibst", "1"], ["Jahre hast du Musik", "3"],
                ["Trifft etwas davon auf dich zu?", "1, 0"], ["allein", "0"],
            ])
        #expect(session.status == 0, "\(session.output.suffix(800))")
        #expect(session.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(session.output.contains("Bitte antworte mit „nichts davon“ allein: diese Antwort lässt sich mit keiner"))
        #expect(session.output.contains("Sitzung „Über dich“ (Tag 1, Sitzung 1) abgeschlossen"))
        // The reviewed text: the participant's UUID masked.
        let masked = session.output.replacingOccurrences(
            of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<uuid>", options: .regularExpression)
        let reviewed = (try? String(contentsOf: Self.fixture, encoding: .utf8)) ?? ""
        if masked != reviewed {
            let actual = dir.url.deletingLastPathComponent().appendingPathComponent("german-first-session.actual.txt")
            try masked.write(to: actual, atomically: true, encoding: .utf8)
            Issue.record("the German session differs from \(Self.fixture.lastPathComponent); shown: \(actual.path)")
        }
    }
}
