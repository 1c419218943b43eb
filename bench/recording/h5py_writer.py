"""The reference for the recording benchmark: the same HDF5 layout as study-recorder's recordings
(/Recording/Data [n, 4] float64, Marker and TimeStamp [n, 1] int64, chunks of 2560 rows, shuffle +
deflate 4, unlimited rows), written by h5py in the same one-second appends, from the same signal
(the oscillator's `mynd` mode: channel i is A*sin(2*pi*10*i*t) with the reference's amplitude sweep).

usage: h5py_writer.py OUT.h5 HOURS [RATE]
prints one JSON line: samples, seconds, samples_per_second
"""
import json
import sys
import time

import h5py
import numpy as np

out, hours = sys.argv[1], float(sys.argv[2])
rate = int(sys.argv[3]) if len(sys.argv) > 3 else 256
total = int(hours * 3600 * rate)
chunk = rate * 10
start = time.perf_counter()
with h5py.File(out, "w", libver="earliest") as f:
    g = f.create_group("Recording")
    data = g.create_dataset("Data", shape=(0, 4), maxshape=(None, 4), chunks=(chunk, 4), dtype="<f8",
                            compression="gzip", compression_opts=4, shuffle=True)
    marker = g.create_dataset("Marker", shape=(0, 1), maxshape=(None, 1), chunks=(chunk, 1), dtype="<i8",
                              compression="gzip", compression_opts=4, shuffle=True)
    stamp = g.create_dataset("TimeStamp", shape=(0, 1), maxshape=(None, 1), chunks=(chunk, 1), dtype="<i8",
                             compression="gzip", compression_opts=4, shuffle=True)
    freqs = 10.0 * np.arange(1, 5)
    amplitude, rising = 300.0, True
    t0 = time.time()
    n = 0
    half = rate // 2
    while n < total:
        count = min(rate, total - n)
        idx = np.arange(n, n + count)
        # The amplitude changes every half second (the reference's autopilot): once per half-second
        # segment, the samples of a segment filled vectorised.
        amps = np.empty(count)
        for seg in range(0, count, half):
            i = n + seg
            if i > 0:
                amplitude += 3 if rising else -10
                if amplitude >= 100:
                    rising = False
                if amplitude <= 1:
                    rising = True
            amps[seg:seg + half] = amplitude
        t = idx / rate
        block = amps[:, None] * np.sin(2 * np.pi * t[:, None] * freqs[None, :])
        size = n + count
        data.resize((size, 4)); data[n:size] = block
        marker.resize((size, 1)); marker[n:size] = 0
        stamp.resize((size, 1)); stamp[n:size, 0] = np.round((t0 + t) * 1e6).astype(np.int64)
        n = size
elapsed = time.perf_counter() - start
print(json.dumps({"samples": total, "seconds": elapsed, "samples_per_second": total / elapsed}))
