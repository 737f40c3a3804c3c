"""Per-task GPU results from a pipeline store: the CUDA original's own check and kernel time, and the HIP
translation's level and time ratio (HIP run through gpuport's HIP-on-CUDA headers on the same GPU).

    python3 bench/gpu_runs.py STORE --name h200_build --run-command "gpuport build ..." --run-commit SHA

Writes bench/results/<name>.{json,md}. The store holds the evidence (logs, argv, outputs) behind every row.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import provenance, write_json, write_markdown  # noqa: E402
from gpuport.dataset.store import StoreReader  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--name", default="gpu_runs")
    parser.add_argument("--run-command", required=True, help="the command that produced the store")
    parser.add_argument("--run-commit", required=True, help="the commit the store was built from")
    parser.add_argument("--suite-size", type=int, default=0, help="tasks in the suite (for the share)")
    args = parser.parse_args()
    with StoreReader(args.store) as reader:
        pairs = reader.pairs(target="hip")
        runs_of = {p["id"]: reader.runs(p["id"]) for p in pairs}
    rows = []
    for p in pairs:
        runs = sorted(runs_of[p["id"]], key=lambda r: (r["side"], r["repeat_index"]))
        orig = [r for r in runs if r["side"] == "original"]
        orig_ms = [r["time_ms"] for r in orig if r["time_ms"] is not None]
        ratio = p["time_ratio"]
        rows.append(
            {
                "task": p["task"],
                "cuda_original": (orig[0]["verdict"] or f"rc={orig[0]['rc']}") if orig else "not run",
                "cuda_ms_median": round(statistics.median(orig_ms), 4) if orig_ms else None,
                "hip_level": p["level"],
                "hip_time_ratio": round(ratio, 3) if ratio is not None else None,
                "notes": p["notes"],
            }
        )
    gpus = (pairs[0]["machine"].get("gpus", []) if pairs else []) or []
    passed = sum(1 for r in rows if r["cuda_original"] == "PASS")
    perf = sum(1 for r in rows if r["hip_level"] == "perf-measured")
    ratios = [r["hip_time_ratio"] for r in rows if r["hip_time_ratio"] is not None]
    summary = {
        "tasks_in_store": len(rows),
        "suite_size": args.suite_size,
        "cuda_original_pass": passed,
        "hip_perf_measured": perf,
        "hip_runs_equal_or_better": sum(1 for r in rows if r["hip_level"] in ("runs-equal", "perf-measured")),
        "hip_time_ratio_median": round(statistics.median(ratios), 3) if ratios else None,
        "gpus": gpus,
    }
    prov = provenance()
    data = {
        **prov,
        "run_command": args.run_command,
        "run_commit": args.run_commit,
        "summary": summary,
        "tasks": rows,
    }
    write_json(args.name, data)
    table = [["task", "CUDA original", "CUDA kernel ms", "HIP level", "HIP/CUDA time", "notes"]]
    for r in rows:
        table.append(
            [
                r["task"],
                r["cuda_original"],
                str(r["cuda_ms_median"]),
                r["hip_level"],
                str(r["hip_time_ratio"]),
                "; ".join(r["notes"])[:120],
            ]
        )
    notes = (
        f"Run on {', '.join(gpus)} by `{args.run_command}` at commit `{args.run_commit}`. "
        f"{len(rows)} of {args.suite_size or '?'} suite tasks were processed before the run's time limit; "
        f"CUDA originals passing their own check: {passed}; HIP translations at perf-measured "
        f"(outputs equal to the CUDA original, time ratio stored): {perf}; median HIP/CUDA kernel-time ratio "
        f"{summary['hip_time_ratio_median']}."
    )
    write_markdown(
        args.name, "GPU build: CUDA originals and HIP translations on the H200", table, prov, notes
    )
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
