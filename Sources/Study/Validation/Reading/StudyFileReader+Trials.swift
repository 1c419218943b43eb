extension StudyFileReader {
    /// Reads a trial type; its texts may use the placeholders of its generator.
    func readTrialType(_ node: JSONNode, _ path: JSONPath) -> TrialType? {
        guard
            let fields = reader.object(node, path, what: "a trial type", required: ["marker", "phases"], optional: ["generator"])
        else { return nil }
        let marker = fields.required("marker", reader.marker)
        let generator = fields.optional("generator") { reader.choice($0, $1, what: "a trial generator") as TrialGenerator? }
        currentGenerator = generator
        defer { currentGenerator = nil }
        let phases = fields.required("phases") { node, path in
            reader.array(node, path, what: "the phases of a trial", nonEmpty: true).flatMap { elements in
                collect(elements.map { readPhase($0.node, $0.path) })
            }
        }
        guard let marker, let phases, !fields.failed else { return nil }
        return TrialType(marker: marker, phases: phases, generator: generator)
    }

    /// Reads a phase: kind, duration (seconds, `untilAcknowledged` or `untilSpoken`), jitter,
    /// marker, text, and for `task` phases the task.
    func readPhase(_ node: JSONNode, _ path: JSONPath) -> Phase? {
        guard
            let fields = reader.object(
                node, path, what: "a phase", required: ["kind", "duration", "marker"], optional: ["text", "jitter", "task"])
        else { return nil }
        let kind = fields.required("kind") { reader.choice($0, $1, what: "a phase kind") as PhaseKind? }
        let duration = fields.required("duration", readDuration)
        let jitter = fields.value("jitter", default: 0.0) {
            reader.number($0, $1, what: "a jitter in seconds, 0 or more", in: 0...3600)
        }
        let marker = fields.required("marker", reader.marker)
        let text = fields.optional("text", localized)
        // A task only belongs in a phase of kind 'task'; elsewhere it is not read at all.
        var task: TaskSpec?
        if let kind, kind != .task, let taskNode = fields.node("task") {
            reader.report(taskNode, path.appending("task"), "no 'task' in a phase of kind '\(kind.rawValue)' (only kind 'task' runs a task)")
            fields.fail()
        } else {
            task = fields.optional("task", readTask)
        }
        guard let kind, let duration, let jitter, let marker, !fields.failed else { return nil }
        if kind == .task && task == nil {
            reader.report(node, path.appending("task"), "the key 'task' in a phase of kind 'task' (it says which task to run)")
            return nil
        }
        if jitter > 0 {
            guard let seconds = duration.seconds else {
                reader.report(
                    fields.node("jitter") ?? node, path.appending("jitter"),
                    "no jitter on a phase whose duration is not a number of seconds")
                return nil
            }
            if jitter > seconds {
                reader.report(
                    fields.node("jitter") ?? node, path.appending("jitter"),
                    "a jitter of at most the duration \(DocumentReader.format(seconds)) s, so the phase never gets a negative length (got \(DocumentReader.format(jitter)))"
                )
                return nil
            }
        }
        if duration == .untilSpoken && text == nil {
            reader.report(node, path.appending("text"), "a text in a phase that lasts 'untilSpoken' (there is nothing to speak)")
            return nil
        }
        return Phase(kind: kind, text: text, duration: duration, jitter: jitter, marker: marker, task: task)
    }

    private func readDuration(_ node: JSONNode, _ path: JSONPath) -> PhaseDuration? {
        let expected = "a duration: seconds (0 to 3600), \"untilAcknowledged\" or \"untilSpoken\""
        switch node.value {
        case .number(let value, _):
            guard (0...3600).contains(value) else {
                reader.report(node, path, "\(expected) (got \(DocumentReader.format(value)))")
                return nil
            }
            return .seconds(value)
        case .string("untilAcknowledged"): return .untilAcknowledged
        case .string("untilSpoken"): return .untilSpoken
        case .string(let other):
            reader.report(node, path, "\(expected) (not '\(other)')")
            return nil
        default:
            reader.report(node, path, "\(expected), not \(node.value.kindDescription)")
            return nil
        }
    }

    private func readTask(_ node: JSONNode, _ path: JSONPath) -> TaskSpec? {
        guard
            let fields = reader.object(
                node, path, what: "a task", required: ["type"],
                optional: [
                    "foreperiod", "stimulus", "responseWindow", "responseKey", "stimulusMarker", "responseMarker",
                    "anticipationMarker", "missMarker", "score", "anticipationBound",
                ])
        else { return nil }
        guard let type = fields.required("type", { reader.string($0, $1, what: "a task type") }) else { return nil }
        guard type == "reactionTime" else {
            reader.report(fields.node("type") ?? node, path.appending("type"), "a task type: one of 'reactionTime' (not '\(type)')")
            return nil
        }
        for key in ["foreperiod", "stimulus", "responseWindow", "stimulusMarker", "responseMarker", "anticipationMarker", "missMarker"]
        where !fields.has(key) {
            reader.report(node, path.appending(key), "the key '\(key)' in a reaction-time task (it is required but missing)")
            fields.fail()
        }
        let foreperiod: (Double, Double)? = fields.required("foreperiod") { node, path in
            guard let range = reader.object(node, path, what: "a foreperiod range", required: ["min", "max"]) else { return nil }
            let low = range.required("min") { reader.number($0, $1, what: "a foreperiod in seconds, 0 to 60", in: 0...60) }
            let high = range.required("max") { reader.number($0, $1, what: "a foreperiod in seconds, 0 to 60", in: 0...60) }
            guard let low, let high, !range.failed else { return nil }
            if high < low {
                reader.report(
                    range.node("max") ?? node, path.appending("max"), "a maximum foreperiod not below the minimum \(DocumentReader.format(low))")
                return nil
            }
            return (low, high)
        }
        let stimulus = fields.required("stimulus", localized)
        let window = fields.required("responseWindow") {
            reader.number($0, $1, what: "a response window in seconds, more than 0 and at most 60", in: 0.001...60)
        }
        let key = fields.value("responseKey", default: "space") { node, path in
            guard let key = reader.string(node, path, what: "a response key") else { return nil }
            guard ReactionTimeTask.responseKeys.contains(key) else {
                reader.report(node, path, "a response key: one of 'any', 'enter', 'space' (not '\(key)')")
                return nil
            }
            return key
        }
        let stimulusMarker = fields.required("stimulusMarker", reader.marker)
        let responseMarker = fields.required("responseMarker", reader.marker)
        let anticipationMarker = fields.required("anticipationMarker", reader.marker)
        let missMarker = fields.required("missMarker", reader.marker)
        let score = fields.value("score", default: ReactionTimeScore.medianCorrectLatency) {
            reader.choice($0, $1, what: "a score") as ReactionTimeScore?
        }
        let bound = fields.value("anticipationBound", default: ReactionTimeTask.defaultAnticipationBound) {
            reader.number($0, $1, what: "an anticipation bound in seconds, 0 to 1", in: 0...1)
        }
        if let bound, let window, bound >= window {
            reader.report(
                fields.node("anticipationBound") ?? node, path.appending("anticipationBound"),
                "an anticipation bound below the response window \(DocumentReader.format(window)) s (not \(DocumentReader.format(bound)))")
            fields.fail()
        }
        guard let foreperiod, let stimulus, let window, let key, let stimulusMarker, let responseMarker,
            let anticipationMarker, let missMarker, let score, let bound, !fields.failed
        else { return nil }
        return .reactionTime(
            ReactionTimeTask(
                foreperiodMin: foreperiod.0, foreperiodMax: foreperiod.1, stimulus: stimulus, responseWindow: window,
                responseKey: key, stimulusMarker: stimulusMarker, responseMarker: responseMarker,
                anticipationMarker: anticipationMarker, missMarker: missMarker, score: score, anticipationBound: bound))
    }
}
