"""A real nginx with its DAV module (Debian's nginx + libnginx-mod-http-dav-ext) for StudyRecorder's
tests, on 127.0.0.1 only: a WebDAV server that ignores `If-None-Match: *` on PUT and replaces the
file (RFC 9110 says it must answer 412), so the uploader has to look before it writes.

It takes the same accounts file as webdav_server.py and apache_server.py. Basic authentication
checks every password; the rights of a known account are enforced with a map on user and method
(nginx has no per-user <Limit>): a method the account may not use is answered 403 (Forbidden).

  upload       PUT, MKCOL, OPTIONS                (the reference's upload-only account)
  upload+list  the above plus PROPFIND
  read         GET, HEAD, PROPFIND, OPTIONS       (the announcements account)
  all          everything

Below /readonly/ the share is served without DAV methods, as a location an operator made read-only
is: PUT and MKCOL are answered 405 (Method Not Allowed).

Every request is written to a JSON-lines access log (method, path, status, user, If-None-Match,
client port). nginx runs in the foreground as one process (no master, no daemon) with its own
prefix, temp and log folders, so it needs no root and writes nothing outside --workdir; this script
stops it on SIGTERM and when the test process that started it dies.

usage: nginx_server.py --port P --root DIR --accounts FILE --log FILE --workdir DIR [--cert C --key K]
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

RIGHTS = {
    "upload": {"PUT", "MKCOL", "OPTIONS"},
    "upload+list": {"PUT", "MKCOL", "OPTIONS", "PROPFIND"},
    "read": {"GET", "HEAD", "PROPFIND", "OPTIONS"},
}
METHODS = ["GET", "HEAD", "PUT", "DELETE", "MKCOL", "COPY", "MOVE", "PROPFIND", "OPTIONS", "LOCK", "UNLOCK", "PROPPATCH"]
DAV_EXT = "/usr/lib/nginx/modules/ngx_http_dav_ext_module.so"


def nginx_binary():
    found = shutil.which("nginx")
    if found:
        return found
    if os.access("/usr/sbin/nginx", os.X_OK):
        return "/usr/sbin/nginx"
    sys.exit("nginx_server.py: no nginx binary (Debian package nginx)")


def write_config(args, accounts):
    work = args.workdir
    passwords = os.path.join(work, "passwords")
    with open(passwords, "w") as f:
        for name, account in accounts.items():
            digest = base64.b64encode(hashlib.sha1(account["password"].encode()).digest()).decode()
            f.write(f"{name}:{{SHA}}{digest}\n")
    denied = []
    for name, account in accounts.items():
        if account["rights"] == "all":
            continue
        for method in METHODS:
            if method not in RIGHTS.get(account["rights"], set()):
                denied.append(f'    "{name}:{method}" 1;')
    temp = os.path.join(work, "temp")
    os.makedirs(temp, exist_ok=True)
    listen = f"127.0.0.1:{args.port}" + (" ssl" if args.cert else "")
    tls = [f"    ssl_certificate {args.cert};", f"    ssl_certificate_key {args.key};"] if args.cert else []
    dav = [
        f"      auth_basic \"StudyRecorder test share\";",
        f"      auth_basic_user_file {passwords};",
        "      if ($denied) { return 403; }",
    ]
    lines = [
        "daemon off;",
        "master_process off;",
        "worker_processes 1;",
        f"pid {work}/nginx.pid;",
        f"error_log {work}/error.log warn;",
    ]
    if os.path.exists(DAV_EXT):
        lines.append(f"load_module {DAV_EXT};")
    lines += [
        "events { worker_connections 256; }",
        "http {",
        "  log_format requests escape=json '{\"method\":\"$request_method\",\"path\":\"$uri\",\"status\":$status,"
        "\"user\":\"$remote_user\",\"ifNoneMatch\":\"$http_if_none_match\",\"remotePort\":\"$remote_port\"}';",
        f"  access_log {args.log} requests;",
        f"  client_body_temp_path {temp}/body;",
        f"  proxy_temp_path {temp}/proxy;",
        f"  fastcgi_temp_path {temp}/fastcgi;",
        f"  uwsgi_temp_path {temp}/uwsgi;",
        f"  scgi_temp_path {temp}/scgi;",
        "  client_max_body_size 0;",
        "  keepalive_timeout 120s;",  # see webdav_server.py: no idle expiry mid-run under load
        "  keepalive_requests 100000;",
        "  map \"$remote_user:$request_method\" $denied {",
        "    default 0;",
        *denied,
        "  }",
        "  server {",
        f"    listen {listen};",
        *tls,
        f"    root {args.root};",
        "    location / {",
        *dav,
        "      dav_methods PUT DELETE MKCOL COPY MOVE;",
        "      dav_ext_methods PROPFIND OPTIONS;",
        "      dav_access user:rw group:rw all:rw;",
        "    }",
        "    location /readonly/ {",
        *dav,
        "    }",
        "  }",
        "}",
    ]
    config = os.path.join(work, "nginx.conf")
    with open(config, "w") as f:
        f.write("\n".join(lines) + "\n")
    return config


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
    with open(args.accounts) as f:
        accounts = json.load(f)
    os.makedirs(os.path.join(args.root, "readonly"), exist_ok=True)
    config = write_config(args, accounts)
    binary = nginx_binary()
    base = [binary, "-p", args.workdir, "-e", os.path.join(args.workdir, "error.log"), "-c", config]
    check = subprocess.run(base + ["-t"], capture_output=True, text=True)
    if check.returncode != 0:
        sys.exit(f"nginx_server.py: configuration rejected: {check.stderr.strip()}")
    nginx = subprocess.Popen(base)
    return supervise(nginx)


if __name__ == "__main__":
    sys.exit(main())
