import Foundation
import StudyRecorderKit
import StudyRecorderTesting
import TestSupport
import Testing
import Storage

/// The SDK facade end to end on real parts: a real data folder, real HDF5 files, the real processor.
@Suite(.tags(.python)) struct RecorderTests {
    /// Collects a recording's events (the stream ends with `.stored`).
    static func collect(_ recording: LiveRecording) async throws -> [LiveRecordingEvent] {
        var events: [LiveRecordingEvent] = []
        for try await event in recording.events { events.append(event) }
        return events
    }

    static func name(_ event: LiveRecordingEvent) -> String {
        switch event {
        case .connection(let state): "connection.\(state.rawValue)"
        case .started: "started"
        case .device(let change): "device.\(change.state.rawValue)"
        case .battery: "battery"
        case .quality: "quality"
        case .lineNoise: "lineNoise"
        case .qa(let status): "qa.\(status.verdict.rawValue)"
        case .bandPower: "bandPower"
        case .progress: "progress"
        case .stored: "stored"
        }
    }

    @Test func oscillatorSessionReportsInOrderAndStoresWhatItShows() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let participant = try recorder.participant()
        let source = OscillatorSource(configuration: OscillatorConfiguration(pacing: .asFastAsPossible))
        let recording = try await recorder.record(RecordingRequest(participant: participant, duration: 20), from: source)
        let events = try await Self.collect(recording)
        let names = events.map(Self.name)

        // connection → started → connected → QA → progress → stored, in that order.
        let order = ["connection.connecting", "started", "connection.connected", "qa.passed", "progress", "stored"]
        var position = 0
        for name in order {
            let found = try #require(names[position...].firstIndex(of: name), "no \(name) after position \(position) in \(names)")
            position = found
        }
        #expect(names.last == "stored")
        #expect(names.contains("connection.disconnected"))

        guard case .stored(let item) = events.last else { Issue.record("last event is not stored"); return }
        #expect(item.state == .pending)
        #expect(item.outcome.isComplete)
        let stored = try await recording.result()
        #expect(stored.path == item.path)

        // One processor: every band-power and quality value shown is the row stored in /Quality.
        let shownBandPower = events.compactMap { if case .bandPower(let b) = $0 { b } else { nil } }
        let shownQuality = events.compactMap { if case .quality(let q) = $0 { q } else { nil } }
        struct Stored: Decodable { var bandPowerTimes: [Double]; var bandPower: [[Double?]]; var qualityTimes: [Double] }
        let rows = try PythonTool.json(
            Stored.self,
            script: """
                import h5py, json, sys
                with h5py.File(sys.argv[1], "r") as f:
                    q = f["Quality"]
                    print(json.dumps({"bandPowerTimes": q["BandPowerAbsoluteTime"][:].tolist(),
                                      "bandPower": [[None if v != v else v for v in row] for row in q["BandPowerAbsolute"][:].tolist()],
                                      "qualityTimes": q["MyndQualityTime"][:].tolist()}))
                """,
            arguments: [recorder.store.url(of: item.path).path])
        #expect(rows.bandPowerTimes == shownBandPower.map(\.time))
        #expect(rows.qualityTimes == shownQuality.map(\.time))
        #expect(rows.bandPower.last == shownBandPower.last?.channels.flatMap(\.absolute).map { $0.isNaN ? nil : $0 })
        #expect(shownBandPower.count >= 15)

        // Progress is monotonic and ends at the planned duration.
        let progress = events.compactMap { if case .progress(let p) = $0 { p } else { nil } }
        #expect(progress.count >= 20)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.samples <= $1.samples })
        #expect(abs((progress.last?.seconds ?? 0) - 20) < 0.01)
    }

    @Test func headbandTakenOffAndPutBackIsReportedAsQA() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let participant = try recorder.participant()
        let source = ScriptedSource(script: [
            .state(.onHead, true), .signal(seconds: 8, amplitude: 10),
            .state(.onHead, false), .signal(seconds: 4, amplitude: 10),
            .state(.onHead, true), .signal(seconds: 8, amplitude: 10),
        ])
        let recording = try await recorder.record(RecordingRequest(participant: participant), from: source)
        let events = try await Self.collect(recording)
        let qa = events.compactMap { if case .qa(let s) = $0 { s } else { nil } }
        let verdicts = qa.map(\.verdict)
        let off = try #require(verdicts.firstIndex(of: .headbandOffHead), "\(verdicts)")
        #expect(qa[off].reason == "the headband reports it is off the head")
        #expect(verdicts[(off + 1)...].contains(.passed), "\(verdicts)")
        #expect(events.contains { if case .device(let c) = $0 { c.state == .onHead && !c.value } else { false } })
    }

    @Test func flatSignalFailsQAWithAReasonNamingIt() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = ScriptedSource(script: [.signal(seconds: 10, amplitude: 0)])
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant()), from: source)
        let qa = try await Self.collect(recording).compactMap { if case .qa(let s) = $0 { s } else { nil } }
        #expect(qa.first?.verdict == .headbandOffHead, "\(qa)")
        #expect(qa.first?.reason == "flat, railed or line-noise signal on most channels: adjust the headband")
    }

    @Test func aGapIsAnEEGFailureNamingTheChannels() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = ScriptedSource(script: [.signal(seconds: 6, amplitude: 10), .gap(seconds: 0.5), .signal(seconds: 3, amplitude: 10)])
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant()), from: source)
        let events = try await Self.collect(recording)
        let qa = events.compactMap { if case .qa(let s) = $0 { s } else { nil } }
        let failure = try #require(qa.first { $0.verdict == .eegFailure }, "\(qa)")
        #expect(failure.reason == "data missing on TP9, AF7, AF8, TP10")
        guard case .stored(let item) = events.last else { Issue.record("not stored"); return }
        #expect(item.path.hasSuffix(".h5"))
    }

    /// A gap longer than any grace (12 s) is lost time like a short one: the kit's live QA fails
    /// it once it is known, the windows over it are quality updates with missing data, 0.5 s of
    /// sample time apart, and the session's windows count it.
    @Test func aLongGapIsMissingDataInTheLiveQA() async throws {
        let folder = try TemporaryDirectory("kit-long-gap")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = ScriptedSource(script: [.signal(seconds: 6, amplitude: 10), .gap(seconds: 12), .signal(seconds: 6, amplitude: 10)])
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant()), from: source)
        let events = try await Self.collect(recording)
        let qa = events.compactMap { if case .qa(let s) = $0 { s } else { nil } }
        let failure = try #require(qa.first { $0.verdict == .eegFailure }, "\(qa)")
        #expect(failure.reason == "data missing on TP9, AF7, AF8, TP10")
        let missing = events.compactMap { e -> QualityUpdate? in
            if case .quality(let q) = e, q.findings?.missingData == true { q } else { nil }
        }
        // 12 s lost: every window whose 2 s hold more than 10 % of it, about 12 / 0.5 + 3 of them.
        #expect(missing.count >= 24)
        #expect(zip(missing, missing.dropFirst()).allSatisfy { abs($1.time - $0.time - 0.5) < 1e-3 })
    }

    @Test func aFailingSourceEndsTheStreamWithALibraryError() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = ScriptedSource(script: [.fail(.deviceNotFound("no headband answered"))])
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant(), duration: 5), from: source)
        do {
            let events = try await Self.collect(recording)
            Issue.record("the stream did not throw: \(events.map(Self.name))")
        } catch let error as RecorderError {
            #expect(error.code == .sourceFailed)
            #expect(error.underlying is DataSourceError)
            #expect(!error.message.contains("study-recorder"))
        }
    }

    /// A source that fails mid-run: what was recorded is stored, marked incomplete, and the session
    /// reports the end (not a reconnect: the controller says the run is ending).
    @Test func aSourceFailingMidRunStoresWhatCameAsIncomplete() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = ScriptedSource(script: [.signal(seconds: 3, amplitude: 10), .fail(.disconnected("link lost"))])
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant(), duration: 10), from: source)
        let events = try await Self.collect(recording)
        let names = events.map(Self.name)
        #expect(
            names.filter { $0.hasPrefix("connection.") } == ["connection.connecting", "connection.connected", "connection.disconnected"], "\(names)")
        guard case .stored(let item) = events.last else { Issue.record("not stored: \(names)"); return }
        #expect(!item.outcome.isComplete)
    }

    @Test func aCleanEndIsConnectedThenDisconnected() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = OscillatorSource(configuration: OscillatorConfiguration(pacing: .asFastAsPossible))
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant(), duration: 3), from: source)
        let names = try await Self.collect(recording).map(Self.name)
        #expect(
            names.filter { $0.hasPrefix("connection.") } == ["connection.connecting", "connection.connected", "connection.disconnected"], "\(names)")
        #expect(!names.contains("device.disconnected"))
    }


    /// Quality neither stored nor reported: no processor runs, so no quality, QA or band-power
    /// event comes and the file has no /Quality group; the samples are all stored. Reporting only
    /// (the default before) still processes: the events come and nothing is stored.
    @Test func qualityNeitherStoredNorReportedIsNotComputed() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        func record(reports: Bool) async throws -> (names: [String], reader: RecordingReader) {
            let source = OscillatorSource(configuration: OscillatorConfiguration(pacing: .asFastAsPossible))
            let recording = try await recorder.record(
                RecordingRequest(participant: try recorder.participant(), duration: 6), from: source,
                options: RecordOptions(storeQuality: false, reportsQuality: reports))
            let names = try await Self.collect(recording).map(Self.name)
            let item = try await recording.result()
            return (names, try RecordingReader(url: recorder.store.url(of: item.path)))
        }
        let silent = try await record(reports: false)
        #expect(!silent.names.contains { $0 == "quality" || $0 == "lineNoise" || $0 == "bandPower" || $0.hasPrefix("qa.") }, "\(silent.names)")
        #expect(silent.names.contains("started") && silent.names.last == "stored", "\(silent.names)")
        #expect(silent.reader.sampleCount == 6 * 256)
        #expect(silent.reader.seriesNames(group: "Quality").isEmpty)

        let shown = try await record(reports: true)
        #expect(shown.names.contains("quality") && shown.names.contains("bandPower"), "\(shown.names)")
        #expect(shown.reader.seriesNames(group: "Quality").isEmpty)
    }
    @Test func neverStartedSourceAlsoThrowsFromResult() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let recording = try await recorder.record(
            RecordingRequest(participant: try recorder.participant(), duration: 5), from: ScriptedSource(script: [.fail(.deviceNotFound("x"))]))
        do {
            _ = try await recording.result()
            Issue.record("result did not throw")
        } catch let error as RecorderError {
            #expect(error.code == .sourceFailed)
            #expect(error.underlying is DataSourceError)
            #expect(!error.message.contains("study-recorder"))
        }
    }
}

/// A link lost and recovered mid-run is `reconnecting` then `connected` again, with QA failing
/// while the link is down; the recording goes on.
@Suite struct RecorderReconnectTests {
    @Test func aLostLinkIsReconnectingThenConnected() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        let source = ScriptedSource(script: [
            .signal(seconds: 4, amplitude: 10), .state(.connected, false), .state(.disconnected, true), .gap(seconds: 2),
            .state(.reconnected, true), .state(.disconnected, false), .state(.connected, true), .signal(seconds: 4, amplitude: 10),
        ])
        let recording = try await recorder.record(RecordingRequest(participant: try recorder.participant(), duration: 9), from: source)
        let events = try await RecorderTests.collect(recording)
        let names = events.map(RecorderTests.name)
        #expect(
            names.filter { $0.hasPrefix("connection.") }
                == ["connection.connecting", "connection.connected", "connection.reconnecting", "connection.connected", "connection.disconnected"],
            "\(names)")
        let qa = events.compactMap { if case .qa(let s) = $0 { s } else { nil } }
        // Unpaced, the writer may judge the gap's missing data before the link flip arrives: either
        // way the time away is an EEG failure, reported once, and QA passes again afterwards.
        let failure = try #require(qa.firstIndex { $0.verdict == .eegFailure }, "\(qa)")
        #expect(["the headband's link is down", "data missing on TP9, AF7, AF8, TP10"].contains(qa[failure].reason ?? ""))
        #expect(qa[(failure + 1)...].contains { $0.passed }, "\(qa)")
        guard case .stored(let item) = events.last else { Issue.record("not stored"); return }
        #expect(item.outcome.isComplete)
    }

    @Test func aRecordingsProvenanceIsReadBackThroughTheKit() async throws {
        let folder = try TemporaryDirectory("kit")
        let recorder = try await Recorder(dataFolder: folder.url)
        var request = RecordingRequest(participant: try recorder.participant(), duration: 2)
        request.provenance = Provenance(scriptedParticipant: true, speed: 1)
        let source = OscillatorSource(configuration: OscillatorConfiguration(pacing: .asFastAsPossible))
        let item = try await recorder.record(request, from: source).result()
        let provenance = try #require(try await recorder.provenance(of: item))
        #expect(provenance.source == .oscillator)
        #expect(provenance.scriptedParticipant)
        #expect(provenance.demonstrationReason == "scripted participant, oscillator")
    }
}
