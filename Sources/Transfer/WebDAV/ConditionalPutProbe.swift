import Foundation

/// Finds out whether a WebDAV server refuses a `PUT` with `If-None-Match: *` onto an existing file,
/// as RFC 9110 asks. Apache mod_dav and wsgidav do (412); nginx's DAV module and `rclone serve
/// webdav` ignore the header and replace the file, so on them the upload must check names itself.
///
/// The probe writes a small scratch file, ``name``, at the root of the WebDAV location and sends it
/// again with the condition: a server that honours it answers 412 the second time. The file stays
/// (an upload-only account may not delete), so later runs need one request: 412 at once. Its
/// content never changes, so replacing it on a server that ignores the condition loses nothing.
///
/// ```swift
/// switch try await ConditionalPutProbe.run(client) { case .honoured: …; case .ignored, .unknown: … }
/// ```
package enum ConditionalPutProbe {
    /// What the server did with the condition.
    package enum Outcome: String, Sendable, Equatable {
        /// It refused to replace the scratch file (412): `If-None-Match: *` protects every PUT.
        case honoured
        /// It replaced the scratch file: the condition protects nothing on this server.
        case ignored
        /// The scratch file could not be written (e.g. 403 at the root); assumed not to be honoured.
        case unknown
    }

    /// The scratch file's name at the root of the WebDAV location.
    package static let name = ".study-recorder-probe"

    /// The scratch file's content: it says what it is to whoever finds it.
    static let content = Data(
        "Written by study-recorder to check that this server refuses to overwrite a file (If-None-Match: *). It may be deleted.\n".utf8)

    /// Probes the server behind `client` (on the client's session, so on the run's connection).
    /// Throws only what would stop any request too: no connection, or the account refused (401).
    static func run(_ client: WebDAVClient) async throws -> Outcome {
        let path = [name]
        var status = try await client.putConditionally(content, to: path)
        if status == 201 {
            // Created now (or a server that says 201 for every PUT): the second PUT decides.
            status = try await client.putConditionally(content, to: path)
        }
        switch status {
        case 412: return .honoured
        case 200..<300: return .ignored
        case 401: throw TransferError.http(status: 401, method: "PUT", path: WebDAVClient.path(of: client.url(for: path)))
        default: return .unknown
        }
    }
}
