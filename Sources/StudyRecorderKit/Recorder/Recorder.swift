import DataSources
public import Foundation
public import Logging
import Processing
import RecordingPipeline
import Storage
import Transfer

/// The entry point of the SDK: a data folder, opened the way the `study-recorder` command opens it,
/// from which recordings are made and uploaded.
///
/// Opening runs start-up recovery (recordings a crash left behind are rebuilt from their journals
/// and catalogued) and, when the folder encrypts at rest, finishes interrupted seals. A recording
/// gives one stream of ``LiveRecordingEvent``s fed by one signal processor whose results are both shown
/// and stored; an upload gives a stream of ``UploadEvent``s. See docs/library.md.
///
/// ```swift
/// let recorder = try await Recorder(dataFolder: URL(fileURLWithPath: "study-data"))
/// let participant = try recorder.participant()
/// let recording = try await recorder.record(RecordingRequest(participant: participant, duration: 60), from: OscillatorSource())
/// for try await event in recording.events { … }
/// ```
public final class Recorder: Sendable {
    /// The data folder.
    public let store: DataStore
    /// The data folder's transfer configuration, secrets and sealing conventions.
    public let transfer: TransferSetup
    /// What start-up recovery did.
    public let recovery: RecoveryReport
    /// What finishing interrupted seals did (`nil` when the folder does not encrypt at rest).
    package let sealRecovery: Sealer.Recovery?
    /// Why seals could not be recovered (e.g. no usable study key); items stay local until fixed.
    /// Not logged here: a caller shows it the way it shows errors.
    public let sealProblem: String?
    let logger: Logger

    /// Opens (creating if needed) the data folder at `dataFolder`, runs recovery and seal recovery.
    /// `transferConfiguration` replaces `<data>/transfer.json`. The file I/O runs on
    /// the blocking executor (`BlockingExecutor.shared`), never on the caller's thread.
    public convenience init(dataFolder: URL, transferConfiguration: URL? = nil, logger: Logger = Logger(label: "study-recorder")) async throws {
        let store: DataStore
        do {
            store = try await DataStore.open(root: dataFolder)
        } catch {
            throw RecorderError(.dataFolder, "cannot open the data folder \(dataFolder.path): \(error)", underlying: error)
        }
        await self.init(store: store, transferConfiguration: transferConfiguration, logger: logger)
    }

    /// Runs recovery and seal recovery on an opened data folder — for a caller that must hold one of
    /// the folder's locks (``DataStore/lockURL(_:)``) before anything is recovered.
    public init(store: DataStore, transferConfiguration: URL? = nil, logger: Logger = Logger(label: "study-recorder")) async {
        self.store = store
        transfer = TransferSetup(dataFolder: store.root, configuration: transferConfiguration)
        self.logger = logger
        recovery = await Recovery.run(store: store, logger: logger)
        do {
            sealRecovery = try await transfer.recoverSeals(store: store)
            sealProblem = nil
        } catch {
            sealRecovery = nil
            sealProblem = "cannot encrypt stored items at rest: \(error)"
        }
    }

    /// The participant with `id` (a UUID, registered if new), or with `nil` the folder's only
    /// participant — a new one when there is none.
    public func participant(_ id: String? = nil) throws -> String {
        var uuid: UUID?
        if let id {
            guard let parsed = UUID(uuidString: id) else {
                throw RecorderError(.dataFolder, "a participant id must be a UUID, got \(id.count) characters that are not one")
            }
            uuid = parsed
        }
        return try ParticipantRegistry(store: store).resolve(uuid)
    }

    /// Starts recording `source` per `request` and returns the running recording; its
    /// ``LiveRecording/events`` report connection, device, quality, QA, band power and progress, and
    /// end with the stored item. The recording ends after `request.duration` seconds of signal, when
    /// the source ends, or on ``LiveRecording/stop(reason:)``. `clock` is the host clock the source
    /// is paced by and the recording clock is read from (inject one in tests).
    public func record(
        _ request: RecordingRequest, from source: any DataSource, options: RecordOptions = RecordOptions(),
        clock: any HostClock = SystemHostClock()
    ) async throws -> LiveRecording {
        try await record(request, on: DataController(source: source, clock: clock), options: options)
    }

    /// Like ``record(_:from:options:clock:)`` on a controller the caller made, so that it can attach
    /// its own observers (a live stream, a marker inlet) before the source starts. The controller
    /// must not be running; this starts it, and stops it when the recording ends (takes its last
    /// row, ``Storage/RecordingInProgress/lastRowWritten()``), before the file is finished.
    package func record(
        _ request: RecordingRequest, on controller: DataController, options: RecordOptions = RecordOptions()
    ) async throws
        -> LiveRecording
    {
        let (events, continuation) = AsyncThrowingStream<LiveRecordingEvent, any Error>.makeStream()
        let bridge = LiveRecordingBridge(continuation: continuation, progressInterval: options.progressInterval)
        bridge.connection(.connecting)
        // The recording pipeline the study runner's blocks record through too: its one processor runs
        // inside the recording's writer, and every result goes to the bridge in sample order.
        let monitor = await QualityMonitor(
            controller: controller, configuration: options.processing, feedsWhileIdle: false, observer: { bridge.observe($0) })
        let recording: RecordingInProgress
        do {
            recording = try await monitor.startRecording(
                request, in: store, options: options.writer, storesQuality: options.storeQuality,
                processes: options.storeQuality || options.reportsQuality, logger: logger)
        } catch {
            monitor.stop()
            continuation.finish()
            throw RecorderError(.storage, "cannot start the recording: \(error)", underlying: error)
        }
        bridge.attach(recording)
        let device = await controller.events(.lossless(capacity: 256))
        let deviceTask = Task {
            for await event in device {
                var ending = false
                if case .state(let change) = event, change.state == .disconnected, change.value { ending = await controller.closingFlip == change }
                bridge.device(event, ending: ending)
                if case .ended = event { break }
            }
        }
        do {
            try await controller.start()
        } catch {
            recording.stop(reason: "the source did not start")
            _ = try? await recording.result()
            monitor.stop()
            device.cancel()
            continuation.finish()
            throw RecorderError(.sourceFailed, "cannot start the source: \(error)", underlying: error)
        }
        let store = self.store, transfer = self.transfer
        let outcome = Task { () throws -> CatalogItem in
            // The source stops once the recording takes no more data, before the file is finished:
            // unpaced, it would go on generating blocks for the other observers through the close,
            // checksum and catalog update (a core and up to 8 MB of queued blocks, docs/performance.md).
            await recording.lastRowWritten()
            await controller.stop()
            let stored: Result<CatalogItem, any Error>
            do {
                stored = .success(try await recording.result())
                bridge.finishing(recorded: recording.progress)
            } catch {
                stored = .failure(error)
            }
            monitor.stop()
            device.cancel()
            await deviceTask.value
            let item: CatalogItem
            switch stored {
            case .success(let value):
                item = value
            case .failure(let error):
                let wrapped = Self.wrap(error)
                bridge.fail(wrapped)
                throw wrapped
            }
            do {
                let sealed = try await transfer.sealIfRequired(item, store: store)
                bridge.finish(stored: sealed, progress: recording.progress)
                return sealed
            } catch {
                let wrapped = RecorderError(
                    .sealing, "stored \(item.path), but could not encrypt it (it will not be uploaded until it is): \(error)", underlying: error)
                bridge.fail(wrapped)
                throw wrapped
            }
        }
        return LiveRecording(item: recording.item, events: events, controller: controller, recording: recording, outcome: outcome)
    }

    private static func wrap(_ error: any Error) -> RecorderError {
        if let error = error as? RecorderError { return error }
        if error is DataSourceError { return RecorderError(.sourceFailed, "\(error)", underlying: error) }
        return RecorderError(.storage, "\(error)", underlying: error)
    }
}
