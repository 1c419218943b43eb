/// A typed value for an extra recording attribute: stored as an HDF5 attribute of that type, so a
/// Python or MATLAB user reads a number as a number.
public enum MetadataValue: Sendable, Equatable, Codable {
    case string(String)
    case int(Int64)
    case double(Double)
}
