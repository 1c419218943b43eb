import DataSources
import Foundation
import Logging
import Storage

/// Enrols a participant: the study's title and description, the consent page by page, the typed
/// agreement and the signature, the private name questions and the enrolment questions; only when
/// everything is answered are the consent record, its PDF (made by the injected ``ConsentTypesetter``), the registry entry,
/// the answers and the progress stored, as one enrolment (a failing step removes what the earlier
/// ones stored).
/// ``StudyRunner/enroll(name:helperName:)`` runs it.
struct EnrolmentRunner {
    let study: StudyDefinition
    let store: DataStore
    let interface: any ParticipantInterface
    let options: RunnerOptions
    let afterStore: (@Sendable (CatalogItem) async throws -> CatalogItem)?
    /// Makes the consent's PDF.
    let consentTypesetter: any ConsentTypesetter
    let logger: Logger

    private var schedule: StudySchedule { StudySchedule(study: study) }
    private var progressStore: ProgressStore { ProgressStore(dataFolder: store.root) }
    private var locale: String { options.locale ?? study.defaultLocale }
    private var strings: RuntimeStrings { RuntimeStrings(locale: locale) }

    /// Shows the study's title and description, then the consent page by page (each page's summary
    /// before its content), asks for the typed agreement and the name as signature, makes
    /// the participant's UUID, stores the consent record and its PDF (the only stored files with the
    /// name) and starts the schedule. `name`/`helperName` given here are used instead of asking (scripted runs).
    func run(name givenName: String?, helperName givenHelper: String?) async throws -> Participant {
        if let existing = try progressStore.load(studyID: study.id) {
            throw RunnerError.alreadyEnrolled(study: study.id, participant: existing.participant.uuidString)
        }
        let consent = study.consent
        // Before the signature nobody's name is known: consent texts get the locale's words only.
        let words = PlaceholderValues(locale: locale).dictionary
        let title = study.render(consent.title, locale: locale, values: words)
        // What the study is, before what the participant agrees to.
        if let description = study.description {
            await interface.show(
                study.render(description, locale: locale, values: words), title: study.render(study.title, locale: locale, values: words))
        }
        var pages: [String] = []
        for (n, page) in consent.pages.enumerated() {
            let heading = page.title.map { study.render($0, locale: locale, values: words) } ?? "\(title) (\(n + 1)/\(consent.pages.count))"
            // The summary comes first, as in the reference's consent review.
            let text = ([page.summary, page.content] as [LocalizedText?]).compactMap { $0 }
                .map { study.render($0, locale: locale, values: words) }.joined(separator: "\n\n")
            pages.append(heading + "\n" + text)
            await interface.show(text, title: heading)
            if !options.automatic { try await interface.acknowledge(strings(.nextPage)) }
        }
        let agreement = study.render(consent.agreement, locale: locale, values: words)
        let phrase = study.render(consent.agreementPhrase, locale: locale, values: words)
        await interface.show(agreement + "\n\n" + strings(.agreeOrStop, phrase), title: title)
        // The prompt names the phrase without looking typed already; an empty line (an Enter too
        // many after the last page) asks again instead of declining.
        var typed = try await interface.ask(strings(.agreePrompt, phrase), id: "consent", problem: nil)
        if typed.isEmpty && options.automatic { typed = phrase }
        while typed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            typed = try await interface.ask(strings(.agreePrompt, phrase), id: "consent", problem: strings(.agreeOrStop, phrase))
        }
        guard Self.normalized(typed) == Self.normalized(phrase) else { throw RunnerError.consentDeclined }
        var name = givenName
        if name == nil { name = try await interface.ask(strings(.signature), id: "name", problem: nil) }
        guard let signature = name?.trimmingCharacters(in: .whitespacesAndNewlines), !signature.isEmpty else {
            throw RunnerError.signatureMissing
        }
        var helper = givenHelper
        if helper == nil && !options.automatic {
            helper = try await interface.ask(strings(.helperName), id: "helperName", problem: nil)
        }
        helper = helper?.trimmingCharacters(in: .whitespacesAndNewlines)
        if helper?.isEmpty == true { helper = nil }

        let now = options.clock.now
        var participant = Participant(study: study.id, name: signature, helperName: helper, created: now)
        // Questions whose answers are names (how to address the participant, the helper's name) are
        // private: they go to the registry, never into a stored questionnaire.
        let privateIDs: Set<String> = ["patientName", "helperName", "caregiverName"]
        let signed = PlaceholderValues(locale: locale, names: ParticipantNames(patientName: signature, helperName: helper)).dictionary
        for question in consent.questions where privateIDs.contains(question.id) {
            let text = question.text.map { study.render($0, locale: locale, values: signed) } ?? question.id
            // Shown once with what Enter alone does; the prompt is bare, as the question stands above it.
            let skip = strings(question.id == "patientName" ? .hintKeepName : .hintSkip)
            await interface.show(text + "\n  " + skip, title: question.title.map { study.render($0, locale: locale, values: signed) })
            let typed = try await interface.ask("", id: question.id, problem: nil).trimmingCharacters(in: .whitespacesAndNewlines)
            if question.id == "patientName" {
                participant.name = typed.isEmpty ? signature : typed
            } else if !typed.isEmpty {
                participant.helperName = typed
            }
        }
        let publicQuestions = consent.questions.filter { !privateIDs.contains($0.id) }
        var readAloud: Bool?
        var answersRecord: QuestionnaireRecord?
        if !publicQuestions.isEmpty {
            let names = PlaceholderValues(
                locale: locale, names: ParticipantNames(patientName: participant.name ?? signature, helperName: participant.helperName))
            let answers = try await QuestionAsker(
                study: study, locale: locale, values: names.dictionary, interface: interface, automatic: options.automatic
            )
            .ask(publicQuestions)
            // The reference's reserved `tts` question: choice 1 reads texts aloud, anything else does not.
            if let tts = answers.first(where: { $0.id == "tts" }) { readAloud = tts.value == .integer(1) }
            answersRecord = QuestionnaireRecord(
                title: "enrolment", study: study.id, studyVersion: ProtocolFingerprint.of(study), participant: participant.id, day: 0, session: 0,
                run: 0, locale: locale, started: now, finished: options.clock.now, answers: answers)
            answersRecord?.provenance = options.provenance(interface: interface)
        }

        // Every question is answered: only now is anything stored, as one enrolment. A process killed at
        // a prompt leaves nothing; a step that fails here (a full disk, a key that cannot seal) removes
        // what the earlier steps stored, so no participant stays in the registry without its progress
        // file and no consent record is left behind.
        let registry = try ParticipantRegistry(store: store)
        var record = ConsentRecord(
            study: study.id, studyVersion: ProtocolFingerprint.of(study), participant: participant.id, locale: locale, consentedAt: now,
            title: title, pages: pages, agreement: agreement, typedAgreement: typed, signature: signature, helperName: helper)
        record.provenance = options.provenance(interface: interface)
        // Typeset before anything is stored: a document that cannot be made (no DejaVu font) stores nothing.
        let studyTitle = study.render(study.title, locale: locale, values: words)
        let document = try consentTypesetter.pdf(of: record, studyTitle: studyTitle, timeZone: options.timeZone)
        var stored: [CatalogItem] = []
        func keep(_ item: CatalogItem) async throws {
            stored.append(item)
            if let afterStore { stored[stored.count - 1] = try await afterStore(item) }
        }
        do {
            try registry.save(participant)
            try await keep(
                try QuestionnaireStore.storeJSON(
                    record, kind: .consent, fileName: FileNaming.consent(study: study.id, participant: participant.id), participant: participant.id,
                    study: study.id, title: "consent", day: nil, session: nil, run: nil, in: store))
            try await keep(
                try QuestionnaireStore.storeFile(
                    document, kind: .consentPDF, fileName: FileNaming.consentPDF(study: study.id, participant: participant.id),
                    participant: participant.id, study: study.id, title: "consent", day: nil, session: nil, run: nil, in: store))
            if let answersRecord { try await keep(try QuestionnaireStore.store(answersRecord, in: store)) }
            if let uuid = UUID(uuidString: participant.id) {
                var progress = schedule.enroll(participant: uuid, at: now)
                progress.locale = locale
                progress.readAloud = readAloud
                try progressStore.save(progress)
            }
        } catch {
            for item in stored.reversed() { try? store.discard(item) }
            try? registry.remove(id: participant.id)
            rmdir(store.root.appendingPathComponent(participant.id).path)
            logger.notice("enrolment aborted; nothing of it is kept", metadata: ["error": "\(error)"])
            throw error
        }
        participant.study = study.id
        logger.info("participant enrolled", metadata: ["participant": "\(participant.id)", "study": "\(study.id)"])
        return participant
    }

    static func normalized(_ s: String) -> String {
        s.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased()
    }
}
