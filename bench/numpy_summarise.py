"""The same summarisation as perfgate's ingest, numpy only (no pandas): numpy.loadtxt reads the
raw CSVs (Sample,Payload [Bytes],Latency [us]), then per payload in order of first appearance:
max, min, mean, median, population stdev, mean/max jitter and the 90/99/99.99 percentiles.
Prints one JSON line with the seconds spent (interpreter start-up excluded).

    python3 bench/numpy_summarise.py FILE...
"""
import json
import sys
import time

import numpy as np


def summarise(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1, usecols=(1, 2), dtype=np.float64)
    payload = data[:, 0]
    latency = data[:, 1]
    _, first = np.unique(payload, return_index=True)
    rows = []
    for i in np.sort(first):
        samples = latency[payload == payload[i]]
        jitter = np.abs(np.diff(samples))
        p90, p99, p9999 = np.percentile(samples, [90, 99, 99.99])
        rows.append((int(payload[i]), samples.size, samples.max(), samples.min(), samples.mean(), np.median(samples),
                     samples.std(), jitter.mean(), jitter.max(), p90, p99, p9999))
    return rows


start = time.perf_counter()
results = [summarise(path) for path in sys.argv[1:]]
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "files": len(results), "numpy": np.__version__,
                  "first_median": float(results[0][0][5]) if results else None}))
