/// The study file's `settings.announcements`: the study team's OpenPGP key that signs what the
/// announcements server shows participants. With it, an announcement is shown only with a valid
/// detached signature by this key beside it (`message.json.sig`), whatever the device's
/// `transfer.json` says: the study file is the lab's word, and a device configured with another key
/// is refused (`AnnouncementSettings.requiring(studyKeyFile:fingerprint:)` in Transfer).
package struct AnnouncementSigning: Sendable, Hashable, Codable {
    /// The public key file (`signingKeyFile`), relative to the study folder as written; a study
    /// loaded from its folder (``StudyLoader/load(folder:displayPath:)``) holds it as an absolute path.
    package var signingKeyFile: String
    /// The key's fingerprint (`signingFingerprint`): 40 (or 64) hex digits, upper-case, no spaces.
    package var signingFingerprint: String

    /// A signing key named by its file and fingerprint.
    package init(signingKeyFile: String, signingFingerprint: String) {
        self.signingKeyFile = signingKeyFile
        self.signingFingerprint = signingFingerprint
    }
}
