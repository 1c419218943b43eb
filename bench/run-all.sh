#!/usr/bin/env bash
# `make bench`: the side-by-side comparisons of docs/performance.md in one go, shortened so the runs
# take a few minutes on 2 cores, then ONE table of ratios (name, ours, reference, ratio, target, ok).
#
#   transfer   bench/transfer/many.sh     200 x 2 KiB + 20 x 5 MiB over HTTPS vs one curl invocation
#                                         (with and without a manifest beside each file)
#   recording  bench/recording/run.sh     HOURS_RECORDING (default 2) h as fast as possible vs h5py
#   export     bench/export/run.sh        HOURS_EXPORT (default 4) h to EDF+ vs h5py + MNE
#   report     bench/report/run.sh        a 1 h recording's session and participant views
#   fft        ProcessingBench fft        in-house FFT vs FFTW3 (paired median ratio per size)
#   pipeline   ProcessingBench pipeline   Welch and analyze over 1 h of 5 channels vs scipy
#
# Every part's script prints `RESULT name ours_seconds reference_seconds ratio peak_rss_mib` lines
# ("-" where a figure does not apply); this script collects them and checks each against its target
# (TARGETS below, from docs/performance.md and the issues). Each part's full output is kept in
# bench/out/all/<part>.log. The study-recorder binary measured is the one `make install` installs
# (release, Swift runtime and Foundation linked statically, in .build-static); the builds come first
# and are not counted in the parts' times. STUDY_RECORDER_BIN=… measures that binary instead (no
# static build; bench/recording/run.sh still builds its own).
# usage: [STUDY_RECORDER_BIN=…] bench/run-all.sh [PART …]   (default: all parts; e.g. bench/run-all.sh fft transfer)
set -uo pipefail
cd "$(dirname "$0")/.."
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
out="bench/out/all"; rm -rf "$out"; mkdir -p "$out"
parts=("$@"); [ ${#parts[@]} -eq 0 ] && parts=(transfer recording export report fft pipeline)
wants() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

echo "== builds (not timed)"
scripts/bootstrap >/dev/null
if [ -n "${STUDY_RECORDER_BIN:-}" ]; then
  bin="$STUDY_RECORDER_BIN"
else
  scripts/static-build --product study-recorder >/dev/null || exit 1
  bin="$(scripts/static-build --show-bin-path)/study-recorder"
fi
if wants fft || wants pipeline; then
  (cd bench/processing && swift build -c release >/dev/null) || exit 1
fi
echo "study-recorder: $bin ($(swift --version 2>/dev/null | head -1)); $(nproc) CPUs; load average $(cut -d' ' -f1-3 /proc/loadavg)"

started=$(date +%s)
# For a part whose script prints no RESULT line (yet), the lines made from its table.
fallback() {
  case "$1" in
    recording)  # "study-recorder  wall  samples/s  RSS  MB" and "h5py …" rows
      awk '$1 == "study-recorder" && NF == 5 { s = $2; m = $4 } $1 == "h5py" && NF == 5 { p = $2 }
        END { if (s && p) printf "RESULT recording %.1f %.1f %.2f %.1f\n", s, p, s / p, m }' "$out/$1.log" >> "$out/$1.log" ;;
    report)  # "| report <item> (session view) | s | MB | KB |" rows
      awk -F'|' '/session view/ { printf "RESULT report-session %.2f - - %s\n", $3, $4 } /--participant/ { printf "RESULT report-participant %.2f - - %s\n", $3, $4 }' \
        "$out/$1.log" | tr -s ' ' >> "$out/$1.log" ;;
  esac
}

# Runs one part, keeps its output, and collects its RESULT lines.
run() {
  local name="$1"; shift
  local t0; t0=$(date +%s)
  echo "== $name: $*"
  "$@" > "$out/$name.log" 2>&1
  local status=$?
  grep -q '^RESULT ' "$out/$name.log" || fallback "$name"
  grep '^RESULT ' "$out/$name.log" >> "$out/results"
  [ $status -eq 0 ] || echo "RESULT $name-failed - - - -" >> "$out/results"
  echo "   $(( $(date +%s) - t0 )) s, exit $status, $(grep -c '^RESULT ' "$out/$name.log") result(s); output in $out/$name.log"
}
: > "$out/results"
wants transfer && run transfer env STUDY_RECORDER_BIN="$bin" ROUNDS="${ROUNDS:-5}" bench/transfer/many.sh
wants recording && run recording bench/recording/run.sh "${HOURS_RECORDING:-2}"
wants export && run export bench/export/run.sh "${HOURS_EXPORT:-4}" "$bin"
wants report && run report bench/report/run.sh 1 "$bin"
wants fft && run fft bench/processing/.build/release/ProcessingBench fft
wants pipeline && run pipeline bench/processing/.build/release/ProcessingBench pipeline
echo "== all parts: $(( $(date +%s) - started )) s; load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Targets: a name (or a prefix ending in *) and its conditions on `ratio` (ours / reference, time)
# and `rss` (peak MiB). The first matching line counts.
cat > "$out/targets" <<'TARGETS'
transfer-many-same-requests ratio<=1.10   issue 26: <= 1.1x curl's time, curl making the same requests (a manifest beside each file: issue 25)
transfer-many       info                  curl with the files alone: half the requests (no manifests), for information
transfer-many-worst-round ratio<=1.10     issue 26: in every round, so the worst round's ratio
transfer-many-aa-noise info               curl+m against itself in the same round, the largest of the run: the noise a round is read against
recording*          ratio<=0.714 rss<=45  issue 26: >= 1.4x h5py's throughput, peak RSS <= 45 MiB
export-edf          ratio<=1.0            faster than h5py + MNE
report*             rss<=60               issue 26: <= 60 MiB
fft-*               ratio<=2.0            within 2x FFTW (paired median)
welch-vs-scipy      ratio<=1.0            faster than scipy.signal.welch
analyze-vs-scipy    ratio<=2.5            all of analyze (band power, both quality modes, grades, verdict) vs scipy Welch alone: 1.7-1.8x
*                   ratio<=1.0
TARGETS
.venv/bin/python - "$out/results" "$out/targets" <<'PY'
import fnmatch, sys
targets = []
for line in open(sys.argv[2]):
    fields = line.split(None, 1)
    if not fields:
        continue
    rest = fields[1].split() if len(fields) > 1 else []
    # `info`: a row shown for information, with no target.
    conditions = [c for c in rest if c.startswith(("ratio<=", "ratio>=", "rss<=", "rss>=")) or c == "info"]
    targets.append((fields[0], conditions))
def number(text):
    try:
        return float(text)
    except ValueError:
        return None
rows, failures = [], 0
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) < 6:
        continue
    name, ours, ref, ratio, rss = parts[1:6]
    conditions = next(c for pattern, c in targets if fnmatch.fnmatch(name, pattern))
    if conditions == ["info"]:
        rows.append((name, ours, ref, ratio, rss, "(information)", ""))
        continue
    values = {"ratio": number(ratio), "rss": number(rss)}
    ok = not name.endswith("-failed")
    for c in conditions:
        key, op, limit = (c.partition("<=") if "<=" in c else c.partition(">="))
        value = values.get(key)
        if value is None:
            continue
        ok = ok and (value <= float(limit) if op == "<=" else value >= float(limit))
    failures += not ok
    rows.append((name, ours, ref, ratio, rss, " ".join(conditions), "ok" if ok else "NOT OK"))
header = ("name", "ours s", "reference s", "ratio", "peak MiB", "target", "")
widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
print()
for r in [header] + rows:
    print("  ".join(str(v).rjust(w) if 0 < i < 5 else str(v).ljust(w) for i, (v, w) in enumerate(zip(r, widths))).rstrip())
targeted = sum(1 for r in rows if r[6])
print(f"\n{targeted - failures} of {targeted} within target")
sys.exit(1 if failures else 0)
PY
