/// Moving stored items off the device: WebDAV upload, e-mail fallback, announcements, live streams.
public enum TransferModule {
    /// The user agent sent with every request.
    public static let userAgent = "study-recorder"
}
