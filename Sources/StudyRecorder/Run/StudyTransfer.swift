import Foundation
import Logging
import Storage
import Study
import Transfer

/// What a study run needs from the transfer configuration (`--config` or `<data>/transfer.json`): the
/// seal after every stored item, the announcements before a session, the upload after it. Without a
/// configuration file each of these does nothing, except that a study which requires encryption is
/// refused (exit 78) rather than stored in the clear.
struct StudyTransfer: Sendable {
    let store: DataStore
    let configurationURL: URL
    let logger: Logger

    /// Whether a transfer configuration exists.
    var isConfigured: Bool { FileManager.default.fileExists(atPath: configurationURL.path) }

    /// Checks that a study requiring encryption has a usable key configured; throws a one-line reason.
    func checkEncryption(for study: StudyDefinition) throws {
        guard study.settings.encryption.scheme == .openpgp else { return }
        guard isConfigured, let configuration = try? TransferConfiguration.load(from: configurationURL),
            configuration.encryption.policy.mode != .none
        else {
            throw TransferError.configuration(
                "study \(study.id) requires encryption, but \(configurationURL.path) configures none (set encryption.mode, keyFile and fingerprint)")
        }
        _ = try Sealer(store: store, policy: configuration.encryption.policy)
    }

    /// Encrypts a freshly stored item when the configuration says `at-rest` (the plaintext is removed).
    func seal(_ item: CatalogItem) throws -> CatalogItem {
        try TransferOptions.sealIfRequired(item, store: store, configuration: configurationURL)
    }

    /// Sends what is pending; a one-line summary, or `nil` when no transfer is configured.
    func upload() async -> String? {
        guard isConfigured else { return nil }
        do {
            let (configuration, secrets) = try TransferOptions.load(configuration: configurationURL, data: store.root)
            let uploader = try Uploader(store: store, configuration: configuration, secrets: secrets, logger: logger)
            let report = try await uploader.run()
            return "sent \(report.sent.count), \(report.remaining) still pending"
                + (report.failed.isEmpty ? "" : " (\(report.failed.count) failed: will be retried)")
        } catch {
            return "not sent (\(error)); `study-recorder upload` retries later"
        }
    }

    /// New announcements for `participant` in `locale`, their placeholders filled by the engine that
    /// fills the study's texts; problems (and names a message uses that no engine knows) become
    /// warnings on stderr.
    func announcements(participant: String, locale: String) async -> [Announcement] {
        guard isConfigured, let configuration = try? TransferConfiguration.load(from: configurationURL),
            let settings = configuration.announcements
        else { return [] }
        do {
            let secrets = try TransferSecrets.load(file: TransferOptions.secretsFile(for: configuration, data: store.root))
            let person = try? ParticipantRegistry(store: store).participant(id: participant)
            let checker = try AnnouncementChecker(store: store, settings: settings, credentials: secrets.announcements)
            let result = try await checker.check(participant: participant, locale: locale)
            for warning in result.warnings { Terminal.note("warning: \(warning)") }
            return Self.rendered(result.announcements.filter(\.isNew), person: person)
        } catch {
            Terminal.note("warning: announcements not checked: \(error)")
            return []
        }
    }

    /// `announcements` with placeholders filled for `person`; unknown names are warnings.
    static func rendered(_ announcements: [Announcement], person: Participant?) -> [Announcement] {
        let names = person.map { ParticipantNames(patientName: $0.name ?? "", helperName: $0.helperName) }
        return announcements.map { announcement in
            let (filled, unknown) = announcement.rendered(with: names)
            for name in unknown { Terminal.note("warning: \(announcement.scope.rawValue) message: unknown placeholder #\(name)# left out") }
            return filled
        }
    }
}
