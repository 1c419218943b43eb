/// Moving stored items off the device: WebDAV upload, e-mail fallback, announcements, live streams.
package enum TransferModule {
    /// The user agent sent with every request.
    package static let userAgent = "study-recorder"
}
