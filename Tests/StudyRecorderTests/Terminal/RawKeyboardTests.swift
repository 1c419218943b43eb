import Foundation
import Study
import TestSupport
import Testing

/// Keys are read raw from a real terminal: the built `study-recorder run` is driven through a
/// pseudo-terminal (its controlling terminal, as a participant's would be) by a Python script that
/// reacts to what the program shows, as a participant would. Afterwards the terminal must be back in
/// line mode with echo, whichever way the run ended.
@Suite(.tags(.process, .python))
struct RawKeyboardTests {
    /// Drives `study-recorder run` in a pseudo-terminal. argv: binary, study, data, scenario
    /// (`keys`, `interrupt` = Ctrl-C at the 2nd stimulus, `terminate` = SIGTERM at the 2nd stimulus).
    /// Prints {status, canonical, echo, output}. Runs after ``PseudoTerminal/python``.
    static let driver = """
        import json, os, select, signal, sys, termios, time
        binary, study, data, scenario = sys.argv[1:5]
        pid, master, slave = spawn([binary, 'run', study, '--data', data, '--seed', '3'], keep_slave=True)
        # The participant's plan, one entry per stimulus shown: (delay in s, key or None). The third
        # trial's key comes 0.1 s into its foreperiod (0.5-0.8 s; the second '+' after the second
        # stimulus, the first being the fixation's), before its stimulus, which is then never shown:
        # an anticipation no load on the machine turns into a reaction.
        plan = [(0.25, b' '), (0.25, b'a'), (None, None), (0.3, b' '), (0.2, b' ')]
        early = {(2, 2): (0.1, b' ')}
        out, seen, fixations, seen_fixation, stimuli, pending, status = b'', 0, 0, 0, 0, [], None
        deadline = time.time() + 90
        while time.time() < deadline:
            now = time.time()
            for due, key in [p for p in pending if p[0] <= now]:
                os.write(master, key)
                pending.remove((due, key))
            r, _, _ = select.select([master], [], [], 0.005)
            if r:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    chunk = b''
                if chunk:
                    out += chunk
            done, st = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(st)
                break
            if b'[Press any key to continue]' in out[seen:]:
                seen = out.index(b'[Press any key to continue]', seen) + 1
                pending.append((time.time() + 0.2, b'q'))
            # The fixation crosses and stimuli shown since the last look, in the order shown.
            while True:
                plus, cross = out.find(b'\\n+\\r\\n', seen_fixation), out.find(b'\\nX\\r\\n', seen)
                if plus >= 0 and (cross < 0 or plus < cross):
                    seen_fixation = plus + 1
                    fixations += 1
                    if scenario == 'keys' and (stimuli, fixations) in early:
                        delay, key = early[(stimuli, fixations)]
                        pending.append((time.time() + delay, key))
                    continue
                if cross < 0:
                    break
                seen = seen_fixation = cross + 1
                fixations = 0
                if scenario != 'keys' and stimuli == 1:
                    if scenario == 'interrupt':
                        os.write(master, b'\\x03')
                    else:
                        os.kill(pid, signal.SIGTERM)
                elif stimuli < len(plan) and plan[stimuli][1] is not None:
                    pending.append((time.time() + plan[stimuli][0], plan[stimuli][1]))
                stimuli += 1
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        attrs = termios.tcgetattr(slave)
        print(json.dumps({'status': status, 'canonical': bool(attrs[3] & termios.ICANON), 'echo': bool(attrs[3] & termios.ECHO),
                          'output': out.decode('utf-8', 'replace')[-3000:]}))
        """

    struct Outcome: Decodable {
        var status: Int?
        var canonical: Bool
        var echo: Bool
        var output: String
    }

    struct Table: Decodable {
        struct Trial: Decodable { var outcome: String; var response: String?; var latencyMs: Double? }
        var complete: Bool
        var trials: [Trial]
    }

    /// The example reaction-time study cut to one block (instructions, 6 short trials), no preparation.
    static func study(in dir: TemporaryDirectory) throws -> URL {
        let url = ProjectPaths.root.appendingPathComponent("Studies/reaction-time/study.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var types = try #require(root["trialTypes"] as? [String: Any])
        var reaction = try #require(types["reaction"] as? [String: Any])
        var phases = try #require(reaction["phases"] as? [[String: Any]])
        phases[0]["duration"] = 0.3
        var task = try #require(phases[1]["task"] as? [String: Any])
        task["foreperiod"] = ["min": 0.5, "max": 0.8]
        task["responseWindow"] = 2.5
        phases[1]["task"] = task
        phases[2]["duration"] = 0.3
        phases[2]["jitter"] = 0
        reaction["phases"] = phases
        types["reaction"] = reaction
        root["trialTypes"] = types
        var sessions = try #require(root["sessions"] as? [String: Any])
        var session = try #require(sessions["reaction"] as? [String: Any])
        session.removeValue(forKey: "preparation")
        session.removeValue(forKey: "betweenBlocks")
        session["blocks"] = [["intro": ["instructions"], "trials": [["type": "reaction", "count": 6]]]]
        sessions["reaction"] = session
        root["sessions"] = sessions
        root["days"] = [["sessions": ["reaction"]]]
        let folder = dir.path("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: root).write(to: folder.appendingPathComponent("study.json"))
        return folder
    }

    static func drive(_ scenario: String) async throws -> (Outcome, [Table]) {
        let dir = try TemporaryDirectory("raw-keys")
        let study = try Self.study(in: dir)
        let data = dir.path("data")
        let bin = try #require(ProjectPaths.executable)
        let enrolled = try await ProcessRunner.runDetached(bin, ["enroll", study.path, "--data", data.path, "--name", "Kim", "--auto"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        let python = try #require(ProjectPaths.python)
        let driven = try await ProcessRunner.runDetached(python, ["-c", PseudoTerminal.python + driver, bin.path, study.path, data.path, scenario])
        try #require(driven.status == 0, "\(driven.stderr)")
        let outcome = try JSONDecoder().decode(Outcome.self, from: Data(driven.stdout.utf8))
        var tables: [Table] = []
        for case let url as URL in FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)!
        where url.lastPathComponent.hasPrefix("t_") && url.pathExtension == "json" {
            tables.append(try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)))
        }
        return (outcome, tables)
    }

    @Test func onlyTheResponseKeyCountsAndAnyKeyContinues() async throws {
        let (outcome, tables) = try await Self.drive("keys")
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.canonical && outcome.echo, "the terminal is restored")
        let table = try #require(tables.first)
        #expect(table.complete)
        #expect(table.trials.map(\.outcome) == ["correct", "wrongKey", "anticipation", "miss", "correct", "correct"], "\(outcome.output)")
        #expect(table.trials.map(\.response) == ["space", "a", "space", nil, "space", "space"])
        #expect(table.trials[2].latencyMs.map { $0 < 0 } == true, "a key in the foreperiod: \(String(describing: table.trials[2].latencyMs)) ms")
    }

    @Test(arguments: ["interrupt", "terminate"])
    func aSignalRestoresTheTerminalAndKeepsTheTrialsDone(scenario: String) async throws {
        let (outcome, tables) = try await Self.drive(scenario)
        // 128 + the signal: 130 after Ctrl-C, 143 after SIGTERM.
        #expect(outcome.status == (scenario == "terminate" ? 143 : 130) || outcome.status == 75, "\(outcome.output)")
        #expect(outcome.canonical && outcome.echo, "the terminal is restored")
        let table = try #require(tables.first, "the interrupted block's table is stored: \(outcome.output)")
        #expect(!table.complete)
        #expect(table.trials.count == 1 || table.trials.count == 2)
        #expect(table.trials.first?.outcome == "correct")
    }
}
