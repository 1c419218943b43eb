import Storage

/// Reads one derived series of a recording (`/<group>/<name>`) row by row, a few thousand rows at a
/// time, so a day's series (172,800 rows at 2 Hz) never sits in memory whole.
struct SeriesCursor {
    /// Rows read per piece.
    static let pieceRows = 4096

    let reader: RecordingReader
    let group: String
    let name: String
    /// Rows in the series.
    let rows: Int
    private var times: [Double] = []
    private var values: [Double] = []
    private var columns = 1
    private var pieceStart = 0
    private var next = 0

    /// A cursor at the first row, or `nil` when the series is not there.
    init?(reader: RecordingReader, group: String, name: String) throws {
        guard let rows = try reader.seriesRowCount(group: group, name: name) else { return nil }
        self.reader = reader
        self.group = group
        self.name = name
        self.rows = rows
    }

    /// The next row's time and values, or `nil` after the last row.
    mutating func advance() throws -> (time: Double, values: ArraySlice<Double>)? {
        guard next < rows else { return nil }
        if next - pieceStart >= times.count {
            guard let piece = try reader.series(group: group, name: name, from: next, count: Self.pieceRows), !piece.times.isEmpty else {
                return nil
            }
            times = piece.times
            values = piece.values
            columns = max(1, piece.columns)
            pieceStart = next
        }
        let k = next - pieceStart
        next += 1
        guard (k + 1) * columns <= values.count else { return nil }
        return (times[k], values[(k * columns)..<((k + 1) * columns)])
    }
}
