public import Foundation

/// One entry of the progress log, so what happened when (including skips) can be audited later.
package struct ProgressEvent: Sendable, Hashable, Codable {
    /// What happened.
    package var kind: ProgressEventKind
    /// When.
    package var time: Date
    /// The day it concerns (index from 0).
    package var day: Int
    /// The item it concerns, if any.
    package var position: ItemPosition?
    /// The block it concerns, if any.
    package var block: Int?
    /// Free text (a reason, a file).
    package var detail: String?

    /// Creates an event.
    package init(kind: ProgressEventKind, time: Date, day: Int, position: ItemPosition? = nil, block: Int? = nil, detail: String? = nil) {
        self.kind = kind
        self.time = time
        self.day = day
        self.position = position
        self.block = block
        self.detail = detail
    }
}
