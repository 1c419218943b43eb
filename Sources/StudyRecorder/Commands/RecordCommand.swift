import ArgumentParser
import DataSources
import Foundation
import Logging
import Processing
import RecordingPipeline
import Storage
import Streaming
import StudyRecorderKit
import Synchronization

/// `study-recorder record`: records from a source into the data folder, crash-safe, and catalogues
/// the file for upload.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record EEG from a source into the data folder.",
        discussion: """
            The recording is streamed to disk as it arrives (at most the last second is lost if the \
            process is killed; the next start or `study-recorder recover` rebuilds it). Ctrl-C or SIGTERM stops \
            early: what was recorded is stored and marked incomplete (exit 130, or 143 after SIGTERM).
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var transfer: TransferOptions
    @OptionGroup var streamOptions: StreamOptions
    @OptionGroup var keyMarkers: KeyMarkerOptions
    @OptionGroup var clockOptions: ClockOptions

    @Option(help: "How long to record, e.g. 30s, 5m, 1h (default: 30s).", transform: SignalDuration.parse)
    var duration: SignalDuration = SignalDuration(seconds: 30)

    @Option(help: "The paradigm name (names the file, stored in /Paradigm).")
    var paradigm: String?

    @Option(help: ArgumentHelp("The participant's UUID (default: the only participant here, or a new one).", valueName: "uuid"))
    var participant: String?

    @Option(help: "Study day (1-based).")
    var day: Int = 1

    @Option(help: "Session within the study day (1-based).")
    var session: Int = 1

    @Flag(help: "Print the stored item as JSON on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log what happens to standard error.")
    var verbose = false

    @Flag(help: "Do not compute or store signal quality and band power (no /Quality group; faster).")
    var noQuality = false

    func validate() throws {
        guard day >= 1 else { throw ValidationError("--day must be 1 or more") }
        guard session >= 1 else { throw ValidationError("--session must be 1 or more") }
        if let paradigm, FileNaming.token(paradigm) != paradigm {
            throw ValidationError("--paradigm may contain only letters, digits and '-'")
        }
    }

    func run() async throws {
        let logger = CommandLogging.logger("record", verbose: verbose)
        let configurationURL = try transfer.checkedURL(data: data.url.standardizedFileURL)
        // A run that stores nothing takes back the folder, registry entry and participant folder it
        // made (a headband that is not there leaves nothing behind).
        var footprint = DataFolderFootprint(root: data.url)
        let recorder = await CommandLogging.open(try await data.openStore(), configuration: configurationURL, logger: logger)
        let store = recorder.store
        footprint.noteParticipants(in: store)
        var who: String?
        func undone(_ error: any Error) -> any Error {
            footprint.undo(participant: who, store: store)
            return error
        }
        let lslClock: LSLClockMapping?
        let controller: DataController
        let streamer: LiveStreamer?
        let markerInlet: LSLMarkerInlet?
        do {
            who = try ParticipantOptions.resolve(participant, store: store)
            lslClock = try clockOptions.makeLSLMapping(libraryPath: streamOptions.lslLibrary)
            controller = DataController(source: try sourceOptions.makeSource())
            streamer = try await streamOptions.start(controller: controller, mains: sourceOptions.mains, lslClock: lslClock)
            markerInlet = try streamOptions.startMarkerInlet(controller: controller)
        } catch {
            throw undone(CommandError.stated(error))
        }
        let keys = keyMarkers.start(controller: controller)
        // Device trouble (link lost and back, battery low, off the head, data lost) as it happens.
        let trouble = await DeviceTroubleWatch(controller: controller, json: json)
        let request = RecordingRequest(
            participant: who ?? "", day: day, session: session,
            paradigm: paradigm.map { Paradigm(title: $0) }, duration: duration.seconds,
            powerLineFrequency: sourceOptions.mains, lslClock: lslClock,
            provenance: Provenance(speed: sourceOptions.speed, commandLine: Provenance.redacting(CommandLine.arguments)))
        // One processor: the quality and band power stored in /Quality are the values the session
        // reports (the kit's record). The command shows no quality reading, so with --no-quality
        // nothing reads the processor's results and none runs.
        let options = RecordOptions(
            processing: ProcessorConfiguration(mains: .fixed(sourceOptions.mains)), storeQuality: !noQuality, reportsQuality: !noQuality)
        // The trap is in place before the recording starts: a signal the moment it has begun stops
        // it and stores what was recorded, never the default action that ends the process mid-write.
        let interrupted = CaughtSignal()
        let live = Mutex<LiveRecording?>(nil)
        let trap = SignalTrap { caught in
            interrupted.set(caught)
            live.withLock { $0?.stop(reason: EndReason.signal) }
        }
        let recording: LiveRecording
        do {
            recording = try await recorder.record(request, on: controller, options: options)
        } catch {
            trouble.stop()
            throw undone(CommandError.stated(error))
        }
        live.withLock { $0 = recording }
        if interrupted.isSet { recording.stop(reason: EndReason.signal) }
        var bar = ProgressBar(label: "recording")
        func draw(_ p: RecordingProgress, force: Bool) {
            bar.update(fraction: p.fraction, status: String(format: "%.1f / %.1f s", p.seconds, p.plannedSeconds ?? 0), force: force)
        }
        var stored: CatalogItem?
        var failure: (any Error)?
        do {
            for try await event in recording.events {
                switch event {
                case .progress(let p): draw(p, force: false)
                case .stored(let item): stored = item
                default: continue
                }
            }
        } catch {
            failure = error
        }
        // The recording's own task ends just after its last event: waited for, so that the store it
        // holds is closed before the process exits (the catalog's write-ahead log then goes with it).
        _ = try? await recording.result()
        trouble.stop()
        draw(recording.progress, force: true)
        bar.finish()
        await markerInlet?.stop()
        await keys?.stop()
        await streamer?.finish()
        _ = trap
        // A source that never started (a headband that is not there) fails here with nothing stored:
        // what this run made on the way is taken back.
        guard let item = stored else {
            if let failure { throw undone(CommandError.stated(failure)) }
            throw undone(CommandError.reported(.notAchieved))
        }
        // Encryption at rest failed (78): the item is stored but stays local until it is sealed.
        if let failure { throw CommandError.stated(failure) }
        let session = recording
        if json {
            // The item and what its recording lost and was judged (`account`, the last line in text).
            try Terminal.printJSON(AccountedItem(item, in: store))
        } else {
            print("stored \(item.path)")
            print(
                String(
                    format: "  %.1f s, %lld bytes, %@, sha256 %@", session.progress.seconds, item.size,
                    item.outcome.isComplete ? "complete" : "incomplete (\(item.outcome.reason ?? "ended early"))", item.sha256 ?? "-"))
            print("  participant \(item.participant), run \(item.run ?? 0), state \(item.state.rawValue)")
            // What was lost and the verdict, by the rule `analyze` counts with (read from the stored
            // file; a file sealed at rest is judged after decryption).
            if let account = try? await RecordingReader.withReader(at: store.url(of: item.path), { try RecordingAccount($0) }) {
                print("  " + account.line)
            } else {
                let p = session.progress
                let seconds = p.seconds, lost = Double(p.gapSamples) / max(1, Double(p.samples)) * p.seconds
                print(
                    String(
                        format: "  lost %.1f s of %.1f s EEG (%.1f %%); verdict: not judged here (the stored file cannot be read; see analyze)", lost,
                        seconds, seconds > 0 ? 100 * lost / seconds : 0))
            }
        }
        if interrupted.isSet { throw CommandError.reported(.interrupted(signal: interrupted.signal ?? SIGINT)) }
        // A faulty device (e.g. one sampling far faster than its rate): the recording up to the
        // fault is kept (above), the fault is said in one line and is the exit status.
        if let error = await session.controller.lastFailure, case .deviceFault? = error as? DataSourceError {
            throw CommandError.stated(error)
        }
    }
}
