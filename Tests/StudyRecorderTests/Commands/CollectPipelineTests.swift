import Foundation
import TestSupport
import Testing

/// MNE-BIDS-Pipeline's command in the venv scripts/bootstrap makes for it.
private let pipeline = ProjectPaths.root.appendingPathComponent(".venv-pipeline/bin/mne_bids_pipeline")

/// A collected study goes through MNE-BIDS-Pipeline with the `config.py` of docs/analysis.md, as a lab
/// scales out: three participants of the reaction-time study at different study days (one through
/// day 2, so the others miss `ses-2`) upload to a real Apache mod_dav, `collect` builds the dataset,
/// and the pipeline (scripts/bootstrap installs it in .venv-pipeline) runs its preprocessing and
/// sensor steps on Dask with two workers, leaving one epoch per marker and the evoked responses.
@Suite(
    .tags(.process, .server, .python),
    .enabled(
        if: ProjectPaths.isCI
            || (ApacheWebDAVServer.isInstalled && ProjectPaths.python != nil
                && FileManager.default.isExecutableFile(atPath: pipeline.path))))
struct CollectPipelineTests {
    static let study = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path

    /// The documented configuration (the first Python block after "Into MNE-BIDS-Pipeline" in
    /// docs/analysis.md) with this dataset's folders and the Dask backend on two workers.
    static func config(bids: URL, derivatives: URL) throws -> String {
        let docs = try String(contentsOf: ProjectPaths.root.appendingPathComponent("docs/analysis.md"), encoding: .utf8)
        let section = try #require(docs.range(of: "### Into MNE-BIDS-Pipeline"))
        let start = try #require(docs.range(of: "```python\n", range: section.upperBound..<docs.endIndex))
        let end = try #require(docs.range(of: "```", range: start.upperBound..<docs.endIndex))
        var lines = docs[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("allow_missing_sessions = True") }, "the documented config lets participants be at different days")
        lines = lines.map { line in
            if line.hasPrefix("bids_root =") { return "bids_root = \"\(bids.path)\"" }
            if line.hasPrefix("deriv_root =") { return "deriv_root = \"\(derivatives.path)\"" }
            if line.hasPrefix("n_jobs =") { return "n_jobs = 2" }
            if line.hasPrefix("# parallel_backend = \"dask\"") { return "parallel_backend = \"dask\"" }
            return line
        }
        return (lines + ["dask_open_dashboard = False", ""]).joined(separator: "\n")
    }

    /// A participant with their data folder in `folder` who enrols on `days[0]` and runs both
    /// sessions of each day in `days` (`2026-11-20`, …), then uploads.
    static func participant(_ server: ApacheWebDAVServer, days: [String], in folder: TemporaryDirectory) throws {
        let setup = try TransferCLISetup(folder: folder, webdavURL: server.baseURL, password: server.password)
        let enrolled = try CLI.run(["enroll", study, "--data", setup.data.path, "--name", "Ada Example", "--auto", "--now", days[0] + "T08:00:00Z"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        for day in days {
            for time in ["08:05", "08:10"] {
                let ran = try CLI.run(["run", study, "--data", setup.data.path, "--auto", "--speed", "100", "--now", "\(day)T\(time):00Z"])
                #expect(ran.status == 0, "\(ran.stderr)")
            }
        }
        let uploaded = try CLI.run(["upload", "--data", setup.data.path])
        #expect(uploaded.status == 0, "\(uploaded.stdout) \(uploaded.stderr)")
    }

    struct Derivative: Decodable {
        var session: String; var epochs: Int; var markers: Int; var evoked: Bool
    }

    static let readBack = """
        import csv, glob, json, os, sys, mne
        bids, deriv = sys.argv[1:3]
        out = []
        for ses in sorted(glob.glob(bids + '/sub-*/ses-*')):
            rel = os.path.relpath(ses, bids); stem = rel.replace('/', '_') + '_task-reactionTime'
            markers = sum(1 for f in glob.glob(ses + '/eeg/*_events.tsv') for r in csv.DictReader(open(f), delimiter='\\t') if r['trial_type'] == 'Stimulus')
            epo = f'{deriv}/{rel}/eeg/{stem}_proc-clean_epo.fif'
            epochs = len(mne.read_epochs(epo, verbose='error')['Stimulus']) if os.path.exists(epo) else -1
            evoked = os.path.exists(f'{deriv}/{rel}/eeg/{stem}_ave.fif')
            out.append({'session': rel, 'epochs': epochs, 'markers': markers, 'evoked': evoked})
        for ses in ('ses-1', 'ses-2'):
            out.append({'session': 'sub-average/' + ses, 'epochs': 0, 'markers': 0,
                        'evoked': os.path.exists(f'{deriv}/sub-average/{ses}/eeg/sub-average_{ses}_task-reactionTime_proc-clean_ave.fif')})
        print(json.dumps(out))
        """

    @Test func theDocumentedConfigRunsOnDaskWorkersOverParticipantsAtDifferentDays() throws {
        let server = try ApacheWebDAVServer()
        let dir = try TemporaryDirectory("pipeline")
        let folders = try (0..<3).map { _ in try TemporaryDirectory("pipeline-participant") }
        try Self.participant(server, days: ["2026-11-20", "2026-11-21"], in: folders[0])
        try Self.participant(server, days: ["2026-11-22"], in: folders[1])
        try Self.participant(server, days: ["2026-11-23"], in: folders[2])
        let secrets = dir.path("reader-secrets.json")
        try JSONSerialization.data(withJSONObject: ["webdav": ["user": "reader", "password": server.password]]).write(to: secrets)
        chmod(secrets.path, 0o600)
        let bids = dir.path("dataset"), derivatives = dir.path("derivatives")
        let collected = try CLI.run([
            "collect", "--from", server.baseURL, "--study", Self.study, "--out", bids.path, "--secrets", secrets.path, "--include-simulated",
        ])
        #expect(collected.status == 0, "\(collected.stdout) \(collected.stderr)")

        let config = dir.path("config.py")
        try Data(try Self.config(bids: bids, derivatives: derivatives).utf8).write(to: config)
        let ran = try ProcessRunner.run(
            pipeline, ["--config", config.path, "--steps", "preprocessing,sensor"], environment: ["MPLBACKEND": "Agg"])
        #expect(ran.status == 0, "mne_bids_pipeline: \(ran.stdout.suffix(3000)) \(ran.stderr.suffix(3000))")
        #expect((ran.stdout + ran.stderr).contains("Dask initializing with 2 workers"), "\(ran.stdout.prefix(3000))")

        let back = try PythonTool.json([Derivative].self, script: Self.readBack, arguments: [bids.path, derivatives.path])
        let sessions = back.filter { !$0.session.hasPrefix("sub-average") }
        #expect(sessions.count == 4 && sessions.filter { $0.session.hasSuffix("ses-2") }.count == 1, "\(back)")
        for s in sessions {
            #expect(s.markers > 50 && s.epochs == s.markers, "\(s.session): one epoch per Stimulus marker: \(s.epochs) of \(s.markers)")
            #expect(s.evoked, "\(s.session): the evoked response")
        }
        let averages = back.filter { $0.session.hasPrefix("sub-average") }
        #expect(averages.count == 2 && averages.allSatisfy { $0.evoked }, "the grand averages of ses-1 and ses-2: \(back)")
    }
}
