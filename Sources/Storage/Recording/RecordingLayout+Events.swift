extension RecordingLayout {
    /// The most events read to check them (80 MB of indices): far beyond any recording's markers.
    static let maxEvents = 10_000_000

    /// Checks the events table of `file` against the `rows` of its data: `/Events/SampleIndex`, when
    /// stored, is one number per event and every one is a row of `/Recording/Data` (0 to `rows` − 1;
    /// 0 when there are no rows, where the writer puts an "interrupted" event). A damaged or foreign
    /// file's index of 2⁶² would otherwise be exported verbatim as an event far after the signal.
    /// Throws ``StorageError/notARecording(path:reason:)`` naming the first event outside.
    static func checkEvents(in file: HDF5Object, rows: Int, path: String) throws {
        typealias E = RecordingFormat.Events
        func refuse(_ reason: String) -> StorageError { .notARecording(path: path, reason: reason) }
        guard file.exists(E.group), let group = try? file.openGroup(E.group), group.exists(E.sampleIndex) else { return }
        guard let dataset = try? group.openDataset(E.sampleIndex), isNumeric(dataset), let dims = try? DatasetReader.dims(dataset),
            dims.count == 1 || (dims.count == 2 && dims[1] == 1)
        else {
            throw refuse("/Events/SampleIndex is not one number per event")
        }
        guard dims[0] <= maxEvents else { throw refuse("/Events/SampleIndex has \(dims[0]) events (at most \(maxEvents) are read)") }
        guard let samples = try? DatasetReader.readInt64s(dataset, start: 0, count: dims[0]) else {
            throw refuse("/Events/SampleIndex cannot be read")
        }
        let end = Int64(Swift.max(rows, 1))
        if let bad = samples.firstIndex(where: { $0 < 0 || $0 >= end }) {
            throw refuse("/Events/SampleIndex of event \(bad + 1) is \(samples[bad]), outside the \(rows) samples of /Recording/Data")
        }
    }
}
