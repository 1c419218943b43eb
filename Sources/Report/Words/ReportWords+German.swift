extension ReportWords {
    /// The German table: informal address, as the example studies write.
    static let german: [ReportText: String] = [
        .participantTitle: "Bericht für Teilnehmende",
        .participantSubtitleOne: "Teilnehmende Person {0} · {1} Sitzung mit EEG",
        .participantSubtitleMany: "Teilnehmende Person {0} · {1} Sitzungen mit EEG",
        .participant: "Teilnehmende Person", .study: "Studie", .sessionsWithEEG: "Sitzungen mit EEG", .blocks: "Blöcke",
        .signalRecorded: "Aufgezeichnetes Signal", .firstLast: "Erste – letzte (UTC)",
        .daysCompleted: "Geschaffte Studientage", .daysCompletedValue: "{0} von {1} bisher ({2} in der Studie)",
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

        .sessionTitle: "Sitzungsbericht",
        .sessionSubtitleOne: "Teilnehmende Person {0} · {1} Aufnahme", .sessionSubtitleMany: "Teilnehmende Person {0} · {1} Aufnahmen",
        .recording: "Aufnahme", .dayN: "Tag {0}", .sessionN: "Sitzung {0}", .runN: "Lauf {0}",

        .paradigm: "Paradigma", .daySessionRun: "Tag / Sitzung / Lauf", .start: "Beginn (UTC)", .duration: "Dauer", .device: "Gerät",
        .firmware: "Firmware", .samplingRate: "Abtastrate", .channels: "Kanäle", .lostSamples: "Verlorene Messwerte", .mains: "Netzfrequenz",
        .file: "Datei",
        .none: "keine", .gapsOne: "{0} in {1} Lücke ({2} s)", .gapsMany: "{0} in {1} Lücken ({2} s)", .streamGapsOne: "{0} in {1} Lücke", .streamGapsMany: "{0} in {1} Lücken", .mainsDetected: "erkannt",
        .durationIncomplete: "{0} (unvollständig)", .durationIncompleteBecause: "{0} (unvollständig: {1})",

        .endParticipant: "du hast abgebrochen", .endSignal: "durch ein Signal unterbrochen",
        .endDeviceStopped: "das Gerät hat keine Daten mehr gesendet", .endDeviceDidNotStart: "das Gerät ist nicht gestartet",
        .endDeviceDisconnected: "die Verbindung zum Gerät ist abgerissen", .endBatteryLow: "der Akku ist fast leer",

        .verdictTitle: "Qualitätsurteil",
        .reasonTooShort: "Zu kurz für ein Urteil: kein vollständiges Qualitätsfenster.",
        .reasonMissing: "Fehlende Messwerte",
        .reasonOffHead: "Stirnband nicht am Kopf (so gemeldet, oder die Hälfte der Kanäle flach, übersteuert oder mit Netzbrummen{0})",
        .reasonOffHeadReported: "; {0} vom Stirnband gemeldet",
        .reasonMotion: "Kopfbewegung (Beschleunigungssensor, Stirnband am Kopf)",
        .reasonBadChannel: "Schlechtester Kanal als schlecht bewertet ({0})",
        .channelN: "Kanal {0}",
        .reasonShare: "{0}: {1} der Fenster (Grenze {2})",
        .reasonWindows: "{0} Qualitätsfenster von 2 s bewertet, alle {1} s",

        .excerptTitle: "Signalausschnitt",
        .excerptCaption:
            "{0} s aus der Mitte der Aufnahme, jeder Kanal in seinem eigenen Maßstab (der Bereich steht unter seinem Namen); Unterbrechungen sind verlorene Messwerte.",
        .excerptLabel: "Signalausschnitt je Kanal, {0} s ab {1} s",
        .gradeTitle: "Signalqualität im Verlauf",
        .gradeCaption: "Bewertung jedes 2-s-Fensters (alle {0} s neu; je Spalte ist die schlechteste Bewertung gezeigt).",
        .gradeLabel: "Bewertung der Signalqualität je Kanal im Verlauf",
        .notJudged: "nicht bewertet", .eventMarker: "Ereignismarke", .softwareEvent: "Geräte- oder Software-Ereignis",
        .lostSamplesLegend: "verlorene Messwerte",
        .bandPowerTitle: "Bandleistung im Verlauf",
        .bandPowerCaption:
            "Relative Bandleistung (Anteil an der Leistung von 1–45 Hz) über die letzten 4 s, jede Sekunde, gemittelt über die Kanäle, die nicht als schlecht bewertet sind; Unterbrechungen, wo kein Kanal brauchbar war.",
        .bandPowerLabel: "Relative Bandleistung im Verlauf",
        .spectrumTitle: "Spektrum",
        .spectrumMissing: "{0}: Das Spektrum lässt sich nicht schätzen.",
        .spectrumNoGapFree: "Kein lückenloses 2-s-Segment",
        .spectrumNoClean: "Kein 2-s-Segment ohne Lücken und ohne Fenster, die schlecht bewertet sind oder in denen das Stirnband nicht am Kopf war",
        .spectrumLabel: "Leistungsdichtespektrum nach Welch je Kanal",
        .spectrumCaption:
            "Leistungsdichte nach Welch in µV²/Hz (logarithmisch) der ganzen Aufnahme: 2-s-Hann-Segmente, 50 % Überlappung, {0} ({1} von {2} Segmenten im ersten Kanal); Bänder schattiert.",
        .leftOutGaps: "Lücken ausgelassen", .leftOutAll: "Lücken, schlechte Fenster und Fenster ohne Kopfkontakt ausgelassen",

        .perChannelTitle: "Je Kanal", .channelColumns: "Kanal|gut|mittel|schlecht", .segments: "Segmente", .usedOf: "{0} von {1}",
        .channelNote: "Bewertungen: Anteil der 2-s-Fenster. Bänder: relative Leistung der ganzen Aufnahme (Welch, Anteil an 1–45 Hz{0}).",
        .channelNoteLeftOut: "; schlechte Fenster und Fenster ohne Kopfkontakt ausgelassen",
        .trialsTitle: "Reaktionszeit je Durchgang",
        .trialsSummary: "{0} Durchgänge, {1} richtig; Median des Blocks {2}, Median der Sitzung bisher {3}.",
        .trialsLabel: "Reaktionszeit je Durchgang",
        .trialsColumns: "Durchgang|Ergebnis|Reaktionszeit (ms)|Taste",
        .medianLine: "Median {0} ms", .trialPoint: "Durchgang {0}: {1} ms, {2}", .trialMiss: "Durchgang {0}: {1}",
        .outcomeCorrect: "richtig", .outcomeAnticipation: "zu früh", .outcomeWrongKey: "falsche Taste", .outcomeMiss: "verpasst",
        .eventsTitle: "Ereignisse", .eventsColumns: "Zeit (s)|Messpunkt|Code|Bezeichnung",
        .eventGap: "Lücke von {0} Messwerten", .eventInterrupted: "unterbrochen", .eventInterruptedBecause: "unterbrochen: {0}",
        .moreEvents: "… und {0} weitere Ereignisse (alle mit `study-recorder export --format csv`).",

        .overviewTitle: "Studienübersicht · {0}",
        .overviewSubtitle: "{0} Teilnehmende · {1} Studientage · {2} Aufnahmen gesammelt",
        .overviewDemonstration:
            "und, getrennt gezählt, {0} Aufnahmen mit Vorführdaten (geskriptete Teilnahme oder simuliertes, abgespieltes oder synthetisches Signal), die der Datensatz auslässt, außer bei --include-simulated",
        .overviewDaysTitle: "Teilnehmende und Studientage",
        .overviewDaysCaption:
            "Je Studientag: ✓ erledigt (jede Sitzung gesammelt und vollständig), ◐ unvollständig (eine Sitzung fehlt oder endete vorzeitig), ✗ fehlt (nichts gesammelt, obwohl ein späterer Tag da ist), · noch nicht (nach dem letzten gesammelten Tag).",
        .overviewColumns: "Teilnehmende Person|erledigt|unvollständig|fehlt|Reaktionszeit (letzte Sitzung)",
        .dayColumn: "T{0}",
        .dayDone: "erledigt", .dayIncomplete: "unvollständig", .dayMissing: "fehlt", .dayOpen: "noch nicht",
        .overviewQualityTitle: "Signalqualität je Sitzung",
        .overviewQualityCaption:
            "Anteil der 2-s-Fenster mit gutem Signal über alle Kanäle und Blöcke jeder Sitzung, wie er mit jeder Aufnahme gespeichert wurde (TN SM: Studientag N, Sitzung M); – wo keiner gespeichert ist.",
        .sessionColumn: "T{0} S{1}",
        .uploadsTitle: "Uploads je Woche",
        .uploadsCaption: "Gesammelte Einträge (Aufnahmen, Fragebögen, Durchgangstabellen) nach der Woche, in der sie entstanden (ISO-Wochen, UTC).",
        .uploadsLabel: "Gesammelte Einträge je Woche",
        .problemsTitle: "Probleme", .problemsNone: "Keine: Jeder Eintrag auf dem Server wurde gesammelt oder wartet auf sein Manifest.",
        .monitoringTitle: "Teilnehmende im Blick",
        .monitoringSummary:
            "Stand {0}: {1} von {2} fälligen Sitzungen erledigt ({3}); Median des Anteils guten Signals {4}; {5} von {6} Teilnehmenden markiert.",
        .monitoringNoQuality: "keine Qualität gespeichert",
        .monitoringApart: "Getrennt gezählt, in keiner dieser Zahlen: {0} geskriptete und {1} simulierte oder wiedergegebene Einträge.",
        .monitoringColumns: "Teilnehmende Person|Hinweise|eingeschrieben|letzte Übertragung|Sitzungen erledigt/fällig|verpasst (in Folge)|gutes Signal|verloren|Neuverbindungen|Akku|Stirnband",
        .monitoringCaption:
            "Markierte Teilnehmende zuerst. Fällig ist ein Studientag je Tag seit der Einschreibung; verpasst: vergangene Studientage ohne gesammelte Daten. Gutes Signal: Anteil der als gut bewerteten Fenster über alle Aufnahmen; verloren: Aufnahmezeit ohne Daten (Verbindungslücken). Akku: Anfang → Ende der letzten Aufnahme. Schwellen: Abschnitt monitoring der Studiendatei (docs/study-format.md).",
        .monitoringDemo: "Demo",
        .monitoringNone: "nichts",
        .flagNoUpload: "keine Übertragung seit {0} Tagen (Hinweis ab {1})",
        .flagMissedSessions: "{0} Sitzungen in Folge verpasst (Hinweis ab {1})",
        .flagLowQuality: "gutes Signal {0} (unter {1})",
        .flagHighLoss: "{0} der Aufnahmezeit verloren (über {1})",
        .flagFailingHeadband: "Stirnband fiel in {0} der letzten 3 Sitzungen aus (Hinweis ab {1})",
        .overviewFooter:
            "Erstellt von study-recorder {0} aus den gesammelten Uploads. Teilnehmende erscheinen nur mit ihrer pseudonymen UUID; Einwilligungen bleiben versiegelt auf dem Server. Aufbau des Datensatzes: docs/analysis.md.",

        .footer:
            "Erstellt von study-recorder {0} am {1} aus den gespeicherten Aufnahmen. Eine abgeleitete, lokale Datei: Sie wird weder katalogisiert noch hochgeladen und nennt die teilnehmende Person nur mit ihrer pseudonymen UUID. Methoden: docs/processing.md; Aufbau der Daten: docs/formats.md.",
    ]
}
