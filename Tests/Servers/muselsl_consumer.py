"""Records `study-recorder --stream lsl --lsl-style muselsl` with muselsl's own recorder
(`muselsl.record`, as `muselsl record` and eeg-notebooks do) and reads it with mne-lsl, then reads
muselsl's CSV with pandas the way scripts written for muselsl do. Writes what it found as JSON.

Usage: muselsl_consumer.py OUT.json READY_FILE WORKDIR [--seconds S]

READY_FILE is written once muselsl records (the sender may then set markers).
"""
import argparse
import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from parent_watch import exit_with_parent  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pylsl  # noqa: E402


def main():
    exit_with_parent()
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("ready")
    p.add_argument("workdir")
    p.add_argument("--seconds", type=float, default=4)
    a = p.parse_args()
    found = {}
    for key, value in (("type", "EEG"), ("type", "ACC"), ("type", "GYRO"), ("type", "PPG"), ("name", "Markers")):
        streams = pylsl.resolve_byprop(key, value, 1, 20.0)
        found[value] = [{"name": s.name(), "type": s.type(), "channels": s.channel_count()} for s in streams]

    # mne-lsl: connects by name and type and reads the unit "microvolts" as volts × 1e-6 (the
    # channel unit's exponent); get_data gives the values as streamed.
    from mne_lsl.stream import StreamLSL
    mne_stream = StreamLSL(bufsize=2, name="Muse", stype="EEG")
    mne_stream.connect(acquisition_delay=0.05, timeout=20)

    from muselsl import record
    csv = os.path.join(a.workdir, "muselsl_eeg.csv")
    recorder = threading.Thread(target=record, kwargs={"duration": a.seconds, "filename": csv, "data_source": "EEG", "continuous": False})
    recorder.start()
    # muselsl resolves its streams and opens its marker inlet first (under a second); a marker sent
    # before its inlet connected would never reach it.
    time.sleep(2.5)
    with open(a.ready, "w") as f:
        f.write("ready")
    recorder.join()

    data, stamps = mne_stream.get_data()
    mne_info = {"ch_names": list(mne_stream.info["ch_names"]), "sfreq": float(mne_stream.info["sfreq"]),
                "samples": int(data.shape[1]), "max_abs": float(np.nanmax(np.abs(data[:4]))) if data.size else None,
                "unit_exponents": sorted({int(u[1]) for u in mne_stream.get_channel_units()}),
                "ch_types": sorted(set(mne_stream.get_channel_types()))}
    mne_stream.disconnect()

    # As scripts written for muselsl read its files.
    df = pd.read_csv(csv)
    eeg = df[["TP9", "AF7", "AF8", "TP10", "Right AUX"]]
    markers = [int(m) for m in df["Marker0"] if m != 0] if "Marker0" in df.columns else []
    out = {
        "found": found, "mne": mne_info, "columns": list(df.columns), "rows": int(len(df)),
        "eeg_max_abs_uv": float(np.nanmax(np.abs(eeg[["TP9", "AF7", "AF8", "TP10"]].to_numpy()))),
        "aux_all_nan": bool(eeg["Right AUX"].isna().all()),
        "timestamps_increase": bool((np.diff(df["timestamps"].to_numpy()) >= 0).all()),
        "markers": markers,
    }
    with open(a.out, "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
