import Foundation
import TestSupport
import Testing

/// Ctrl-C through a real pseudo-terminal, typed at the built binary's prompts as a participant would:
/// every prompt gives way at once, and the last words say exactly what was stored.
@Suite(.tags(.process, .python), .enabled(if: Executables.available([], python: true)))
struct InterruptTests {
    struct Session: Decodable {
        /// The exit status, or -1 when the program had to be killed.
        var status: Int
        /// Everything the terminal showed (standard output and error together, as on a screen).
        var output: String
        /// Seconds from Ctrl-C to the program's exit.
        var latency: Double
    }

    /// Runs `arguments` on a pseudo-terminal, pressing Enter at every prompt (a line ending in `> `
    /// or `]`) until `stopAt` appears, then Ctrl-C at the next prompt.
    static func drive(_ arguments: [String], stopAt: String) throws -> Session {
        let script = #"""
            import json, os, select, signal, sys, time
            stop_at, argv = sys.argv[1], sys.argv[2:]
            pid, fd, _ = spawn(argv)
            out, answered, sent, latency, status = b"", 0, None, -1.0, None
            deadline = time.time() + 120
            while time.time() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try:
                        chunk = os.read(fd, 4096)
                    except OSError:
                        chunk = b""
                    if not chunk:
                        break
                    out += chunk
                done, code = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = os.WEXITSTATUS(code) if os.WIFEXITED(code) else -1
                    break
                text = out.decode("utf-8", "replace")
                waiting = text.rstrip(" ").endswith(">") or text.endswith("]")
                if sent is None and waiting and len(text) > answered:
                    answered = len(text)
                    if stop_at in text:
                        time.sleep(0.2)
                        sent = time.time()
                        os.write(fd, b"\x03")
                    else:
                        os.write(fd, b"\n")
                if sent is not None and time.time() - sent > 10:
                    break
            reap_until = time.time() + 5
            while status is None and time.time() < reap_until:
                done, code = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = os.WEXITSTATUS(code) if os.WIFEXITED(code) else -1
                else:
                    time.sleep(0.02)
            if status is None:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                status = -1
            try:
                while True:
                    ready, _, _ = select.select([fd], [], [], 0.05)
                    if not ready:
                        break
                    chunk = os.read(fd, 4096)
                    if not chunk:
                        break
                    out += chunk
            except OSError:
                pass
            if sent is not None:
                latency = time.time() - sent
            print(json.dumps({"status": status, "output": out.decode("utf-8", "replace"), "latency": latency}))
            """#
        return try PythonTool.json(Session.self, script: PseudoTerminal.python + script, arguments: [stopAt, try CLI.binary().path] + arguments)
    }

    static func enrolled(_ study: String, _ dir: TemporaryDirectory) throws -> URL {
        let data = dir.path("data")
        let enrolled = try CLI.run(["enroll", study, "--data", data.path, "--name", "Ada", "--auto", "--json"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        return data
    }

    @Test func ctrlCAtAConsentPageEndsTheEnrolmentAtOnce() throws {
        let dir = try TemporaryDirectory("pty-enroll")
        let session = try Self.drive(["enroll", RunCommandTests.mynd, "--data", dir.path("data").path, "--locale", "de"], stopAt: "Seite mit Enter]")
        #expect(session.status == 130, "\(session.output)")
        #expect(session.latency >= 0 && session.latency < 3)
        #expect(session.output.contains("Du bist nicht eingeschrieben"), "\(session.output)")
    }

    @Test func ctrlCAtAQuestionSaysNothingWasStored() throws {
        let dir = try TemporaryDirectory("pty-question")
        let data = try Self.enrolled(RunCommandTests.mynd, dir)
        let session = try Self.drive(["run", RunCommandTests.mynd, "--data", data.path], stopAt: "> ")
        #expect(session.status == 130, "\(session.output)")
        #expect(session.latency >= 0 && session.latency < 3, "\(session.latency) s")
        #expect(session.output.contains("Nothing of this session was stored"), "\(session.output)")
    }

    /// Between two blocks one block is stored: the message names it and the run resumes there.
    @Test func ctrlCBetweenBlocksNamesTheStoredBlock() throws {
        let dir = try TemporaryDirectory("pty-blocks")
        let data = try Self.enrolled(RunCommandTests.mynd, dir)
        for _ in 0..<2 {  // the day's two questionnaires
            let done = try CLI.run(["run", RunCommandTests.mynd, "--data", data.path, "--auto", "--speed", "100"])
            try #require(done.status == 0, "\(done.stderr)")
        }
        let session = try Self.drive(["run", RunCommandTests.mynd, "--data", data.path, "--speed", "100"], stopAt: "Block 1 of 3 is done")
        #expect(session.status == 130, "\(session.output)")
        #expect(session.latency >= 0 && session.latency < 3, "\(session.latency) s")
        #expect(session.output.contains("Stored so far: r_rest_1_3_"), "\(session.output)")
        // No espeak-ng on this machine: one clear warning, not one per cue.
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
            && !FileManager.default.isExecutableFile(atPath: "/usr/local/bin/espeak-ng")
        {
            #expect(session.output.components(separatedBy: "espeak-ng is not installed").count == 2, "\(session.output)")
        }
    }
}
