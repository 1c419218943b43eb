import DataSources
import Processing
import RecordingPipeline
import Storage

/// For callers who prefer delegate callbacks to an async sequence: implement the methods you need
/// (all have empty defaults) and hand the listener to ``LiveRecording/deliver(to:)``. Callbacks come
/// in event order, one at a time, from a task of the recording's own.
///
/// ```swift
/// final class Kiosk: RecorderListener {
///     func recorder(qaChanged status: QAStatus) { showBanner(status.passed ? "Good signal" : status.reason ?? "") }
///     func recorder(stored item: CatalogItem) { showDone() }
/// }
/// recording.deliver(to: kiosk)
/// ```
public protocol RecorderListener: AnyObject, Sendable {
    /// The link to the device changed.
    func recorder(connectionChanged state: ConnectionState)
    /// The source identified itself.
    func recorder(started device: DeviceDescriptor)
    /// A device condition flipped.
    func recorder(deviceChanged change: DeviceStateChange)
    /// The battery level in percent.
    func recorder(batteryChanged percent: Double)
    /// Signal quality of every channel (2 Hz).
    func recorder(qualityUpdated update: QualityUpdate)
    /// The line-noise estimate (1 Hz).
    func recorder(lineNoiseUpdated update: LineNoiseUpdate)
    /// The live QA status changed.
    func recorder(qaChanged status: QAStatus)
    /// Band power at the configured rate.
    func recorder(bandPower update: BandPowerUpdate)
    /// How far the recording has come.
    func recorder(progress: RecordingProgress)
    /// The recording is stored (the last callback of a recording that succeeded).
    func recorder(stored item: CatalogItem)
    /// The recording failed (the last callback of one that did not); `error` is a ``RecorderError``.
    func recorder(failed error: any Error)
}

extension RecorderListener {
    public func recorder(connectionChanged state: ConnectionState) {}
    public func recorder(started device: DeviceDescriptor) {}
    public func recorder(deviceChanged change: DeviceStateChange) {}
    public func recorder(batteryChanged percent: Double) {}
    public func recorder(qualityUpdated update: QualityUpdate) {}
    public func recorder(lineNoiseUpdated update: LineNoiseUpdate) {}
    public func recorder(qaChanged status: QAStatus) {}
    public func recorder(bandPower update: BandPowerUpdate) {}
    public func recorder(progress: RecordingProgress) {}
    public func recorder(stored item: CatalogItem) {}
    public func recorder(failed error: any Error) {}
}

extension LiveRecording {
    /// Delivers this recording's events to `listener` (instead of iterating ``events``: the events
    /// go to one reader). Await the returned task to know the last callback was made.
    @discardableResult
    public func deliver(to listener: some RecorderListener) -> Task<Void, Never> {
        let events = self.events
        return Task {
            do {
                for try await event in events {
                    switch event {
                    case .connection(let state): listener.recorder(connectionChanged: state)
                    case .started(let device): listener.recorder(started: device)
                    case .device(let change): listener.recorder(deviceChanged: change)
                    case .battery(let percent): listener.recorder(batteryChanged: percent)
                    case .quality(let update): listener.recorder(qualityUpdated: update)
                    case .lineNoise(let update): listener.recorder(lineNoiseUpdated: update)
                    case .qa(let status): listener.recorder(qaChanged: status)
                    case .bandPower(let update): listener.recorder(bandPower: update)
                    case .progress(let progress): listener.recorder(progress: progress)
                    case .stored(let item): listener.recorder(stored: item)
                    }
                }
            } catch {
                listener.recorder(failed: error)
            }
        }
    }
}
