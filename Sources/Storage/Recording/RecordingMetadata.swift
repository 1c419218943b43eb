public import DataSources
public import Foundation

/// Everything known about a recording when it starts; written as attributes of `/Recording` (and the
/// `/Paradigm` group) and kept in the crash journal so a recovered file carries it too.
package struct RecordingMetadata: Sendable, Equatable, Codable {
    /// The participant's pseudonymous UUID.
    package var participant: String
    /// The study's name, if the recording belongs to one.
    package var study: String?
    /// Study day (1-based).
    package var day: Int
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    package var session: Int
    /// The participant's global run counter (the reference's `runID`).
    package var run: Int
    /// The paradigm, if any; its title names the file.
    package var paradigm: Paradigm?
    /// The source: device identity and streams.
    package var source: DeviceDescriptor
    /// The anchor of the recording clock (the monotonic and UTC readings taken together), when known.
    package var clockAnchor: ClockAnchor?
    /// The mains frequency at the recording site (50 or 60 Hz), when known.
    package var powerLineFrequency: Double?
    /// The participant's locale (e.g. `de`), when known.
    package var locale: String?
    /// When the recording was created.
    package var created: Date
    /// The software that wrote it.
    package var softwareVersion: String
    /// Further typed attributes (e.g. `fittingTime`).
    package var extra: [String: MetadataValue]
    /// Where the recording came from, written as `/Provenance`; `nil` writes no such group.
    package var provenance: Provenance?

    /// Creates metadata; `created` defaults to now.
    package init(
        participant: String, study: String? = nil, day: Int = 1, session: Int = 1, run: Int = 1, paradigm: Paradigm? = nil,
        source: DeviceDescriptor, clockAnchor: ClockAnchor? = nil, powerLineFrequency: Double? = nil, locale: String? = nil, created: Date = Date(),
        softwareVersion: String = ProductVersion.current, extra: [String: MetadataValue] = [:],
        provenance: Provenance? = nil
    ) {
        self.participant = participant
        self.study = study
        self.day = day
        self.session = session
        self.run = run
        self.paradigm = paradigm
        self.source = source
        self.clockAnchor = clockAnchor
        self.powerLineFrequency = powerLineFrequency
        self.locale = locale
        self.created = created
        self.softwareVersion = softwareVersion
        self.extra = extra
        self.provenance = provenance
    }
}
