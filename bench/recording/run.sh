#!/usr/bin/env bash
# Records HOURS (default 24) of oscillator data as fast as possible with study-recorder and, in the
# same run, writes the same layout with h5py; prints throughput and peak memory of both.
# usage: bench/recording/run.sh [HOURS]
set -euo pipefail
cd "$(dirname "$0")/../.."
hours="${1:-24}"
scripts/bootstrap
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
# The release binary as it is installed (`make install`): the Swift runtime and Foundation linked
# statically. The dynamically linked build is measured too, for comparison.
swift build -c release --static-swift-stdlib --scratch-path .build-static --product study-recorder >/dev/null
bin="$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)/study-recorder"
swift build -c release --product study-recorder >/dev/null
dynbin="$(swift build -c release --show-bin-path)/study-recorder"
out="bench/out/recording"; rm -rf "$out"; mkdir -p "$out"

echo "study-recorder: ${hours} h of 256 Hz, 4 channels (mynd signal), as fast as possible, same layout as h5py (--no-quality)"
/usr/bin/time -f '%e %M' -o "$out/sr.time" "$bin" record --data "$out/data" --duration "${hours}h" --speed 0 \
  --signal mynd --seed 1 --no-quality --json > "$out/sr.json"
read -r sr_secs sr_kb < "$out/sr.time"
samples=$(.venv/bin/python -c "import json;print(int(round($hours*3600*256)))")
sr_file=$(.venv/bin/python -c "import json;print(json.load(open('$out/sr.json'))['path'])")
sr_size=$(stat -c %s "$out/data/$sr_file")
rm -rf "$out/data"

echo "study-recorder, dynamically linked (swift build -c release): the same"
/usr/bin/time -f '%e %M' -o "$out/dyn.time" "$dynbin" record --data "$out/data" --duration "${hours}h" --speed 0 \
  --signal mynd --seed 1 --no-quality --json > "$out/dyn.json"
read -r dyn_secs dyn_kb < "$out/dyn.time"
rm -rf "$out/data"

echo "study-recorder: the same, with signal quality and band power computed and stored (/Quality, the default)"
/usr/bin/time -f '%e %M' -o "$out/srq.time" "$bin" record --data "$out/data" --duration "${hours}h" --speed 0 \
  --signal mynd --seed 1 --json > "$out/srq.json"
read -r srq_secs srq_kb < "$out/srq.time"
srq_file=$(.venv/bin/python -c "import json;print(json.load(open('$out/srq.json'))['path'])")
srq_size=$(stat -c %s "$out/data/$srq_file")
rm -rf "$out/data"

echo "h5py $(.venv/bin/python -c 'import h5py;print(h5py.__version__)'): the same layout and signal"
/usr/bin/time -f '%e %M' -o "$out/py.time" .venv/bin/python bench/recording/h5py_writer.py "$out/h5py.h5" "$hours" > "$out/py.json"
read -r py_secs py_kb < "$out/py.time"
py_size=$(stat -c %s "$out/h5py.h5")

.venv/bin/python - "$samples" "$sr_secs" "$sr_kb" "$sr_size" "$py_secs" "$py_kb" "$py_size" "$srq_secs" "$srq_kb" "$srq_size" "$dyn_secs" "$dyn_kb" <<'PY'
import sys
n, s1, m1, z1, s2, m2, z2, s3, m3, z3, s4, m4 = sys.argv[1:]
n = int(n); s1, s2, s3, s4 = float(s1), float(s2), float(s3), float(s4)
print(f"{'':34}{'wall s':>10}{'samples/s':>14}{'peak RSS MB':>14}{'file MB':>10}")
print(f"{'study-recorder':34}{s1:10.1f}{n/s1:14,.0f}{int(m1)/1024:14.1f}{int(z1)/1e6:10.1f}")
print(f"{'study-recorder, dynamic linking':34}{s4:10.1f}{n/s4:14,.0f}{int(m4)/1024:14.1f}{'':>10}")
print(f"{'h5py':34}{s2:10.1f}{n/s2:14,.0f}{int(m2)/1024:14.1f}{int(z2)/1e6:10.1f}")
print(f"{'study-recorder + /Quality':34}{s3:10.1f}{n/s3:14,.0f}{int(m3)/1024:14.1f}{int(z3)/1e6:10.1f}")
print(f"throughput ratio study-recorder / h5py (same layout): {s2/s1:.2f}x")
PY
