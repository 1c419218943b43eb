extension AnnouncementSettings {
    /// These settings with the signing key the study file names (`settings.announcements` of
    /// study.json): the study file is the lab's word on which key signs what participants are shown.
    /// A `transfer.json` without a key takes the study's; one naming the same key (by fingerprint)
    /// takes the study's key file; one naming another key is refused (``TransferError/Code-swift.struct/configuration``),
    /// since a device set up to trust another key than the lab's is set up wrongly.
    package func requiring(studyKeyFile keyFile: String, fingerprint: String) throws(TransferError) -> AnnouncementSettings {
        let study = Self.normalized(fingerprint)
        if let own = signingFingerprint, Self.normalized(own) != study {
            throw .configuration(
                "announcements.signingFingerprint \(own) is not the study's signing key \(study) (study.json, "
                    + "settings.announcements, is the lab's word): remove it from transfer.json or name the study's key")
        }
        var settings = self
        settings.signingKeyFile = keyFile
        settings.signingFingerprint = study
        return settings
    }

    /// A fingerprint reduced to upper-case hex digits, for comparison.
    private static func normalized(_ fingerprint: String) -> String { String(fingerprint.uppercased().filter(\.isHexDigit)) }
}
