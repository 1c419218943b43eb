#!/usr/bin/env bash
# The cost of keeping the headband's bytes (/Device/Notifications) in a Muse recording: the CPU time
# of a whole `record` process and the file size, with a binary that keeps them (AFTER) and one that
# does not (BEFORE: the same commit built with bench/muse/no-bytes.patch applied, docs/performance.md),
# on the same simulated headband (classic p21 and Athena p1041).
#
#   bench/muse/raw-bytes.sh BEFORE-BINARY AFTER-BINARY [signal-seconds] [speed] [rounds]
#
# Each round records `signal-seconds` of signal (default 180) at `speed` (default 6, so 30 s of host
# time) with both binaries at the same time, each from its own simulated headband, so that both meet
# the same load on the machine: on a shared machine the load changes from one half-minute to the
# next, and recording one binary after the other scattered a round's ratio by ±20 %.
# CPU is user+sys seconds of the record process (GNU time, i.e. getrusage of the child) per hour of
# signal; voluntary context switches per second of signal (a thread going to sleep to wait for work)
# tell how often the process hands work between its threads. Sizes come from h5py: the file, and the
# storage of /Device/Notifications' datasets, in bytes per second of signal. The summary gives each
# preset's median CPU before and after, the median of the rounds' paired ratios (after / before of
# the same round), and the fastest round of each binary (the least disturbed by other work: what the
# recording itself costs).
set -euo pipefail
before=$1 after=$2 seconds=${3:-180} speed=${4:-6} rounds=${5:-6}
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-$root/.venv/bin/python}
work=$(mktemp -d "${TMPDIR:-/tmp}/rawbytes.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

measure() { # binary model preset label round
    local bin=$1 model=$2 preset=$3 label=$4 round=$5
    local data="$work/data-$label-$round"
    "$after" simulate-headband --model "$model" --speed "$speed" "$work/$label.sock" >/dev/null 2>&1 &
    local sim=$!
    for _ in $(seq 100); do [ -S "$work/$label.sock" ] && break; sleep 0.05; done
    /usr/bin/time -f "%U %S %w" -o "$work/$label.time" "$bin" record --data "$data" --source muse --device "unix:$work/$label.sock" \
        --preset "$preset" --speed "$speed" --duration "${seconds}s" --no-quality --json >"$work/$label.json" 2>/dev/null
    kill $sim; wait $sim 2>/dev/null || true
    rm -f "$work/$label.sock"
    local file
    file=$(find "$data" -name '*.h5' | head -1)
    read -r user sys waits <"$work/$label.time"
    "$python" - "$file" "$user" "$sys" "$seconds" "$label" "$round" "$waits" <<'PY' | tee "$work/result-$label-$round"
import h5py, os, sys
path, user, sys_, seconds, label, rnd, waits = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6], int(sys.argv[7])
f = h5py.File(path, 'r')
raw = 0
if 'Device/Notifications' in f:
    g = f['Device/Notifications']
    raw = sum(g[k].id.get_storage_size() for k in g)
cpu = user + sys_
print(f"{label} round={rnd} cpu_s_per_hour={cpu / seconds * 3600:.1f} user_s_per_hour={user / seconds * 3600:.1f} sys_s_per_hour={sys_ / seconds * 3600:.1f} file_bytes_per_s={os.path.getsize(path) / seconds:.0f} notifications_bytes_per_s={raw / seconds:.0f} waits_per_s={waits / seconds:.0f}")
PY
}

for model in classic athena; do
    preset=p21; [ "$model" = athena ] && preset=p1041
    for r in $(seq "$rounds"); do
        measure "$before" "$model" "$preset" "before-$model" "$r" &
        first=$!
        measure "$after" "$model" "$preset" "after-$model" "$r" &
        wait "$first" $!
    done
done

# Each measurement wrote a file of its own (two appending to one file at once could tear a line).
cat "$work"/result-* >"$work/results"
"$python" - "$work/results" <<'PY'
import statistics, sys
rows = [dict(kv.split('=') for kv in line.split()[1:]) | {'label': line.split()[0]} for line in open(sys.argv[1])]
for model in ('classic', 'athena'):
    b = {r['round']: r for r in rows if r['label'] == f'before-{model}'}
    a = {r['round']: r for r in rows if r['label'] == f'after-{model}'}
    cb = [float(r['cpu_s_per_hour']) for r in b.values()]
    ca = [float(r['cpu_s_per_hour']) for r in a.values()]
    paired = [float(a[k]['cpu_s_per_hour']) / float(b[k]['cpu_s_per_hour']) for k in a if k in b]
    kb = statistics.median(float(r['file_bytes_per_s']) for r in b.values()) / 1000
    ka = statistics.median(float(r['file_bytes_per_s']) for r in a.values()) / 1000
    kn = statistics.median(float(r['notifications_bytes_per_s']) for r in a.values()) / 1000
    ub = statistics.median(float(r['user_s_per_hour']) for r in b.values())
    ua = statistics.median(float(r['user_s_per_hour']) for r in a.values())
    sb = statistics.median(float(r['sys_s_per_hour']) for r in b.values())
    sa = statistics.median(float(r['sys_s_per_hour']) for r in a.values())
    wb = statistics.median(float(r['waits_per_s']) for r in b.values())
    wa = statistics.median(float(r['waits_per_s']) for r in a.values())
    print(f"SUMMARY {model}: CPU s/h before {statistics.median(cb):.1f} after {statistics.median(ca):.1f} "
          f"(medians; paired after/before median {statistics.median(paired):.3f}, rounds {' '.join(f'{p:.2f}' for p in paired)}; "
          f"fastest {min(cb):.1f} -> {min(ca):.1f}, ratio {min(ca) / min(cb):.3f}; user {ub:.1f} -> {ua:.1f}, system {sb:.1f} -> {sa:.1f}); "
          f"file {kb:.1f} -> {ka:.1f} KB/s, notifications {kn:.2f} KB/s; "
          f"voluntary context switches per s of signal {wb:.0f} -> {wa:.0f}")
PY
