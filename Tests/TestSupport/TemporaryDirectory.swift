public import Foundation

/// A fresh folder for one test, removed when the value is dropped.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder under the system's temporary directory.
    public init(_ label: String = "test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        url = base.appendingPathComponent("sr-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
