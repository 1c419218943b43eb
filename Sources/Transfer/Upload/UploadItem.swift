/// An item a run is about to send, for ``UploadEvent/started(_:)``.
public struct UploadItem: Sendable, Equatable {
    /// The item's place in the run (1-based) and how many items the run has.
    public var index: Int
    /// How many items this run sends.
    public var count: Int
    /// The catalog id.
    public var id: String
    /// The local path (relative to the data folder).
    public var path: String
    /// The catalogued size in bytes.
    public var size: Int64

    /// An item.
    public init(index: Int, count: Int, id: String, path: String, size: Int64) {
        self.index = index
        self.count = count
        self.id = id
        self.path = path
        self.size = size
    }
}
