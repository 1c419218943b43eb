import Foundation
import TestSupport
import Testing

@testable import Notifications

/// The D-Bus driver against a real session bus (`dbus-daemon`) with python-dbusmock's notification
/// server on it (Tests/TestSupport/NotificationBus.swift).
@Suite(.tags(.process, .server), .enabled(if: NotificationBus.available, "dbus-daemon and python3-dbusmock (scripts/bootstrap)"))
struct DBusNotifierTests {
    @Test func theNotificationReachesTheServerAsNotify() throws {
        let bus = try NotificationBus()
        defer { bus.stop() }
        let notification = DesktopNotification(title: "Zeit für „Ruhe“ ✓", text: "Tag 2, Sitzung 1: Ruhe ist jetzt fällig.\nZweite Zeile")
        try DBusNotifier(address: bus.address).show(notification)
        let calls = try bus.notifications()
        #expect(
            calls == [
                NotificationBus.NotifyCall(
                    app: "study-recorder", replacesID: 0, icon: "", title: notification.title, text: notification.text, expireTimeout: -1)
            ])
    }

    @Test func withoutAnAddressThereIsNoBus() {
        #expect(throws: NotificationError.noSessionBus) { try DBusNotifier(address: nil).show(DesktopNotification(title: "t", text: "x")) }
        #expect(throws: NotificationError.noSessionBus) { try DBusNotifier(address: "").show(DesktopNotification(title: "t", text: "x")) }
    }

    @Test func anUnreachableBusSaysSo() throws {
        let folder = try TemporaryDirectory("no-bus")
        let address = "unix:path=\(folder.path("bus").path)"
        do {
            try DBusNotifier(address: address).show(DesktopNotification(title: "t", text: "x"))
            Issue.record("shown without a bus")
        } catch {
            guard case .busUnreachable(let named, _) = error else { Issue.record("\(error)"); return }
            #expect(named == address)
            #expect(error.description.hasPrefix("no desktop session bus at \(address): "), "\(error)")
        }
    }

    @Test func aBusWithoutANotificationServerSaysSo() throws {
        let bus = try NotificationBus(notificationServer: false)
        defer { bus.stop() }
        do {
            try DBusNotifier(address: bus.address).show(DesktopNotification(title: "t", text: "x"))
            Issue.record("shown without a notification server")
        } catch {
            guard case .noNotificationServer = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func aMissingLibraryIsAnErrorNotACrash() {
        let notifier = DBusNotifier(address: "unix:path=/nonexistent", timeout: .seconds(1), library: "libdbus-missing.so.9")
        do {
            try notifier.show(DesktopNotification(title: "t", text: "x"))
            Issue.record("shown without libdbus")
        } catch {
            guard case .libraryMissing(let library, _) = error else { Issue.record("\(error)"); return }
            #expect(library == "libdbus-missing.so.9")
        }
    }
}
