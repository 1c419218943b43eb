import Foundation
import Report
import TestSupport
import Testing

/// The study's monitoring end to end: participants enrol and run a four-day reaction-time study on
/// their own machines (one on track, one who stopped after day 1 five days ago, one whose headband
/// loses blocks over the air every session), upload, and `collect` flags the two who need the experimenter —
/// in `--json`, in `overview.json`, with exit 2, and on the page as headless Chromium renders it,
/// flagged participants first.
@Suite(.tags(.process, .server, .python, .chromium), .enabled(if: Executables.available([], python: true)))
struct CollectMonitoringTests {
    /// The reaction-time study over four days (its two days repeated), in a folder of its own.
    static func study(in dir: TemporaryDirectory) throws -> String {
        let source = ProjectPaths.root.appendingPathComponent("Studies/reaction-time/study.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        let days = try #require(json["days"] as? [Any])
        json["days"] = days + days
        let folder = dir.path("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: folder.appendingPathComponent("study.json"))
        return folder.path
    }

    /// A participant who enrols at `enrolled` and runs a day's two sessions at each of `days`
    /// (`--source muse` on `headband` when given), then uploads; returns their UUID.
    static func participant(
        study: String, server: HostileWebDAVServer, enrolled: Date, days: [Date], headband: MuseCLITests.Headband? = nil
    ) throws -> String {
        let folder = try TemporaryDirectory("monitoring-participant")
        let setup = try TransferCLISetup(folder: folder, webdavURL: server.baseURL, password: "unused")
        let data = setup.data.path
        let enrolledAt = ISO8601DateFormatter().string(from: enrolled)
        let enrol = try CLI.run(["enroll", study, "--data", data, "--name", "Ada Example", "--auto", "--now", enrolledAt])
        #expect(enrol.status == 0, "\(enrol.stderr)")
        let source = headband.map { ["--source", "muse", "--device", $0.device] } ?? []
        for day in days {
            for _ in 1...2 {
                let now = ISO8601DateFormatter().string(from: day)
                let ran = try CLI.run(["run", study, "--data", data, "--auto", "--speed", "100", "--now", now] + source)
                #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")
            }
        }
        let uploaded = try CLI.run(["upload", "--data", data])
        #expect(uploaded.status == 0, "\(uploaded.stdout) \(uploaded.stderr)")
        let uuids = try FileManager.default.contentsOfDirectory(atPath: data).filter { UUID(uuidString: $0) != nil }
        return try #require(uuids.first)
    }

    /// Makes `participant`'s items on the server look made and uploaded `age` seconds ago: `run --now`
    /// moves the schedule, not the clock items are stamped with, so their manifests' `created` and the
    /// files' modification times are set back as a participant's would be who did it then.
    static func age(_ participant: String, on server: HostileWebDAVServer, by age: Double, where take: (String) -> Bool = { _ in true }) throws {
        let folder = server.root.appendingPathComponent(participant)
        let then = Date() - age
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where take(name) {
            let file = folder.appendingPathComponent(name)
            if name.hasSuffix(".manifest.json") {
                var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
                manifest["created"] = ISO8601DateFormatter().string(from: then)
                try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: file)
            }
            try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: file.path)
        }
    }

    /// Makes `participant`'s recordings on the server say they came from a participant's own headband,
    /// not from a script and a simulator (`/Provenance`; the manifests' size and digest follow), as a
    /// participant at home would have made them: the test's participants are scripted by necessity.
    static func asParticipantsOwn(_ participant: String, on server: HostileWebDAVServer) throws {
        let folder = server.root.appendingPathComponent(participant)
        let script = """
            import sys, os, json, hashlib, h5py, numpy as np
            for path in sys.argv[1:]:
                with h5py.File(path, 'r+') as f:
                    g = f['Provenance']
                    del g.attrs['Source']
                    g.attrs.create('Source', 'headband', dtype=h5py.string_dtype('utf-8'))
                    g.attrs.modify('ScriptedParticipant', np.array(0, dtype=g.attrs['ScriptedParticipant'].dtype))
                data = open(path, 'rb').read()
                manifest = path + '.manifest.json'
                m = json.load(open(manifest))
                m['uploaded']['size'] = len(data); m['uploaded']['sha256'] = hashlib.sha256(data).hexdigest()
                if 'plaintext' in m: m['plaintext'] = {'size': len(data), 'sha256': hashlib.sha256(data).hexdigest()}
                json.dump(m, open(manifest, 'w'), sort_keys=True)
            print('[]')
            """
        let recordings = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".h5") }.map {
            folder.appendingPathComponent($0).path
        }
        _ = try PythonTool.json([Int].self, script: script, arguments: recordings)
    }

    @Test func theParticipantsWhoFellBehindOrWhoseHeadbandFailsAreFlaggedFirst() throws {
        let dir = try TemporaryDirectory("collect-monitoring")
        let study = try Self.study(in: dir)
        let server = try HostileWebDAVServer()
        let now = Date()
        let day = 86_400.0
        let onTrack = try Self.participant(study: study, server: server, enrolled: now, days: [now])
        let behind = try Self.participant(study: study, server: server, enrolled: now - 5 * day, days: [now - 5 * day])
        // A participant at home (not a script); their uploads reached the server five days ago.
        try Self.asParticipantsOwn(behind, on: server)
        try Self.age(behind, on: server, by: 5 * day)
        // A headband that loses blocks over the air: every session has gaps.
        let drops = stride(from: 200, through: 30_000, by: 200).flatMap { ["--drop-blocks", "\($0)"] }
        let headband = try MuseCLITests.Headband(drops, speed: 100)
        let failing = try Self.participant(study: study, server: server, enrolled: now - day, days: [now - day, now], headband: headband)
        try Self.asParticipantsOwn(failing, on: server)
        try Self.age(failing, on: server, by: day) { name in
            // The consent and day 1's items (`<kind>_<title>_<day>_…`).
            name.hasPrefix("c_") || name.split(separator: "_").dropFirst(2).first == "1"
        }

        // The two who need the experimenter are participants at home; the one on track is a scripted
        // tutorial run, counted apart.
        let out = dir.path("dataset")
        let result = try CLI.run(["collect", "--from", server.baseURL, "--study", study, "--out", out.path, "--json"])
        #expect(result.status == 2, "\(result.stderr)")
        struct Report: Decodable {
            var monitoring: MonitoringSummary
            var flagged: [ParticipantAdherence]
            var problems: [CollectCommandTests.Report.Problem]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.problems.isEmpty)
        let flags = Dictionary(uniqueKeysWithValues: report.flagged.map { ($0.participant, Set($0.flags.map(\.kind))) })
        #expect(flags == [behind: [.noUpload, .missedSessions], failing: [.failingHeadband]], "\(flags)")
        // The scripted one is a demo: in none of the study's figures, its recordings counted apart.
        #expect(report.monitoring.participants == 2 && report.monitoring.flagged == 2)
        #expect(report.monitoring.scriptedItems == 2 && report.monitoring.simulatedItems == 2, "\(report.monitoring)")
        // Due: behind 8 (the four days are over), failing 4 (days 1–2); done 2 + 4.
        #expect(report.monitoring.sessionsDue == 12 && report.monitoring.sessionsCompleted == 6, "\(report.monitoring)")
        #expect(result.stderr.contains("study-recorder: flagged: \(behind): noUpload, missedSessions"), "\(result.stderr)")

        // overview.json beside the page: the same figures, flagged first.
        let monitoring = try StudyMonitoring.read(dataset: out)
        #expect(monitoring.summary == report.monitoring)
        #expect(monitoring.participants.map(\.participant) == [behind, failing, onTrack])
        #expect(monitoring.participants.map(\.isDemo) == [false, false, true])
        let tired = try #require(monitoring.participants.first { $0.participant == failing })
        #expect(tired.lostSeconds > 0 && tired.batteryEnd != nil && tired.devices.count == 1, "\(tired)")
        let late = try #require(monitoring.participants.first { $0.participant == behind })
        #expect(late.daysSinceUpload == 5 && late.sessionsMissed == 6 && late.missedInARow == 6)

        // The page, as a browser shows it: the summary and the flagged participants first.
        let page = try HeadlessChromium.render(out.appendingPathComponent("overview.html"), screenshot: false)
        #expect(page.dom.contains("data-flagged=\"2\""))
        let rows = page.dom.components(separatedBy: "<tr data-participant=\"").dropFirst().map { String($0.prefix(36)) }
        #expect(Array(rows.prefix(3)) == [behind, failing, onTrack], "\(rows)")
        #expect(page.dom.contains("no upload for 5 days"), "\(page.dom.prefix(3000))")
        // Nothing new: the page and the monitoring are left as they are, and the exit code says it still.
        let again = try CLI.run(["collect", "--from", server.baseURL, "--study", study, "--out", out.path, "--locale", "de"])
        #expect(again.status == 2, "\(again.stderr)")
        let german = try String(contentsOf: out.appendingPathComponent("overview.html"), encoding: .utf8)
        #expect(german.contains("keine Übertragung seit 5 Tagen"))
    }
}
