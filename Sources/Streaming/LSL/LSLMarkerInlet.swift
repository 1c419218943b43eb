public import DataSources
import Foundation

/// Markers from other programs (PsychoPy, jsPsych bridges, a lab's stimulus software) over Lab
/// Streaming Layer, stored in the recording at the sample nearest their moment.
///
/// It resolves a string stream of type `Markers` (by name when one is given; never one of the
/// recorder's own outlets), and on a thread of the ``BlockingExecutor`` (liblsl's calls block) pulls each marker with
/// its LSL timestamp, adds the inlet's clock correction (the sender's clock to this machine's), maps
/// it onto the recording clock through the controller's anchor, and hands it to
/// ``DataController/mark(_:at:)``, one task setting them in the order they arrived. A marker whose
/// text is an integer is stored with that code and no label; any other text with code
/// ``externalCode`` and the text as label. A sample liblsl hands over again after it recovered a
/// broken connection (the outlet resends what it still buffers; seen on a loaded machine) has the
/// timestamp and text of one already taken and is dropped, so each marker is stored once.
package final class LSLMarkerInlet: @unchecked Sendable {
    /// The code stored for a marker whose text is not a number.
    package static let externalCode: Int32 = 1000

    /// The stream name to resolve, or nil for the first marker stream found.
    package let streamName: String?
    private let library: LSLLibrary
    private let stopRequested = NSLock()
    private var stopping = false
    private let finished = Milestone()
    private var resolvedName: String?
    private var count = 0
    private let markers: AsyncStream<(marker: Marker, monotonic: Double)>.Continuation
    private let marking: Task<Void, Never>

    private init(library: LSLLibrary, streamName: String?, controller: DataController) {
        self.library = library
        self.streamName = streamName
        let (stream, continuation) = AsyncStream.makeStream(of: (marker: Marker, monotonic: Double).self)
        markers = continuation
        marking = Task {
            for await next in stream {
                guard let anchor = await controller.anchor else { continue }
                await controller.mark(next.marker, at: anchor.utc(fromMonotonic: next.monotonic))
            }
        }
    }

    /// Starts resolving and pulling for `controller` (started or not; markers wait for its anchor).
    /// `resolveTimeout` bounds the search; the thread then keeps pulling until ``stop()``.
    package static func start(
        library: LSLLibrary, streamName: String?, controller: DataController, resolveTimeout: Double = 30
    ) -> LSLMarkerInlet {
        let inlet = LSLMarkerInlet(library: library, streamName: streamName, controller: controller)
        BlockingExecutor.shared.execute("LSL marker inlet") { inlet.run(resolveTimeout: resolveTimeout) }
        return inlet
    }

    /// Stops pulling and waits, without holding a thread, for the pulling loop to end: at most
    /// about 0.5 s while resolving, 0.2 s while pulling, 2 s while liblsl measures the first clock
    /// correction (each liblsl call the loop makes is bounded by its own timeout).
    package func stop() async {
        stopRequested.withLock { stopping = true }
        await finished.wait()
    }

    /// Markers received so far.
    package var received: Int { stopRequested.withLock { count } }

    /// The name of the stream found, once found.
    package var resolved: String? { stopRequested.withLock { resolvedName } }

    private var isStopping: Bool { stopRequested.withLock { stopping } }

    private func run(resolveTimeout: Double) {
        defer {
            markers.finish()
            finished.reach()
        }
        let deadline = Date().addingTimeInterval(resolveTimeout)
        var found: OpaquePointer?
        while found == nil, !isStopping, Date() < deadline {
            var buffer = [OpaquePointer?](repeating: nil, count: 16)
            let n = buffer.withUnsafeMutableBufferPointer { library.resolveByProperty($0.baseAddress!, 16, "type", "Markers", 1, 0.5) }
            for k in 0..<Int(max(0, n)) {
                guard let info = buffer[k] else { continue }
                let name = library.streamName(info)
                let ours = library.sourceID(info).hasPrefix("study-recorder-")
                if found == nil, !ours, library.channelCount(info) >= 1, streamName == nil || name == streamName {
                    found = info
                    stopRequested.withLock { resolvedName = name }
                } else {
                    library.destroyStreamInfo(info)
                }
            }
        }
        guard let info = found, let inlet = library.createInlet(info, 360, 0, 1) else { return }
        defer {
            library.destroyInlet(inlet)
            library.destroyStreamInfo(info)
        }
        let channels = Int(library.channelCount(info))
        var error: Int32 = 0
        var correction = library.timeCorrection(inlet, 2.0, &error)
        if error != 0 { correction = 0 }
        var lastCorrection = Date()
        // What was taken, by timestamp and text: a sample resent after a recovered connection is one
        // of these. Kept for the last 10 minutes of timestamps.
        var taken: [Double: Set<String>] = [:]
        while !isStopping {
            var strings = [UnsafeMutablePointer<CChar>?](repeating: nil, count: channels)
            let stamp = strings.withUnsafeMutableBufferPointer { library.pullSampleString(inlet, $0.baseAddress!, Int32(channels), 0.2, &error) }
            if error != 0 { break }
            guard stamp > 0, let first = strings.first ?? nil else { continue }
            let text = String(cString: first)
            for s in strings { library.destroyString(s) }
            if Date().timeIntervalSince(lastCorrection) > 5 {
                var e: Int32 = 0
                let c = library.timeCorrection(inlet, 0.5, &e)
                if e == 0 { correction = c }
                lastCorrection = Date()
            }
            if taken[stamp]?.contains(text) == true { continue }
            taken[stamp, default: []].insert(text)
            if taken.count > 4096 { taken = taken.filter { $0.key > stamp - 600 } }
            let local = stamp + correction
            let marker: Marker =
                Int32(text.trimmingCharacters(in: .whitespaces)).map { Marker(code: $0) } ?? Marker(code: Self.externalCode, label: text)
            stopRequested.withLock { count += 1 }
            let offset = LSLClockMapping.offset { library.localClock() }
            markers.yield((marker, local - offset))
        }
    }
}
