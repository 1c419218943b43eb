/// Something that shows a ``DesktopNotification`` to the person at the machine. ``DBusNotifier`` is
/// the one the command line uses (the freedesktop Notifications interface on the session bus);
/// ``Reminder`` takes any, so a lab's own program can show reminders its own way.
package protocol DesktopNotifier: Sendable {
    /// Shows `notification`, or throws when no desktop can show it. Blocking: call it off the
    /// cooperative pool.
    func show(_ notification: DesktopNotification) throws(NotificationError)
}
