public import Foundation

/// A study participant as the software knows them: a random UUID, and, only in the private folder,
/// the names used to address them.
public struct Participant: Sendable, Codable, Equatable, Identifiable {
    /// The pseudonymous identifier used in every file name and upload path (uppercase UUID, as the
    /// reference app made them).
    public var id: String
    /// When the participant was created.
    public var created: Date
    /// The study the participant is enrolled in, if any.
    public var study: String?
    /// The name the participant is addressed by (placeholders `#patientName#`); private.
    public var name: String?
    /// The name of a helper (caregiver) who operates the device, if any; private.
    public var helperName: String?

    /// Creates a participant with a fresh random UUID.
    public init(study: String? = nil, name: String? = nil, helperName: String? = nil, created: Date = Date()) {
        self.id = UUID().uuidString
        self.created = created
        self.study = study
        self.name = name
        self.helperName = helperName
    }
}
