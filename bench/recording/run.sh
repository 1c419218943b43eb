#!/usr/bin/env bash
# Records HOURS (default 24) of oscillator data as fast as possible with study-recorder and, in the
# same run, writes the same layout with h5py; prints throughput and peak memory of both.
# usage: bench/recording/run.sh [HOURS]
#        ROUNDS=3 bench/recording/run.sh 24   (study-recorder and h5py alternating, medians reported)
#        QUICK=1 bench/recording/run.sh 24    (only the comparison: no dynamically linked build, no /Quality run)
# Ends with one line: RESULT recording ours_seconds reference_seconds ratio peak_rss_mib
# (medians; ours = study-recorder --no-quality, statically linked; reference = h5py;
# ratio = ours / reference, so the throughput ratio is its inverse).
set -euo pipefail
cd "$(dirname "$0")/../.."
hours="${1:-24}"
rounds="${ROUNDS:-1}"
quick="${QUICK:-0}"
scripts/bootstrap
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
# The release binary as it is installed (`make install`): the Swift runtime and Foundation linked
# statically. The dynamically linked build is measured too, for comparison.
scripts/static-build --product study-recorder >/dev/null
bin="$(scripts/static-build --show-bin-path)/study-recorder"
if [ "$quick" != 1 ]; then
  swift build -c release --product study-recorder >/dev/null
  dynbin="$(swift build -c release --show-bin-path)/study-recorder"
fi
out="bench/out/recording"; rm -rf "$out"; mkdir -p "$out"
samples=$(.venv/bin/python -c "print(int(round($hours*3600*256)))")

echo "$(uptime)"
for round in $(seq 1 "$rounds"); do
  echo "round $round: study-recorder, ${hours} h of 256 Hz, 4 channels (mynd signal), as fast as possible, same layout as h5py (--no-quality)"
  /usr/bin/time -f '%e %M' -o "$out/sr-$round.time" "$bin" record --data "$out/data" --duration "${hours}h" --speed 0 \
    --signal mynd --seed 1 --no-quality --json > "$out/sr.json"
  sr_file=$(.venv/bin/python -c "import json;print(json.load(open('$out/sr.json'))['path'])")
  stat -c %s "$out/data/$sr_file" > "$out/sr.size"
  rm -rf "$out/data"
  echo "round $round: h5py $(.venv/bin/python -c 'import h5py;print(h5py.__version__)'): the same layout and signal"
  /usr/bin/time -f '%e %M' -o "$out/py-$round.time" .venv/bin/python bench/recording/h5py_writer.py "$out/h5py.h5" "$hours" > "$out/py.json"
  stat -c %s "$out/h5py.h5" > "$out/py.size"
  rm -f "$out/h5py.h5"
done

if [ "$quick" != 1 ]; then
  echo "study-recorder, dynamically linked (swift build -c release): the same"
  /usr/bin/time -f '%e %M' -o "$out/dyn.time" "$dynbin" record --data "$out/data" --duration "${hours}h" --speed 0 \
    --signal mynd --seed 1 --no-quality --json > "$out/dyn.json"
  rm -rf "$out/data"
  echo "study-recorder: the same, with signal quality and band power computed and stored (/Quality, the default)"
  /usr/bin/time -f '%e %M' -o "$out/srq.time" "$bin" record --data "$out/data" --duration "${hours}h" --speed 0 \
    --signal mynd --seed 1 --json > "$out/srq.json"
  srq_file=$(.venv/bin/python -c "import json;print(json.load(open('$out/srq.json'))['path'])")
  stat -c %s "$out/data/$srq_file" > "$out/srq.size"
  rm -rf "$out/data"
fi
echo "$(uptime)"

.venv/bin/python - "$out" "$samples" "$rounds" <<'PY'
import os, statistics, sys
out, n, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def run(name):
    rows = [open(f"{out}/{name}-{r}.time").read().split() for r in range(1, rounds + 1)]
    return statistics.median(float(s) for s, _ in rows), max(int(k) for _, k in rows) / 1024, [float(s) for s, _ in rows]
def size(name):
    return int(open(f"{out}/{name}.size").read()) / 1e6 if os.path.exists(f"{out}/{name}.size") else float("nan")
sr, py = run("sr"), run("py")
print(f"{'':34}{'wall s':>10}{'samples/s':>14}{'peak RSS MiB':>14}{'file MB':>10}")
def line(label, secs, mib, mb):
    print(f"{label:34}{secs:10.1f}{n / secs:14,.0f}{mib:14.1f}{mb:10.1f}")
line("study-recorder", sr[0], sr[1], size("sr"))
for name, label in (("dyn", "study-recorder, dynamic linking"), ("srq", "study-recorder + /Quality")):
    if os.path.exists(f"{out}/{name}.time"):
        s, k = open(f"{out}/{name}.time").read().split()
        line(label, float(s), int(k) / 1024, size(name))
line("h5py", py[0], py[1], size("py"))
if rounds > 1:
    print("rounds (study-recorder / h5py s): " + ", ".join(f"{a:.1f}/{b:.1f}" for a, b in zip(sr[2], py[2])))
    print("per-round throughput ratios: " + ", ".join(f"{b / a:.2f}x" for a, b in zip(sr[2], py[2])))
print(f"throughput ratio study-recorder / h5py (same layout, medians): {py[0] / sr[0]:.2f}x")
print(f"RESULT recording {sr[0]:.2f} {py[0]:.2f} {sr[0] / py[0]:.3f} {sr[1]:.1f}")
PY
