# Writes docs/study-schema.json (JSON Schema draft 2020-12 for study files). Edit here, run
# python3 docs/make-study-schema.py, and keep it in step with Sources/Study/Validation/Reading.
import json
name_pattern = "^[A-Za-z][A-Za-z0-9_-]*$"
def ref(n): return {"$ref": f"#/$defs/{n}"}
def obj(props, required=(), extra=None, doc=None):
    o = {"type": "object", "properties": props, "additionalProperties": False}
    if required: o["required"] = list(required)
    if doc: o["description"] = doc
    if extra: o.update(extra)
    return o
def named(of, doc, min1=False):
    o = {"type": "object", "description": doc, "propertyNames": {"pattern": name_pattern}, "additionalProperties": of}
    if min1: o["minProperties"] = 1
    return o
text_q = {"title": ref("text"), "text": ref("text"), "optional": {"type": "boolean", "default": False}}
question_kinds = {
  "instruction": ({}, []),
  "text": ({"maxLength": {"type": "integer", "minimum": 1, "maximum": 10000}}, []),
  "singleChoice": ({"choices": ref("choices")}, ["choices"]),
  "multipleChoice": ({"choices": ref("choices"), "minSelections": {"type": "integer", "minimum": 0, "maximum": 1000}, "maxSelections": {"type": "integer", "minimum": 1, "maximum": 1000}}, ["choices"]),
  "likert": ({"minimum": {"type": "integer", "minimum": -1000, "maximum": 1000}, "maximum": {"type": "integer", "minimum": -1000, "maximum": 1000}, "minimumLabel": ref("text"), "maximumLabel": ref("text")}, ["minimum", "maximum"]),
  "slider": ({"minimum": {"type": "number"}, "maximum": {"type": "number"}, "step": {"type": "number", "exclusiveMinimum": 0}, "minimumLabel": ref("text"), "maximumLabel": ref("text")}, ["minimum", "maximum"]),
  "date": ({"earliest": ref("dateBound"), "latest": ref("dateBound")}, []),
  "numeric": ({"minimum": {"type": "number"}, "maximum": {"type": "number"}, "integer": {"type": "boolean"}, "unit": ref("text")}, ["minimum", "maximum"]),
}
question = {
  "type": "object", "description": "A questionnaire item; which keys besides id, kind, title, text and optional are allowed depends on kind.",
  "properties": {"id": {"type": "string", "pattern": name_pattern}, "kind": {"enum": list(question_kinds)}, **text_q},
  "required": ["id", "kind"],
  "allOf": [{"if": {"properties": {"kind": {"const": k}}, "required": ["kind"]}, "then": {"properties": p, "required": r} if r else {"properties": p}} for k, (p, r) in question_kinds.items()]
    + [{"if": {"properties": {"kind": {"const": "instruction"}}, "required": ["kind"]}, "then": {"anyOf": [{"required": ["text"]}, {"required": ["title"]}]}}],
  "unevaluatedProperties": False,
}
defs = {
  "text": {"description": "A localized text: one string for every locale, or an object of translations by locale code that includes the default locale. May contain #placeholders#.",
           "oneOf": [{"type": "string", "minLength": 1, "pattern": "\\S"},
                     {"type": "object", "minProperties": 1, "propertyNames": {"pattern": "^[a-z]{2,3}(-[A-Z]{2})?$"}, "additionalProperties": {"type": "string", "minLength": 1, "pattern": "\\S"}}]},
  "name": {"type": "string", "pattern": name_pattern},
  "marker": {"type": "integer", "minimum": 1, "maximum": 2147483647, "description": "A marker code; 0 and negative codes are reserved for events the software writes."},
  "dateBound": {"type": "string", "pattern": "^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])|[+-][0-9]+[dmy])$"},
  "choices": {"type": "array", "minItems": 1, "items": obj({"value": {"type": "integer", "minimum": -1000000, "maximum": 1000000}, "text": ref("text"), "exclusive": {"type": "boolean", "description": "In a multipleChoice question: an answer on its own (\"none of these\"), refused together with another choice; minSelections is then at most 1."}}, ["value", "text"])},
  "question": question,
  "questions": {"type": "array", "items": ref("question")},
  "settings": obj({
      "dayWindowHours": {"type": "number", "exclusiveMinimum": 0, "maximum": 336, "default": 12},
      "mainsFrequency": {"enum": [50, 60], "default": 50},
      "encryption": obj({"mode": {"enum": ["none", "openpgp"]}, "recipients": {"type": "array", "items": {"type": "string", "minLength": 1}}}, ["mode"],
                        {"if": {"properties": {"mode": {"const": "openpgp"}}}, "then": {"required": ["recipients"], "properties": {"recipients": {"minItems": 1}}}}),
      "transfer": obj({"mode": {"enum": ["afterEachSession", "afterEachDay", "manual", "never"]}}, ["mode"]),
      "cues": {"enum": ["speech", "bell", "none"], "default": "speech"},
      "report": {"enum": ["none", "afterEachSession"], "default": "none", "description": "Whether run writes a post-session report (HTML) into <data>/reports/ after each session with EEG; never for encrypted studies."},
      "announcements": obj({
          "signingKeyFile": {"type": "string", "minLength": 1, "description": "The lab's public key file, relative to the study folder."},
          "signingFingerprint": {"type": "string", "pattern": "^ *([0-9A-Fa-f] *){40}$|^ *([0-9A-Fa-f] *){64}$", "description": "The key's fingerprint: 40 (or 64) hex digits, spaces allowed."}},
          ["signingKeyFile", "signingFingerprint"],
          doc="The key that signs announcements: a message is shown only with a valid detached signature by it (message.json.sig). The study file is the lab's word: a transfer.json naming another key is refused."),
  }),
  "consent": obj({"title": ref("text"), "pages": {"type": "array", "minItems": 1, "items": obj({
        "topic": {"enum": ["overview", "dataGathering", "privacy", "dataUse", "timeCommitment", "studySurvey", "studyTasks", "withdrawing", "custom"]},
        "title": ref("text"), "summary": ref("text"), "content": ref("text")}, ["topic", "content"])},
      "agreement": ref("text"), "agreementPhrase": ref("text"), "questions": ref("questions")},
      ["title", "pages", "agreement", "agreementPhrase"]),
  "preparationStep": obj({
      "id": ref("name"), "instruction": ref("text"), "short": ref("text"),
      "waitFor": {"enum": ["connected", "onHead", "goodSignalFront", "goodSignalBack", "goodSignal"]},
      "quality": obj({"mode": {"enum": ["signalQuality", "noise"]}, "electrodes": {"enum": ["front", "back", "all"]},
                      "threshold": {"type": "number", "minimum": 1, "maximum": 100, "default": 100},
                      "relaxedThreshold": {"type": "number", "minimum": 1, "maximum": 100}}, ["mode", "electrodes"]),
      "timeout": {"type": "number", "exclusiveMinimum": 0, "maximum": 86400}, "announce": ref("text")},
      ["id", "instruction"],
      {"if": {"properties": {"quality": {"required": ["relaxedThreshold"]}}, "required": ["quality"]}, "then": {"required": ["timeout"]}}),
  "duration": {"oneOf": [{"type": "number", "minimum": 0, "maximum": 3600}, {"enum": ["untilAcknowledged", "untilSpoken"]}]},
  "reactionTimeTask": obj({
      "type": {"const": "reactionTime"},
      "foreperiod": obj({"min": {"type": "number", "minimum": 0, "maximum": 60}, "max": {"type": "number", "minimum": 0, "maximum": 60}}, ["min", "max"]),
      "stimulus": ref("text"), "responseWindow": {"type": "number", "exclusiveMinimum": 0, "maximum": 60},
      "responseKey": {"enum": ["space", "enter", "any"], "default": "space"},
      "anticipationBound": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.1},
      "stimulusMarker": ref("marker"), "responseMarker": ref("marker"), "anticipationMarker": ref("marker"), "missMarker": ref("marker"),
      "score": {"enum": ["medianCorrectLatency"], "default": "medianCorrectLatency"}},
      ["type", "foreperiod", "stimulus", "responseWindow", "stimulusMarker", "responseMarker", "anticipationMarker", "missMarker"]),
  "phase": obj({"kind": {"enum": ["prompt", "fixation", "pause", "task"]}, "text": ref("text"), "duration": ref("duration"),
                "jitter": {"type": "number", "minimum": 0, "maximum": 3600, "default": 0}, "marker": ref("marker"), "task": ref("reactionTimeTask")},
               ["kind", "duration", "marker"],
               {"allOf": [
                  {"if": {"properties": {"kind": {"const": "task"}}, "required": ["kind"]}, "then": {"required": ["task"]}, "else": {"not": {"required": ["task"]}}},
                  {"if": {"properties": {"duration": {"const": "untilSpoken"}}, "required": ["duration"]}, "then": {"required": ["text"]}},
               ]}),
  "trialType": obj({"marker": ref("marker"), "generator": {"enum": ["mentalSubtraction"]}, "phases": {"type": "array", "minItems": 1, "items": ref("phase")}}, ["marker", "phases"]),
  "block": obj({"repeat": {"type": "integer", "minimum": 1, "maximum": 100, "default": 1},
                "intro": {"type": "array", "items": ref("name")}, "outro": {"type": "array", "items": ref("name")},
                "shuffle": {"type": "boolean", "default": False},
                "trials": {"type": "array", "minItems": 1, "items": obj({"type": ref("name"), "count": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 1}}, ["type"])}},
               ["trials"]),
  "paradigm": obj({"title": {"type": "string", "minLength": 1},
                   "conditionLabels": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
                   "conditionMarkers": {"type": "array", "minItems": 1, "items": ref("marker")},
                   "baseMarkers": {"type": "array", "minItems": 1, "items": ref("marker")},
                   "baseTime": {"type": "number", "minimum": -60, "maximum": 60},
                   "trialTime": {"type": "number", "exclusiveMinimum": 0, "maximum": 3600}},
                  ["title", "conditionLabels", "conditionMarkers", "baseMarkers", "baseTime", "trialTime"]),
  "questionnaire": obj({"title": ref("text"), "text": ref("text"), "questions": {"type": "array", "minItems": 1, "items": ref("question")}}, ["title", "questions"]),
  "session": {
    "type": "object", "description": "A questionnaire or recording session, defined once and referred to by name from the days.",
    "properties": {"kind": {"enum": ["questionnaire", "recording"]}, "title": ref("text"), "text": ref("text")},
    "required": ["kind", "title"],
    "allOf": [
      {"if": {"properties": {"kind": {"const": "questionnaire"}}, "required": ["kind"]}, "then": {"properties": {"questionnaire": ref("name")}, "required": ["questionnaire"]}},
      {"if": {"properties": {"kind": {"const": "recording"}}, "required": ["kind"]}, "then": {"properties": {
          "preparation": ref("name"), "betweenBlocks": ref("name"), "paradigm": ref("paradigm"),
          "blocks": {"type": "array", "minItems": 1, "items": ref("block")}}, "required": ["paradigm", "blocks"]}},
    ],
    "unevaluatedProperties": False,
  },
  "day": obj({"title": ref("text"), "sessions": {"type": "array", "minItems": 1, "items": ref("name")}}, ["sessions"]),
  "participantColumn": obj({
    "column": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "not": {"const": "participant_id"}},
    "questionnaire": {"type": "string", "minLength": 1}, "question": {"type": "string", "minLength": 1},
    "description": {"type": "string", "minLength": 1},
  }, ["column", "questionnaire", "question"], doc="A participants.tsv column filled from a questionnaire answer (a choice, scale or number question)."),
  "dataset": obj({
    "authors": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
    "license": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9.+-]*$", "description": "An SPDX licence identifier, e.g. CC-BY-4.0."},
    "howToAcknowledge": {"type": "string", "minLength": 1},
    "institutionName": {"type": "string", "minLength": 1},
    "institutionAddress": {"type": "string", "minLength": 1},
    "institutionalDepartmentName": {"type": "string", "minLength": 1},
    "participantColumns": {"type": "array", "items": ref("participantColumn")},
    "phenotype": {"type": "boolean", "default": False},
  }, doc="What exports of the study's data say about it (BIDS dataset_description.json, sidecars, participants.tsv columns, phenotype tables)."),
  "monitoring": obj({
    "noUploadDays": {"type": "number", "exclusiveMinimum": 0, "maximum": 365, "default": 3},
    "missedInARow": {"type": "integer", "minimum": 1, "maximum": 100, "default": 2},
    "minimumGoodSignal": {"type": "number", "minimum": 0, "maximum": 100, "default": 60},
    "maximumLoss": {"type": "number", "minimum": 0, "maximum": 100, "default": 10},
    "lowBattery": {"type": "number", "minimum": 0, "maximum": 100, "default": 20},
    "failingSessions": {"type": "integer", "minimum": 1, "maximum": 3, "default": 2},
  }, doc="When the study overview of 'collect' flags a participant (no upload, missed sessions, low quality, lost data, a failing headband)."),
  "reminders": obj({"title": ref("text"), "text": ref("text")},
    doc="The title and text of the desktop notification 'study-recorder remind' shows when a session is due; each defaults to the runtime's own words."),
}
schema = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://study-recorder.invalid/schema/study-1.json",
  "title": "StudyRecorder study file, format version 1",
  "description": "The structure of Studies/<name>/study.json. 'study-recorder validate' checks this and more: references between parts, marker collisions, paradigm markers, placeholders, locale keys and value relations (see docs/study-format.md).",
  "type": "object",
  "properties": {
    "formatVersion": {"const": 1},
    "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
    "title": ref("text"), "description": ref("text"),
    "locales": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"type": "string", "pattern": "^[a-z]{2,3}(-[A-Z]{2})?$"}},
    "defaultLocale": {"type": "string", "pattern": "^[a-z]{2,3}(-[A-Z]{2})?$"},
    "settings": ref("settings"),
    "texts": named(ref("text"), "Named reusable texts, used as #name# placeholders."),
    "consent": ref("consent"),
    "preparations": named({"type": "array", "minItems": 1, "items": ref("preparationStep")}, "Named lists of hardware-preparation steps."),
    "trialTypes": named(ref("trialType"), "Named trial types."),
    "questionnaires": named(ref("questionnaire"), "Named questionnaires."),
    "sessions": named(ref("session"), "Named sessions.", min1=True),
    "days": {"type": "array", "minItems": 1, "items": ref("day")},
    "dataset": ref("dataset"),
    "monitoring": ref("monitoring"),
    "reminders": ref("reminders"),
  },
  "required": ["formatVersion", "id", "title", "locales", "defaultLocale", "consent", "sessions", "days"],
  "additionalProperties": False,
  "$defs": defs,
}
open(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "study-schema.json"), "w").write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
