"""Receives what `study-recorder --stream` sends, with the real client libraries, and writes it as
JSON for the tests: a pylsl inlet per requested LSL stream type (EEG, Markers, Quality, BandPower) and
a python-osc server on a loopback port.

Usage: live_receiver.py OUT.json READY_FILE [--lsl TYPE ...] [--osc PORT] [--timeout S] [--stall]

It writes READY_FILE once the OSC port is bound (LSL streams are resolved while the recorder runs),
then collects until no data arrived for --idle seconds (default 2) after the first (the stream ended)
or the timeout. With
--stall the EEG inlet is opened but never read: a consumer that stopped reading.
"""
import argparse
import json
import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

import pylsl  # noqa: E402
from pythonosc import dispatcher, osc_server  # noqa: E402


def channel_info(info):
    labels, units = [], []
    ch = info.desc().child("channels").first_child()
    while not ch.empty():
        labels.append(ch.child_value("label"))
        units.append(ch.child_value("unit"))
        ch = ch.next_sibling()
    return labels, units


def main():
    exit_with_parent()
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("ready")
    p.add_argument("--lsl", action="append", default=[])
    p.add_argument("--osc", type=int)
    p.add_argument("--timeout", type=float, default=30)
    p.add_argument("--stall", action="store_true")
    p.add_argument("--idle", type=float, default=2.0)
    a = p.parse_args()
    result = {"lsl": {}, "osc": {}}
    lock = threading.Lock()
    last = [None]

    server = None
    if a.osc:
        d = dispatcher.Dispatcher()

        def handler(address, *args):
            with lock:
                entry = result["osc"].setdefault(address, {"count": 0, "first": None, "last": None})
                entry["count"] += 1
                values = [x if not (isinstance(x, float) and x != x) else "NaN" for x in args]
                if entry["first"] is None:
                    entry["first"] = values
                entry["last"] = values
                last[0] = time.time()

        d.set_default_handler(handler)
        # One thread reads the datagrams in order (a thread per datagram, 256+ a second, falls behind
        # on a busy machine), from a receive buffer that holds seconds of them: UDP drops what does not
        # fit, and a loaded machine may not schedule this process for a second or more.
        server = osc_server.BlockingOSCUDPServer(("127.0.0.1", a.osc), d)
        server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(a.ready, "w") as f:
        f.write("ready")

    deadline = time.time() + a.timeout

    def collect(kind):
        # Each stream type in a thread of its own, so the EEG inlet opens as soon as its outlet exists.
        found = pylsl.resolve_byprop("type", kind, 1, max(0.1, deadline - time.time()))
        if not found:
            return
        inlet = pylsl.StreamInlet(found[0], max_buflen=360, processing_flags=0)
        info = inlet.info()
        labels, units = channel_info(info)
        entry = {
            "name": info.name(), "source_id": info.source_id(), "srate": info.nominal_srate(),
            "channel_count": info.channel_count(), "labels": labels, "units": units,
            "samples": [], "timestamps": [], "max_ahead": None, "lags": [],
        }
        with lock:
            result["lsl"][kind] = entry
        if a.stall:
            time.sleep(max(0, deadline - time.time()))
            return
        while time.time() < deadline:
            samples, stamps = inlet.pull_chunk(timeout=0.2, max_samples=4096)
            now = pylsl.local_clock()
            with lock:
                if stamps:
                    # How far the chunk's newest time stamp lies ahead of LSL's clock when it was
                    # pulled: a sample is never stamped after the moment it reached the recorder.
                    entry["max_ahead"] = max(entry["max_ahead"] if entry["max_ahead"] is not None else -1e9, max(stamps) - now)
                    entry["lags"].append(now - max(stamps))
                    entry["samples"] += [s if isinstance(s[0], str) else [x if x == x else "NaN" for x in s] for s in samples]
                    entry["timestamps"] += stamps
                    last[0] = time.time()

    threads = [threading.Thread(target=collect, args=(kind,), daemon=True) for kind in a.lsl]
    for t in threads:
        t.start()
    while time.time() < deadline:
        with lock:
            if last[0] is not None and time.time() - last[0] > a.idle:
                break
        time.sleep(0.05)
    # LSL's clock and the wall clock read together (the wall clock on both sides), for clock checks.
    before = time.time()
    result["local_clock"] = pylsl.local_clock()
    result["wall_clock"] = (before + time.time()) / 2
    if server:
        server.shutdown()
    with lock:
        with open(a.out, "w") as f:
            json.dump(result, f)
    os._exit(0)


if __name__ == "__main__":
    main()
