/// The shape of a recording's `/Recording` group, checked before anything is read from it: `Data` is
/// a 2-D numeric dataset of rows × channels within ``RecordingLimits``, the sampling rate is stored
/// and usable, `ChannelNames` (when stored) names every column, and `Marker`, `TimeStamp` and
/// `RawData` (when stored) are numeric datasets of the shape their rows need. A file that breaks any
/// of these is refused with ``StorageError/notARecording(path:reason:)`` naming the first problem,
/// so no later read can trap, hang or allocate in proportion to a damaged dimension.
struct RecordingLayout {
    private typealias R = RecordingFormat.Recording

    /// Rows (samples) in `Data`.
    let rows: Int
    /// Columns (channels) in `Data`.
    let columns: Int
    /// The stored sampling rate in Hz.
    let samplingRate: Double
    /// One name per column: the stored ones, else `Channel1`, `Channel2`, ….
    let channelNames: [String]
    /// `Marker`, `TimeStamp` and `RawData`, opened, when stored.
    let marker: HDF5Object?
    let timestamp: HDF5Object?
    let raw: HDF5Object?

    /// Checks the group `group` of the file at `path` whose `Data` dataset is `data`.
    init(path: String, group: HDF5Object, data: HDF5Object) throws {
        func refuse(_ reason: String) -> StorageError { .notARecording(path: path, reason: reason) }
        guard let dims = try? DatasetReader.dims(data) else { throw refuse("the dimensions of /Recording/Data cannot be read") }
        guard Self.isNumeric(data) else { throw refuse("/Recording/Data does not hold numbers") }
        guard dims.count == 2 else { throw refuse("/Recording/Data is \(dims.count)-D, not samples × channels") }
        rows = dims[0]
        columns = dims[1]
        guard (1...RecordingLimits.maxChannels).contains(columns) else {
            throw refuse("/Recording/Data has \(columns) channels (1 to \(RecordingLimits.maxChannels) are read)")
        }
        // `SamplingRate` wins over the reference app's `samplingRate`; whichever is stored must be one
        // number (text or a list once read as "absent" and fell through to a default).
        guard let rateName = [R.Attribute.samplingRate, R.Attribute.samplingRateV3].first(where: group.hasAttribute) else {
            throw refuse("no sampling rate is stored (/Recording attribute SamplingRate)")
        }
        guard group.isSingleNumberAttribute(rateName), let rate = group.doubleAttribute(rateName) else {
            throw refuse("the sampling rate (/Recording attribute \(rateName)) is not a number")
        }
        if let problem = RecordingLimits.problem(samplingRate: rate) { throw refuse(problem) }
        samplingRate = rate
        guard Double(rows) / rate <= RecordingLimits.maxDurationSeconds else {
            throw refuse("\(rows) samples at \(rate) Hz are more than 31 days")
        }
        if group.exists(R.channelNames) {
            guard let names = try? group.openDataset(R.channelNames), DatasetReader.valueClass(names) == .string,
                let count = try? DatasetReader.dims(names).reduce(1, { $0.multipliedReportingOverflow(by: $1).partialValue }),
                count == columns
            else {
                throw refuse("/Recording/ChannelNames does not name the \(columns) columns of /Recording/Data")
            }
            guard let read = try? DatasetReader.readStrings(names, limit: columns), read.count == columns else {
                throw refuse("/Recording/ChannelNames cannot be read")
            }
            // A tab, newline or other control character would split a row of channels.tsv or the CSV header.
            if let bad = read.firstIndex(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
                throw refuse("/Recording/ChannelNames holds a control character in the name of channel \(bad + 1)")
            }
            channelNames = read
        } else {
            channelNames = (0..<columns).map { "Channel\($0 + 1)" }
        }
        marker = try Self.column(group, R.marker, path: path)
        timestamp = try Self.column(group, R.timeStamp, path: path)
        if let timestamp, let times = try? DatasetReader.dims(timestamp).first, times < rows {
            throw refuse("/Recording/TimeStamp has \(times) times for the \(rows) samples of /Recording/Data")
        }
        if group.exists(R.rawData) {
            guard let raw = try? group.openDataset(R.rawData), Self.isNumeric(raw),
                let rawDims = try? DatasetReader.dims(raw), rawDims.count == 2, rawDims[1] == columns
            else {
                throw refuse("/Recording/RawData is not a numeric dataset with the \(columns) columns of /Recording/Data")
            }
            self.raw = raw
        } else {
            raw = nil
        }
    }

    /// The 1-column numeric dataset `name` of `group` (1-D, or 2-D with one column), or `nil` when
    /// the group has none; throws when it has one of another shape.
    private static func column(_ group: HDF5Object, _ name: String, path: String) throws -> HDF5Object? {
        guard group.exists(name) else { return nil }
        guard let dataset = try? group.openDataset(name), isNumeric(dataset), let dims = try? DatasetReader.dims(dataset),
            dims.count == 1 || (dims.count == 2 && dims[1] == 1)
        else {
            throw StorageError.notARecording(path: path, reason: "/Recording/\(name) is not one numeric value per sample")
        }
        return dataset
    }

    static func isNumeric(_ dataset: HDF5Object) -> Bool {
        let kind = DatasetReader.valueClass(dataset)
        return kind == .integer || kind == .float
    }
}
