public import Foundation

/// The study's monitoring as a file, `<dataset>/overview.json` beside `overview.html`: the summary
/// and one entry per participant, flagged participants first. What a lab's own dashboard, a cron job
/// or a notebook reads; `collect --json` carries the same summary and flags.
///
/// ```swift
/// let monitoring = try StudyMonitoring.read(dataset: URL(fileURLWithPath: "datasets/rt"))
/// for p in monitoring.participants where !p.flags.isEmpty { print(p.participant, p.flags.map(\.kind)) }
/// ```
public struct StudyMonitoring: Sendable, Equatable, Codable {
    /// The file's name in the dataset.
    public static let fileName = "overview.json"

    /// The file's format.
    public var formatVersion = 1
    /// The study's id.
    public var study: String
    /// The study's figures.
    public var summary: MonitoringSummary
    /// Flagged participants first (most flags first), then by UUID.
    public var participants: [ParticipantAdherence]

    /// The monitoring of `participants`, summarised on `asOf`.
    public init(study: String, asOf: String, participants: [ParticipantAdherence]) {
        self.study = study
        summary = MonitoringSummary.of(participants, asOf: asOf)
        self.participants = participants.sorted {
            ($0.flags.isEmpty ? 1 : 0, -$0.flags.count, $0.participant) < ($1.flags.isEmpty ? 1 : 0, -$1.flags.count, $1.participant)
        }
    }

    /// The file's bytes: sorted keys, indented, so the same figures give the same bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// The monitoring `collect` last wrote into `dataset`.
    public static func read(dataset: URL) throws -> StudyMonitoring {
        try JSONDecoder().decode(StudyMonitoring.self, from: Data(contentsOf: dataset.appendingPathComponent(fileName)))
    }
}
