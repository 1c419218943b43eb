#!/usr/bin/env python3
"""Reference decoder for Muse S Athena captures, written independently of the Swift decoder.

It follows the protocol facts in docs/muse.md ("Muse S Athena") and is used by the Swift tests to
compare the Swift decode sample by sample. It reads the bit-packed samples by turning each block into
one little-endian Python integer and shifting, a different method from the Swift streaming unpacker.

Usage: athena_reference_decoder.py CAPTURE.txt  -> JSON on standard output:
  {"eeg_channels": n, "eeg": [codes, sample-major], "accel": [...], "gyro": [...],
   "optics_channels": n, "optics": [...], "battery": [counts], "packets": n,
   "unknown_tags": n, "bad_packets": n, "eeg_blocks": [[packet_seq, device_time, block_seq], ...]}
"""
import json
import sys

SIZES = {0x11: 28, 0x12: 28, 0x34: 30, 0x35: 40, 0x36: 40, 0x47: 36, 0x98: 20, 0x53: 24}


def fields(data, width, count):
    value = int.from_bytes(data, "little")
    return [(value >> (i * width)) & ((1 << width) - 1) for i in range(count)]


def signed16(data):
    return [int.from_bytes(data[i:i + 2], "little", signed=True) for i in range(0, len(data), 2)]


def decode(path):
    out = {"eeg_channels": 0, "eeg": [], "accel": [], "gyro": [], "optics_channels": 0, "optics": [],
           "battery": [], "packets": 0, "unknown_tags": 0, "bad_packets": 0, "eeg_blocks": []}
    with open(path) as handle:
        for line in handle:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[1].startswith(("273e0013", "273e0014")):
                continue
            payload = bytes.fromhex(parts[2])
            start = 0
            while start < len(payload):
                length = payload[start]
                if length < 14 or start + length > len(payload):
                    out["bad_packets"] += 1
                    break
                packet = payload[start:start + length]
                start += length
                out["packets"] += 1
                seq = packet[1]
                device_time = int.from_bytes(packet[2:6], "little")
                tag, block_seq, at = packet[9], packet[10], 14
                while True:
                    if tag == 0x88:
                        size = length - at
                    elif tag in SIZES:
                        size = SIZES[tag]
                    else:
                        out["unknown_tags"] += 1
                        break
                    if at + size > length:
                        out["bad_packets"] += 1
                        break
                    data = packet[at:at + size]
                    if tag in (0x11, 0x12):
                        out["eeg_channels"] = 4 if tag == 0x11 else 8
                        out["eeg"] += fields(data, 14, 16)
                        out["eeg_blocks"].append([seq, device_time, block_seq])
                    elif tag == 0x47:
                        values = signed16(data)
                        for s in range(3):
                            out["accel"] += values[s * 6:s * 6 + 3]
                            out["gyro"] += values[s * 6 + 3:s * 6 + 6]
                    elif tag in (0x34, 0x35, 0x36):
                        channels = {0x34: 4, 0x35: 8, 0x36: 16}[tag]
                        out["optics_channels"] = channels
                        out["optics"] += fields(data, 20, {4: 12, 8: 16, 16: 16}[channels])
                    elif tag in (0x98, 0x88):
                        out["battery"].append(int.from_bytes(data[:2], "little"))
                    at += size
                    if at >= length:
                        break
                    if at + 5 > length:
                        out["bad_packets"] += 1
                        break
                    tag, block_seq = packet[at], packet[at + 1]
                    at += 5
    return out


if __name__ == "__main__":
    json.dump(decode(sys.argv[1]), sys.stdout)
