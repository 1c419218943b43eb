# Writes Fixtures/valid/minimal.json and one broken variant per mistake into Fixtures/broken/.
# Run from anywhere: python3 Tests/StudyTests/Fixtures/make-fixtures.py. The expected errors live in
# Tests/StudyTests/Validation/BrokenStudyCorpusTests.swift; update that table when a fixture changes.
import json, copy, os
base = {
  "formatVersion": 1,
  "id": "minimal",
  "title": {"en": "Minimal study", "de": "Minimale Studie"},
  "locales": ["en", "de"],
  "defaultLocale": "en",
  "settings": {"dayWindowHours": 12, "mainsFrequency": 50, "encryption": {"mode": "none"}, "transfer": {"mode": "manual"}, "cues": "bell"},
  "texts": {"getReady": {"en": "Get ready, #patientName#.", "de": "Mach dich bereit, #patientName#."}},
  "consent": {
    "title": "Consent",
    "pages": [{"topic": "overview", "content": {"en": "You record EEG.", "de": "Du nimmst EEG auf."}}],
    "agreement": "I agree to take part.",
    "agreementPhrase": {"en": "I agree", "de": "Ich stimme zu"}
  },
  "preparations": {"start": [
    {"id": "connect", "instruction": "Switch the headband on.", "waitFor": "connected", "timeout": 60},
    {"id": "fit", "instruction": "Adjust the headband.", "waitFor": "goodSignal", "quality": {"mode": "signalQuality", "electrodes": "all", "threshold": 100, "relaxedThreshold": 75}, "timeout": 180}
  ]},
  "trialTypes": {
    "open": {"marker": 300, "phases": [
      {"kind": "prompt", "text": "#getReady#", "duration": "untilSpoken", "marker": 310},
      {"kind": "fixation", "duration": 10, "marker": 320},
      {"kind": "pause", "duration": 5, "jitter": 1, "marker": 330}
    ]},
    "closed": {"marker": 400, "phases": [
      {"kind": "prompt", "text": "Close your eyes.", "duration": "untilSpoken", "marker": 410},
      {"kind": "fixation", "duration": 10, "marker": 420},
      {"kind": "pause", "duration": 5, "jitter": 1, "marker": 430}
    ]}
  },
  "questionnaires": {"mood": {"title": "Mood", "questions": [
    {"id": "mood", "kind": "likert", "text": "How do you feel?", "minimum": 1, "maximum": 5},
    {"id": "sleep", "kind": "numeric", "text": "Hours of sleep?", "minimum": 0, "maximum": 24},
    {"id": "coffee", "kind": "singleChoice", "text": "Coffee today?", "choices": [{"value": 1, "text": "yes"}, {"value": 0, "text": "no"}]}
  ]}},
  "sessions": {
    "mood": {"kind": "questionnaire", "title": "Mood", "questionnaire": "mood"},
    "rest": {"kind": "recording", "title": "Rest", "preparation": "start",
      "paradigm": {"title": "rest", "conditionLabels": ["EyesOpen", "EyesClosed"], "conditionMarkers": [320, 420], "baseMarkers": [310, 410], "baseTime": -3, "trialTime": 10},
      "blocks": [{"repeat": 2, "trials": [{"type": "open"}, {"type": "closed"}], "shuffle": True}]}
  },
  "days": [{"sessions": ["mood", "rest"]}, {"sessions": ["rest"]}]
}
out = os.path.dirname(os.path.abspath(__file__))
def dump(d): return json.dumps(d, indent=2, ensure_ascii=False) + "\n"
open(f"{out}/valid/minimal.json", "w").write(dump(base))
mods = {}
def mod(name):
  def deco(f): mods[name] = f; return f
  return deco
def edit(f):
  def g():
    d = copy.deepcopy(base); f(d); return dump(d)
  return g
text_base = dump(base)
mods["syntax-trailing-comma"] = lambda: text_base.replace('"cues": "bell"\n', '"cues": "bell",\n', 1)
mods["syntax-unterminated-string"] = lambda: text_base.replace('"Minimal study"', '"Minimal study', 1)
mods["syntax-duplicate-key"] = lambda: text_base.replace('"id": "minimal",', '"id": "minimal",\n  "id": "other",', 1)
mods["syntax-bad-escape"] = lambda: text_base.replace('"Switch the headband on."', '"Switch the \\x headband on."', 1)
mods["syntax-empty-file"] = lambda: ""
mods["not-an-object"] = lambda: '[\n  "a study"\n]\n'
def s(name, f): mods[name] = edit(f)
s("unknown-top-level-key", lambda d: d.update({"author": "me"}))
s("unknown-phase-key", lambda d: d["trialTypes"]["open"]["phases"][1].update({"colour": "red"}))
s("missing-phase-marker", lambda d: d["trialTypes"]["closed"]["phases"][2].pop("marker"))
s("wrong-type-day-window", lambda d: d["settings"].update({"dayWindowHours": "12"}))
s("unsupported-format-version", lambda d: d.update({"formatVersion": 2}))
s("default-locale-not-listed", lambda d: d.update({"defaultLocale": "fr"}))
s("missing-default-translation", lambda d: d["consent"].update({"title": {"de": "Einwilligung"}}))
s("unknown-locale-in-text", lambda d: d["consent"]["agreementPhrase"].update({"fr": "J'accepte"}))
s("undefined-session", lambda d: d["days"][1]["sessions"].append("music"))
s("undefined-trial-type", lambda d: d["sessions"]["rest"]["blocks"][0]["trials"].append({"type": "music", "count": 2}))
s("undefined-questionnaire", lambda d: d["sessions"]["mood"].update({"questionnaire": "moods"}))
s("undefined-preparation", lambda d: d["sessions"]["rest"].update({"betweenBlocks": "checkUp"}))
s("marker-collision-in-session", lambda d: d["trialTypes"]["closed"]["phases"][2].update({"marker": 330}))
s("marker-collision-in-trial", lambda d: d["trialTypes"]["open"]["phases"][2].update({"marker": 320}))
s("reserved-marker", lambda d: d["trialTypes"]["open"]["phases"][0].update({"marker": 0}))
s("fractional-marker", lambda d: d["trialTypes"]["open"]["phases"][0].update({"marker": 310.5}))
s("paradigm-marker-not-written", lambda d: d["sessions"]["rest"]["paradigm"].update({"baseMarkers": [310, 411]}))
s("paradigm-count-mismatch", lambda d: d["sessions"]["rest"]["paradigm"].update({"conditionMarkers": [320]}))
s("unknown-placeholder", lambda d: d["trialTypes"]["closed"]["phases"][0].update({"text": {"en": "Close your eyes, #participantName#.", "de": "Schließe die Augen."}}))
s("generator-placeholder-without-generator", lambda d: d["trialTypes"]["open"]["phases"][0].update({"text": "Count down from #subtractFrom#."}))
s("jitter-longer-than-duration", lambda d: d["trialTypes"]["open"]["phases"][2].update({"jitter": 6}))
s("task-phase-without-task", lambda d: d["trialTypes"]["open"]["phases"][1].update({"kind": "task"}))
s("unknown-duration", lambda d: d["trialTypes"]["open"]["phases"][1].update({"duration": "forever"}))
s("unknown-phase-kind", lambda d: d["trialTypes"]["open"]["phases"][1].update({"kind": "video"}))
s("key-not-allowed-for-question-kind", lambda d: d["questionnaires"]["mood"]["questions"][1].update({"choices": [{"value": 1, "text": "one"}]}))
s("duplicate-question-id", lambda d: d["questionnaires"]["mood"]["questions"][2].update({"id": "mood"}))
s("duplicate-choice-value", lambda d: d["questionnaires"]["mood"]["questions"][2]["choices"][1].update({"value": 1}))
s("range-maximum-not-above-minimum", lambda d: d["questionnaires"]["mood"]["questions"][1].update({"maximum": 0}))
s("choice-question-without-choices", lambda d: d["questionnaires"]["mood"]["questions"][2].pop("choices"))
s("wait-for-non-gating-state", lambda d: d["preparations"]["start"][0].update({"waitFor": "batteryLow"}))
s("relaxed-threshold-not-below-threshold", lambda d: d["preparations"]["start"][1]["quality"].update({"relaxedThreshold": 100}))
s("relaxed-threshold-without-timeout", lambda d: d["preparations"]["start"][1].pop("timeout"))
s("mains-frequency", lambda d: d["settings"].update({"mainsFrequency": 55}))
s("unknown-report-mode", lambda d: d["settings"].update({"report": "always"}))
s("openpgp-without-recipients", lambda d: d["settings"].update({"encryption": {"mode": "openpgp"}}))
s("bad-signing-fingerprint", lambda d: d["settings"].update({"announcements": {"signingKeyFile": "keys/lab.asc", "signingFingerprint": "3F2A 91C0"}}))
s("no-days", lambda d: d.update({"days": []}))
s("bad-date-bound", lambda d: d["questionnaires"]["mood"]["questions"].append({"id": "born", "kind": "date", "text": "Birth date?", "earliest": "100 years ago"}))
s("foreperiod-max-below-min", lambda d: d["trialTypes"]["open"]["phases"].append({"kind": "task", "duration": "untilAcknowledged", "marker": 340, "task": {"type": "reactionTime", "foreperiod": {"min": 3, "max": 1}, "stimulus": "X", "responseWindow": 1.5, "stimulusMarker": 350, "responseMarker": 360, "anticipationMarker": 370, "missMarker": 380}}))
s("question-kind-wrong-case", lambda d: d["questionnaires"]["mood"]["questions"][0].update({"kind": "Likert"}))
s("session-kind-keys", lambda d: d["sessions"]["mood"].update({"blocks": []}))
s("bad-study-id", lambda d: d.update({"id": "My Study"}))
s("negative-repeat", lambda d: d["sessions"]["rest"]["blocks"][0].update({"repeat": -1}))
s("named-text-shadows-builtin", lambda d: d["texts"].update({"patientName": "Participant"}))
s("duplicate-step-id", lambda d: d["preparations"]["start"][1].update({"id": "connect"}))
s("until-spoken-without-text", lambda d: d["trialTypes"]["open"]["phases"][0].pop("text"))
s("duplicate-locale", lambda d: d.update({"locales": ["en", "de", "en"]}))
s("bad-locale-code", lambda d: d.update({"locales": ["en", "DE"]}))
s("too-many-selections", lambda d: d["questionnaires"]["mood"]["questions"].append({"id": "drinks", "kind": "multipleChoice", "text": "Drinks?", "choices": [{"value": 1, "text": "tea"}, {"value": 2, "text": "coffee"}], "maxSelections": 5}))
s("instruction-without-text", lambda d: d["questionnaires"]["mood"]["questions"].insert(0, {"id": "hello", "kind": "instruction"}))
s("slider-step-larger-than-range", lambda d: d["questionnaires"]["mood"]["questions"].append({"id": "energy", "kind": "slider", "minimum": 0, "maximum": 10, "step": 20}))
s("task-on-a-prompt", lambda d: d["trialTypes"]["open"]["phases"][0].update({"task": {"type": "reactionTime"}}))
s("task-markers-collide", lambda d: d["trialTypes"]["open"]["phases"].append({"kind": "task", "duration": "untilAcknowledged", "marker": 340, "task": {"type": "reactionTime", "foreperiod": {"min": 1, "max": 3}, "stimulus": "X", "responseWindow": 1.5, "stimulusMarker": 350, "responseMarker": 350, "anticipationMarker": 370, "missMarker": 380}}))
s("unknown-consent-topic", lambda d: d["consent"]["pages"][0].update({"topic": "risks"}))
s("text-not-a-string", lambda d: d.update({"title": 5}))
s("blank-text", lambda d: d["sessions"]["rest"].update({"title": "   "}))
s("unknown-task-type", lambda d: d["trialTypes"]["open"]["phases"].append({"kind": "task", "duration": 5, "marker": 340, "task": {"type": "goNoGo"}}))
for name, f in mods.items():
  open(f"{out}/broken/{name}.json", "w").write(f())
print(len(mods))
