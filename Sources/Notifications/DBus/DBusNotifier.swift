import CDBus
public import Foundation

/// Shows notifications through the freedesktop Notifications interface
/// (`org.freedesktop.Notifications.Notify` on the session bus), which every Linux desktop's
/// notification server (GNOME Shell, KDE Plasma, dunst, mako, xfce4-notifyd…) implements.
///
/// The bus is the one `DBUS_SESSION_BUS_ADDRESS` names, and only that: without the variable there is
/// no desktop to show anything on (a cron job; a systemd user unit gets it from the user manager),
/// and libdbus's own fallbacks (autolaunching a bus with X11) would start a bus nobody watches. Each
/// ``show(_:)`` opens a private connection, sends one `Notify` and waits for its answer (at most
/// ``timeout``), then closes the connection. libdbus is opened with `dlopen` on first use
/// (``DBusLibrary``); no other module knows it exists.
package struct DBusNotifier: DesktopNotifier {
    /// The application name the notification server shows (and may group by).
    package static let applicationName = "study-recorder"

    /// The session bus address (`DBUS_SESSION_BUS_ADDRESS`), or `nil` when there is none.
    package let address: String?
    /// How long to wait for the notification server's answer.
    package let timeout: Duration
    /// The library to open (libdbus's soname; tests name a missing one).
    let library: String

    /// A notifier on the bus at `address`, by default the session bus of the environment.
    package init(
        address: String? = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], timeout: Duration = .seconds(10)
    ) {
        self.init(address: address, timeout: timeout, library: DBusLibrary.name)
    }

    init(address: String?, timeout: Duration, library: String) {
        self.address = address.flatMap { $0.isEmpty ? nil : $0 }
        self.timeout = timeout
        self.library = library
    }

    package func show(_ notification: DesktopNotification) throws(NotificationError) {
        guard let address else { throw .noSessionBus }
        let lib = try DBusLibrary.functions(library: library)
        var error = DBusError()
        lib.dbus_error_init(&error)
        defer { lib.dbus_error_free(&error) }
        guard let connection = lib.dbus_connection_open_private(address, &error) else {
            throw .busUnreachable(address: address, reason: Self.message(of: error, or: "cannot connect"))
        }
        defer {
            lib.dbus_connection_close(connection)
            lib.dbus_connection_unref(connection)
        }
        guard lib.dbus_bus_register(connection, &error) != 0 else {
            throw .busUnreachable(address: address, reason: Self.message(of: error, or: "not a message bus"))
        }
        guard
            let message = lib.dbus_message_new_method_call(
                "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "Notify")
        else { throw .refused(reason: "out of memory") }
        defer { lib.dbus_message_unref(message) }
        guard Self.appendNotifyArguments(notification, to: message, lib) else { throw .refused(reason: "out of memory") }
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard let reply = lib.dbus_connection_send_with_reply_and_block(connection, message, milliseconds, &error) else {
            let name = error.name.map { String(cString: $0) } ?? ""
            let reason = Self.message(of: error, or: "no answer")
            switch name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
                throw .noNotificationServer(reason: reason)
            default:
                throw .refused(reason: reason)
            }
        }
        lib.dbus_message_unref(reply)
    }

    /// `Notify`'s arguments (signature `susssasa{sv}i`): the application, no notification to
    /// replace, no icon, the title, the text, no actions, no hints, the server's default timeout.
    private static func appendNotifyArguments(
        _ notification: DesktopNotification, to message: OpaquePointer, _ lib: cdbus_functions
    ) -> Bool {
        var arguments = DBusMessageIter()
        lib.dbus_message_iter_init_append(message, &arguments)
        func append(_ text: String) -> Bool {
            text.withCString { pointer in
                var value: UnsafePointer<CChar>? = pointer
                return lib.dbus_message_iter_append_basic(&arguments, cdbus_type_string(), &value) != 0
            }
        }
        func appendEmptyArray(_ signature: String) -> Bool {
            var array = DBusMessageIter()
            return lib.dbus_message_iter_open_container(&arguments, cdbus_type_array(), signature, &array) != 0
                && lib.dbus_message_iter_close_container(&arguments, &array) != 0
        }
        var replaces: UInt32 = 0
        var expires: Int32 = -1
        return append(applicationName)
            && lib.dbus_message_iter_append_basic(&arguments, cdbus_type_uint32(), &replaces) != 0
            && append("") && append(notification.title) && append(notification.text)
            && appendEmptyArray("s") && appendEmptyArray("{sv}")
            && lib.dbus_message_iter_append_basic(&arguments, cdbus_type_int32(), &expires) != 0
    }

    /// libdbus's message for `error`, else `fallback`.
    private static func message(of error: DBusError, or fallback: String) -> String {
        error.message.map { String(cString: $0) } ?? fallback
    }
}
