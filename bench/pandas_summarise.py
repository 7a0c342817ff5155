"""The reference tooling's way: pandas.read_csv, groupby payload (file order), numpy statistics.
Prints one JSON line with the seconds spent (interpreter start-up excluded). Needs pandas.

    python3 bench/pandas_summarise.py FILE...
"""
import json
import sys
import time

import numpy as np
import pandas as pd


def summarise(path):
    frame = pd.read_csv(path)
    rows = []
    for payload, group in frame.groupby("Payload [Bytes]", sort=False):
        samples = group["Latency [us]"].to_numpy()
        jitter = np.abs(np.diff(samples))
        p90, p99, p9999 = np.percentile(samples, [90, 99, 99.99])
        rows.append((int(payload), samples.size, samples.max(), samples.min(), samples.mean(), np.median(samples),
                     samples.std(), jitter.mean(), jitter.max(), p90, p99, p9999))
    return rows


start = time.perf_counter()
results = [summarise(path) for path in sys.argv[1:]]
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "files": len(results), "pandas": pd.__version__,
                  "first_median": float(results[0][0][5]) if results else None}))
