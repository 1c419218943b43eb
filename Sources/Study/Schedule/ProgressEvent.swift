public import Foundation

/// One entry of the progress log, so what happened when (including skips) can be audited later.
public struct ProgressEvent: Sendable, Hashable, Codable {
    /// What happened.
    public var kind: ProgressEventKind
    /// When.
    public var time: Date
    /// The day it concerns (index from 0).
    public var day: Int
    /// The item it concerns, if any.
    public var position: ItemPosition?
    /// The block it concerns, if any.
    public var block: Int?
    /// Free text (a reason, a file).
    public var detail: String?

    /// Creates an event.
    public init(kind: ProgressEventKind, time: Date, day: Int, position: ItemPosition? = nil, block: Int? = nil, detail: String? = nil) {
        self.kind = kind
        self.time = time
        self.day = day
        self.position = position
        self.block = block
        self.detail = detail
    }
}
