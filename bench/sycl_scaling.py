"""SYCL vs HIP translation time against file size (issue 21): is SYCL linear, and how far from HIP?

Generates one CUDA file per size (kernels with a lane index, a shuffle and a launch each, the shape that
made the SYCL pack quadratic), translates it to HIP and to SYCL in the same run (median of --repeat), and
writes bench/results/sycl_scaling.{md,json} with the command, commit and machine.

    python3 bench/sycl_scaling.py [--sizes 50,100,200,400] [--repeat 3]
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


def source(kib: int) -> bytes:
    parts, size, i = ["#include <cuda_runtime.h>\n"], 0, 0
    while size < kib * 1024:
        parts.append(UNIT.format(i=i))
        size += len(parts[-1])
        i += 1
    return "".join(parts).encode()


def seconds(data: bytes, to: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()  # CPU time: this shared machine's wall clock varies
        gpuport.translate(data, to=to)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="50,100,200,400", help="file sizes in KiB")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    gpuport.translate(source(4), to="sycl")  # warm: tables, grammar, queries
    rows = []
    for kib in (int(s) for s in args.sizes.split(",")):
        data = source(kib)
        hip, sycl = seconds(data, "hip", args.repeat), seconds(data, "sycl", args.repeat)
        rows.append(
            {
                "kib": kib,
                "bytes": len(data),
                "hip_s": round(hip, 3),
                "sycl_s": round(sycl, 3),
                "ratio": round(sycl / hip, 2),
            }
        )
        print(rows[-1], flush=True)
    meta = {
        "command": command(["bench/sycl_scaling.py", *sys.argv[1:]]),
        "commit": commit(),
        "machine": machine(),
        "repeat": args.repeat,
        "clock": "CPU time (process_time), median",
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sycl_scaling.json").write_text(json.dumps({**meta, "rows": rows}, indent=1) + "\n")
    lines = [
        "# SYCL vs HIP translation time by file size",
        "",
        f"Command: `{meta['command']}`; commit {meta['commit']}; machine: {json.dumps(meta['machine'])}.",
        f"One generated file per size (a kernel with a lane index, a shuffle and a launch per ~250 bytes); "
        f"{meta['clock']} of {args.repeat} runs, both targets in the same run.",
        "",
        "| size | HIP s | SYCL s | SYCL / HIP |",
        "| --- | --- | --- | --- |",
        *[f"| {r['kib']} KiB | {r['hip_s']} | {r['sycl_s']} | {r['ratio']} |" for r in rows],
        "",
    ]
    (RESULTS / "sycl_scaling.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
