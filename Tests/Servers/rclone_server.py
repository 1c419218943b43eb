"""`rclone serve webdav` (Debian's rclone) for StudyRecorder's tests, on 127.0.0.1 only: a WebDAV
server that ignores `If-None-Match: *` on PUT and replaces the file (RFC 9110 says it must answer
412), and answers 201 to every PUT and to MKCOL of a folder that exists.

It takes the same accounts file as webdav_server.py; rclone has no per-account rights, so every
account with a password may do everything (the passwords go to an htpasswd file rclone reads).
rclone logs each request (method, path, client address) on standard error, which goes to the
server log; --log is accepted for the shared arguments and left empty.

The server runs under this script, which stops it on SIGTERM and when the test process that
started it dies. rclone reads an empty configuration file of its own (never ~/.config/rclone).

usage: rclone_server.py --port P --root DIR --accounts FILE --log FILE --workdir DIR [--cert C --key K]
"""
import argparse
import base64
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import supervise  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--accounts", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    args = parser.parse_args()
    binary = shutil.which("rclone") or sys.exit("rclone_server.py: no rclone binary (Debian package rclone)")
    with open(args.accounts) as f:
        accounts = json.load(f)
    passwords = os.path.join(args.workdir, "passwords")
    with open(passwords, "w") as f:
        for name, account in accounts.items():
            digest = base64.b64encode(hashlib.sha1(account["password"].encode()).digest()).decode()
            f.write(f"{name}:{{SHA}}{digest}\n")
    configuration = os.path.join(args.workdir, "rclone.conf")
    open(configuration, "w").close()
    command = [binary, "serve", "webdav", args.root, "--addr", f"127.0.0.1:{args.port}", "--htpasswd", passwords,
               "--config", configuration, "--cache-dir", os.path.join(args.workdir, "cache"), "-v"]
    if args.cert:
        command += ["--cert", args.cert, "--key", args.key]
    rclone = subprocess.Popen(command)
    return supervise(rclone)


if __name__ == "__main__":
    sys.exit(main())
