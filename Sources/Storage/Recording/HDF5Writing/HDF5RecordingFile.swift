import CHDF5
import DataSources
import Foundation

/// The HDF5 side of a recording being written: creates the file in the layout of
/// ``RecordingFormat`` (static metadata first), appends each ``RecordingBatch`` to the chunked,
/// compressed datasets, and stores the closing attributes. Knows nothing about when to write: that is
/// ``RecordingRowBuffer``'s rule. Belongs to one ``RecordingWriter``.
///
/// A batch with pairs of an LSL clock mapping (`--clock lsl`) adds them first, then stores every time
/// of its rows, events, stream rows and series rows on LSL's clock too (``LSLTimeDatasets``, created
/// with the first pair: a recording without pairs has no LSL datasets).
final class HDF5RecordingFile {
    private typealias R = RecordingFormat.Recording
    private typealias A = RecordingFormat.Recording.Attribute

    private let file: HDF5Object
    private let recording: HDF5Object
    private let events: HDF5Object
    private let data: AppendableDataset
    private let rawData: AppendableDataset?
    private let marker: AppendableDataset
    private let timestamp: AppendableDataset
    private let eventSample: AppendableDataset
    private let eventTime: AppendableDataset
    private let eventCode: AppendableDataset
    private let eventLabel: AppendableDataset
    private var streams: [String: StreamDatasets] = [:]
    private let streamsGroup: HDF5Object?
    private var seriesSets: [String: (values: AppendableDataset, time: AppendableDataset)] = [:]
    private var seriesLSLTimes: [String: AppendableDataset] = [:]
    /// The LSL-clock datasets, from the first pair of the mapping on.
    private var lsl: LSLTimeDatasets?
    /// `/Device/Notifications`, created with the first notifications.
    private var notifications: NotificationDatasets?
    private let chunkRows: Int
    private let deflateLevel: UInt32
    private var groups: [String: HDF5Object] = [:]
    private var closed = false

    /// Creates the file at `path` for `metadata`, with EEG datasets chunked at `chunkRows` rows.
    init(path: String, metadata: RecordingMetadata, chunkRows: Int, deflateLevel: UInt32) throws {
        let channels = metadata.source.channelCount
        self.chunkRows = chunkRows
        self.deflateLevel = deflateLevel
        file = try HDF5File.create(path)
        try file.setAttribute(RecordingFormat.Root.format, RecordingFormat.name)
        try file.setAttribute(RecordingFormat.Root.formatVersion, RecordingFormat.version)
        recording = try file.createGroup(R.group)
        try recording.writeStrings(R.channelNames, metadata.source.channelNames, dims: [1, channels])
        data = try AppendableDataset(
            in: recording, name: R.data, element: .double, columns: channels, chunkRows: chunkRows, deflateLevel: deflateLevel)
        marker = try AppendableDataset(in: recording, name: R.marker, element: .int64, columns: 1, chunkRows: chunkRows, deflateLevel: deflateLevel)
        timestamp = try AppendableDataset(
            in: recording, name: R.timeStamp, element: .int64, columns: 1, chunkRows: chunkRows, deflateLevel: deflateLevel)
        try data.object.setAttribute(R.DataAttribute.unit, metadata.source.unit)
        try data.object.setAttribute(R.DataAttribute.dimensionLabels, ["time", "channel"])
        if let coding = metadata.source.eeg.rawCoding {
            let raw = try AppendableDataset(
                in: recording, name: R.rawData, element: .uint16, columns: channels, chunkRows: chunkRows, deflateLevel: deflateLevel)
            try raw.object.setAttribute(R.RawAttribute.bits, Int64(coding.bits))
            try raw.object.setAttribute(R.RawAttribute.scale, coding.scale)
            try raw.object.setAttribute(R.RawAttribute.offset, coding.offset)
            try raw.object.setAttribute(R.RawAttribute.missingCode, Int64(StreamDescriptor.RawCoding.missingCode))
            try raw.object.setAttribute(
                R.RawAttribute.conversion,
                "Data = RawScale * RawData + RawOffset (\(metadata.source.unit)); MissingCode marks a value not received (NaN in Data)")
            rawData = raw
        } else {
            rawData = nil
        }
        let auxiliary = metadata.source.streams.filter { $0.name != metadata.source.eeg.name }
        if auxiliary.isEmpty {
            streamsGroup = nil
        } else {
            let g = try file.createGroup(RecordingFormat.Streams.group)
            for d in auxiliary { streams[d.name] = try StreamDatasets(in: g, descriptor: d, deflateLevel: deflateLevel) }
            streamsGroup = g
        }
        try timestamp.object.setAttribute(R.DataAttribute.unit, RecordingFormat.Unit.microsecondsSinceEpoch)
        typealias E = RecordingFormat.Events
        events = try file.createGroup(E.group)
        eventSample = try AppendableDataset(in: events, name: E.sampleIndex, element: .int64, columns: 0, chunkRows: 256)
        eventTime = try AppendableDataset(in: events, name: E.time, element: .double, columns: 0, chunkRows: 256)
        eventCode = try AppendableDataset(in: events, name: E.code, element: .int32, columns: 0, chunkRows: 256)
        eventLabel = try AppendableDataset(in: events, name: E.label, element: .utf8, columns: 0, chunkRows: 256)
        // Every time, index and code dataset names its unit, so a reader of the file alone knows it.
        try marker.object.setAttribute(R.DataAttribute.unit, RecordingFormat.Unit.markerCode)
        try eventSample.object.setAttribute(R.DataAttribute.unit, RecordingFormat.Unit.sampleIndex)
        try eventTime.object.setAttribute(R.DataAttribute.unit, RecordingFormat.Unit.secondsSinceEpoch)
        try writeStaticMetadata(metadata)
        try HDF5File.flush(file)
    }

    deinit {
        if !closed {
            // Abandoned (error or crash path): release HDF5 handles. Derived-series datasets and
            // groups go first: closing them after their file (e.g. after a full disk) crashed
            // libhdf5 1.10.
            seriesSets.removeAll()
            seriesLSLTimes.removeAll()
            lsl = nil
            notifications = nil
            groups.removeAll()
            streams.removeAll()
            try? file.close()
        }
    }

    /// Appends a batch: LSL clock pairs, EEG rows, events (in table order), stream rows, series rows.
    func write(_ batch: RecordingBatch) throws {
        if let n = batch.notifications, !n.isEmpty {
            if notifications == nil { notifications = try NotificationDatasets(in: try group(RecordingFormat.Device.group), deflateLevel: deflateLevel) }
            try notifications?.append(n, prologue: batch.notificationPrologue)
        }
        for point in batch.lslClockPoints {
            if lsl == nil {
                lsl = try LSLTimeDatasets(file: file, recording: recording, events: events, chunkRows: chunkRows, deflateLevel: deflateLevel)
            }
            lsl?.add(recording: point.recording, lsl: point.lsl)
        }
        let table = batch.eventsInTableOrder
        try lsl?.flush(rowTimesMicros: batch.times, eventTimes: table.map(\.time))
        if batch.hasRows {
            try data.append(batch.values)
            try marker.append(batch.markers)
            try timestamp.append(batch.times)
            if let rawData, !batch.raw.isEmpty { try rawData.append(batch.raw) }
        }
        if !table.isEmpty {
            try eventSample.append(table.map(\.sample))
            try eventTime.append(table.map(\.time))
            try eventCode.append(table.map(\.code))
            try eventLabel.append(table.map(\.label))
        }
        let lslTime: ((Double) -> Double)? = lsl.map { l in { l.lslTime($0) } }
        for rows in batch.streams { try streams[rows.stream]?.append(rows, lslTime: lslTime) }
        for s in batch.series {
            let sets = try seriesDatasets(group: s.group, name: s.name, columns: max(1, s.values.count), names: s.columns)
            var row = s.values
            if row.count != sets.values.columns { row = (0..<sets.values.columns).map { $0 < row.count ? row[$0] : .nan } }
            try sets.values.append(row)
            try sets.time.append([s.time])
            if let lsl { try seriesLSLTime(group: s.group, name: s.name).append([lsl.lslTime(s.time)]) }
        }
    }

    /// Sets the `/Recording/Marker` value of a row already written.
    func setMarker(row: Int64, code: Int32) throws {
        try marker.overwrite(row: Int(row), with: Int64(code))
    }

    /// Sets a typed attribute on the group `/<group>`, created if needed.
    func setGroupAttribute(group name: String, name attribute: String, value: MetadataValue) throws {
        try Self.setAttribute(try group(name), attribute, value)
    }

    /// Stores the closing attributes and closes the file. `streamCounts` gives each auxiliary
    /// stream's rows and gap rows; `first`/`last` are the first and last EEG row times.
    func close(
        rows: Int64, gapRows: Int64, outcome: RecordingOutcome, samplingRate fs: Double, first: Double?, last: Double?,
        streamCounts: [String: (rows: Int64, gapRows: Int64)]
    ) throws {
        try recording.setAttribute(A.sampleCount, rows)
        try recording.setAttribute(A.gapSampleCount, gapRows)
        try recording.setAttribute(A.complete, Int64(outcome.isComplete ? 1 : 0))
        if let reason = outcome.reason { try recording.setAttribute(A.endReason, reason) }
        try recording.setAttribute(A.recordingTime, Double(rows) / fs)
        if let first {
            try recording.setAttribute(A.recordingStartTime, Self.iso(first))
            try recording.setAttribute(A.recordingEndTime, Self.iso((last ?? first) + 1 / fs))
        }
        try file.setAttribute(RecordingFormat.Root.complete, Int64(outcome.isComplete ? 1 : 0))
        try notifications?.close()
        notifications = nil
        groups.removeAll()
        seriesSets.removeAll()
        seriesLSLTimes.removeAll()
        try lsl?.close()
        lsl = nil
        try data.close(); try rawData?.close(); try marker.close(); try timestamp.close()
        for (name, sink) in streams {
            let counts = streamCounts[name] ?? (0, 0)
            try sink.close(rows: counts.rows, gapRows: counts.gapRows)
        }
        streams.removeAll()
        try streamsGroup?.close()
        try eventSample.close(); try eventTime.close(); try eventCode.close(); try eventLabel.close()
        try recording.close(); try events.close()
        try file.close()
        closed = true
    }

    // MARK: Groups and series

    private func group(_ name: String) throws -> HDF5Object {
        if let g = groups[name] { return g }
        let g = file.exists(name) ? try file.openGroup(name) : try file.createGroup(name)
        groups[name] = g
        return g
    }

    private func seriesDatasets(
        group name: String, name dataset: String, columns: Int, names: [String]
    ) throws -> (values: AppendableDataset, time: AppendableDataset) {
        let key = name + "/" + dataset
        if let sets = seriesSets[key] { return sets }
        let g = try group(name)
        let values = try AppendableDataset(in: g, name: dataset, element: .double, columns: columns, chunkRows: 256)
        let time = try AppendableDataset(in: g, name: dataset + RecordingFormat.seriesTimeSuffix, element: .double, columns: 0, chunkRows: 256)
        if !names.isEmpty { try values.object.setAttribute(RecordingFormat.Series.columns, names) }
        try time.object.setAttribute(RecordingFormat.Series.unit, RecordingFormat.Unit.secondsSinceEpoch)
        seriesSets[key] = (values, time)
        return (values, time)
    }

    /// `/<group>/<name>LSLTime`, the LSL-clock twin of a derived series' times.
    private func seriesLSLTime(group name: String, name dataset: String) throws -> AppendableDataset {
        let key = name + "/" + dataset
        if let set = seriesLSLTimes[key] { return set }
        let set = try AppendableDataset(
            in: try group(name), name: dataset + RecordingFormat.seriesLSLTimeSuffix, element: .double, columns: 0, chunkRows: 256)
        try set.object.setAttribute(RecordingFormat.Series.unit, RecordingFormat.Unit.lslSeconds)
        seriesLSLTimes[key] = set
        return set
    }

    // MARK: Metadata

    private func writeStaticMetadata(_ m: RecordingMetadata) throws {
        let r = recording
        // The reference app's v3 attributes, with the same names and [1, 1] integer shape.
        try r.setAttribute(A.version, 3, myndShape: true)
        try r.setAttribute(A.session, Int64(m.session), myndShape: true)
        try r.setAttribute(A.run, Int64(m.run), myndShape: true)
        // The reference's subjectInfo keys, typed.
        try r.setAttribute(A.subjectID, m.participant)
        try r.setAttribute(A.sessionID, Int64(m.session))
        try r.setAttribute(A.runID, Int64(m.run))
        try r.setAttribute(A.day, Int64(m.day))
        try r.setAttribute(A.device, m.source.kind)
        try r.setAttribute(A.samplingRateV3, m.source.samplingRate)
        try r.setAttribute(A.channelCount, Int64(m.source.channelCount))
        try r.setAttribute(A.channelNames, m.source.channelNames)
        if let locale = m.locale { try r.setAttribute(A.locale, locale) }
        // Typed metadata the reference lacked.
        try r.setAttribute(A.samplingRate, m.source.samplingRate)
        try r.setAttribute(A.unit, m.source.unit)
        if let range = m.source.eeg.physicalRange {
            // What the device can measure (not what this recording reached): exports scale to it.
            try r.setAttribute(A.physicalMinimum, range.lowerBound)
            try r.setAttribute(A.physicalMaximum, range.upperBound)
        }
        try r.setAttribute(A.deviceManufacturer, m.source.manufacturer)
        try r.setAttribute(A.deviceModel, m.source.model)
        if let serial = m.source.serial { try r.setAttribute(A.deviceSerial, serial) }
        if let firmware = m.source.firmware { try r.setAttribute(A.deviceFirmware, firmware) }
        if let hardware = m.source.hardware { try r.setAttribute(A.deviceHardware, hardware) }
        if let anchor = m.clockAnchor {
            try r.setAttribute(A.clockAnchorUTC, anchor.utc)
            try r.setAttribute(A.clockAnchorMonotonic, anchor.monotonic)
            try r.setAttribute(A.timeBase, R.timeBaseText)
        }
        if !m.source.properties.isEmpty || !m.source.electrodeGroups.isEmpty {
            let device = try group(RecordingFormat.Device.group)
            for (key, value) in m.source.properties.sorted(by: { $0.key < $1.key }) { try device.setAttribute(key, value) }
            for (name, labels) in m.source.electrodeGroups.sorted(by: { $0.key < $1.key }) {
                try device.setAttribute(RecordingFormat.Device.electrodeGroupPrefix + name, labels)
            }
        }
        try r.setAttribute(A.softwareVersion, m.softwareVersion)
        if let study = m.study { try r.setAttribute(A.study, study) }
        try r.setAttribute(A.participantID, m.participant)
        try r.setAttribute(A.createdUTC, Self.iso(m.created.timeIntervalSince1970))
        if let line = m.powerLineFrequency { try r.setAttribute(A.powerLineFrequency, line) }
        try r.setAttribute(A.complete, Int64(0))
        for (key, value) in m.extra.sorted(by: { $0.key < $1.key }) { try Self.setAttribute(r, key, value) }
        if let provenance = m.provenance { try writeProvenance(provenance) }
        if let p = m.paradigm {
            typealias P = RecordingFormat.Paradigm
            let g = try file.createGroup(P.group)
            try g.setAttribute(P.title, p.title)
            // Whole seconds as integers, as the reference wrote them; fractions (−0.5 s) as doubles.
            for (name, value) in [(P.baseTime, p.baseTime), (P.trialTime, p.trialTime)] {
                if value.rounded() == value && abs(value) < 1e15 { try g.setAttribute(name, Int64(value)) } else { try g.setAttribute(name, value) }
            }
            try g.setAttribute(P.conditionCount, Int64(p.conditionLabels.count))
            try g.writeStrings(P.conditionLabels, p.conditionLabels, dims: [1, p.conditionLabels.count])
            try g.writeInt64s(P.conditionMarkers, p.conditionMarkers.map(Int64.init), dims: [1, p.conditionMarkers.count])
            try g.writeInt64s(P.baseMarkers, p.baseMarkers.map(Int64.init), dims: [1, p.baseMarkers.count])
            try g.close()
        }
    }

    /// `/Provenance`: one attribute per field of ``Provenance`` (docs/formats.md).
    private func writeProvenance(_ p: Provenance) throws {
        typealias P = RecordingFormat.Provenance
        let g = try file.createGroup(P.group)
        try g.setAttribute(P.source, (p.source ?? .other).rawValue)
        try g.setAttribute(P.scriptedParticipant, Int64(p.scriptedParticipant ? 1 : 0))
        try g.setAttribute(P.speed, p.speed)
        try g.setAttribute(P.softwareVersion, p.softwareVersion)
        try g.setAttribute(P.decoderVersion, p.decoderVersion ?? P.noDecoder)
        if let line = p.commandLine, !line.isEmpty { try g.setAttribute(P.commandLine, line) }
        if let recorded = p.recordedDecoderVersion { try g.setAttribute(P.recordedDecoderVersion, recorded) }
        try g.close()
    }

    static func setAttribute(_ object: HDF5Object, _ name: String, _ value: MetadataValue) throws {
        switch value {
        case .string(let s): try object.setAttribute(name, s)
        case .int(let i): try object.setAttribute(name, i)
        case .double(let d): try object.setAttribute(name, d)
        }
    }

    static func iso(_ seconds: Double) -> String {
        UTCTimestamp.iso8601(Date(timeIntervalSince1970: seconds), fractionDigits: 3)
    }
}
