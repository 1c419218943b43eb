#!/usr/bin/env bash
# Time and peak memory of `study-recorder report` for a long recording: records HOURS of the
# oscillator (4 channels at 256 Hz, 2 dropouts a minute) as fast as possible twice from the same
# signal, once storing its quality (the default) and once with --no-quality, then makes the session
# report and the participant view of each, ROUNDS times alternating (stored, recomputed, stored, …).
# The report reads the quality windows the recording stored; of the --no-quality recording it
# recomputes them from the samples (what every report did before it could read them): the reference.
# usage: bench/report/run.sh [HOURS] [BINARY]   (BINARY default: the release build if present, else debug)
#        ROUNDS=3 bench/report/run.sh 24
# Ends with one line per view: RESULT name ours_seconds reference_seconds ratio peak_rss_mib
# (medians over the rounds; ours = stored quality read, reference = recomputed; ratio = ours / reference).
set -euo pipefail
cd "$(dirname "$0")/../.."
hours="${1:-1}"
bin="${2:-}"
rounds="${ROUNDS:-1}"
if [ -z "$bin" ]; then
  if [ -x .build/release/study-recorder ]; then bin=.build/release/study-recorder; else bin=.build/debug/study-recorder; fi
fi
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
out="bench/out/report"; rm -rf "$out"; mkdir -p "$out"
echo "binary: $bin" >&2
for kind in stored recomputed; do
  flag=""; [ "$kind" = recomputed ] && flag="--no-quality"
  "$bin" record --data "$out/$kind" --duration "${hours}h" --speed 0 --dropouts 2 --seed 1 $flag --json > "$out/$kind.json" 2> "$out/$kind.log"
  item="$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['path'])" "$out/$kind.json")"
  echo "$item" > "$out/$kind.item"
  ls -l "$out/$kind/$item" >&2
done
for round in $(seq 1 "$rounds"); do
  for kind in stored recomputed; do
    item="$(cat "$out/$kind.item")"
    /usr/bin/time -f "%e %M" -o "$out/session-$kind-$round.time" "$bin" report --data "$out/$kind" "$item" --out "$out/session-$kind-$round.html"
    /usr/bin/time -f "%e %M" -o "$out/participant-$kind-$round.time" "$bin" report --data "$out/$kind" --participant "${item%%/*}" \
      --out "$out/participant-$kind-$round.html"
  done
done
python3 - "$out" "$rounds" "$hours" <<'PY'
import os, statistics, sys
out, rounds, hours = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def times(view, kind):
    rows = [open(f"{out}/{view}-{kind}-{r}.time").read().split() for r in range(1, rounds + 1)]
    return [float(s) for s, _ in rows], [int(k) / 1024 for _, k in rows]
print(f"| {hours} h recording, {rounds} round(s) | quality windows | wall s (median; each round) | peak RSS MiB (max) | HTML KB |")
print("| --- | --- | ---: | ---: | ---: |")
results = []
for view, label in (("session", "report <item> (session view)"), ("participant", "report --participant (one session)")):
    medians = {}
    for kind in ("stored", "recomputed"):
        secs, mib = times(view, kind)
        medians[kind] = (statistics.median(secs), max(mib))
        size = os.path.getsize(f"{out}/{view}-{kind}-1.html") // 1024
        each = " / ".join(f"{s:.2f}" for s in secs)
        print(f"| {label} | {'read' if kind == 'stored' else 'recomputed'} | {medians[kind][0]:.2f} ({each}) | {max(mib):.1f} | {size} |")
    results.append((f"report_{view}", medians["stored"], medians["recomputed"]))
for name, ours, ref in results:
    print(f"RESULT {name} {ours[0]:.2f} {ref[0]:.2f} {ours[0] / ref[0]:.3f} {ours[1]:.1f}")
PY
