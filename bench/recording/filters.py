"""What each HDF5 filter setting costs on a recording's chunks: the chunks study-recorder writes
(/Recording/Data 2560 x 4 float64 of the oscillator's `mynd` signal, Marker and TimeStamp 2560 x 1
int64), compressed the way HDF5's shuffle and deflate filters do (byte shuffle by element size, then
zlib at the level), each setting timed over the same chunks in interleaved rounds. Only filters that
h5py, MNE and MATLAB read without plugins are tried (deflate with or without shuffle).

usage: filters.py [HOURS] [ROUNDS]    (default 1 h of signal, 5 rounds)
prints one line per setting: level, shuffle, MB/s in, ratio to the raw bytes, and the median time
"""
import statistics
import sys
import time
import zlib

import numpy as np

hours = float(sys.argv[1]) if len(sys.argv) > 1 else 1
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
rate, chunk = 256, 2560
total = int(hours * 3600 * rate) // chunk * chunk

# The h5py_writer.py signal, generated whole.
n = np.arange(total)
seg = n // (rate // 2)
amps = np.empty(seg[-1] + 1)
a, rising = 300.0, True
for i in range(len(amps)):
    if i > 0:
        a += 3 if rising else -10
        if a >= 100:
            rising = False
        if a <= 1:
            rising = True
    amps[i] = a
t = n / rate
data = (amps[seg][:, None] * np.sin(2 * np.pi * t[:, None] * (10.0 * np.arange(1, 5))[None, :])).astype("<f8")
stamp = np.round((1.7e9 + t) * 1e6).astype("<i8")
marker = np.zeros(total, dtype="<i8")
chunks = []
for k in range(0, total, chunk):
    chunks += [(data[k:k + chunk].tobytes(), 8), (marker[k:k + chunk].tobytes(), 8), (stamp[k:k + chunk].tobytes(), 8)]
raw = sum(len(c) for c, _ in chunks)


def shuffle(b, size):
    return np.frombuffer(b, dtype=np.uint8).reshape(-1, size).T.tobytes()


settings = [(level, sh) for level in (1, 4, 6) for sh in (True, False)]
times = {s: [] for s in settings}
sizes = {}
for _ in range(rounds):
    for s in settings:
        level, sh = s
        start = time.thread_time()
        out = 0
        for c, size in chunks:
            out += len(zlib.compress(shuffle(c, size) if sh else c, level))
        times[s].append(time.thread_time() - start)
        sizes[s] = out
print(f"{hours:g} h, {len(chunks)} chunks, {raw / 1e6:.1f} MB raw, {rounds} interleaved rounds (thread CPU time)")
print(f"{'deflate':>8}{'shuffle':>9}{'median s':>10}{'MB/s':>8}{'size MB':>9}{'of raw':>8}")
for s in settings:
    m = statistics.median(times[s])
    print(f"{s[0]:>8}{str(s[1]):>9}{m:>10.3f}{raw / m / 1e6:>8.0f}{sizes[s] / 1e6:>9.1f}{sizes[s] / raw:>8.3f}")
