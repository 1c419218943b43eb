"""A TCP proxy on 127.0.0.1 that injects network and server faults between the client under test and
a real server, for StudyRecorder's fault-injection tests.

The mode is re-read from a control file for every connection (and every 50 ms for "down"), so a test
switches faults by rewriting one line:

  pass           forward bytes both ways untouched
  down           stop listening: connections are refused, as when the server is off
  status NNN     answer every request with HTTP status NNN (body drained first, so no reset)
  reset N        forward, but reset the connection (RST) after N bytes from the client
  stall          accept and read, never answer (a hung server)
  trickle MS     answer 200 with a huge body, one byte every MS milliseconds, forever (a server that
                 is alive but never finishes; it defeats a "no progress at all" check)

usage: fault_proxy.py --port P --upstream-port U --control FILE
"""
import argparse
import asyncio
import os
import socket
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

REASONS = {401: "Unauthorized", 403: "Forbidden", 409: "Conflict", 500: "Internal Server Error",
           503: "Service Unavailable", 507: "Insufficient Storage", 412: "Precondition Failed"}


def read_mode(path):
    try:
        with open(path) as f:
            parts = f.read().split()
    except OSError:
        return ["pass"]
    return parts or ["pass"]


async def pipe(reader, writer, limit=None, on_limit=None):
    sent = 0
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            if limit is not None and sent + len(data) >= limit:
                writer.write(data[: max(0, limit - sent)])
                await writer.drain()
                on_limit()
                return
            sent += len(data)
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def drain_forever(reader):
    while await reader.read(65536):
        pass


def abort(writer):
    sock = writer.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


async def handle(reader, writer, args):
    mode = read_mode(args.control)
    try:
        if mode[0] == "status":
            code = int(mode[1])
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            body = b"" if code in (204, 304) else f"injected {code}\n".encode()
            writer.write(f"HTTP/1.1 {code} {REASONS.get(code, 'Error')}\r\nContent-Type: text/plain\r\n"
                         f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
            await writer.drain()
            try:
                await asyncio.wait_for(reader.readexactly(length), timeout=5)
            except Exception:
                pass
            writer.close()
        elif mode[0] == "trickle":
            interval = int(mode[1]) / 1000 if len(mode) > 1 else 0.2
            await reader.readuntil(b"\r\n\r\n")
            drain = asyncio.ensure_future(drain_forever(reader))
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000000000\r\n\r\n")
            try:
                while True:
                    writer.write(b".")
                    await writer.drain()
                    await asyncio.sleep(interval)
            finally:
                drain.cancel()
                writer.close()
        elif mode[0] == "stall":
            while await reader.read(65536):
                pass
            writer.close()
        else:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", args.upstream_port)
            limit = int(mode[1]) if mode[0] == "reset" else None

            def reset():
                abort(writer)
                abort(up_writer)

            await asyncio.gather(pipe(reader, up_writer, limit, reset), pipe(up_reader, writer))
    except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
        try:
            writer.close()
        except Exception:
            pass


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream-port", type=int, required=True)
    parser.add_argument("--control", required=True)
    args = parser.parse_args()
    exit_with_parent()
    server = None
    announced = False
    while True:
        down = read_mode(args.control)[0] == "down"
        if down and server is not None:
            server.close()
            await server.wait_closed()
            server = None
        elif not down and server is None:
            server = await asyncio.start_server(lambda r, w: handle(r, w, args), "127.0.0.1", args.port,
                                                reuse_address=True)
        if not announced:
            print("ready", flush=True)
            announced = True
        await asyncio.sleep(0.05)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
