"""Compile-level verification throughput of the corpus builder, and where the time goes.

    python3 bench/corpus_throughput.py CORPUS [--sample 8] [--targets hip,sycl] [--no-isa] [--no-acpp]

Takes an evenly spaced sample of the corpus folder's tasks (by task name, so real-world units and
generated programs both appear), copies them into a scratch suite, and runs `gpuport.dataset.build.build`
to the `compiles` level in this process (one worker, so every compiler call can be timed): translation,
the nvcc compile of the CUDA original (sm_90) and SASS, hipcc for each AMD target (and link for
programs), AMD ISA, the SYCL type-check against the DPC++ headers (precompiled header, see
dataset/toolchains.py) and the AdaptiveCpp build. Every sandboxed command is timed by the tool it runs;
the translation's own time is measured around `translate_tree` and the parse checks.

Writes bench/results/corpus_throughput.json (pairs/hour, seconds per pair, the time per step) and prints
the table. Pairs/hour on 2 cores is this one-worker figure times the measured `-j 2` speed-up only if
`--jobs 2` is given; on a machine shared with other work the single-worker figure is the honest one.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import provenance, write_json  # noqa: E402


def step_of(argv: list[str]) -> str:
    """A short name for a sandboxed command: which tool, doing what."""
    tool = Path(argv[0]).name if argv else "?"
    if tool == "bwrap" and "--" in argv:
        argv = argv[argv.index("--") + 1 :]
        tool = Path(argv[0]).name
    text = " ".join(argv)
    if tool == "nvcc":
        return "nvcc original (sm_90)" if "hip_on_cuda" not in text else "nvcc hip_on_cuda"
    if tool == "hipcc":
        arch = "+".join(a.split("=", 1)[1] for a in argv if a.startswith("--offload-arch=")) or "?"
        if "--cuda-device-only" in argv:
            return f"hipcc AMD ISA {arch}"
        return f"hipcc {arch}" + (" link" if "-c" not in argv else "")
    if tool in ("g++", "c++") and "-fsyntax-only" in argv:
        return "SYCL type-check (g++ + DPC++ headers)"
    if tool == "acpp":
        return "AdaptiveCpp omp build"
    if tool == "cuobjdump":
        return "cuobjdump SASS"
    return tool


def sample(corpus: Path, n: int) -> list[Path]:
    folders = sorted((p.parent for p in corpus.rglob("task.toml")), key=lambda p: p.name)
    if n >= len(folders):
        return folders
    step = len(folders) / n
    return [folders[int(i * step)] for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--sample", type=int, default=8, help="how many tasks (each gives one pair per target)")
    ap.add_argument("--targets", default="hip,sycl")
    ap.add_argument("--no-isa", action="store_true", help="skip SASS and AMD ISA")
    ap.add_argument("--no-acpp", action="store_true", help="skip the AdaptiveCpp build (type-check only)")
    ap.add_argument("--jobs", type=int, default=1, help="workers (1: every step is timed)")
    ap.add_argument(
        "--compile-cache",
        action="store_true",
        help="build twice with a fresh compile cache and time the second, forced build (a rebuild)",
    )
    ap.add_argument("--out", default="corpus_throughput", help="result name under bench/results/")
    args = ap.parse_args(argv)

    from gpuport.dataset import build as b
    from gpuport.dataset import sandbox

    from gpuport import api

    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    real_run = sandbox.run
    gnu_time = shutil.which("time") or "/usr/bin/time"
    counter = [0]

    def timed_run(argv: Any, cwd: Any, *a: Any, **kw: Any) -> Any:
        # CPU seconds come from GNU time inside the sandbox (bubblewrap's own pid 1 reaps the compiler,
        # so getrusage(RUSAGE_CHILDREN) here never sees it), written to a file in the job's folder.
        argv = [str(x) for x in argv]
        counter[0] += 1
        out = Path(cwd) / f".cpu-{os.getpid()}-{counter[0]}"
        wrapped = [gnu_time, "-f", "%U %S", "-o", str(out), *argv] if Path(gnu_time).is_file() else argv
        res = real_run(wrapped, cwd, *a, **kw)
        step = step_of(argv)
        times[step].append(res.wall_s)
        try:
            user, system = out.read_text().split()[-2:]
            cpu[step].append(float(user) + float(system))
            out.unlink()
        except (OSError, ValueError):
            pass
        res.argv = argv
        return res

    real_translate = api.translate_tree

    def timed_translate(*a: Any, **kw: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return real_translate(*a, **kw)
        finally:
            times["translate (gpuport)"].append(time.perf_counter() - t0)

    real_stage = b.translate_stage

    def timed_stage(job: Any) -> Any:
        t0 = time.perf_counter()
        n = len(times["translate (gpuport)"])
        try:
            return real_stage(job)
        finally:
            inner = sum(times["translate (gpuport)"][n:])
            times["parse check of the output (tree-sitter)"].append(time.perf_counter() - t0 - inner)

    sandbox.run = timed_run  # type: ignore[assignment]
    api.translate_tree = timed_translate  # type: ignore[assignment]
    b.translate_stage = timed_stage  # type: ignore[assignment]

    picked = sample(args.corpus, args.sample)
    with tempfile.TemporaryDirectory(prefix="gpuport-throughput-") as tmp:
        suite = Path(tmp) / "suite"
        for folder in picked:
            shutil.copytree(folder, suite / folder.parent.name / folder.name, symlinks=True)
        machine = b.Machine.detect()
        options = b.BuildOptions(
            targets=tuple(args.targets.split(",")),
            max_level="compiles",
            isa=not args.no_isa,
            acpp_build=not args.no_acpp,
            compile_cache=str(Path(tmp) / "cc") if args.compile_cache else None,
        )
        if args.compile_cache:
            b.build(suite, Path(tmp) / "store.db", options, jobs=args.jobs, machine=machine)
            times.clear()
        t0 = time.perf_counter()
        ru0 = (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
        report = b.build(
            suite, Path(tmp) / "store.db", options, jobs=args.jobs, machine=machine, force=args.compile_cache
        )
        wall = time.perf_counter() - t0
        ru1 = (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    pairs = report.built
    levels = report.to_dict()["levels"]
    steps = sorted(
        (
            {"step": k, "calls": len(v), "seconds": round(sum(v), 2), "cpu_s": round(sum(cpu.get(k, [])), 2)}
            for k, v in times.items()
        ),
        key=lambda r: -float(r["seconds"]),
    )
    measured = sum(float(s["seconds"]) for s in steps)
    # CPU seconds (this process and every compiler it waited for): unlike wall time, they do not grow when
    # other people's work shares the cores, so pairs/hour on N free cores is N * 3600 / (CPU s a pair),
    # assuming the N workers of `-j N` keep N cores busy (tasks are independent).
    cpu_self = (ru1[0].ru_utime + ru1[0].ru_stime) - (ru0[0].ru_utime + ru0[0].ru_stime)
    cpu_children = sum(sum(v) for v in cpu.values())  # the compilers, measured inside the sandbox
    cpu_per_pair = (cpu_self + cpu_children) / pairs if pairs else None
    data = {
        **provenance(),
        "tasks": [p.name for p in picked],
        "options": {
            "targets": args.targets,
            "isa": not args.no_isa,
            "acpp": not args.no_acpp,
            "jobs": args.jobs,
            "compile_cache_rebuild": args.compile_cache,
        },
        "pairs": pairs,
        "levels": levels,
        "wall_s": round(wall, 1),
        "seconds_per_pair": round(wall / pairs, 2) if pairs else None,
        "pairs_per_hour": round(pairs / wall * 3600) if pairs else 0,
        "cpu_s": {"gpuport": round(cpu_self, 1), "compilers": round(cpu_children, 1)},
        "cpu_s_per_pair": round(cpu_per_pair, 2) if cpu_per_pair else None,
        "pairs_per_hour_on_2_free_cores": round(2 * 3600 / cpu_per_pair) if cpu_per_pair else None,
        "steps": steps,
        "unaccounted_s": round(wall - measured, 2) if args.jobs == 1 else None,
        "load_average": os.getloadavg(),
    }
    path = write_json(args.out, data)
    print(
        f"{pairs} pairs in {wall:.0f} s: {data['pairs_per_hour']} pairs/hour ({args.jobs} worker(s)); {levels}"
    )
    print(
        f"CPU {data['cpu_s_per_pair']} s a pair: {data['pairs_per_hour_on_2_free_cores']} pairs/hour on 2 free cores"
    )
    for s in steps:
        print(f"  {s['step']:45s} {s['calls']:4d} calls {s['seconds']:8.1f} s wall {s['cpu_s']:8.1f} s CPU")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
