#!/usr/bin/env bash
# (Many small and large files over https on one connection, against one curl invocation: bench/transfer/many.sh.)
# Uploads a SIZE_MB (default 1024 = 1 GiB) random file to a local wsgidav server with study-recorder and,
# in the same run, with `curl -T`; then encrypts it with study-recorder (seal at rest) and with
# `gpg --encrypt`. Prints wall time and peak RSS of each.
# usage: bench/transfer/run.sh [SIZE_MB]
set -euo pipefail
cd "$(dirname "$0")/../.."
size_mb="${1:-1024}"
scripts/bootstrap
export TMPDIR="$PWD/.tmp"; mkdir -p "$TMPDIR"
swift build -c release --product study-recorder >/dev/null
bin="$(swift build -c release --show-bin-path)/study-recorder"
out="$PWD/bench/out/transfer"; rm -rf "$out"; mkdir -p "$out/share" "$out/gnupg"; chmod 700 "$out/gnupg"
py=.venv/bin/python

# A throw-away server with one full-rights account, on a free loopback port.
port=$($py -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
password="bench-$RANDOM$RANDOM"
printf '{"bench": {"password": "%s", "rights": "upload"}}' "$password" > "$out/accounts.json"
$py Tests/Servers/webdav_server.py --port "$port" --root "$out/share" --accounts "$out/accounts.json" --log "$out/requests.jsonl" \
  > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; gpgconf --homedir "$out/gnupg" --kill gpg-agent 2>/dev/null; gpgconf --homedir "$out/data/private/gnupg" --kill gpg-agent 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done

echo "making a ${size_mb} MiB random file"
uuid=$(cat /proc/sys/kernel/random/uuid | tr a-z A-Z)
mkdir -p "$out/data/$uuid"
name="r_bench_1_1_1_$uuid.h5"
file="$out/data/$uuid/$name"
head -c "$((size_mb * 1024 * 1024))" /dev/urandom > "$file"
bytes=$(stat -c %s "$file")

# Catalogue it as a pending recording (the recorder's job in real use).
"$bin" list --data "$out/data" >/dev/null
$py - "$out/data/catalog.sqlite" "$uuid" "$name" "$bytes" <<'PY'
import sqlite3, sys, uuid, datetime
db, participant, name, size = sys.argv[1:]
now = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.000")
c = sqlite3.connect(db)
c.execute("INSERT INTO items (id, kind, path, participant, created, size, encryption, state, complete, attempts) "
          "VALUES (?, 'recording', ?, ?, ?, ?, 'none', 'pending', 1, 0)",
          (str(uuid.uuid4()).upper(), f"{participant}/{name}", participant, now, int(size)))
c.commit()
PY
mkdir -p "$out/data/private"
printf '{"webdav": {"user": "bench", "password": "%s"}}' "$password" > "$out/data/private/transfer-secrets.json"
chmod 600 "$out/data/private/transfer-secrets.json"
printf '{"webdav": {"url": "http://127.0.0.1:%s/sr/"}}' "$port" > "$out/data/transfer.json"
printf 'machine 127.0.0.1 login bench password %s\n' "$password" > "$out/netrc"; chmod 600 "$out/netrc"
curl -s -o /dev/null --netrc-file "$out/netrc" -X MKCOL "http://127.0.0.1:$port/sr/"
curl -s -o /dev/null --netrc-file "$out/netrc" -X MKCOL "http://127.0.0.1:$port/curl/"
# Three rounds in alternating order (curl first, then study-recorder first, …), each after `sync`, so
# neither tool always pays for the other's write-back; the median of each is reported.
reset_sr() {
  rm -rf "$out/share/sr/$uuid"
  $py -c "import sqlite3;c=sqlite3.connect('$out/data/catalog.sqlite');c.execute(\"UPDATE items SET state='pending', remoteName=NULL, transmittedAt=NULL\");c.commit()"
}
run_curl() {
  rm -f "$out/share/curl/$name"; sync
  /usr/bin/time -f '%e %M' -o "$out/curl.$1.time" curl -sS --fail -o /dev/null --netrc-file "$out/netrc" -H 'If-None-Match: *' -T "$file" \
    "http://127.0.0.1:$port/curl/$name"
}
run_sr() {
  reset_sr; sync
  /usr/bin/time -f '%e %M' -o "$out/sr.$1.time" "$bin" upload --data "$out/data" > "$out/sr.out"
  cmp -s "$file" "$out/share/sr/$uuid/$name" || { echo "  MISMATCH"; exit 1; }
}
echo "upload: curl $(curl --version | head -1 | cut -d' ' -f2) -T vs study-recorder upload, 3 rounds"
run_curl 1; run_sr 1; run_sr 2; run_curl 2; run_curl 3; run_sr 3
echo "  uploaded bytes identical"
median() { for f in "$@"; do tail -1 "$f"; done | sort -n | sed -n 2p; }
median "$out"/curl.?.time > "$out/curl.time"
median "$out"/sr.?.time > "$out/sr.time"
reset_sr

echo "encryption: gpg --encrypt vs study-recorder (seal at rest: encrypt, fsync, SHA-256, remove plaintext)"
gpg --homedir "$out/gnupg" --batch --passphrase '' --quick-gen-key 'Bench <bench@example.invalid>' future-default default never 2>/dev/null
fpr=$(gpg --homedir "$out/gnupg" --with-colons --list-keys | awk -F: '/^fpr/{print $10; exit}')
gpg --homedir "$out/gnupg" --armor --export "$fpr" > "$out/study-key.asc"
/usr/bin/time -f '%e %M' -o "$out/gpg.time" gpg --homedir "$out/gnupg" --batch --trust-model always -r "$fpr" -o "$out/gpg.out" --encrypt "$file"
# Back to pending and re-configured for at-rest encryption against a closed port: the run seals the
# file (the measured work) and then fails to connect at once.
$py -c "import sqlite3;c=sqlite3.connect('$out/data/catalog.sqlite');c.execute(\"UPDATE items SET state='pending', remoteName=NULL\");c.commit()"
printf '{"webdav": {"url": "http://127.0.0.1:9/"}, "encryption": {"mode": "at-rest", "keyFile": "%s", "fingerprint": "%s"}}' \
  "$out/study-key.asc" "$fpr" > "$out/data/transfer.json"
/usr/bin/time -f '%e %M' -o "$out/seal.time" "$bin" upload --data "$out/data" > "$out/seal.out" 2>&1 || true
test -f "$file.gpg" && test ! -f "$file" || { echo "seal did not happen"; exit 1; }

# /usr/bin/time writes "Command exited with non-zero status N" first when the status is not 0.
read -r curl_s curl_kb < <(tail -1 "$out/curl.time")
read -r sr_s sr_kb < <(tail -1 "$out/sr.time")
read -r gpg_s gpg_kb < <(tail -1 "$out/gpg.time")
read -r seal_s seal_kb < <(tail -1 "$out/seal.time")
$py - "$bytes" "$curl_s" "$curl_kb" "$sr_s" "$sr_kb" "$gpg_s" "$gpg_kb" "$seal_s" "$seal_kb" <<'PY'
import sys
b, cs, ck, ss, sk, gs, gk, es, ek = sys.argv[1:]
b = int(b); mib = b / 2**20
rows = [("curl -T", cs, ck), ("study-recorder upload", ss, sk), ("gpg --encrypt", gs, gk), ("study-recorder seal", es, ek)]
print(f"{'':24}{'wall s':>9}{'MiB/s':>9}{'peak RSS MB':>13}")
for name, s, k in rows:
    s = float(s)
    print(f"{name:24}{s:9.1f}{mib/s:9.1f}{int(k)/1024:13.1f}")
print(f"upload time study-recorder / curl: {float(ss)/float(cs):.2f}x")
print(f"encryption time study-recorder seal / gpg: {float(es)/float(gs):.2f}x")
PY
