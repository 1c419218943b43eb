/// Where StudyRecorder keeps what it records: HDF5 recordings, questionnaire answers, the catalog of
/// stored items, and (optionally) their OpenPGP encryption.
public enum StorageModule {
    /// The version string written into every stored file.
    public static let softwareVersion = "0.1.0"
}
