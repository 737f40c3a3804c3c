"""SYCL vs HIP translation time against file size (issue 21): is SYCL linear, and how far from HIP?

Generates one CUDA file per size (kernels with a lane index, a shuffle and a launch each, the shape that
made the SYCL pack quadratic), translates it to HIP and to SYCL in the same run (median of --repeat), and
writes bench/results/sycl_scaling.{md,json} with the command, commit and machine.

    python3 bench/sycl_scaling.py [--sizes 50,100,200,400,800] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import command, commit, machine  # noqa: E402

import gpuport  # noqa: E402

UNIT = """__global__ void k{i}(float *p, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = __shfl_down_sync(0xffffffff, p[i], 1);
  if (i < n) p[i] = v + {i};
}}
void h{i}(float *p) {{ k{i}<<<4, 32>>>(p, 128); cudaDeviceSynchronize(); }}
"""
RESULTS = Path(__file__).resolve().parent / "results"
# Earlier curves as recorded then: before the garbage collector was paused during a translation (fastest
# of 5, interleaved), and before issue 21's fixes (median of 3, each target's runs in a row).
PREVIOUS = [
    "",
    "Before the collector was paused while a file translates (commit 625bbbe, same command and machine kind):",
    "",
    "| size | HIP s | SYCL s | SYCL / HIP | SYCL ms/KiB |",
    "| --- | --- | --- | --- | --- |",
    "| 50 KiB | 0.046 | 0.12 | 2.62 | 2.4 |",
    "| 100 KiB | 0.087 | 0.235 | 2.69 | 2.35 |",
    "| 200 KiB | 0.215 | 0.574 | 2.67 | 2.87 |",
    "| 400 KiB | 0.438 | 1.201 | 2.75 | 3.0 |",
    "| 800 KiB | 0.88 | 2.659 | 3.02 | 3.32 |",
    "",
    "Before (commit 43af7cf, `python3 bench/sycl_scaling.py --repeat 3`, median of 3, same machine kind):",
    "",
    "| size | HIP s | SYCL s | SYCL / HIP |",
    "| --- | --- | --- | --- |",
    "| 50 KiB | 0.039 | 0.291 | 7.45 |",
    "| 100 KiB | 0.123 | 0.722 | 5.89 |",
    "| 200 KiB | 0.213 | 1.449 | 6.82 |",
    "| 400 KiB | 0.391 | 2.893 | 7.4 |",
]


def source(kib: int) -> bytes:
    parts, size, i = ["#include <cuda_runtime.h>\n"], 0, 0
    while size < kib * 1024:
        parts.append(UNIT.format(i=i))
        size += len(parts[-1])
        i += 1
    return "".join(parts).encode()


def seconds(data: bytes, repeat: int) -> dict[str, float]:
    """Fastest CPU time of `repeat` runs per target, the two targets' runs interleaved: on a shared
    machine other work slows some runs (never speeds one up), and interleaving exposes both targets to
    the same load."""
    times: dict[str, list[float]] = {"hip": [], "sycl": []}
    for _ in range(repeat):
        for to in times:
            start = time.process_time()  # CPU time: this shared machine's wall clock varies
            gpuport.translate(data, to=to)
            times[to].append(time.process_time() - start)
    return {to: min(ts) for to, ts in times.items()} | {
        f"{to}_median": statistics.median(ts) for to, ts in times.items()
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="50,100,200,400,800", help="file sizes in KiB")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    gpuport.translate(source(4), to="sycl")  # warm: tables, grammar, queries
    rows = []
    for kib in (int(s) for s in args.sizes.split(",")):
        data = source(kib)
        got = seconds(data, args.repeat)
        hip, sycl = got["hip"], got["sycl"]
        rows.append(
            {
                "kib": kib,
                "bytes": len(data),
                "hip_s": round(hip, 3),
                "sycl_s": round(sycl, 3),
                "ratio": round(sycl / hip, 2),
                "sycl_ms_per_kib": round(1000 * sycl / kib, 2),
                "hip_median_s": round(got["hip_median"], 3),
                "sycl_median_s": round(got["sycl_median"], 3),
            }
        )
        print(rows[-1], flush=True)
    meta = {
        "command": command(["bench/sycl_scaling.py", *sys.argv[1:]]),
        "commit": commit(),
        "machine": machine(),
        "repeat": args.repeat,
        "clock": "CPU time (process_time), fastest",
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sycl_scaling.json").write_text(json.dumps({**meta, "rows": rows}, indent=1) + "\n")
    lines = [
        "# SYCL vs HIP translation time by file size",
        "",
        f"Command: `{meta['command']}`; commit {meta['commit']}; machine: {json.dumps(meta['machine'])}.",
        f"One generated file per size (a kernel with a lane index, a shuffle and a launch per ~250 bytes); "
        f"{meta['clock']} of {args.repeat} runs per target, the two targets' runs interleaved (medians "
        "in the JSON). SYCL ms/KiB stays flat when the cost is linear in the file's size.",
        "",
        "| size | HIP s | SYCL s | SYCL / HIP | SYCL ms/KiB |",
        "| --- | --- | --- | --- | --- |",
        *[
            f"| {r['kib']} KiB | {r['hip_s']} | {r['sycl_s']} | {r['ratio']} | {r['sycl_ms_per_kib']} |"
            for r in rows
        ],
        *PREVIOUS,
        "",
    ]
    (RESULTS / "sycl_scaling.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
