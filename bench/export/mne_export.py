"""The reference for the export benchmark: MNE's own EDF writer (`mne.export.export_raw`, which uses
edfio) on the same recording, loaded from our HDF5 with h5py into a RawArray (MNE wants volts).

usage: mne_export.py RECORDING.h5 OUT.edf
prints one JSON line: load_s (h5py + RawArray), export_s (export_raw), samples
"""
import json
import sys
import time
import warnings

import h5py
import mne

warnings.simplefilter("ignore")
source, out = sys.argv[1], sys.argv[2]
start = time.perf_counter()
with h5py.File(source, "r") as f:
    data = f["Recording/Data"][()]
    names = list(f["Recording/ChannelNames"].asstr()[()].ravel())
    rate = float(f["Recording"].attrs["SamplingRate"])
raw = mne.io.RawArray(data.T * 1e-6, mne.create_info(names, rate, "eeg"), verbose="error")
loaded = time.perf_counter()
mne.export.export_raw(out, raw, fmt="edf", overwrite=True, verbose="error")
done = time.perf_counter()
print(json.dumps({"load_s": loaded - start, "export_s": done - loaded, "samples": int(data.shape[0])}))
