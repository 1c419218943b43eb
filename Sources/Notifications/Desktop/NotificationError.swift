/// Why a desktop notification could not be shown. Every case means "no desktop to show it on"
/// (`study-recorder remind` exits 69, docs/operations.md).
package enum NotificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `DBUS_SESSION_BUS_ADDRESS` is not set (a cron job, an ssh login without a desktop).
    case noSessionBus
    /// The session bus named by the address could not be reached.
    case busUnreachable(address: String, reason: String)
    /// The bus has no notification server (`org.freedesktop.Notifications`) and cannot start one.
    case noNotificationServer(reason: String)
    /// The notification server refused the notification or did not answer.
    case refused(reason: String)
    /// libdbus could not be opened (it is opened when the first notification is shown).
    case libraryMissing(library: String, reason: String)

    package var description: String {
        switch self {
        case .noSessionBus:
            "no desktop session bus: DBUS_SESSION_BUS_ADDRESS is not set (no notification shown)"
        case .busUnreachable(let address, let reason):
            "no desktop session bus at \(address): \(reason) (no notification shown)"
        case .noNotificationServer(let reason):
            "the desktop session bus has no notification server (org.freedesktop.Notifications): \(reason)"
        case .refused(let reason):
            "the desktop's notification server did not show the notification: \(reason)"
        case .libraryMissing(let library, let reason):
            "desktop notifications need \(library): \(reason)"
        }
    }
}
