import Foundation

/// One Lab Streaming Layer outlet: a stream other programs (LabRecorder, a pylsl inlet, stimulus
/// software) resolve by name, type or source id.
///
/// The stream description follows the XDF conventions LabRecorder and the EEG readers expect:
/// `desc/channels/channel/{label,unit,type}` and `desc/acquisition/{manufacturer,model,serial}`.
/// Numeric streams carry float32 samples, marker streams one string per sample at an irregular rate.
/// liblsl buffers what no consumer reads (up to ``Configuration/maximumBuffered`` seconds) and drops
/// the oldest beyond: a slow consumer never holds up the caller.
package final class LSLOutlet: @unchecked Sendable {
    /// What to announce.
    package struct Configuration: Sendable {
        /// Stream name, e.g. "StudyRecorder Muse EEG".
        package var name: String
        /// Stream type: `EEG`, `Markers`, `Accelerometer`, … (LabRecorder filters on it).
        package var type: String
        /// One label per channel (for markers: one channel named after the stream).
        package var channelLabels: [String]
        /// The unit of every channel (e.g. `microvolts`).
        package var unit: String
        /// The channels' type in the description (e.g. `EEG`).
        package var channelType: String
        /// Nominal rate in Hz; 0 for an irregular stream (markers, metrics pushed on change).
        package var nominalRate: Double
        /// Whether samples are strings (markers) rather than float32.
        package var isString: Bool
        /// A stable id, the same across restarts of the same device, so LabRecorder re-attaches.
        package var sourceID: String
        /// Acquisition facts (manufacturer, model, serial) for the description.
        package var acquisition: [String: String]
        /// Seconds liblsl keeps for a consumer that does not read (default 60).
        package var maximumBuffered: Int32

        /// Creates a configuration.
        package init(
            name: String, type: String, channelLabels: [String], unit: String, channelType: String, nominalRate: Double, isString: Bool = false,
            sourceID: String, acquisition: [String: String] = [:], maximumBuffered: Int32 = 60
        ) {
            self.name = name
            self.type = type
            self.channelLabels = channelLabels
            self.unit = unit
            self.channelType = channelType
            self.nominalRate = nominalRate
            self.isString = isString
            self.sourceID = sourceID
            self.acquisition = acquisition
            self.maximumBuffered = maximumBuffered
        }
    }

    /// The stream's settings.
    package let configuration: Configuration
    private let library: LSLLibrary
    private let info: OpaquePointer
    private let outlet: OpaquePointer

    /// Creates the stream and its outlet.
    package init(library: LSLLibrary, configuration: Configuration) throws(LSLError) {
        self.library = library
        self.configuration = configuration
        let format: Int32 = configuration.isString ? 3 : 1  // cft_string, cft_float32
        guard
            let info = library.createStreamInfo(
                configuration.name, configuration.type, Int32(configuration.channelLabels.count), configuration.nominalRate, format,
                configuration.sourceID)
        else { throw .outletFailed(configuration.name) }
        let description = library.getDescription(info)
        let channels = library.appendChild(description, "channels")
        for label in configuration.channelLabels {
            let channel = library.appendChild(channels, "channel")
            _ = library.appendChildValue(channel, "label", label)
            _ = library.appendChildValue(channel, "unit", configuration.unit)
            _ = library.appendChildValue(channel, "type", configuration.channelType)
        }
        if !configuration.acquisition.isEmpty {
            let acquisition = library.appendChild(description, "acquisition")
            for (key, value) in configuration.acquisition.sorted(by: { $0.key < $1.key }) {
                _ = library.appendChildValue(acquisition, key, value)
            }
        }
        _ = library.appendChildValue(description, "software", "study-recorder")
        guard let outlet = library.createOutlet(info, 0, configuration.maximumBuffered) else {
            library.destroyStreamInfo(info)
            throw .outletFailed(configuration.name)
        }
        self.info = info
        self.outlet = outlet
    }

    /// Pushes rows of float samples (row-major, `channelLabels.count` values per row), each with its
    /// LSL timestamp.
    package func push(rows values: [Float], timestamps: [Double]) {
        guard !timestamps.isEmpty, values.count == timestamps.count * configuration.channelLabels.count else { return }
        values.withUnsafeBufferPointer { v in
            timestamps.withUnsafeBufferPointer { t in
                _ = library.pushChunkFloat(outlet, v.baseAddress!, UInt(values.count), t.baseAddress!, 1)
            }
        }
    }

    /// Pushes one string sample (a marker) at `timestamp`.
    package func push(string: String, timestamp: Double) {
        string.withCString { text in
            var pointers: [UnsafePointer<CChar>?] = [text]
            pointers.withUnsafeMutableBufferPointer { p in
                _ = library.pushSampleString(outlet, p.baseAddress!, timestamp, 1)
            }
        }
    }

    /// Whether any inlet is connected.
    package var hasConsumers: Bool { library.haveConsumers(outlet) != 0 }

    deinit {
        library.destroyOutlet(outlet)
        library.destroyStreamInfo(info)
    }
}
