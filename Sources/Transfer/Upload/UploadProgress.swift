/// Where a running upload stands, for a progress bar.
public struct UploadProgress: Sendable, Equatable {
    /// The item being sent (1-based) and how many the run has.
    public var index: Int
    /// How many items this run sends.
    public var count: Int
    /// The catalog id of the item being sent.
    public var id: String
    /// The file name being sent (pseudonymous).
    public var name: String
    /// Bytes of this file sent so far.
    public var sent: Int64
    /// The file's size.
    public var total: Int64

    /// A progress report.
    public init(index: Int, count: Int, id: String, name: String, sent: Int64, total: Int64) {
        self.index = index
        self.count = count
        self.id = id
        self.name = name
        self.sent = sent
        self.total = total
    }
}
