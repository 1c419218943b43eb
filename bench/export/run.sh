#!/usr/bin/env bash
# Exports a day-long recording to EDF+ with study-recorder and, in the same run, with MNE's own
# writer (mne.export.export_raw, via edfio); prints wall time and peak memory of both, and last one
# line `RESULT export-edf <ours s> <h5py + MNE s> <ratio> <our peak RSS MiB>`.
# usage: bench/export/run.sh [HOURS] [BINARY]   (BINARY default: the release build if present, else debug)
set -euo pipefail
cd "$(dirname "$0")/../.."
hours="${1:-24}"
bin="${2:-}"
if [ -z "$bin" ]; then
  if [ -x .build/release/study-recorder ]; then bin=.build/release/study-recorder; else bin=.build/debug/study-recorder; fi
fi
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
out="bench/out/export"; rm -rf "$out"; mkdir -p "$out"
echo "binary: $bin" >&2
# The recording: the oscillator's mynd signal, 4 channels at 256 Hz, as fast as possible.
"$bin" record --data "$out/data" --duration "${hours}h" --speed 0 --no-quality --signal mynd --seed 1 --json > "$out/record.json"
item="$(.venv/bin/python -c "import json,sys; print(json.load(open(sys.argv[1]))['path'])" "$out/record.json")"
ls -l "$out/data/$item" >&2
/usr/bin/time -f "%e %M" -o "$out/ours.time" "$bin" export --data "$out/data" "$item" --format edf --out "$out/ours" --json > "$out/ours.json"
/usr/bin/time -f "%e %M" -o "$out/mne.time" .venv/bin/python bench/export/mne_export.py "$out/data/$item" "$out/mne.edf" > "$out/mne.json"
read -r ours_s ours_kb < "$out/ours.time"
read -r mne_s mne_kb < "$out/mne.time"
echo "| | wall s | peak RSS MB | EDF MB |"
echo "| --- | ---: | ---: | ---: |"
echo "| study-recorder export --format edf | $ours_s | $((ours_kb / 1024)) | $(( $(stat -c %s "$out"/ours/*.edf) / 1048576 )) |"
echo "| h5py + mne.export.export_raw (edfio) | $mne_s | $((mne_kb / 1024)) | $(( $(stat -c %s "$out/mne.edf") / 1048576 )) |"
echo "MNE phases: $(cat "$out/mne.json")"
awk -v o="$ours_s" -v m="$mne_s" -v kb="$ours_kb" 'BEGIN { printf "RESULT export-edf %.2f %.2f %.2f %.1f\n", o, m, o / m, kb / 1024 }'
