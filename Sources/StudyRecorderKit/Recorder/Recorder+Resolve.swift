public import Foundation
import Storage

extension Recorder {
    /// Puts `copy` in place of item `id`'s file when its SHA-256 (and size) is the one the catalog
    /// holds, and makes the item pending again: what a person does for an item the upload reports
    /// as needing one (``UploadReport/needsPerson``) when a copy exists. Throws a ``RecorderError``
    /// whose ``RecorderError/underlying`` is the ``ResolutionError`` (a copy that does not match is
    /// refused and nothing changes).
    @discardableResult
    public func restore(_ id: String, from copy: URL) throws -> CatalogItem {
        do {
            return try ItemResolution.restore(id, from: copy, store: store)
        } catch {
            throw RecorderError(.storage, error.description, underlying: error)
        }
    }

    /// Retires item `id` on record with `reason`: kept on this device, never uploaded, listed as
    /// ``TransmissionState/retired`` with the reason (``CatalogItem/retiredReason``). What a person
    /// does for an item that needs one when no copy exists.
    @discardableResult
    public func retire(_ id: String, reason: String?) throws -> CatalogItem {
        do {
            return try ItemResolution.retire(id, reason: reason, store: store)
        } catch {
            throw RecorderError(.storage, error.description, underlying: error)
        }
    }
}
