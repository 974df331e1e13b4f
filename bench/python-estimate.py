"""Time of memcalc.estimate from Python (issue 43): a benchmark, not a test.

Run with the package installed (scripts/test-python.sh leaves the wheel in
$CARGO_TARGET_DIR/wheels): `python bench/python-estimate.py`. Prints, per query, the median
over repeats of the mean time of one call: the native call alone (the core's estimate and time,
the document written as JSON), `memcalc.estimate` (that JSON parsed into Python objects), and
the same with the typed parts built.
"""

import statistics
import sys
import timeit

import json

import memcalc
from memcalc import _memcalc

QUERIES = [
    "params=7B&dtype=bf16&optimizer=adamw",
    "mode=infer&params=70B&gpu=h200&seq=32768",
    "model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&gpus=4&tp=4",
    "params=70B&zero=3&gpus=64&framework=torchtitan",
    "mode=sim&method=lbm&nx=512&ny=512&nz=512",
]


def median_us(stmt, number: int, repeat: int = 7) -> float:
    runs = timeit.repeat(stmt, number=number, repeat=repeat)
    return statistics.median(runs) / number * 1e6


def main() -> None:
    print(f"memcalc {memcalc.__version__}, Python {sys.version.split()[0]}")
    for q in QUERIES:
        args = json.dumps({"query": q})
        native = median_us(lambda: _memcalc.call("estimate", args), number=200)
        t = median_us(lambda: memcalc.estimate(q), number=200)
        parts = median_us(lambda: memcalc.estimate(q).parts, number=200)
        print(f"{native:8.1f} µs native  {t:8.1f} µs estimate  {parts:8.1f} µs with .parts   {q}")
    t = median_us(lambda: memcalc.sweep(QUERIES[0], "batch", range(1, 33)), number=5)
    print(f"{t / 1000:9.2f} ms  sweep of 32 values ({'DataFrame' if 'pandas' in sys.modules else 'rows'})")


if __name__ == "__main__":
    main()
