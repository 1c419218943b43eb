#!/usr/bin/env bash
# Many files over HTTPS on one connection: uploads the same 200 small (2 KiB, questionnaire-sized) and
# 20 recording-sized (5 MiB) files, spread over 10 participants, to a local wsgidav server serving TLS
# (127.0.0.1, a certificate signed by a throw-away CA this script makes, verification ON) with
# `study-recorder upload` and with ONE `curl` invocation (its MKCOLs, then every `-T file URL` pair, on
# one kept-alive connection). ROUNDS (default 5) rounds in alternating order (curl first in odd rounds,
# study-recorder first in even ones), each after `sync`; prints every round, the median wall times and
# how many TCP connections each tool opened (from the server's request log).
# usage: [ROUNDS=5] bench/transfer/many.sh [SMALL_COUNT] [LARGE_COUNT] [LARGE_MB]
set -euo pipefail
cd "$(dirname "$0")/../.."
small_n="${1:-200}"; large_n="${2:-20}"; large_mb="${3:-5}"
participants=10
rounds="${ROUNDS:-5}"
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
swift build -c release --product study-recorder >/dev/null
bin="$(swift build -c release --show-bin-path)/study-recorder"
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
$py Tests/Servers/webdav_server.py --port "$port" --root "$out/share" --accounts "$out/accounts.json" --log "$out/requests.jsonl" \
  --cert "$out/tls/server.pem" --key "$out/tls/server.key" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
base="https://127.0.0.1:$port"
for _ in $(seq 100); do curl -s -o /dev/null --cacert "$out/tls/ca.pem" "$base/" && break; sleep 0.1; done
printf 'machine 127.0.0.1 login bench password %s\n' "$password" > "$out/netrc"; chmod 600 "$out/netrc"
curl -sS -o /dev/null --cacert "$out/tls/ca.pem" --netrc-file "$out/netrc" -X MKCOL "$base/sr/"
curl -sS -o /dev/null --cacert "$out/tls/ca.pem" --netrc-file "$out/netrc" -X MKCOL "$base/curl/"

echo "making $small_n x 2 KiB and $large_n x $large_mb MiB files for $participants participants"
mkdir -p "$out/data"; "$bin" list --data "$out/data" >/dev/null
$py - "$out/data" "$small_n" "$large_n" "$large_mb" "$participants" <<'PY'
import datetime, json, os, sqlite3, sys, uuid
data, small_n, large_n, large_mb, participants = sys.argv[1], *map(int, sys.argv[2:])
people = [str(uuid.uuid4()).upper() for _ in range(participants)]
now = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.000")
c = sqlite3.connect(f"{data}/catalog.sqlite")
files = []
def add(kind, name, who, payload):
    os.makedirs(f"{data}/{who}", exist_ok=True)
    with open(f"{data}/{who}/{name}", "wb") as f:
        f.write(payload)
    c.execute("INSERT INTO items (id, kind, path, participant, created, size, encryption, state, complete, attempts) "
              "VALUES (?, ?, ?, ?, ?, ?, 'none', 'pending', 1, 0)",
              (str(uuid.uuid4()).upper(), kind, f"{who}/{name}", who, now, len(payload)))
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
printf '{"webdav": {"url": "%s/sr/", "caFile": "%s"}}' "$base" "$out/tls/ca.pem" > "$out/data/transfer.json"

# curl: one invocation, one config: the participants' MKCOLs, then every file as a `-T file URL` pair
# (If-None-Match: * like study-recorder; no Expect: 100-continue for small files, like study-recorder).
{
  echo "silent"; echo "show-error"; echo "fail"; echo "cacert = \"$out/tls/ca.pem\""; echo "netrc-file = \"$out/netrc\""
  echo "request = MKCOL"
  while read -r who; do echo "url = \"$base/curl/$who/\""; echo "output = /dev/null"; done < "$out/participants.txt"
  while read -r path; do
    echo "next"; echo "silent"; echo "show-error"; echo "fail"; echo "cacert = \"$out/tls/ca.pem\""; echo "netrc-file = \"$out/netrc\""
    echo "header = \"If-None-Match: *\""
    [ "$(stat -c %s "$out/data/$path")" -lt 1048576 ] && echo "header = \"Expect:\""
    echo "upload-file = \"$out/data/$path\""; echo "url = \"$base/curl/$path\""; echo "output = /dev/null"
  done < "$out/files.txt"
} > "$out/curl.config"

reset_sr() {
  rm -rf "$out/share/sr"/*
  $py -c "import sqlite3;c=sqlite3.connect('$out/data/catalog.sqlite');c.execute(\"UPDATE items SET state='pending', remoteName=NULL, transmittedAt=NULL, transmittedVia=NULL\");c.commit()"
}
mark() { wc -l < "$out/requests.jsonl"; }
connections() { tail -n "+$(( $1 + 1 ))" "$out/requests.jsonl" | $py -c 'import json,sys;print(len({json.loads(l)["remotePort"] for l in sys.stdin}))'; }
run_curl() {
  rm -rf "$out/share/curl"/*; sync; local m; m=$(mark)
  /usr/bin/time -f '%e %M' -o "$out/curl.$1.time" curl --config "$out/curl.config"
  echo "$(connections "$m")" > "$out/curl.$1.conns"
}
run_sr() {
  reset_sr; sync; local m; m=$(mark)
  /usr/bin/time -f '%e %M' -o "$out/sr.$1.time" "$bin" upload --data "$out/data" > "$out/sr.out"
  echo "$(connections "$m")" > "$out/sr.$1.conns"
  while read -r path; do cmp -s "$out/data/$path" "$out/share/sr/$path" || { echo "  MISMATCH $path"; exit 1; }; done < "$out/files.txt"
}
echo "upload over https: curl $(curl --version | head -1 | cut -d' ' -f2) (one invocation) vs study-recorder upload, $rounds rounds"
for r in $(seq "$rounds"); do
  if [ $((r % 2)) -eq 1 ]; then run_curl "$r"; run_sr "$r"; else run_sr "$r"; run_curl "$r"; fi
done
echo "  uploaded bytes identical"
for r in $(seq "$rounds"); do
  printf '  round %s: curl %s s (%s connection(s)), study-recorder %s s (%s connection(s))\n' "$r" \
    "$(tail -1 "$out/curl.$r.time" | cut -d' ' -f1)" "$(cat "$out/curl.$r.conns")" "$(tail -1 "$out/sr.$r.time" | cut -d' ' -f1)" "$(cat "$out/sr.$r.conns")"
done
median() { for f in "$@"; do tail -1 "$f" | cut -d' ' -f1; done | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
curl_s=$(median "$out"/curl.*.time); sr_s=$(median "$out"/sr.*.time)
$py - "$bytes" "$small_n" "$large_n" "$curl_s" "$sr_s" <<'PY'
import sys
b, sn, ln, cs, ss = sys.argv[1:]
mib = int(b) / 2**20
print(f"{int(sn) + int(ln)} files, {mib:.1f} MiB")
print(f"{'':24}{'median wall s':>14}{'MiB/s':>9}")
for name, s in (("curl (one invocation)", cs), ("study-recorder upload", ss)):
    print(f"{name:24}{float(s):14.2f}{mib / float(s):9.1f}")
print(f"upload time study-recorder / curl: {float(ss) / float(cs):.2f}x")
PY
