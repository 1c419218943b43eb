#!/usr/bin/env bash
# The cost of keeping the headband's bytes (/Device/Notifications) in a Muse recording: the CPU time
# of a whole `record` process and the file size, with a binary that keeps them (AFTER) and one built
# before they were kept (BEFORE), on the same simulated headband (classic p21 and Athena p1041).
#
#   bench/muse/raw-bytes.sh BEFORE-BINARY AFTER-BINARY [signal-seconds] [speed] [rounds]
#
# Each round records `signal-seconds` of signal (default 120) at `speed` (default 4, so 30 s of host
# time) with each binary in turn, alternating which goes first; the CPU figures are user+sys seconds
# of the record process (GNU time) per hour of signal, the median of the rounds. Sizes come from
# h5py: the file, and the storage of /Device/Notifications' datasets, in bytes per second of signal.
set -euo pipefail
before=$1 after=$2 seconds=${3:-120} speed=${4:-4} rounds=${5:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-$root/.venv/bin/python}
work=$(mktemp -d "${TMPDIR:-/tmp}/rawbytes.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

measure() { # binary model preset label
    local bin=$1 model=$2 preset=$3 label=$4
    local data="$work/data-$label-$RANDOM"
    "$after" simulate-headband --model "$model" --speed "$speed" "$work/m.sock" >/dev/null 2>&1 &
    local sim=$!
    for _ in $(seq 100); do [ -S "$work/m.sock" ] && break; sleep 0.05; done
    /usr/bin/time -f "%U %S" -o "$work/time" "$bin" record --data "$data" --source muse --device "unix:$work/m.sock" \
        --preset "$preset" --speed "$speed" --duration "${seconds}s" --no-quality --json >"$work/item.json" 2>/dev/null
    kill $sim; wait $sim 2>/dev/null || true
    rm -f "$work/m.sock"
    local file
    file=$(find "$data" -name '*.h5' | head -1)
    read -r user sys <"$work/time"
    "$python" - "$file" "$user" "$sys" "$seconds" "$label" <<'PY'
import h5py, os, sys
path, user, sys_, seconds, label = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
f = h5py.File(path, 'r')
raw = 0
if 'Device/Notifications' in f:
    g = f['Device/Notifications']
    raw = sum(g[k].id.get_storage_size() for k in g)
cpu = user + sys_
print(f"{label} cpu_s_per_hour={cpu / seconds * 3600:.1f} cpu_percent={cpu / seconds * 100:.3f} file_bytes_per_s={os.path.getsize(path) / seconds:.0f} notifications_bytes_per_s={raw / seconds:.0f}")
PY
}

for model in classic athena; do
    preset=p21; [ "$model" = athena ] && preset=p1041
    for r in $(seq "$rounds"); do
        if [ $((r % 2)) = 1 ]; then
            measure "$before" "$model" "$preset" "before-$model-$preset"; measure "$after" "$model" "$preset" "after-$model-$preset"
        else
            measure "$after" "$model" "$preset" "after-$model-$preset"; measure "$before" "$model" "$preset" "before-$model-$preset"
        fi
    done
done
