import DataSources
import Foundation
import Storage
import Transfer

/// Makes what a study's WebDAV folder holds after its participants' devices uploaded: one data folder
/// per participant (a device), `sessions` days each with a recording of `minutes` of the oscillator's
/// signal (the reaction-time study's paradigm) and the `state` questionnaire, sealed to the study's key
/// at rest on even participants and at upload on odd ones, then sent by the real ``Uploader`` with
/// the upload-only account, so every item has its manifest beside it exactly as in a real study.
struct StudyGenerator {
    /// The study's id, as the recordings and manifests carry it.
    var study = "reaction-time"
    /// The WebDAV folder the devices upload into.
    var url: String
    /// The upload-only account's password (user `uploader`).
    var password: String
    /// The study's public key and its fingerprint.
    var keyFile: URL
    var fingerprint: String
    /// Where the devices' data folders go.
    var devices: URL
    var minutes: Double

    /// Makes participant `index`'s device (a new data folder, or the one of an earlier call: its
    /// UUID is kept in it), records days `days` and uploads what is pending; the UUID.
    func participant(_ index: Int, days: ClosedRange<Int>) async throws -> String {
        let data = devices.appendingPathComponent(String(format: "p%04d", index), isDirectory: true)
        try FileManager.default.createDirectory(at: data.appendingPathComponent("private"), withIntermediateDirectories: true)
        let configuration: [String: Any] = [
            "webdav": ["url": url, "connectTimeout": 5, "stallTimeout": 30],
            "secretsFile": "private/transfer-secrets.json",
            "encryption": ["mode": index % 2 == 0 ? "at-rest" : "at-upload", "keyFile": keyFile.path, "fingerprint": fingerprint],
        ]
        try JSONSerialization.data(withJSONObject: configuration).write(to: data.appendingPathComponent("transfer.json"))
        let secrets = data.appendingPathComponent("private/transfer-secrets.json")
        try JSONSerialization.data(withJSONObject: ["webdav": ["user": "uploader", "password": password]]).write(to: secrets)
        chmod(secrets.path, 0o600)
        let store = try DataStore(root: data)
        let idFile = data.appendingPathComponent("bench-participant")
        let uuid: String
        if let known = try? String(contentsOf: idFile, encoding: .utf8) {
            uuid = known
        } else {
            uuid = try ParticipantRegistry(store: store).resolve(nil)
            try Data(uuid.utf8).write(to: idFile)
        }
        let setup = TransferSetup(dataFolder: data)
        let paradigm = Paradigm(
            title: "reactionTime", conditionLabels: ["Stimulus"], conditionMarkers: [510], baseMarkers: [502], baseTime: -0.5, trialTime: 1.5)
        for day in days {
            // The questionnaire before the recording, as the study's sessions have it.
            let now = Date()
            let run = try store.catalog.allocateRun(participant: uuid)
            let answers = QuestionnaireRecord(
                title: "state", study: study, participant: uuid, day: day, session: 1, run: run, locale: "en", started: now, finished: now,
                answers: [
                    QuestionnaireAnswer(id: "alertness", type: "likert", value: .integer(Int64(1 + (index + day) % 5))),
                    QuestionnaireAnswer(id: "hand", type: "singleChoice", value: .integer(Int64(1 + index % 2))),
                ])
            _ = try setup.sealIfRequired(try QuestionnaireStore.store(answers, in: store), store: store)
            let samples = Int64(minutes * 60 * 256)
            let source = OscillatorSource(configuration: .init(seed: UInt64(index * 1000 + day), pacing: .asFastAsPossible, sampleLimit: samples))
            let controller = DataController(source: source)
            let recording = try await RecordingInProgress.start(
                store: store, controller: controller,
                request: RecordingRequest(
                    participant: uuid, study: study, day: day, session: 2, paradigm: paradigm, duration: minutes * 60, powerLineFrequency: 50))
            try await controller.start()
            let item = try await recording.result()
            await controller.stop()
            _ = try setup.sealIfRequired(item, store: store)
        }
        let (transfer, secretsLoaded) = try setup.load()
        let report = try await Uploader(store: store, configuration: transfer, secrets: secretsLoaded).run()
        guard report.failed.isEmpty, report.configurationProblem == nil else {
            throw GeneratorError("participant \(index): upload failed: \(report.configurationProblem ?? "") \(report.failed.map { $0.error ?? "?" })")
        }
        return uuid
    }
}

/// Why generating stopped.
struct GeneratorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
