import Foundation

extension StudyFileReader {
    /// Reads a questionnaire.
    func readQuestionnaire(_ node: JSONNode, _ path: JSONPath) -> Questionnaire? {
        guard
            let fields = reader.object(node, path, what: "a questionnaire", required: ["title", "questions"], optional: ["text"])
        else { return nil }
        let title = fields.required("title", localized)
        let text = fields.optional("text", localized)
        let questions = fields.required("questions") { node, path -> [Question]? in
            if case .array(let elements) = node.value, elements.isEmpty {
                reader.report(node, path, "at least one question")
                return nil
            }
            return readQuestions(node, path)
        }
        guard let title, let questions, !fields.failed else { return nil }
        return Questionnaire(title: title, text: text, questions: questions)
    }

    /// Reads a list of questions whose ids are unique.
    func readQuestions(_ node: JSONNode, _ path: JSONPath) -> [Question]? {
        guard let elements = reader.array(node, path, what: "the list of questions") else { return nil }
        var seen: [String: JSONPath] = [:]
        var ok = true
        var questions: [Question] = []
        for element in elements {
            guard let question = readQuestion(element.node, element.path) else {
                ok = false
                continue
            }
            if let earlier = seen[question.id] {
                let idNode = element.node["id"] ?? element.node
                reader.report(idNode, element.path.appending("id"), "a question id not already used by \(earlier) ('\(question.id)')")
                ok = false
            }
            seen[question.id] = element.path.appending("id")
            questions.append(question)
        }
        return ok ? questions : nil
    }

    private func readQuestion(_ node: JSONNode, _ path: JSONPath) -> Question? {
        let common = ["title", "text", "optional"]
        // Read the kind first: it decides which other keys are allowed.
        var kind: QuestionKind?
        if let kindNode = node["kind"] {
            kind = reader.choice(kindNode, path.appending("kind"), what: "a question kind")
            if kind == nil { return nil }
        }
        // Without a kind every kind's keys are let through; the missing kind is the error.
        let specific = kind.map { Array($0.specificKeys).sorted() } ?? Array(Set(QuestionKind.allCases.flatMap(\.specificKeys))).sorted()
        let what = kind.map { "a question of kind '\($0.rawValue)'" } ?? "a question"
        guard let fields = reader.object(node, path, what: what, required: ["id", "kind"], optional: common + specific),
            let kind
        else { return nil }
        for key in kind.requiredKeys.sorted() where !fields.has(key) {
            reader.report(node, path.appending(key), "the key '\(key)' in \(what) (it is required but missing)")
            fields.fail()
        }
        let id = fields.required("id") { reader.name($0, $1, what: "a question id") }
        var question = Question(id: id ?? "", kind: kind)
        question.title = fields.optional("title", localized)
        question.text = fields.optional("text", localized)
        question.optional = fields.value("optional", default: false, reader.bool) ?? false
        question.choices = fields.optional("choices", readChoices)
        let numberRange: ClosedRange<Double> = -1e9...1e9
        if kind == .likert {
            question.minimum = fields.optional("minimum") { reader.integer($0, $1, what: "a whole scale point", in: -1000...1000).map(Double.init) }
            question.maximum = fields.optional("maximum") { reader.integer($0, $1, what: "a whole scale point", in: -1000...1000).map(Double.init) }
        } else {
            question.minimum = fields.optional("minimum") { reader.number($0, $1, what: "a number", in: numberRange) }
            question.maximum = fields.optional("maximum") { reader.number($0, $1, what: "a number", in: numberRange) }
        }
        question.step = fields.optional("step") { reader.number($0, $1, what: "a step more than 0", in: 1e-9...1e9) }
        question.minimumLabel = fields.optional("minimumLabel", localized)
        question.maximumLabel = fields.optional("maximumLabel", localized)
        question.integer = fields.optional("integer", reader.bool)
        question.unit = fields.optional("unit", localized)
        question.maxLength = fields.optional("maxLength") { reader.integer($0, $1, what: "a maximum length from 1 to 10000", in: 1...10_000) }
        question.minSelections = fields.optional("minSelections") { reader.integer($0, $1, what: "a number of selections, 0 or more", in: 0...1000) }
        question.maxSelections = fields.optional("maxSelections") { reader.integer($0, $1, what: "a number of selections, 1 or more", in: 1...1000) }
        question.earliest = fields.optional("earliest", readDateBound)
        question.latest = fields.optional("latest", readDateBound)
        guard id != nil, !fields.failed else { return nil }
        if kind == .instruction && question.text == nil && question.title == nil {
            reader.report(node, path.appending("text"), "a text or title in an instruction (it has nothing else to show)")
            return nil
        }
        if let minimum = question.minimum, let maximum = question.maximum, maximum <= minimum {
            reader.report(
                fields.node("maximum") ?? node, path.appending("maximum"),
                "a maximum above the minimum \(DocumentReader.format(minimum)) (got \(DocumentReader.format(maximum)))")
            return nil
        }
        if let step = question.step, let minimum = question.minimum, let maximum = question.maximum, step > maximum - minimum {
            reader.report(
                fields.node("step") ?? node, path.appending("step"), "a step no larger than the range \(DocumentReader.format(maximum - minimum))")
            return nil
        }
        if let choices = question.choices {
            let low = question.minSelections ?? 0
            let high = question.maxSelections ?? choices.count
            if high > choices.count || low > high {
                reader.report(
                    fields.node("maxSelections") ?? fields.node("minSelections") ?? node,
                    path.appending(fields.has("maxSelections") ? "maxSelections" : "minSelections"),
                    "0 ≤ minSelections ≤ maxSelections ≤ \(choices.count) (the number of choices)")
                return nil
            }
            // An exclusive choice is an answer on its own: only in a multiple-choice question, and
            // one that may be answered with a single choice.
            if let index = choices.firstIndex(where: { $0.exclusive != nil }) {
                let at = path.appending("choices").appending(index).appending("exclusive")
                if question.kind != .multipleChoice {
                    reader.report(node, at, "'exclusive' only in the choices of a multipleChoice question (this one is '\(question.kind.rawValue)')")
                    return nil
                }
                if choices.contains(where: { $0.exclusive == true }), low > 1 {
                    reader.report(
                        fields.node("minSelections") ?? node, path.appending("minSelections"),
                        "minSelections of at most 1 when a choice is exclusive (it is answered alone)")
                    return nil
                }
            }
        }
        return question
    }

    private func readChoices(_ node: JSONNode, _ path: JSONPath) -> [Choice]? {
        guard let elements = reader.array(node, path, what: "the choices", nonEmpty: true) else { return nil }
        var seen: [Int: JSONPath] = [:]
        var choices: [Choice?] = []
        for element in elements {
            guard let fields = reader.object(element.node, element.path, what: "a choice", required: ["value", "text"], optional: ["exclusive"])
            else {
                choices.append(nil)
                continue
            }
            let value = fields.required("value") { reader.integer($0, $1, what: "a whole-number choice value", in: -1_000_000...1_000_000) }
            let text = fields.required("text", localized)
            let exclusive = fields.optional("exclusive", reader.bool)
            guard let value, let text, !fields.failed else {
                choices.append(nil)
                continue
            }
            if let earlier = seen[value] {
                reader.report(
                    fields.node("value") ?? element.node, element.path.appending("value"), "a choice value not already used by \(earlier) (\(value))")
                choices.append(nil)
                continue
            }
            seen[value] = element.path.appending("value")
            choices.append(Choice(value: value, text: text, exclusive: exclusive))
        }
        return collect(choices)
    }

    /// Reads a date bound: `YYYY-MM-DD` or an offset from today such as `-100y`, `-18y`, `+0d`.
    private func readDateBound(_ node: JSONNode, _ path: JSONPath) -> String? {
        guard let text = reader.string(node, path, what: "a date") else { return nil }
        if DateBound(text) == nil {
            reader.report(node, path, "a date as YYYY-MM-DD or an offset from today such as '-18y', '-6m', '+0d' (not '\(text)')")
            return nil
        }
        return text
    }
}
