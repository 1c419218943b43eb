#!/usr/bin/env bash
# The scale benchmark of `study-recorder collect` on loopback, against a real Apache mod_dav
# (Tests/Servers/apache_server.py, as the tests start it) with an upload-only and a read account.
#
# A generated study: SMALL participants (default 50), then LARGE in all (default 200), each with DAYS
# days (default 20) of one recording of MINUTES minutes (default 5, the oscillator's signal at
# 256 Hz) and one questionnaire, sealed to a fresh study key (even participants at rest, odd ones at
# upload) and uploaded by the real uploader (bench/collect's generator, the library directly), so
# the server holds items and manifests exactly as a study's server does. Then, each under
# /usr/bin/time -v (wall time, peak RSS):
#   1. a first collect of the SMALL study into a fresh dataset;
#   2. a first collect of the LARGE study into another fresh dataset;
#   3. NEW participants (default 5) upload one more day each (one recording and one questionnaire:
#      10 new uploads), and the LARGE dataset is collected again: its GETs are counted in the access log.
# usage: [SMALL=50] [LARGE=200] [DAYS=20] [MINUTES=5] [NEW=5] [CONNECTIONS=4] [JOBS=2] [BIN=…] [GEN=…] bench/collect/run.sh
# The generated recordings are the oscillator's, so collect is run with --include-simulated (it
# leaves demonstration data out of a dataset otherwise).
# Keeps everything in bench/out/collect (several GB at full size); KEEP=0 deletes it at the end.
# REUSE=1 measures again on the study a previous run kept (another binary, a quieter machine): it
# skips generating and the SMALL collect, collects the LARGE study into a fresh dataset, then NEW
# participants upload one more day than the study has so far and it is collected again.
set -euo pipefail
cd "$(dirname "$0")/../.."
small="${SMALL:-50}"; large="${LARGE:-200}"; days="${DAYS:-20}"; minutes="${MINUTES:-5}"
connections="${CONNECTIONS:-4}"; jobs="${JOBS:-2}"; new="${NEW:-5}"
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
# BIN: the study-recorder to measure (default: a release build made here); GEN: the generator.
bin="${BIN:-}"
if [ -z "$bin" ]; then
  swift build -c release --product study-recorder >/dev/null
  bin="$(swift build -c release --show-bin-path)/study-recorder"
fi
gen="${GEN:-}"
if [ -z "$gen" ]; then
  (cd bench/collect && swift build -c release >/dev/null)
  gen="$(cd bench/collect && swift build -c release --show-bin-path)/CollectBench"
fi
out="$PWD/bench/out/collect"
py=.venv/bin/python
reuse="${REUSE:-0}"
export GNUPGHOME="$out/gnupg"
if [ "$reuse" = 1 ]; then
  [ -s "$out/last-day" ] || { echo "REUSE=1: no kept study in $out"; exit 1; }
  rm -rf "$out/httpd" "$out/dataset-large"; mkdir -p "$out/httpd"
  password=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["reader"]["password"])' "$out/accounts.json")
else
  rm -rf "$out"; mkdir -p "$out/share" "$out/httpd" "$out/devices"
  # The study's key (no passphrase: collect runs unattended).
  mkdir -m 700 "$GNUPGHOME"
  gpg --batch --pinentry-mode loopback --passphrase '' --quick-gen-key 'Bench Study <bench@example.invalid>' future-default default never 2>/dev/null
  password="bench-$RANDOM$RANDOM"
  printf '{"uploader": {"password": "%s", "rights": "upload"}, "reader": {"password": "%s", "rights": "read"}}' "$password" "$password" > "$out/accounts.json"
fi
fingerprint=$(gpg --with-colons --list-keys 'Bench Study' | awk -F: '/^fpr/ {print $10; exit}')
gpg --armor --export "$fingerprint" > "$out/study-key.asc"

# Apache on a free port, with the upload-only and the read account.
port=$($py -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
$py Tests/Servers/apache_server.py --port "$port" --root "$out/share" --accounts "$out/accounts.json" --log "$out/requests.jsonl" \
  --workdir "$out/httpd" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; gpgconf --homedir "$GNUPGHOME" --kill gpg-agent 2>/dev/null || true; [ "${KEEP:-1}" = 0 ] && rm -rf "$out"' EXIT
base="http://127.0.0.1:$port/"
for _ in $(seq 100); do curl -s -o /dev/null "$base" && break; sleep 0.1; done
printf '{"webdav": {"user": "reader", "password": "%s"}}' "$password" > "$out/reader-secrets.json"; chmod 600 "$out/reader-secrets.json"

# Participants FIRST…LAST record days FROM…TO and upload, in JOBS processes side by side.
generate() {  # FIRST LAST FROM TO
  local first=$1 last=$2 from=$3 to=$4 count=$(( $2 - $1 + 1 )) j
  local per=$(( (count + jobs - 1) / jobs )) pids=()
  for (( j = 0; j < jobs; j++ )); do
    local a=$(( first + j * per )) b=$(( first + (j + 1) * per - 1 ))
    (( b > last )) && b=$last
    (( a > b )) && continue
    "$gen" "$base" "$password" "$out/study-key.asc" "$fingerprint" "$out/devices" "$a" "$b" "$from" "$to" "$minutes" >> "$out/generate.log" 2>> "$out/generate.err" &
    pids+=($!)
  done
  local pid
  for pid in "${pids[@]}"; do wait "$pid"; done  # not a bare wait: the server is a child too
  local last=0; [ -s "$out/last-day" ] && last=$(cat "$out/last-day")
  (( to > last )) && echo "$to" > "$out/last-day"
  return 0
}
gets() { grep -c '"method": "GET"' "$out/requests.jsonl" || true; }
collect() {  # DATASET LABEL
  local before; before=$(gets)
  /usr/bin/time -v "$bin" collect --from "$base" --study Studies/reaction-time --out "$1" --secrets "$out/reader-secrets.json" \
    --connections "$connections" --include-simulated --json > "$out/$2.json" 2> "$out/$2.time" || echo "collect $2 exited $?"
  sleep 1
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out/$2.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out/$2.time")
  printf '%-34s wall %s  peak RSS %s KiB  GETs %s  %s\n' "$2" "$wall" "$rss" $(( $(gets) - before )) \
    "$($py -c 'import json,sys; r=json.load(open(sys.argv[1])); print("collected %d, exported %d, unchanged %d, problems %d" % (len(r["collected"]), len(r["exported"]), r["unchanged"], len(r["problems"])))' "$out/$2.json")"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$reuse" != 1 ]; then
  start=$(date +%s)
  generate 0 $(( small - 1 )) 1 "$days"
  echo "generated $small participants x $days days x $minutes min in $(( $(date +%s) - start )) s; share $(du -sh "$out/share" | cut -f1)"
  collect "$out/dataset-small" "first collect, $small participants"
  if (( large > small )); then
    start=$(date +%s)
    generate "$small" $(( large - 1 )) 1 "$days"
    echo "generated $(( large - small )) more participants in $(( $(date +%s) - start )) s; share $(du -sh "$out/share" | cut -f1)"
  fi
fi
collect "$out/dataset-large" "first collect, $large participants"
day=$(( $(cat "$out/last-day") + 1 ))
generate 0 $(( new - 1 )) "$day" "$day"
collect "$out/dataset-large" "second collect, $(( new * 2 )) new uploads"
echo "state file $(du -h "$out/dataset-large/.collect/state.json" | cut -f1); dataset $(du -sh --exclude=.collect "$out/dataset-large" | cut -f1)"
echo "load afterwards $(cut -d' ' -f1-3 /proc/loadavg)"
