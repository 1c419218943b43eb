"""A WebDAV server on 127.0.0.1 that a participant's machine can upload to and `collect` can read
from, and that plays one attack or fault at a time, for StudyRecorder's tests of `collect` against a
server it does not control.

It serves the folder --root as a small WebDAV server does: PROPFIND (Depth 0 and 1, names
percent-encoded in hrefs), GET and HEAD (ETag, Last-Modified, `Range: bytes=N-`), PUT (honouring
`If-None-Match: *` with 412), MKCOL (405 when the folder exists). An upload killed mid-PUT leaves
the bytes that arrived under the name, as wsgidav does.

What it plays besides is read from the JSON file --attacks before every request, so a test switches
attacks by rewriting it:

  "extra":   [{"folder": F, "name": RAW, "data": BASE64, "listedSize": N?, "age": SECONDS?}]
             entries listed in folder F and served by GET: RAW is any string (a "/", "..", a newline,
             NUL, 5,000 characters…); its href is RAW percent-encoded as one segment, as a hostile
             upload account can make it
  "get":     {"F/NAME": "endless" | "stall" | "redirect" | "status NNN"}
             endless: 200 with Content-Length 10 GiB and zeros without end; stall: the request is
             read and never answered; redirect: 302 to another host
  "propfind": {"" | "F": "endless" | "trickle"}
             endless: a 207 multistatus that never ends, as fast as the client reads; trickle: one
             that never ends at --trickle bytes per second (just above curl's low-speed limit)
  "dieAfterGets": N    after N GETs answered, the process exits (a server killed mid-run)

Every request is logged as one JSON line on standard output. usage:
hostile_dav_server.py --port P --root DIR --attacks FILE [--trickle BYTES_PER_SECOND]
"""
import argparse
import base64
import email.utils
import json
import os
import socketserver
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

ARGS = None
GETS = 0
LOCK = threading.Lock()


def attacks():
    try:
        with open(ARGS.attacks) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def quote(name):
    return urllib.parse.quote(name, safe="")


def response_xml(href, is_folder, size=None, etag=None, mtime=None):
    props = ["<d:resourcetype>%s</d:resourcetype>" % ("<d:collection/>" if is_folder else "")]
    if not is_folder:
        props.append("<d:getcontentlength>%d</d:getcontentlength>" % size)
        props.append("<d:getetag>%s</d:getetag>" % etag)
        props.append("<d:getlastmodified>%s</d:getlastmodified>" % email.utils.formatdate(mtime, usegmt=True))
    return ("<d:response><d:href>%s</d:href><d:propstat><d:prop>%s</d:prop>"
            "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>" % (href, "".join(props)))


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def log(self, status):
        print(json.dumps({"method": self.command, "path": self.path, "status": status}), flush=True)

    # The request's path below the root as segments, decoded.
    def segments(self):
        raw = urllib.parse.urlsplit(self.path).path
        return [urllib.parse.unquote(s) for s in raw.split("/") if s]

    def local(self, segments):
        # Only the test's own files: the joined path must stay in the root.
        path = os.path.realpath(os.path.join(ARGS.root, *segments)) if segments else os.path.realpath(ARGS.root)
        root = os.path.realpath(ARGS.root)
        return path if path == root or path.startswith(root + os.sep) else None

    def extra(self, a, segments):
        if len(segments) != 2:
            return None
        for e in a.get("extra", []):
            if e["folder"] == segments[0] and e["name"] == segments[1]:
                return e
        return None

    def answer(self, status, body=b"", headers=None):
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.log(status)

    def drain(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def do_PROPFIND(self):
        self.drain()
        a = attacks()
        segments = self.segments()
        key = "/".join(segments)
        mode = a.get("propfind", {}).get(key)
        if mode in ("endless", "trickle"):
            return self.endless_listing(mode)
        path = self.local(segments)
        if path is None or not os.path.exists(path):
            return self.answer(404)
        depth = self.headers.get("Depth", "1")
        base = "/" + "/".join(quote(s) for s in segments)
        parts = []
        if os.path.isdir(path):
            parts.append(response_xml(base.rstrip("/") + "/", True))
            if depth != "0":
                for name in sorted(os.listdir(path)):
                    p = os.path.join(path, name)
                    st = os.stat(p)
                    href = base.rstrip("/") + "/" + quote(name)
                    if os.path.isdir(p):
                        parts.append(response_xml(href + "/", True))
                    else:
                        parts.append(response_xml(href, False, st.st_size, '"%x-%x"' % (st.st_mtime_ns, st.st_size), st.st_mtime))
                for e in a.get("extra", []):
                    if len(segments) == 1 and e["folder"] == segments[0]:
                        data = base64.b64decode(e.get("data", ""))
                        size = e.get("listedSize", len(data))
                        mtime = time.time() - e.get("age", 0)
                        parts.append(response_xml(base.rstrip("/") + "/" + quote(e["name"]), False, size, '"x-%d"' % len(data), mtime))
        else:
            st = os.stat(path)
            parts.append(response_xml(base, False, st.st_size, '"%x-%x"' % (st.st_mtime_ns, st.st_size), st.st_mtime))
        body = ('<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:">%s</d:multistatus>' % "".join(parts)).encode()
        self.answer(207, body, {"Content-Type": "application/xml; charset=utf-8"})

    def endless_listing(self, mode):
        self.send_response(207)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        self.log(207)
        self.close_connection = True
        try:
            self.wfile.write(b'<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:">')
            n = 0
            while True:
                n += 1
                chunk = response_xml("/folder-%d/" % n, True).encode()
                if mode == "trickle":
                    for i in range(0, len(chunk), 64):
                        self.wfile.write(chunk[i:i + 64])
                        self.wfile.flush()
                        time.sleep(64.0 / ARGS.trickle)
                else:
                    self.wfile.write(chunk * 64)
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        global GETS
        a = attacks()
        segments = self.segments()
        key = "/".join(segments)
        with LOCK:
            GETS += 1
            count = GETS
        limit = a.get("dieAfterGets")
        if limit is not None and count > limit:
            print(json.dumps({"died": count}), flush=True)
            os._exit(0)
        mode = a.get("get", {}).get(key)
        if mode == "stall":
            self.log("stall")
            time.sleep(3600)
            return
        if mode == "redirect":
            return self.answer(302, b"", {"Location": "http://127.0.0.2:9/elsewhere"})
        if mode and mode.startswith("status "):
            return self.answer(int(mode.split()[1]))
        e = self.extra(a, segments)
        if e is not None:
            data = base64.b64decode(e.get("data", ""))
        else:
            path = self.local(segments)
            if path is None or not os.path.isfile(path):
                return self.answer(404)
            with open(path, "rb") as f:
                data = f.read()
        if mode == "endless":
            self.send_response(200)
            self.send_header("Content-Length", str(10 << 30))
            self.end_headers()
            self.log(200)
            self.close_connection = True
            try:
                zeros = bytes(1 << 16)
                while True:
                    self.wfile.write(zeros)
            except (BrokenPipeError, ConnectionResetError, OSError):
                return
        start = 0
        rng = self.headers.get("Range")
        if rng and rng.startswith("bytes=") and rng.endswith("-"):
            start = int(rng[6:-1])
            if start >= len(data):
                return self.answer(416)
            return self.answer(206, data[start:], {"Content-Range": "bytes %d-%d/%d" % (start, len(data) - 1, len(data))})
        self.answer(200, data, {"Content-Type": "application/octet-stream"})

    def do_PUT(self):
        segments = self.segments()
        path = self.local(segments)
        if path is None or not os.path.isdir(os.path.dirname(path)):
            self.drain()
            return self.answer(409)
        if self.headers.get("If-None-Match") == "*" and os.path.exists(path):
            self.drain()
            return self.answer(412)
        if self.headers.get("Expect", "").lower() == "100-continue":
            self.send_response_only(100)
            self.end_headers()
        remaining = int(self.headers.get("Content-Length") or 0)
        # Written in place as it arrives: a killed upload leaves what came.
        with open(path, "wb") as f:
            while remaining > 0:
                chunk = self.rfile.read(min(remaining, 1 << 16))
                if not chunk:
                    return
                f.write(chunk)
                remaining -= len(chunk)
        self.answer(201)

    def do_MKCOL(self):
        self.drain()
        path = self.local(self.segments())
        if path is None:
            return self.answer(403)
        if os.path.exists(path):
            return self.answer(405)
        os.mkdir(path)
        self.answer(201)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--attacks", required=True)
    parser.add_argument("--trickle", type=int, default=2048)
    ARGS = parser.parse_args()
    exit_with_parent()
    Server(("127.0.0.1", ARGS.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
