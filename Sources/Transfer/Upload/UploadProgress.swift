/// Where a running upload stands, for a progress bar.
public struct UploadProgress: Sendable, Equatable {
    /// The item being sent (1-based) and how many the run has.
    public var index: Int
    /// How many items this run sends.
    public var count: Int
    /// The file name being sent (pseudonymous).
    public var name: String
    /// Bytes of this file sent so far.
    public var sent: Int64
    /// The file's size.
    public var total: Int64
}
