"""End-to-end latency of `study-recorder stream`: from the moment a sample exists to the moment a
real client has it.

The oscillator (real time) stamps each sample with the moment it is due and delivers it then; the
recorder streams it to LSL with that moment on LSL's clock and, per sample, as one OSC datagram.
- LSL: a pylsl inlet pulls chunks; latency = pylsl.local_clock() at receipt − the newest sample's
  timestamp in the chunk.
- OSC: a python-osc server counts /muse/eeg datagrams; latency = receipt time − the moment sample k
  was due (first receipt's sample anchored at the stream's LSL start, k/256 s later), on the same
  clock (LSL's clock is CLOCK_MONOTONIC on Linux).

With --muse the source is a simulated headband (`simulate-headband`, real time, packets leaving
once their last sample is taken and reaching the recorder at BLE connection events) streamed with
`stream --source muse`: the LSL figure is then the Muse path's end to end, and `lsl_ahead` counts
chunks whose newest sample was stamped after the moment the inlet pulled it (a time in the future).
`--simulator BIN` takes the simulated headband from another study-recorder (to measure an older
recorder against the same faithful headband).

Usage: bench/streaming/latency.py STUDY_RECORDER [SECONDS] [--muse] [--simulator BIN]   (from the repository root)
"""
import json
import os
import statistics
import subprocess
import sys
import threading
import time

import pylsl
from pythonosc import dispatcher, osc_server

args = sys.argv[1:]
muse = "--muse" in args
simulator = args[args.index("--simulator") + 1] if "--simulator" in args else None
args = [a for i, a in enumerate(args) if a != "--muse" and a != "--simulator" and (i == 0 or args[i - 1] != "--simulator")]
binary = args[0]
seconds = float(args[1]) if len(args) > 1 else 30
env = dict(os.environ, LSLAPICFG=os.path.abspath("Tests/Servers/lsl_loopback.cfg"))
headband = None
source = []
if muse:
    import tempfile
    folder = tempfile.mkdtemp(prefix="muse-bench-", dir="/tmp")
    sock = os.path.join(folder, "m.sock")
    headband = subprocess.Popen([simulator or binary, "simulate-headband", "unix:" + sock], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not os.path.exists(sock):
        time.sleep(0.01)
    source = ["--source", "muse", "--device", "unix:" + sock]
osc_times = []
d = dispatcher.Dispatcher()
d.map("/muse/eeg", lambda address, *args: osc_times.append(pylsl.local_clock()))
server = osc_server.ThreadingOSCUDPServer(("127.0.0.1", 0), d)
port = server.server_address[1]
threading.Thread(target=server.serve_forever, daemon=True).start()

proc = subprocess.Popen([binary, "stream", *source, "--stream", "lsl", "--stream", "osc:127.0.0.1:%d" % port, "--duration", "%gs" % (seconds + 5)],
                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
info = pylsl.resolve_byprop("type", "EEG", 1, 15.0)[0]
inlet = pylsl.StreamInlet(info, max_buflen=10, processing_flags=0)
lsl_latency = []
first_stamp = None
end = time.time() + seconds
while time.time() < end:
    samples, stamps = inlet.pull_chunk(timeout=0.0)
    now = pylsl.local_clock()
    if not stamps:
        time.sleep(0.0005)
    else:
        if first_stamp is None:
            first_stamp = stamps[0]
        lsl_latency.append((now - stamps[-1]) * 1000)
proc.wait()
server.shutdown()
if headband:
    headband.terminate()
    headband.wait()

# OSC: datagram k carries sample k (the receiver listens before the stream starts, and loopback UDP
# drops nothing at this rate). Sample k is due at T0 + k/256, T0 unknown here: the minimum of
# (receipt − k/256) over all k is T0 plus the smallest latency, so what is reported is each
# datagram's latency above the fastest one's (a lower bound of the spread, not an absolute figure).
osc_latency = []
if osc_times:
    offsets = [t - k / 256 for k, t in enumerate(osc_times)]
    base = min(offsets)
    osc_latency = [(o - base) * 1000 for o in offsets]


def summary(values):
    values = sorted(values)
    if not values:
        return None
    return {"n": len(values), "median_ms": round(statistics.median(values), 3), "p99_ms": round(values[int(0.99 * (len(values) - 1))], 3),
            "max_ms": round(values[-1], 3)}


print(json.dumps({"source": "muse" if muse else "oscillator", "seconds": seconds, "lsl_chunk_newest_sample": summary(lsl_latency),
                  "lsl_ahead": sum(1 for v in lsl_latency if v < 0), "lsl_min_ms": round(min(lsl_latency), 3) if lsl_latency else None,
                  "osc_relative_to_fastest": summary(osc_latency)}))
