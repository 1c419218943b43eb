/// Who may read what an export or a report writes. It lives in Storage, beside
/// ``DataFolderBoundary``, with the other rules for files derived from the data folder, so that the
/// report (which writes with the same permissions) does not depend on Exports for it; Exports
/// re-exports it.
package enum ExportPermissions: String, Sendable, Codable, CaseIterable {
    /// Only the user: files 0600, folders 0700. The default for anything made from encrypted items,
    /// whose decrypted content the study required to be protected at rest.
    case `private`
    /// As the user's umask allows (usually files 0644, folders 0755): the default for unencrypted items.
    case shared

    /// The mode of a file written with these permissions (`nil`: as created, under the umask).
    package var fileMode: UInt16? { self == .private ? 0o600 : nil }
    /// The mode of a folder made with these permissions (`nil`: as created, under the umask).
    package var folderMode: UInt16? { self == .private ? 0o700 : nil }

    /// The default for items of which `encrypted` says whether any is encrypted.
    package static func `default`(encrypted: Bool) -> ExportPermissions { encrypted ? .private : .shared }
}
