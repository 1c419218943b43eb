"""A real Apache httpd (mod_dav + mod_dav_fs, Debian's apache2-bin) for StudyRecorder's tests, on
127.0.0.1 only: the WebDAV server most labs and Nextcloud-less institutes actually run.

It takes the same accounts file as webdav_server.py and enforces the rights the way an operator
would configure them, with <Limit>/<LimitExcept> and Basic authentication from a password file:

  upload       PUT, MKCOL, OPTIONS                (the reference's upload-only account)
  upload+list  the above plus PROPFIND
  read         GET, HEAD, PROPFIND, OPTIONS       (the announcements account)
  all          everything

Every request is written to a JSON-lines access log (method, path, status, user, If-None-Match,
client port: requests with the same port shared a TCP connection, and when the request began and
ended in microseconds since the epoch: requests whose spans overlap were served at the same time). Apache writes an entry after it
has answered, so a test that reads the log right after its last request waits for the entry.

The server runs in the foreground under this script, which stops it on SIGTERM and when the test
process that started it dies. Started as root (CI containers), Apache's workers run as `nobody`, so
the share and the lock folder are made writable for them.

usage: apache_server.py --port P --root DIR --accounts FILE --log FILE --workdir DIR [--cert C --key K] [--rate-limit KIB]
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

MODULES = [
    "mpm_event", "authn_core", "authn_file", "authz_core", "authz_user", "auth_basic",
    "dav", "dav_fs",
]
RIGHTS = {
    "upload": {"PUT", "MKCOL", "OPTIONS"},
    "upload+list": {"PUT", "MKCOL", "OPTIONS", "PROPFIND"},
    "read": {"GET", "HEAD", "PROPFIND", "OPTIONS"},
}
METHODS = ["PUT", "MKCOL", "OPTIONS", "PROPFIND", "GET"]  # GET covers HEAD in <Limit>


def apache_binary():
    found = shutil.which("apache2") or shutil.which("httpd")
    if found:
        return found
    for candidate in ("/usr/sbin/apache2", "/usr/sbin/httpd"):
        if os.access(candidate, os.X_OK):
            return candidate
    sys.exit("apache_server.py: no apache2 binary (Debian package apache2-bin)")


def module_directory():
    for candidate in ("/usr/lib/apache2/modules", "/usr/lib64/httpd/modules", "/usr/lib/httpd/modules"):
        if os.path.isdir(candidate):
            return candidate
    sys.exit("apache_server.py: no Apache module directory")


def users_allowed(accounts, method):
    return sorted(name for name, account in accounts.items()
                  if account["rights"] == "all" or method in RIGHTS.get(account["rights"], set()))


def write_config(args, accounts):
    work = args.workdir
    passwords = os.path.join(work, "passwords")
    with open(passwords, "w") as f:
        for name, account in accounts.items():
            digest = base64.b64encode(hashlib.sha1(account["password"].encode()).digest()).decode()
            f.write(f"{name}:{{SHA}}{digest}\n")
    modules = module_directory()
    lines = [f"LoadModule {m}_module {modules}/mod_{m}.so" for m in MODULES]
    if args.rate_limit:
        lines += [f"LoadModule env_module {modules}/mod_env.so", f"LoadModule ratelimit_module {modules}/mod_ratelimit.so"]
    if args.cert:
        lines += [f"LoadModule ssl_module {modules}/mod_ssl.so",
                  f"LoadModule socache_shmcb_module {modules}/mod_socache_shmcb.so"]
    if os.geteuid() == 0:
        lines += ["User nobody", "Group nogroup"]
    lines += [
        f'ServerRoot "{work}"',
        "ServerName 127.0.0.1",
        f"Listen 127.0.0.1:{args.port}",
        f'PidFile "{work}/httpd.pid"',
        f'DefaultRuntimeDir "{work}"',
        f'ErrorLog "{work}/error.log"',
        "LogLevel warn",
        'LogFormat "{\\"method\\": \\"%m\\", \\"path\\": \\"%U\\", \\"status\\": %>s, \\"user\\": \\"%u\\", '
        '\\"ifNoneMatch\\": \\"%{If-None-Match}i\\", \\"length\\": \\"%{Content-Length}i\\", '
        '\\"remotePort\\": \\"%{remote}p\\", \\"begin\\": %{begin:usec}t, \\"end\\": %{end:usec}t}" requests',
        f'CustomLog "{args.log}" requests',
        "StartServers 1", "ServerLimit 1", "ThreadsPerChild 16", "MaxRequestWorkers 16",
        "KeepAlive On", "MaxKeepAliveRequests 0", "KeepAliveTimeout 120",  # see webdav_server.py: no idle expiry mid-run under load
        f'DAVLockDB "{work}/lock/DAVLock"',
        f'DocumentRoot "{args.root}"',
        f'<Directory "{args.root}">',
        "  Options None",
        "  AllowOverride None",
        "</Directory>",
        "<Location />",
        "  DAV On",
    ]
    if args.rate_limit:
        # Each response at most this many KiB/s, as over a slow link: a download lasts long enough
        # that downloads over several connections are seen to overlap in the log.
        lines += ["  SetOutputFilter RATE_LIMIT", f"  SetEnv rate-limit {args.rate_limit}"]
    lines += [
        "  AuthType Basic",
        '  AuthName "StudyRecorder test share"',
        "  AuthBasicProvider file",
        f'  AuthUserFile "{passwords}"',
    ]
    for method in METHODS:
        users = users_allowed(accounts, method) or ["nobody-at-all"]
        lines += [f"  <Limit {method}>", f"    Require user {' '.join(users)}", "  </Limit>"]
    admins = users_allowed(accounts, "DELETE") or ["nobody-at-all"]
    lines += [f"  <LimitExcept {' '.join(METHODS)} HEAD>", f"    Require user {' '.join(admins)}", "  </LimitExcept>",
              "</Location>"]
    if args.cert:
        lines += ["SSLEngine on", f'SSLCertificateFile "{args.cert}"', f'SSLCertificateKeyFile "{args.key}"',
                  f'SSLSessionCache "shmcb:{work}/ssl_scache(512000)"']
    config = os.path.join(work, "httpd.conf")
    with open(config, "w") as f:
        f.write("\n".join(lines) + "\n")
    return config


def open_to_workers(args):
    """Started as root, the workers run as nobody: they must reach the share and the lock folder."""
    os.makedirs(os.path.join(args.workdir, "lock"), exist_ok=True)
    if os.geteuid() != 0:
        return
    path = os.path.abspath(args.root)
    while path != "/":
        mode = os.stat(path).st_mode
        os.chmod(path, mode | 0o011)  # others may traverse every folder above the share
        path = os.path.dirname(path)
    for folder in (args.root, os.path.join(args.workdir, "lock")):
        os.chmod(folder, 0o777)
    for base, folders, _ in os.walk(args.root):
        for name in folders:
            os.chmod(os.path.join(base, name), 0o777)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--accounts", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--rate-limit", type=int, help="KiB/s per response (mod_ratelimit)")
    args = parser.parse_args()
    with open(args.accounts) as f:
        accounts = json.load(f)
    open_to_workers(args)
    config = write_config(args, accounts)
    binary = apache_binary()
    check = subprocess.run([binary, "-t", "-f", config], capture_output=True, text=True)
    if check.returncode != 0:
        sys.exit(f"apache_server.py: configuration rejected: {check.stderr.strip()}")
    httpd = subprocess.Popen([binary, "-f", config, "-DFOREGROUND"])
    return supervise(httpd)


if __name__ == "__main__":
    sys.exit(main())
