import Foundation
public import Storage

/// Fetches announcements from the read-only download location: `message.json` at its root (for
/// everyone) and in `<uuid>/` (for one participant). When the settings name the study team's
/// signing key, a message is shown only with a valid detached signature by that key beside it
/// (`message.json.sig`); an unsigned, wrongly signed or tampered one is a warning saying why. Each is fetched on its own, with its own
/// ETag/Last-Modified, so a missing or failing one never hides the other. A malformed message is a
/// warning, never a crash.
///
/// ```swift
/// let checker = try AnnouncementChecker(store: store, settings: config.announcements!, credentials: secrets.announcements)
/// let result = await checker.check(participant: id, locale: "de")
/// for a in result.announcements where a.isNew { show(a.title, a.text) }   // fill placeholders first
/// ```
///
/// Texts come back as the study team wrote them: the Study layer fills their `#name#` placeholders
/// with the same engine as the study's own texts (`Announcement.rendered(with:)` in Study), so a
/// name reads the same in an announcement as on every other screen.
///
/// ```swift
/// ```
package struct AnnouncementChecker: Sendable {
    /// What one check found.
    package struct Result: Sendable, Equatable {
        /// The latest announcement of each location that has one (new ones first).
        package var announcements: [Announcement]
        /// Problems that did not stop the check (unreachable server, malformed file); a refused
        /// message is one of them too.
        package var warnings: [String]
        /// Messages not shown because the study requires signatures and theirs is missing or not
        /// valid (unsigned, signed by another key, changed after signing, an expired or revoked key).
        package var refused: [RefusedAnnouncement] = []
    }

    /// A message the study's signing key refused: where it was and why.
    package struct RefusedAnnouncement: Sendable, Equatable, Codable {
        /// Whose message it was (everyone's, or the participant's).
        package var scope: Announcement.Scope
        /// Its file on the server (`message.json`, `<uuid>/message.json`).
        package var file: String
        /// Why it is not shown.
        package var reason: String
    }

    /// The data folder (its private folder keeps what was seen).
    package let store: DataStore
    private let client: WebDAVClient
    /// The study team's signing key, when announcements must be signed.
    private let signatures: OpenPGPSignatureCheck?

    /// A checker for the download location in `settings`. With a signing key in the settings, the
    /// key is imported (into `<data>/private/announcement-key`, a key ring holding it alone) and every
    /// announcement needs a valid detached signature by it (``check(participant:locale:markShown:)``).
    package init(store: DataStore, settings: AnnouncementSettings, credentials: Credentials?) throws {
        self.store = store
        client = try WebDAVClient(base: settings.url, credentials: credentials, connection: settings.connection)
        if let file = settings.signingKeyFile, let fingerprint = settings.signingFingerprint {
            signatures = try OpenPGPSignatureCheck(
                keyFile: URL(fileURLWithPath: file), fingerprint: fingerprint,
                home: try store.privateFolder().appendingPathComponent("announcement-key", isDirectory: true))
        } else {
            signatures = nil
        }
    }

    /// Fetches both locations for `participant`, picks each message's version for `locale`, and marks
    /// what is returned as shown (unless `markShown` is false). Placeholders are left as written.
    package func check(participant: String, locale: String, markShown: Bool = true) async throws -> Result {
        var state = try AnnouncementState.load(from: store)
        var warnings: [String] = []
        var perScope = state.entries[participant] ?? [:]
        for (scope, path) in [(Announcement.Scope.global, ["message.json"]), (.participant, [participant, "message.json"])] {
            let previous = perScope[scope.rawValue]
            do {
                switch try await client.fetch(path, since: previous?.validators, limit: 256 * 1024) {
                case .content(let data, let validators):
                    if previous?.raw == data {
                        perScope[scope.rawValue]?.validators = validators
                    } else {
                        _ = try AnnouncementMessage.parse(data)
                        perScope[scope.rawValue] = AnnouncementState.Entry(validators: validators, raw: data, received: Date(), shown: false)
                    }
                case .notModified:
                    break
                case .missing:
                    continue
                }
                // The signature is fetched every time (it is small, and may change without the message).
                if signatures != nil, perScope[scope.rawValue] != nil {
                    let signaturePath = Array(path.dropLast()) + ["message.json.sig"]
                    if case .content(let sig, _) = try await client.fetch(signaturePath, limit: 64 * 1024) {
                        perScope[scope.rawValue]?.signature = sig
                    } else {
                        perScope[scope.rawValue]?.signature = nil
                    }
                }
            } catch let error as AnnouncementError {
                warnings.append("\(scope.rawValue) \(path.joined(separator: "/")): \(error)")
            } catch {
                warnings.append("\(scope.rawValue) \(path.last ?? ""): \(error)")
            }
        }
        var announcements: [Announcement] = []
        var refused: [RefusedAnnouncement] = []
        for scope in [Announcement.Scope.participant, .global] {
            guard let entry = perScope[scope.rawValue], let message = try? AnnouncementMessage.parse(entry.raw) else { continue }
            // With a signing key, only what the study team signed is shown as the study's words.
            if let signatures {
                let file = scope == .global ? "message.json" : "\(participant)/message.json"
                guard let signature = entry.signature else {
                    let reason = "it is not signed (no message.json.sig beside it)"
                    warnings.append("\(scope.rawValue) \(file): not shown: \(reason)")
                    refused.append(RefusedAnnouncement(scope: scope, file: file, reason: reason))
                    continue
                }
                if let refusal = signatures.refusal(of: entry.raw, signature: signature) {
                    warnings.append("\(scope.rawValue) \(file): not shown: \(refusal)")
                    refused.append(RefusedAnnouncement(scope: scope, file: file, reason: "\(refusal)"))
                    continue
                }
            }
            let localized = message.localized(for: locale)
            announcements.append(
                Announcement(
                    scope: scope, type: message.type, locale: localized.locale, title: localized.title, text: localized.text,
                    received: entry.received,
                    isNew: !entry.shown))
            if markShown { perScope[scope.rawValue]?.shown = true }
        }
        state.entries[participant] = perScope
        try state.save(to: store)
        announcements.sort { $0.isNew && !$1.isNew }
        return Result(announcements: announcements, warnings: warnings, refused: refused)
    }
}
