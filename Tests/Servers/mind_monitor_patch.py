"""A patch as Mind Monitor users write them (after the author's Enigma644/MindMonitorPython examples):
a python-osc server on a loopback port, handlers mapped on exact paths, band powers trusted only once
a horseshoe message has said the fit. Started *after* the sender, so it sees only what is sent
periodically. Writes what it saw as JSON for the tests.

Usage: mind_monitor_patch.py OUT.json READY_FILE PORT [--seconds S] [--timeout S]

It writes READY_FILE once the port is bound, then collects for --seconds after the first message
(or until --timeout without one). Per path: the count, the argument count and Python types of the
first message, the arrival time of the first and last (seconds after the first message of any
path), and the first message's values.
"""
import argparse
import json
import math
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

from pythonosc import dispatcher, osc_server  # noqa: E402

PATHS = ["/muse/eeg", "/muse/acc", "/muse/gyro", "/muse/ppg", "/muse/batt",
         "/muse/elements/horseshoe", "/muse/elements/touching_forehead",
         "/muse/elements/blink", "/muse/elements/jaw_clench"]
PATHS += [f"/muse/elements/{b}_{k}" for b in ("delta", "theta", "alpha", "beta", "gamma")
          for k in ("absolute", "relative")]


def main():
    exit_with_parent()
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("ready")
    p.add_argument("port", type=int)
    p.add_argument("--seconds", type=float, default=4)
    p.add_argument("--timeout", type=float, default=30)
    a = p.parse_args()
    lock = threading.Lock()
    start = [None]
    seen = {}
    state = {"horseshoe": None, "bands_before_fit": 0, "bands_after_fit": 0, "bands_taken": 0, "bands_ignored": 0, "markers": []}

    def record(address, args):
        now = time.monotonic()
        with lock:
            if start[0] is None:
                start[0] = now
            t = now - start[0]
            entry = seen.get(address)
            if entry is None:
                entry = seen[address] = {
                    "count": 0, "argc": len(args), "types": [type(x).__name__ for x in args],
                    "first_values": [("NaN" if isinstance(x, float) and math.isnan(x) else x) for x in args],
                    "first": t, "last": t}
            entry["count"] += 1
            entry["last"] = t

    def handler(address, *args):
        record(address, args)
        if address == "/muse/elements/horseshoe":
            state["horseshoe"] = list(args)
        elif address.endswith("_absolute"):
            # The author's scripts ignore band powers until the horseshoe says the fit.
            key = "bands_after_fit" if state["horseshoe"] is not None else "bands_before_fit"
            state[key] += 1
            # The author's OSC-Receiver handler: "All Values" band powers are one per sensor (4);
            # a message of any other length is passed over.
            state["bands_taken" if len(args) == 4 else "bands_ignored"] += 1

    def marker(address, *args):
        record(address, args)
        state["markers"].append({"address": address, "args": list(args)})

    d = dispatcher.Dispatcher()
    for path in PATHS:
        d.map(path, handler)
    d.map("/Marker/*", marker)
    server = osc_server.ThreadingOSCUDPServer(("127.0.0.1", a.port), d)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(a.ready, "w") as f:
        f.write("ready")
    deadline = time.monotonic() + a.timeout
    while time.monotonic() < deadline:
        with lock:
            began = start[0]
        if began is not None and time.monotonic() - began >= a.seconds:
            break
        time.sleep(0.02)
    server.shutdown()
    with lock:
        out = {"paths": seen, "horseshoe": state["horseshoe"], "bands_before_fit": state["bands_before_fit"],
               "bands_after_fit": state["bands_after_fit"], "bands_taken": state["bands_taken"],
               "bands_ignored": state["bands_ignored"], "markers": state["markers"]}
    with open(a.out, "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
