/// Plays a stored recording back as if it were a live device: for re-running processing on old data,
/// demos without hardware, and tests with real-world signals.
///
/// Samples keep their channel values; their times are shifted so the first sample is "now" and each
/// later one is stamped with the moment it is due (at ``Pacing/speed(_:)`` N, `1/N` of its signal
/// time later; unless ``Configuration/keepOriginalTimes`` is set) and their markers are dropped (unless
/// ``Configuration/includeMarkers`` is set), as a live device would deliver neither.
package struct ReplaySource: DataSource {
    /// How a replay behaves.
    package struct Configuration: Sendable, Equatable {
        /// How fast to play back.
        package var pacing: Pacing
        /// Keep the stored time stamps instead of shifting them to the present.
        package var keepOriginalTimes: Bool
        /// Deliver the stored markers with their samples.
        package var includeMarkers: Bool
        /// Start over at the end instead of ending the run.
        package var loop: Bool

        /// Creates a configuration.
        package init(pacing: Pacing = .realTime, keepOriginalTimes: Bool = false, includeMarkers: Bool = false, loop: Bool = false) {
            self.pacing = pacing
            self.keepOriginalTimes = keepOriginalTimes
            self.includeMarkers = includeMarkers
            self.loop = loop
        }
    }

    /// The recording being played.
    package let recording: any RecordedSignal
    /// The playback settings.
    package let configuration: Configuration

    /// Creates a replay of `recording`.
    package init(recording: any RecordedSignal, configuration: Configuration = .init()) {
        self.recording = recording
        self.configuration = configuration
    }

    package var kind: String { "replay" }

    /// The descriptor the replay announces: the recorded device's, with kind and origin `replay`
    /// (and no decoder: the samples are read, not decoded).
    package var descriptor: DeviceDescriptor {
        var descriptor = recording.descriptor
        descriptor.kind = "replay"
        descriptor.origin = .replay
        descriptor.decoder = nil
        descriptor.streams = [descriptor.eeg]
        descriptor.streams[0].rawCoding = nil
        return descriptor
    }

    package func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        let descriptor = self.descriptor
        let fs = descriptor.samplingRate
        guard fs.isFinite, fs >= 1 else { throw DataSourceError.unreadableRecording("sampling rate \(fs) Hz is not usable") }
        guard recording.sampleCount > 0 else { throw DataSourceError.unreadableRecording("it holds no samples") }
        let paced = configuration.pacing.secondsPerSignalSecond
        let blockSize = max(1, Int((paced == nil ? fs : fs / 16).rounded()))
        // The first block is read before the source announces itself: a recording whose samples
        // cannot be read fails without a "started" event, so nothing is stored from it.
        var first: SampleBlock?
        do {
            first = try recording.readBlock(from: 0, count: blockSize)
        } catch {
            throw DataSourceError.unreadableRecording("\(error)")
        }
        guard first?.isEmpty == false else { throw DataSourceError.unreadableRecording("it holds no samples") }
        await emit(.state(.found, true))
        await emit(.started(descriptor))
        await emit(.state(.connected, true))
        await emit(.state(.onHead, true))
        let clock = context.clock
        let begin = clock.monotonicNow()
        let now = context.anchor.utc(fromMonotonic: begin)
        var schedule = paced.map { PacedSchedule(begin: begin, secondsPerSample: $0 / fs, blockSize: blockSize, shiftsWhenLate: $0 != 1) }
        var row: Int64 = 0
        var delivered: Int64 = 0
        var indexOffset: Int64 = 0
        while !Task.isCancelled {
            if row >= recording.sampleCount {
                guard configuration.loop, recording.sampleCount > 0 else { break }
                indexOffset = delivered
                row = 0
            }
            var block: SampleBlock
            if let read = first, row == 0 {
                block = read
                first = nil
            } else {
                do {
                    block = try recording.readBlock(from: row, count: blockSize)
                } catch {
                    throw DataSourceError.unreadableRecording("\(error)")
                }
            }
            if block.isEmpty { break }
            row += Int64(block.count)
            if !configuration.keepOriginalTimes {
                // Paced, each sample is stamped with the moment it is due (as the oscillator does).
                for i in 0..<block.count { block.times[i] = now + Double(delivered + Int64(i)) / fs * (paced ?? 1) }
            }
            block.stream = descriptor.eeg.name
            block.raw = nil
            block.firstIndex += indexOffset
            if !configuration.includeMarkers { block.markers = [] }
            delivered += Int64(block.count)
            if schedule != nil {
                do {
                    let shift = try await schedule!.wait(untilIndex: delivered, on: clock)
                    if shift != 0 && !configuration.keepOriginalTimes { block.times = block.times.map { $0 + shift } }
                } catch { break }
            }
            await emit(.samples(block))
            // Unpaced, yield so other tasks of the pool still run (see OscillatorSource).
            if paced == nil { await Task.yield() }
        }
    }
}
