public import Foundation
import Storage

/// The participant's reaction-time score per session over the days of a study, as the reference
/// self-tracking app showed its history: one entry per protocol item whose session runs a
/// reaction-time task, done or still to come. Read from the progress file alone (kept locally,
/// never encrypted), so it works when trial tables are encrypted at rest.
package struct ScoreHistory: Sendable, Encodable {
    /// One session of the protocol.
    package struct Entry: Sendable, Encodable, Equatable {
        /// The study day (1-based).
        package var day: Int
        /// The session's name in the study.
        package var session: String
        /// The session's title in the requested locale.
        package var title: String
        /// When the session was completed, or its last block ended; `nil` when it has not run.
        package var date: Date?
        /// Blocks the session has, and how many of them completed.
        package var blocks: Int
        /// How many blocks completed.
        package var blocksCompleted: Int
        /// The valid (correct) trials over every stored run; `nil` when none ran.
        package var validTrials: Int?
        /// The score: the median latency over all valid trials, in ms; `nil` when there is none.
        package var medianLatencyMs: Double?
        /// Each stored run's own median in order (interrupted runs included; `nil` where a run had no
        /// valid trial).
        package var runMedianLatencyMs: [Double?]

        private enum CodingKeys: String, CodingKey {
            case day, session, title, date, blocks, blocksCompleted, validTrials, medianLatencyMs, runMedianLatencyMs
        }

        /// Writes every key; missing values are `null`, the date ISO 8601 UTC.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(day, forKey: .day)
            try c.encode(session, forKey: .session)
            try c.encode(title, forKey: .title)
            try c.encode(date.map { UTCTimestamp.iso8601($0) }, forKey: .date)
            try c.encode(blocks, forKey: .blocks)
            try c.encode(blocksCompleted, forKey: .blocksCompleted)
            try c.encode(validTrials, forKey: .validTrials)
            try c.encode(medianLatencyMs, forKey: .medianLatencyMs)
            try c.encode(runMedianLatencyMs, forKey: .runMedianLatencyMs)
        }
    }

    /// The study's id.
    package var study: String
    /// The participant's UUID.
    package var participant: String
    /// The sessions with a reaction-time task, in protocol order.
    package var sessions: [Entry]

    /// The history of `progress` in `study`, titles in `locale`.
    package init(study: StudyDefinition, progress: StudyProgress, locale: String) {
        self.study = study.id
        participant = progress.participant.uuidString
        sessions = progress.items.compactMap { item -> Entry? in
            guard let session = study.sessions[item.sessionName], study.measuresReactionTime(session) else { return nil }
            let runs = item.runs.filter { $0.validLatenciesMs != nil }
            return Entry(
                day: item.position.day + 1, session: item.sessionName, title: study.render(session.title, locale: locale),
                date: item.completedAt ?? item.runs.last?.finishedAt, blocks: item.runCount, blocksCompleted: item.completedBlocks,
                validTrials: item.validLatenciesMs?.count, medianLatencyMs: item.sessionMedianLatencyMs,
                runMedianLatencyMs: runs.map(\.medianLatencyMs))
        }
    }
}

extension StudyDefinition {
    /// Whether a trial of `session` runs a reaction-time task.
    func measuresReactionTime(_ session: Session) -> Bool {
        session.blocks.contains { block in
            (block.intro + block.trials.map(\.type) + block.outro).contains { name in
                trialTypes[name]?.phases.contains { $0.task != nil } == true
            }
        }
    }
}
