#!/usr/bin/env bash
# Time and peak memory of `study-recorder report` for a long recording: records HOURS of the
# oscillator (4 channels at 256 Hz, with dropouts) as fast as possible, then makes its session report
# and the participant view, and prints a table.
# usage: bench/report/run.sh [HOURS] [BINARY]   (BINARY default: the release build if present, else debug)
set -euo pipefail
cd "$(dirname "$0")/../.."
hours="${1:-1}"
bin="${2:-}"
if [ -z "$bin" ]; then
  if [ -x .build/release/study-recorder ]; then bin=.build/release/study-recorder; else bin=.build/debug/study-recorder; fi
fi
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
out="bench/out/report"; rm -rf "$out"; mkdir -p "$out"
echo "binary: $bin" >&2
"$bin" record --data "$out/data" --duration "${hours}h" --speed 0 --dropouts 2 --seed 1 --json > "$out/record.json"
item="$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['path'])" "$out/record.json")"
participant="${item%%/*}"
ls -l "$out/data/$item" >&2
/usr/bin/time -f "%e %M" -o "$out/session.time" "$bin" report --data "$out/data" "$item" --out "$out/session.html"
/usr/bin/time -f "%e %M" -o "$out/participant.time" "$bin" report --data "$out/data" --participant "$participant" --out "$out/participant.html"
read -r s_s s_kb < "$out/session.time"
read -r p_s p_kb < "$out/participant.time"
echo "| ${hours} h recording | wall s | peak RSS MB | HTML KB |"
echo "| --- | ---: | ---: | ---: |"
echo "| report <item> (session view) | $s_s | $((s_kb / 1024)) | $(( $(stat -c %s "$out/session.html") / 1024 )) |"
echo "| report --participant (one session) | $p_s | $((p_kb / 1024)) | $(( $(stat -c %s "$out/participant.html") / 1024 )) |"
