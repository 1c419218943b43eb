#!/usr/bin/env bash
# Many files over HTTPS on one connection: uploads the same 200 small (2 KiB, questionnaire-sized) and
# 20 recording-sized (5 MiB) files, spread over 10 participants, to a local wsgidav server serving TLS
# (127.0.0.1, a certificate signed by a throw-away CA this script makes, verification ON) with
# `study-recorder upload` and with ONE `curl` invocation (its MKCOLs, then every `-T file URL` pair, on
# one kept-alive connection). study-recorder also puts a manifest beside each item (one more PUT per
# item, docs/operations.md), so curl runs twice: with the files alone ("curl") and with a
# manifest-sized file PUT beside each ("curl+m", the same requests as study-recorder). After one
# untimed warm-up run, ROUNDS (default 5) rounds: curl once, then PAIRS (default 4) triples of
# study-recorder, curl+m and curl+m again (the A/A control: the same command twice), each run after
# `sync`, timed by bash's microsecond clock; a round's ratios are the medians of the ratios of
# neighbouring runs (below). Prints every round (medians, paired ratios, every run), the median wall
# times over all rounds, how many TCP connections each run opened (from the server's request log),
# and last four lines: `RESULT transfer-many-same-requests <study-recorder median s> <curl+m median s>
# <median of all paired ratios> <study-recorder peak RSS MiB>` (the same requests, issue 25's manifests
# included), `RESULT transfer-many …` (against curl with the files alone, ratio of medians, for
# information), `RESULT transfer-many-worst-round …` (issue 26's target holds for every round: the
# worst round's medians and paired ratio) and `RESULT transfer-many-aa-noise - - <the largest round A/A
# ratio, or its inverse when below 1> -`.
# The catalog rows carry the files' SHA-256 as every stored item's row does (recordings, questionnaires).
# STUDY_RECORDER_BIN=… measures that binary instead of building `swift build -c release`.
# usage: [ROUNDS=5] [PAIRS=4] [PIN=1] [STUDY_RECORDER_BIN=…] bench/transfer/many.sh [SMALL_COUNT] [LARGE_COUNT] [LARGE_MB]
set -euo pipefail
cd "$(dirname "$0")/../.."
small_n="${1:-200}"; large_n="${2:-20}"; large_mb="${3:-5}"
participants=10
rounds="${ROUNDS:-5}"
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
if [ -n "${STUDY_RECORDER_BIN:-}" ]; then
  bin="$STUDY_RECORDER_BIN"
else
  swift build -c release --product study-recorder >/dev/null
  bin="$(swift build -c release --show-bin-path)/study-recorder"
fi
out="$PWD/bench/out/transfer-many"; rm -rf "$out"; mkdir -p "$out/share" "$out/tls"
py=.venv/bin/python

# A CA, and a server certificate for 127.0.0.1 signed by it.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=bench CA" -keyout "$out/tls/ca.key" -out "$out/tls/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$out/tls/server.key" -out "$out/tls/server.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n' > "$out/tls/ext.cnf"
openssl x509 -req -in "$out/tls/server.csr" -CA "$out/tls/ca.pem" -CAkey "$out/tls/ca.key" -CAcreateserial -days 2 \
  -extfile "$out/tls/ext.cnf" -out "$out/tls/server.pem" 2>/dev/null

port=$($py -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
password="bench-$RANDOM$RANDOM"
printf '{"bench": {"password": "%s", "rights": "upload"}}' "$password" > "$out/accounts.json"
# PIN=1: the server on core 0 and the clients on core 1, as on two machines (default: wherever the
# scheduler puts them). On this 2-core VM it did not make rounds steadier (docs/performance.md).
server_cpu=(); client_cpu=()
if [ "${PIN:-0}" = 1 ] && command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  server_cpu=(taskset -c 0); client_cpu=(taskset -c 1)
fi
"${server_cpu[@]}" $py Tests/Servers/webdav_server.py --port "$port" --root "$out/share" --accounts "$out/accounts.json" --log "$out/requests.jsonl" \
  --cert "$out/tls/server.pem" --key "$out/tls/server.key" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
base="https://127.0.0.1:$port"
for _ in $(seq 100); do curl -s -o /dev/null --cacert "$out/tls/ca.pem" "$base/" && break; sleep 0.1; done
printf 'machine 127.0.0.1 login bench password %s\n' "$password" > "$out/netrc"; chmod 600 "$out/netrc"
# Every tool uploads into the same folder, emptied before each run: where the server's files land
# matters. With a folder per tool, ext4's inode allocator (`recently_deleted`, in the server's
# profile) took 20 % of the server's time for one tool's folder and 5 % for the other's, and which
# one changed with the server's age: one tool looked up to 30 % slower than the other.
curl -sS -o /dev/null --cacert "$out/tls/ca.pem" --netrc-file "$out/netrc" -X MKCOL "$base/up/"

echo "making $small_n x 2 KiB and $large_n x $large_mb MiB files for $participants participants"
mkdir -p "$out/data"; "$bin" list --data "$out/data" >/dev/null
$py - "$out/data" "$small_n" "$large_n" "$large_mb" "$participants" <<'PY'
import datetime, hashlib, json, os, sqlite3, sys, uuid
data, small_n, large_n, large_mb, participants = sys.argv[1], *map(int, sys.argv[2:])
people = [str(uuid.uuid4()).upper() for _ in range(participants)]
now = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.000")
c = sqlite3.connect(f"{data}/catalog.sqlite")
files = []
def add(kind, name, who, payload):
    os.makedirs(f"{data}/{who}", exist_ok=True)
    with open(f"{data}/{who}/{name}", "wb") as f:
        f.write(payload)
    c.execute("INSERT INTO items (id, kind, path, participant, created, size, sha256, encryption, state, complete, attempts) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, 'none', 'pending', 1, 0)",
              (str(uuid.uuid4()).upper(), kind, f"{who}/{name}", who, now, len(payload), hashlib.sha256(payload).hexdigest()))
    files.append(f"{who}/{name}")
for i in range(small_n):
    who = people[i % participants]
    answers = {"questionnaire": "bench", "answers": [{"item": k, "value": (i * 7 + k) % 5} for k in range(60)]}
    text = json.dumps(answers).encode()
    add("questionnaire", f"q_bench_{i + 1}_{who}.json", who, (text + b" " * 2048)[:2048])
for i in range(large_n):
    who = people[i % participants]
    add("recording", f"r_bench_1_1_{i + 1}_{who}.h5", who, os.urandom(large_mb * 1024 * 1024))
c.commit()
with open(f"{data}/../files.txt", "w") as f:
    f.write("\n".join(files) + "\n")
with open(f"{data}/../participants.txt", "w") as f:
    f.write("\n".join(people) + "\n")
PY
bytes=$(cd "$out/data" && cat ../files.txt | xargs stat -c %s | awk '{s+=$1} END {print s}')

mkdir -p "$out/data/private"
printf '{"webdav": {"user": "bench", "password": "%s"}}' "$password" > "$out/data/private/transfer-secrets.json"
chmod 600 "$out/data/private/transfer-secrets.json"
printf '{"webdav": {"url": "%s/up/", "caFile": "%s"}}' "$base" "$out/tls/ca.pem" > "$out/data/transfer.json"

# curl: one invocation, one config: the participants' MKCOLs, then every file as a `-T file URL` pair
# (If-None-Match: * like study-recorder; no Expect: 100-continue for small files, like study-recorder);
# with `manifests`, a manifest-sized file (700 bytes, about study-recorder's) after each.
head -c 525 /dev/urandom | base64 -w 0 > "$out/manifest.json"
curl_config() {
{
  echo "silent"; echo "show-error"; echo "fail"; echo "cacert = \"$out/tls/ca.pem\""; echo "netrc-file = \"$out/netrc\""
  echo "request = MKCOL"
  while read -r who; do echo "url = \"$base/up/$who/\""; echo "output = /dev/null"; done < "$out/participants.txt"
  while read -r path; do
    echo "next"; echo "silent"; echo "show-error"; echo "fail"; echo "cacert = \"$out/tls/ca.pem\""; echo "netrc-file = \"$out/netrc\""
    echo "header = \"If-None-Match: *\""
    [ "$(stat -c %s "$out/data/$path")" -lt 1048576 ] && echo "header = \"Expect:\""
    echo "upload-file = \"$out/data/$path\""; echo "url = \"$base/up/$path\""; echo "output = /dev/null"
    if [ "$1" = manifests ]; then
      echo "next"; echo "silent"; echo "show-error"; echo "fail"; echo "cacert = \"$out/tls/ca.pem\""; echo "netrc-file = \"$out/netrc\""
      echo "header = \"If-None-Match: *\""; echo "header = \"Expect:\""
      echo "upload-file = \"$out/manifest.json\""; echo "url = \"$base/up/$path.manifest.json\""; echo "output = /dev/null"
    fi
  done < "$out/files.txt"
}
}
curl_config files > "$out/curl.config"
curl_config manifests > "$out/curlm.config"

reset_sr() {
  rm -rf "$out/share/up"/*
  $py -c "import sqlite3;c=sqlite3.connect('$out/data/catalog.sqlite');c.execute(\"UPDATE items SET state='pending', remoteName=NULL, transmittedAt=NULL, transmittedVia=NULL\");c.commit()"
}
mark() { wc -l < "$out/requests.jsonl"; }
connections() { tail -n "+$(( $1 + 1 ))" "$out/requests.jsonl" | $py -c 'import json,sys;print(len({json.loads(l)["remotePort"] for l in sys.stdin}))'; }
# Wall time from bash's microsecond clock around the command (GNU time's %e has 10 ms steps, 2 % of a
# run); GNU time still gives the peak RSS. A .time file holds "wall_s peak_kib".
timed() {  # file, command…
  local f="$1" t0 t1; shift
  t0=$EPOCHREALTIME
  "${client_cpu[@]}" /usr/bin/time -f '%M' -o "$f.rss" "$@"
  t1=$EPOCHREALTIME
  echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') $(tail -1 "$f.rss")" > "$f"
}
run_curl() {  # round, name (curl, curlm, or curlm2: curl+m again, the A/A control)
  local config="$2"; [ "$config" = curlm2 ] && config=curlm
  rm -rf "$out/share/up"/*; sync; local m; m=$(mark)
  timed "$out/$2.$1.time" curl --config "$out/$config.config"
  echo "$(connections "$m")" > "$out/$2.$1.conns"
}
run_sr() {
  reset_sr; sync; local m; m=$(mark)
  timed "$out/sr.$1.time" "$bin" upload --data "$out/data" > "$out/sr.out"
  echo "$(connections "$m")" > "$out/sr.$1.conns"
  while read -r path; do cmp -s "$out/data/$path" "$out/share/up/$path" || { echo "  MISMATCH $path"; exit 1; }; done < "$out/files.txt"
}
pairs="${PAIRS:-4}"
echo "upload over https: curl $(curl --version | head -1 | cut -d' ' -f2) (one invocation, files alone and with manifests) vs study-recorder upload, $rounds rounds of $pairs"
# The server's first requests are slower (Python's lazy imports and caches): one untimed curl+m run first.
rm -rf "$out/share/up"/*; curl --config "$out/curlm.config"
# A round: curl once (files alone, for information), then PAIRS triples of study-recorder, curl+m and
# curl+m again ("A/A": the same command twice), curl+m always in the middle and the order of the
# other two swapped every triple. Each triple gives two ratios of neighbouring runs: study-recorder /
# curl+m and curl+m again / curl+m; the round's ratios are their medians (a paired design: the speed of
# this Python server on this VM drifts by up to a third within minutes and moves by up to 10 % from
# one run to the next, docs/performance.md, so only runs next to each other compare).
for r in $(seq "$rounds"); do
  run_curl "$r" curl
  for k in $(seq "$pairs"); do
    if [ $(( (r * pairs + k) % 2 )) = 0 ]; then
      run_sr "$r.$k"; run_curl "$r.$k" curlm; run_curl "$r.$k" curlm2
    else
      run_curl "$r.$k" curlm2; run_curl "$r.$k" curlm; run_sr "$r.$k"
    fi
  done
done
echo "  uploaded bytes identical"
wall() { tail -1 "$1" | cut -d' ' -f1; }
# the median of the numbers on stdin, one a line
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# the median wall time of the .time files given
med() { for f in "$@"; do wall "$f"; done | median; }
conns() { cat "$@" | sort -u | paste -sd/; }
: > "$out/rounds"
for r in $(seq "$rounds"); do
  c=$(wall "$out/curl.$r.time"); cm=$(med "$out"/curlm.$r.*.time); cm2=$(med "$out"/curlm2.$r.*.time); s=$(med "$out"/sr.$r.*.time)
  q=$(for k in $(seq "$pairs"); do echo "$(wall "$out/sr.$r.$k.time") $(wall "$out/curlm.$r.$k.time")"; done | awk '{ print $1 / $2 }' | median)
  aa=$(for k in $(seq "$pairs"); do echo "$(wall "$out/curlm2.$r.$k.time") $(wall "$out/curlm.$r.$k.time")"; done | awk '{ print $1 / $2 }' | median)
  echo "$s $cm $q $aa" >> "$out/rounds"
  printf '  round %s: curl %.3f s; medians of %s: curl+m %.3f s, again %.3f s, study-recorder %.3f s (connections per run %s, %s, %s); paired: study-recorder / curl+m %.2f, A/A %.2f; study-recorder / curl %s\n' "$r" \
    "$c" "$pairs" "$cm" "$cm2" "$s" "$(conns "$out"/curl.$r.conns)" "$(conns "$out"/curlm.$r.*.conns)" "$(conns "$out"/sr.$r.*.conns)" \
    "$q" "$aa" "$(awk -v s="$s" -v c="$c" 'BEGIN { printf "%.2f", s / c }')"
  printf '    runs (triple by triple): study-recorder %s; curl+m %s; again %s\n' "$(for k in $(seq "$pairs"); do wall "$out/sr.$r.$k.time"; done | paste -sd' ')" \
    "$(for k in $(seq "$pairs"); do wall "$out/curlm.$r.$k.time"; done | paste -sd' ')" "$(for k in $(seq "$pairs"); do wall "$out/curlm2.$r.$k.time"; done | paste -sd' ')"
done
curl_s=$(med "$out"/curl.*.time); curlm_s=$(med "$out"/curlm.*.time); sr_s=$(med "$out"/sr.*.time)
sr_kb=$(for f in "$out"/sr.*.time; do tail -1 "$f" | cut -d' ' -f2; done | sort -n | tail -1)
$py - "$bytes" "$small_n" "$large_n" "$curl_s" "$curlm_s" "$sr_s" <<'PY'
import sys
b, sn, ln, cs, cms, ss = sys.argv[1:]
mib = int(b) / 2**20
print(f"{int(sn) + int(ln)} files, {mib:.1f} MiB")
print(f"{'':34}{'median wall s':>14}{'MiB/s':>9}")
for name, s in (("curl (one invocation)", cs), ("curl + a manifest beside each file", cms), ("study-recorder upload", ss)):
    print(f"{name:34}{float(s):14.2f}{mib / float(s):9.1f}")
print(f"upload time study-recorder / curl: {float(ss) / float(cs):.2f}x, / curl with manifests: {float(ss) / float(cms):.2f}x")
PY
paired=$(for f in "$out"/sr.*.*.time; do k=${f#"$out"/sr.}; echo "$(wall "$f") $(wall "$out/curlm.$k")"; done | awk '{ print $1 / $2 }' | median)
awk -v s="$sr_s" -v c="$curlm_s" -v q="$paired" -v kb="$sr_kb" 'BEGIN { printf "RESULT transfer-many-same-requests %.2f %.2f %.2f %.1f\n", s, c, q, kb / 1024 }'
awk -v s="$sr_s" -v c="$curl_s" -v kb="$sr_kb" 'BEGIN { printf "RESULT transfer-many %.2f %.2f %.2f %.1f\n", s, c, s / c, kb / 1024 }'
# The round where study-recorder came out worst against curl+m (the target holds for every round), and
# the largest A/A difference of the run (the noise such a round has to be read against).
awk -v kb="$sr_kb" '{ q = $3; a = $4; if (a < 1) a = 1 / a; if (NR == 1 || q > w) { w = q; s = $1; c = $2 } if (a > aa) aa = a }
    END { printf "RESULT transfer-many-worst-round %.3f %.3f %.2f %.1f\n", s, c, w, kb / 1024; printf "RESULT transfer-many-aa-noise - - %.2f -\n", aa }' "$out/rounds"
