/// Plays a stored recording back as if it were a live device: for re-running processing on old data,
/// demos without hardware, and tests with real-world signals.
///
/// Frames keep their channel values; their times are shifted so the first frame is "now" (unless
/// ``Configuration/keepOriginalTimes`` is set) and their markers are dropped (unless
/// ``Configuration/includeMarkers`` is set), as a live device would deliver neither.
public struct ReplaySource: DataSource {
    /// How a replay behaves.
    public struct Configuration: Sendable, Equatable {
        /// How fast to play back.
        public var pacing: Pacing
        /// Keep the stored time stamps instead of shifting them to the present.
        public var keepOriginalTimes: Bool
        /// Deliver the stored markers with their frames.
        public var includeMarkers: Bool
        /// Start over at the end instead of ending the run.
        public var loop: Bool

        /// Creates a configuration.
        public init(pacing: Pacing = .realTime, keepOriginalTimes: Bool = false, includeMarkers: Bool = false, loop: Bool = false) {
            self.pacing = pacing
            self.keepOriginalTimes = keepOriginalTimes
            self.includeMarkers = includeMarkers
            self.loop = loop
        }
    }

    /// The recording being played.
    public let recording: any RecordedSignal
    /// The playback settings.
    public let configuration: Configuration

    /// Creates a replay of `recording`.
    public init(recording: any RecordedSignal, configuration: Configuration = .init()) {
        self.recording = recording
        self.configuration = configuration
    }

    public var info: SourceInfo {
        var info = recording.info
        info.kind = "replay"
        return info
    }

    public func run(emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        let fs = recording.info.samplingRate
        guard fs > 0 else { throw DataSourceError.unreadableRecording("sampling rate is not positive") }
        await emit(.state(.found, true))
        await emit(.state(.connected, true))
        await emit(.state(.onHead, true))
        let paced = configuration.pacing.secondsPerSignalSecond
        let block = max(1, Int((paced == nil ? fs : fs / 16).rounded()))
        let clock = ContinuousClock()
        let begin = clock.now
        let now = wallClockNow()
        var row: Int64 = 0
        var delivered: Int64 = 0
        var firstTime: Double?
        var indexOffset: Int64 = 0
        while !Task.isCancelled {
            if row >= recording.sampleCount {
                guard configuration.loop, recording.sampleCount > 0 else { break }
                indexOffset = delivered
                row = 0
            }
            var frames: [Frame]
            do {
                frames = try recording.readFrames(from: row, count: block)
            } catch {
                throw DataSourceError.unreadableRecording("\(error)")
            }
            if frames.isEmpty { break }
            row += Int64(frames.count)
            if firstTime == nil { firstTime = frames[0].time }
            for i in frames.indices {
                if !configuration.keepOriginalTimes {
                    frames[i].time = now + Double(delivered + Int64(i)) / fs
                }
                frames[i].index += indexOffset
                if !configuration.includeMarkers { frames[i].marker = nil }
            }
            delivered += Int64(frames.count)
            if let paced {
                let deadline = begin.advanced(by: .seconds(Double(delivered) / fs * paced))
                do { try await clock.sleep(until: deadline, tolerance: .milliseconds(2)) } catch { break }
            }
            await emit(.frames(frames))
        }
    }
}
