import Storage

extension StudyFileReader {
    /// Reads a session; which keys are allowed depends on its kind.
    func readSession(_ node: JSONNode, _ path: JSONPath) -> Session? {
        var kind: SessionKind?
        if let kindNode = node["kind"] {
            kind = reader.choice(kindNode, path.appending("kind"), what: "a session kind")
            if kind == nil { return nil }
        }
        let specific: (required: [String], optional: [String]) =
            switch kind {
            case .questionnaire: (["questionnaire"], [])
            case .recording: (["paradigm", "blocks"], ["preparation", "betweenBlocks"])
            // Without a (valid) kind every key of either kind is let through; the missing kind is the error.
            case nil: ([], ["questionnaire", "paradigm", "blocks", "preparation", "betweenBlocks"])
            }
        let what = kind.map { "a \($0.rawValue) session" } ?? "a session"
        guard
            let fields = reader.object(
                node, path, what: what, required: ["kind", "title"] + specific.required, optional: ["text"] + specific.optional),
            let kind
        else { return nil }
        let title = fields.required("title", localized)
        let text = fields.optional("text", localized)
        let questionnaire = fields.optional("questionnaire") { reader.name($0, $1, what: "a questionnaire name") }
        let preparation = fields.optional("preparation") { reader.name($0, $1, what: "a preparation name") }
        let between = fields.optional("betweenBlocks") { reader.name($0, $1, what: "a preparation name") }
        let paradigm = fields.optional("paradigm", readParadigm)
        let blocks = fields.optional("blocks") { node, path in
            reader.array(node, path, what: "the blocks", nonEmpty: true).flatMap { elements in
                collect(elements.map { readBlock($0.node, $0.path) })
            }
        }
        guard let title, !fields.failed else { return nil }
        return Session(
            kind: kind, title: title, text: text, questionnaire: questionnaire, preparation: preparation,
            betweenBlocks: between, paradigm: paradigm, blocks: blocks ?? [])
    }

    private func readBlock(_ node: JSONNode, _ path: JSONPath) -> Block? {
        guard
            let fields = reader.object(
                node, path, what: "a block", required: ["trials"], optional: ["repeat", "intro", "shuffle", "outro"])
        else { return nil }
        let repeatCount = fields.value("repeat", default: 1) { reader.integer($0, $1, what: "a repeat count from 1 to 100", in: 1...100) }
        func names(_ node: JSONNode, _ path: JSONPath) -> [String]? {
            reader.array(node, path, what: "a list of trial type names").flatMap { elements in
                collect(elements.map { reader.name($0.node, $0.path, what: "a trial type name") })
            }
        }
        let intro = fields.value("intro", default: [], names)
        let outro = fields.value("outro", default: [], names)
        let shuffle = fields.value("shuffle", default: false, reader.bool)
        let trials = fields.required("trials") { node, path in
            reader.array(node, path, what: "the trials of a block", nonEmpty: true).flatMap { elements in
                collect(
                    elements.map { element -> TrialReference? in
                        guard
                            let reference = reader.object(
                                element.node, element.path, what: "a trial reference", required: ["type"], optional: ["count"])
                        else { return nil }
                        let type = reference.required("type") { reader.name($0, $1, what: "a trial type name") }
                        let count = reference.value("count", default: 1) {
                            reader.integer($0, $1, what: "a trial count from 1 to 1000", in: 1...1000)
                        }
                        guard let type, let count, !reference.failed else { return nil }
                        return TrialReference(type: type, count: count)
                    })
            }
        }
        guard let repeatCount, let intro, let outro, let shuffle, let trials, !fields.failed else { return nil }
        return Block(repeatCount: repeatCount, intro: intro, trials: trials, shuffle: shuffle, outro: outro)
    }

    private func readParadigm(_ node: JSONNode, _ path: JSONPath) -> Paradigm? {
        guard
            let fields = reader.object(
                node, path, what: "a paradigm",
                required: ["title", "conditionLabels", "conditionMarkers", "baseMarkers", "baseTime", "trialTime"])
        else { return nil }
        let title = fields.required("title") { reader.string($0, $1, what: "a paradigm title") }
        let labels = fields.required("conditionLabels") { node, path in
            reader.array(node, path, what: "the condition labels", nonEmpty: true).flatMap { elements in
                collect(elements.map { reader.string($0.node, $0.path, what: "a condition label") })
            }
        }
        func markers(_ node: JSONNode, _ path: JSONPath) -> [Int32]? {
            reader.array(node, path, what: "a list of marker codes", nonEmpty: true).flatMap { elements in
                collect(elements.map { reader.marker($0.node, $0.path) })
            }
        }
        let conditionMarkers = fields.required("conditionMarkers", markers)
        let baseMarkers = fields.required("baseMarkers", markers)
        let baseTime = fields.required("baseTime") { reader.number($0, $1, what: "a baseline offset in seconds, −60 to 60", in: -60...60) }
        let trialTime = fields.required("trialTime") {
            reader.number($0, $1, what: "a trial time in seconds, more than 0 and at most 3600", in: 0.001...3600)
        }
        guard let title, let labels, let conditionMarkers, let baseMarkers, let baseTime, let trialTime, !fields.failed else {
            return nil
        }
        if conditionMarkers.count != labels.count, let markerNode = fields.node("conditionMarkers") {
            reader.report(
                markerNode, path.appending("conditionMarkers"),
                "one condition marker per condition label (\(labels.count)), got \(conditionMarkers.count)")
            return nil
        }
        if baseMarkers.count != labels.count, let markerNode = fields.node("baseMarkers") {
            reader.report(
                markerNode, path.appending("baseMarkers"), "one base marker per condition label (\(labels.count)), got \(baseMarkers.count)")
            return nil
        }
        return Paradigm(
            title: title, conditionLabels: labels, conditionMarkers: conditionMarkers, baseMarkers: baseMarkers, baseTime: baseTime,
            trialTime: trialTime)
    }

    /// Reads a day.
    func readDay(_ node: JSONNode, _ path: JSONPath) -> Day? {
        guard let fields = reader.object(node, path, what: "a day", required: ["sessions"], optional: ["title"]) else { return nil }
        let title = fields.optional("title", localized)
        let sessions = fields.required("sessions") { node, path in
            reader.array(node, path, what: "the sessions of a day", nonEmpty: true).flatMap { elements in
                collect(elements.map { reader.name($0.node, $0.path, what: "a session name") })
            }
        }
        guard let sessions, !fields.failed else { return nil }
        return Day(title: title, sessions: sessions)
    }
}
