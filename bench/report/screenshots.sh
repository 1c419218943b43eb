#!/usr/bin/env bash
# Makes the report screenshots in docs/images from the example study: Studies/mynd-example run with
# the oscillator and a scripted participant (as `make demo`, at 100x speed) over its first four days
# (--now moves the clock a day at a time), then `study-recorder report` for the first resting-state
# block and for the participant, rendered by headless Chromium.
#   bench/report/screenshots.sh            (after `swift build --product study-recorder`)
set -euo pipefail
cd "$(dirname "$0")/../.."
export TMPDIR=${TMPDIR:-$PWD/.tmp}
bin=$(swift build --show-bin-path)/study-recorder
work=$TMPDIR/report-screenshots
rm -rf "$work"; mkdir -p "$work"
data=$work/data
$bin enroll Studies/mynd-example --data "$data" --name "Demo Participant" --auto --now 2026-11-02T08:00:00Z >/dev/null
for day in 02 03 04 05; do
  for minute in 00 10 20 30 40; do
    $bin run Studies/mynd-example --data "$data" --auto --speed 100 --seed 7 --now "2026-11-${day}T09:${minute}:00Z" >/dev/null
  done
done
item=$($bin list --data "$data" --json | python3 -c 'import json,sys; print(next(i["path"] for i in json.load(sys.stdin) if i["kind"] == "recording" and "/r_rest_" in i["path"]))')
participant=${item%%/*}
$bin report --data "$data" "$item" --out "$work/session.html"
$bin report --data "$data" --participant "$participant" --out "$work/participant.html"
shot() {  # shot FILE.html OUT.png WIDTH HEIGHT
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --host-resolver-rules="MAP * ~NOTFOUND" \
    --user-data-dir="$work/profile-$RANDOM" --window-size="$3,$4" --screenshot="$2" "file://$1" 2>/dev/null
}
mkdir -p docs/images
shot "$work/session.html" docs/images/report-session.png 1000 2250
shot "$work/participant.html" docs/images/report-participant.png 1000 960
shot "$work/session.html" docs/images/report-session-phone.png 390 1400
ls -l docs/images/report-*.png

# The reaction-time study with its day repeated to five days (seeds differ per day, so the scripted
# participant's latencies do): the participant view's score trend and a block's latencies per trial.
rt=$work/reaction-time; mkdir -p "$rt"
python3 - "$rt/study.json" <<'PY'
import json, sys
study = json.load(open("Studies/reaction-time/study.json"))
study["days"] = [{"title": {"en": f"Day {n}", "de": f"Tag {n}"}, "sessions": ["state", "reaction"]} for n in range(1, 6)]
json.dump(study, open(sys.argv[1], "w"), ensure_ascii=False, indent=1)
PY
rtdata=$work/rt-data
$bin enroll "$rt" --data "$rtdata" --name "Demo Participant" --auto --now 2026-11-02T08:00:00Z >/dev/null
for day in 1 2 3 4 5; do
  for minute in 00 10; do
    $bin run "$rt" --data "$rtdata" --auto --speed 20 --seed "$((day * 7))" --now "2026-11-0$((day + 1))T09:${minute}:00Z" >/dev/null
  done
done
rtitem=$($bin list --data "$rtdata" --json | python3 -c 'import json,sys; print([i["path"] for i in json.load(sys.stdin) if i["kind"] == "recording"][-1])')
$bin report --data "$rtdata" "$rtitem" --out "$work/reaction-time.html"
$bin report --data "$rtdata" --participant "${rtitem%%/*}" --out "$work/reaction-time-participant.html"
shot "$work/reaction-time-participant.html" docs/images/report-participant-reaction-time.png 1000 1120
ls -l docs/images/report-participant-reaction-time.png
