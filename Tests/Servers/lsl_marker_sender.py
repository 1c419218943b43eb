"""A stand-in for stimulus software: an LSL marker outlet (string, irregular) that waits for a
consumer, then pushes COUNT markers "stim-1", "stim-2", … INTERVAL seconds apart, each stamped with
the LSL clock at the moment it is pushed, and writes what it sent as JSON.

Usage: lsl_marker_sender.py OUT.json NAME COUNT INTERVAL
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

import pylsl  # noqa: E402


def main():
    exit_with_parent()
    out, name, count, interval = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    info = pylsl.StreamInfo(name, "Markers", 1, 0, "string", "test-stimulus-" + name)
    outlet = pylsl.StreamOutlet(info)
    deadline = time.time() + 30
    while not outlet.have_consumers() and time.time() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)
    sent = []
    for k in range(1, count + 1):
        stamp = pylsl.local_clock()
        outlet.push_sample(["stim-%d" % k], stamp)
        sent.append(["stim-%d" % k, stamp])
        time.sleep(interval)
    time.sleep(1.0)
    with open(out, "w") as f:
        json.dump({"sent": sent}, f)


if __name__ == "__main__":
    main()
