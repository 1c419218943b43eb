import Foundation

/// What every session runner shows first: the session's title (after the day's title, when the
/// day has one) and its text.
struct SessionIntroduction {
    let study: StudyDefinition
    let locale: String
    let interface: any ParticipantInterface

    /// Shows what a session is about before it starts: its title (after the day's title, when the
    /// day has one) and its text.
    func callAsFunction(_ session: Session?, due: DueItem, values filled: [String: String]) async {
        guard let session else { return }
        let title = study.render(session.title, locale: locale, values: filled)
        let day = study.days.indices.contains(due.position.day) ? study.days[due.position.day].title : nil
        let heading = day.map { study.render($0, locale: locale, values: filled) + " · " + title } ?? title
        await interface.show(session.text.map { study.render($0, locale: locale, values: filled) } ?? "", title: heading)
    }
}
