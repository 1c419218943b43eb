import Foundation
import TestSupport
import Testing

/// Terminal conventions: piped output arrives line by line, `--json` keeps standard output JSON even
/// when a person is asked something, and `check`'s live view fits an 80-column terminal.
@Suite(.tags(.process, .python))
struct OutputConventionTests {
    struct Timing: Decodable {
        var first_line_after: Double
        var exit_after: Double
        var status: Int
        var stderr: String
    }

    /// A piped `run --auto` shows its first line long before it ends (stdio would otherwise hold
    /// about 4 KB back until exit).
    @Test func pipedOutputIsLineBuffered() throws {
        let dir = try TemporaryDirectory("line-buffered")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--name", "Ann Example", "--auto"]).status == 0)
        for _ in 0..<2 { _ = try RunCommandTests.run(RunCommandTests.mynd, data: dir.url) }
        let timing = try PythonTool.json(
            Timing.self,
            script: """
                import json, subprocess, sys, time
                t0 = time.time()
                import tempfile
                err = tempfile.TemporaryFile()
                p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=err)
                p.stdout.readline(); t1 = time.time()
                rest = p.stdout.read(); p.wait(); t2 = time.time()
                err.seek(0)
                print(json.dumps({'first_line_after': t1 - t0, 'exit_after': t2 - t0, 'status': p.returncode,
                                  'stderr': err.read().decode('utf-8', 'replace')[-2000:] + rest.decode('utf-8', 'replace')[-600:]}))
                """, arguments: [try CLI.binary().path, "run", RunCommandTests.mynd, "--data", dir.url.path, "--auto", "--speed", "40"])
        #expect(timing.status == 0, "\(timing.stderr)")
        #expect(timing.exit_after - timing.first_line_after > 2, "first line after \(timing.first_line_after) s, exit after \(timing.exit_after) s")
    }

    /// With `--json`, what a person is shown goes to standard error: standard output holds nothing
    /// but JSON, also when the prompt fails (standard input closed).
    @Test func jsonKeepsStandardOutputJSONAtPrompts() throws {
        let dir = try TemporaryDirectory("json-prompts")
        let result = try ProcessRunner.run(try CLI.binary(), ["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--json"], input: "")
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty, "\(result.stdout.prefix(300))")
        #expect(result.stderr.contains("Resting") || result.stderr.count > 100)
    }

    /// `check` on an 80-column terminal (a real pseudo-terminal): no drawn line is wider than the
    /// terminal, so the view redraws in place instead of scrolling.
    @Test func checkFitsAnEightyColumnTerminal() throws {
        let widths = try PythonTool.run(
            script: PseudoTerminal.python + """
                import os, sys, time, re
                pid, fd, _ = spawn([sys.argv[1], 'check', '--duration', '6s', '--speed', '4'], size=(24, 80))
                out = read_to_end(fd)
                os.waitpid(pid, 0)
                text = re.sub(rb'\\x1b\\[[0-9;]*[A-Za-z]', b'', out).decode('utf-8', 'replace')
                print(max(len(l.rstrip('\\r')) for l in text.split('\\n')))
                """, arguments: [try CLI.binary().path])
        let widest = Int(widths.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 999
        #expect(widest <= 80, "widest line \(widest)")
    }
}
