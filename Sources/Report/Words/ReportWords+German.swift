extension ReportWords {
    /// The German table: informal address, as the example studies write.
    static let german: [ReportText: String] = [
        .participantTitle: "Bericht für Teilnehmende",
        .participantSubtitleOne: "Teilnehmende Person {0} · {1} Sitzung mit EEG",
        .participantSubtitleMany: "Teilnehmende Person {0} · {1} Sitzungen mit EEG",
        .participant: "Teilnehmende Person", .study: "Studie", .sessionsWithEEG: "Sitzungen mit EEG", .blocks: "Blöcke",
        .signalRecorded: "Aufgezeichnetes Signal", .firstLast: "Erste – letzte (UTC)",
        .qualityTitle: "Signalqualität je Sitzung",
        .qualityCaption:
            "Anteile der 2-s-Fenster mit gutem, mittlerem und schlechtem Signal, über alle Kanäle und Blöcke jeder Sitzung (dN sM: Studientag N, Sitzung M).",
        .good: "gut", .medium: "mittel", .bad: "schlecht",
        .scoreTitle: "Reaktionszeit über die Tage",
        .scoreLabel: "Reaktionszeit je Sitzung",
        .scoreSeries: "Reaktionszeit",
        .scoreCaption: "Der Wert einer Sitzung: der Median der Reaktionszeit ihrer richtigen Durchgänge (kleiner ist schneller).",
        .sessions: "Sitzungen",
        .sessionColumns: "Beginn (UTC)|Tag|Sitzung|Paradigma|Blöcke|Dauer|gutes Signal|Urteil|Durchgänge|Reaktionszeit",
        .incomplete: "{0} unvollständig",
        .passed: "bestanden", .tooShortToJudge: "zu kurz für ein Urteil", .headbandOffHead: "Stirnband nicht am Kopf",
        .motionTooHigh: "zu viel Bewegung", .eegFailure: "EEG gestört",
        .footer:
            "Erstellt von study-recorder {0} am {1} aus den gespeicherten Aufnahmen. Eine abgeleitete, lokale Datei: Sie wird weder katalogisiert noch hochgeladen und nennt die teilnehmende Person nur mit ihrer pseudonymen UUID. Methoden: docs/processing.md; Aufbau der Daten: docs/formats.md.",
    ]
}
