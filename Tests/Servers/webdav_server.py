"""A real WebDAV server (wsgidav 4.4 + cheroot) for StudyRecorder's tests, on 127.0.0.1 only.

wsgidav stores roles but never enforces them, so a small middleware placed after the authenticator
enforces per-account rights the way a production server (Apache <LimitExcept>) would:

  upload       PUT, MKCOL, OPTIONS                (the reference's upload-only account)
  upload+list  the above plus PROPFIND
  read         GET, HEAD, PROPFIND, OPTIONS       (the announcements account)
  all          everything

Every request is appended to a JSON-lines log (method, path, status, user, If-None-Match, and the
client's port, which names its TCP connection), so tests can count uploads, check what reached the
server and which requests shared a connection. With --close-after N, the Nth answer on a connection
says "Connection: close", so the client must reconnect.

With --connections FILE, every TCP connection's end is appended to FILE as a JSON line: the client's
port, how many requests it answered, and when it ended: "exchange" (while reading or answering: the
client closed it, sent something unreadable, or an answer said "Connection: close") or "idle" (the
server closed a kept-alive connection that was waiting for the next request: its idle timeout or
its shutdown). A test that finds more connections than it expects can tell from it which side
ended the extra one.

usage: webdav_server.py --port P --root DIR --accounts FILE --log FILE [--cert C --key K] [--close-after N]
                        [--connections FILE]
  FILE (accounts) is JSON: {"name": {"password": "...", "rights": "upload"}, ...}
"""
import argparse
import json
import os
import sys
import threading

from cheroot import server as cheroot_server
from cheroot import wsgi
from wsgidav.wsgidav_app import WsgiDAVApp
from wsgidav.error_printer import ErrorPrinter
from wsgidav.http_authenticator import HTTPAuthenticator
from wsgidav.request_resolver import RequestResolver
from wsgidav.mw.base_mw import BaseMiddleware

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

RIGHTS = {
    "upload": {"PUT", "MKCOL", "OPTIONS"},
    "upload+list": {"PUT", "MKCOL", "OPTIONS", "PROPFIND"},
    "read": {"GET", "HEAD", "PROPFIND", "OPTIONS"},
}
ACCOUNTS = {}
LOG_LOCK = threading.Lock()
LOG_FILE = None
CLOSE_AFTER = 0
PER_CONNECTION = {}
CONNECTIONS_FILE = None


class LoggedConnection(cheroot_server.HTTPConnection):
    """cheroot's connection, recording who ended it (see --connections)."""

    answered = 0
    ended_in_exchange = False

    def communicate(self):
        keep = super().communicate()
        if keep:
            self.answered += 1
        else:
            self.ended_in_exchange = True
        return keep

    def close(self):
        if CONNECTIONS_FILE:
            entry = {
                "remotePort": str(self.remote_port),
                "requests": self.answered,
                "ended": "exchange" if self.ended_in_exchange else "idle",
            }
            with LOG_LOCK:
                with open(CONNECTIONS_FILE, "a") as f:
                    f.write(json.dumps(entry) + "\n")
        super().close()


class RequestLog:
    """Outermost WSGI wrapper: records every request and its final status."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        seen = {}
        connection = (environ.get("REMOTE_ADDR"), environ.get("REMOTE_PORT"))
        with LOG_LOCK:
            PER_CONNECTION[connection] = PER_CONNECTION.get(connection, 0) + 1
            closing = CLOSE_AFTER > 0 and PER_CONNECTION[connection] % CLOSE_AFTER == 0

        def recording_start(status, headers, exc_info=None):
            seen["status"] = int(status.split(" ", 1)[0])
            if closing:
                headers = [(k, v) for k, v in headers if k.lower() != "connection"] + [("Connection", "close")]
            return start_response(status, headers, exc_info)

        result = self.app(environ, recording_start)
        # The body is collected and the request logged before anything is sent: a client that reuses
        # its connection asks its next question the moment it has the answer, and a test reading the
        # log right after must find every answered request in it.
        try:
            body = list(result)
        finally:
            if hasattr(result, "close"):
                result.close()
            entry = {
                "method": environ.get("REQUEST_METHOD"),
                "path": environ.get("PATH_INFO"),
                "status": seen.get("status"),
                "user": environ.get("wsgidav.auth.user_name") or "",
                "ifNoneMatch": environ.get("HTTP_IF_NONE_MATCH"),
                "length": environ.get("CONTENT_LENGTH"),
                "remotePort": str(environ.get("REMOTE_PORT")),
            }
            with LOG_LOCK:
                with open(LOG_FILE, "a") as f:
                    f.write(json.dumps(entry) + "\n")
        yield from body


class AccountRights(BaseMiddleware):
    """Answers 403 to any method the authenticated account's rights do not include."""

    def __call__(self, environ, start_response):
        user = environ.get("wsgidav.auth.user_name") or ""
        rights = ACCOUNTS.get(user, {}).get("rights", "none")
        method = environ.get("REQUEST_METHOD", "")
        if rights != "all" and method not in RIGHTS.get(rights, set()):
            body = b"Forbidden for this account\n"
            start_response("403 Forbidden", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
            return [body]
        return self.next_app(environ, start_response)


def main():
    global ACCOUNTS, LOG_FILE, CLOSE_AFTER, CONNECTIONS_FILE
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--accounts", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--close-after", type=int, default=0)
    parser.add_argument("--connections")
    args = parser.parse_args()
    CLOSE_AFTER = args.close_after
    CONNECTIONS_FILE = args.connections
    exit_with_parent()
    with open(args.accounts) as f:
        ACCOUNTS = json.load(f)
    LOG_FILE = args.log
    config = {
        "host": "127.0.0.1",
        "port": args.port,
        "provider_mapping": {"/": args.root},
        "simple_dc": {"user_mapping": {"*": {n: {"password": a["password"]} for n, a in ACCOUNTS.items()}}},
        "http_authenticator": {"accept_basic": True, "accept_digest": False, "default_to_digest": False},
        "middleware_stack": [ErrorPrinter, HTTPAuthenticator, AccountRights, RequestResolver],
        "verbose": 1,
        "logging": {"enable": False, "enable_loggers": []},
        "property_manager": True,
        "lock_storage": True,
    }
    app = RequestLog(WsgiDAVApp(config))
    # A kept-alive connection waits up to 120 s for its next request (cheroot's default is 10 s): on a
    # loaded test machine one upload run has been seen to pause longer than 10 s between its MKCOL and
    # its first PUT, and the server's idle expiry then closed the connection under the client (logged
    # "idle" in --connections), which tests that count one connection per run took for a client fault.
    server = wsgi.Server(("127.0.0.1", args.port), app, numthreads=8, timeout=120)
    server.ConnectionClass = LoggedConnection
    if args.cert:
        from cheroot.ssl.builtin import BuiltinSSLAdapter
        server.ssl_adapter = BuiltinSSLAdapter(args.cert, args.key)
    print("ready", flush=True)
    try:
        server.start()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
