"""`gpuport build`: translate suite tasks, prove each port with compilers and runs, record it in the store.

Exit codes: 0 the build ran (whatever levels the pairs reached; see the summary); 2 usage error (bad
option, unknown task, unusable store); 3 some task was invalid (reported, the others built) or the pipeline
itself failed on some pair (internal error logged as evidence in the store).
"""

from __future__ import annotations

import argparse
import json
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

from ..dataset.store import LEVELS

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERNAL = 3


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "build",
        help="verify translations of suite tasks and record them in the corpus store",
        description="For each task and target: translate, compile the CUDA original and the translation "
        "(nvcc; hipcc for AMD; SYCL type-check or acpp), run both where hardware exists, compare outputs, "
        "time both, and store one row per (task, target) with the highest verification level reached "
        f"({' < '.join(LEVELS[1:])}) and its evidence. Finished pairs are skipped on a re-run.",
    )
    p.add_argument("--suite", default=None, help="folder of tasks (default: bench/suite or $GPUPORT_SUITE)")
    p.add_argument(
        "--to", default="hip", help="targets, comma-separated: hip, sycl or hip,sycl (default: hip)"
    )
    p.add_argument("--store", default="corpus.db", help="SQLite corpus store (default: corpus.db)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="tasks verified in parallel (default: 1)")
    p.add_argument("--tasks", default=None, help="only these tasks, comma-separated names")
    p.add_argument("--repeat", type=int, default=5, help="timed runs after one warm-up (default: 5)")
    p.add_argument(
        "--gpu-share",
        type=int,
        default=1,
        help="programs that may run on one GPU at once (default: 1, exclusive; more speeds up correctness "
        "sweeps of small programs and records no time ratios)",
    )
    p.add_argument(
        "--hip-version", default=None, help="oldest HIP the output must build with (default: installed)"
    )
    p.add_argument(
        "--amd-arch",
        default="gfx90a,gfx1030",
        help="AMD targets for hipcc, comma-separated (default: gfx90a,gfx1030)",
    )
    p.add_argument(
        "--cuda-arch", default="sm_90", help="nvcc arch for the original and HIP-on-CUDA (default: sm_90)"
    )
    p.add_argument(
        "--max-level",
        choices=LEVELS[1:],
        default="perf-measured",
        help="stop verifying at this level (quick passes)",
    )
    p.add_argument("--no-isa", action="store_true", help="do not collect SASS / AMD ISA listings")
    p.add_argument("--force", action="store_true", help="rebuild pairs the store already has")
    p.add_argument("--scratch", default=None, help="scratch folder (default: a temporary one, removed after)")
    p.add_argument("--keep-scratch", action="store_true", help="keep compiled files for inspection")
    p.add_argument(
        "--skip-broken-originals",
        action="store_true",
        help="do not compile the translations of a task whose CUDA original fails to compile (corpus builds:"
        " such a pair can never be a corpus pair; it stays at `translated`, with a note)",
    )
    p.add_argument(
        "--no-acpp",
        action="store_true",
        help="no AdaptiveCpp build even where acpp is found (SYCL compile evidence: the type-check alone)",
    )
    p.add_argument(
        "--compile-cache",
        default=None,
        metavar="DIR",
        help="reuse compile results keyed by toolchain, flags and the bytes of every input (a rebuild after "
        "a rule change recompiles only what changed); evidence from it says so",
    )
    p.add_argument(
        "--trust-tasks",
        action="store_true",
        help="compile and run tasks even where bubblewrap isolation is not available (see `gpuport doctor`)",
    )
    p.add_argument("--json", action="store_true", help="print the build report as JSON on stdout")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument(
        "--executor",
        choices=("local", "ray"),
        default="local",
        help="local process pool (default) or a Ray cluster routing stages to nodes by resource",
    )
    p.add_argument("--address", default="auto", help="Ray cluster address for --executor ray (default: auto)")
    p.add_argument(
        "--runner",
        choices=("local", "docker"),
        default="local",
        help="run compilers directly (default) or inside their toolchain's container image",
    )
    p.add_argument(
        "--docker-image",
        action="append",
        default=[],
        metavar="TOOL=IMAGE",
        help="image for a toolchain under --runner docker (repeatable; e.g. hipcc=gpuport/rocm:latest)",
    )
    p.set_defaults(run=run)


def _split(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def run(args: argparse.Namespace) -> int:
    from ..dataset.build import TARGETS, BuildOptions, build
    from ..dataset.store import StoreError
    from ..dataset.suite import TaskError, default_suite_root

    targets = _split(args.to)
    bad = [t for t in targets if t not in TARGETS]
    if not targets or bad:
        print(f"gpuport build: --to must list targets from {', '.join(TARGETS)}", file=sys.stderr)
        return EXIT_USAGE
    if args.jobs < 1 or args.repeat < 1 or args.gpu_share < 1:
        print("gpuport build: --jobs, --repeat and --gpu-share must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    suite = Path(args.suite) if args.suite else default_suite_root()
    options = BuildOptions(
        targets=tuple(dict.fromkeys(targets)),
        hip_version=args.hip_version,
        amd_archs=tuple(_split(args.amd_arch)),
        cuda_arch=args.cuda_arch,
        repeat=args.repeat,
        gpu_share=args.gpu_share,
        max_level=args.max_level,
        isa=not args.no_isa,
        keep_scratch=args.keep_scratch,
        isolation="container" if args.runner == "docker" else "bwrap",
        trust_tasks=args.trust_tasks,
        compile_cache=args.compile_cache,
        acpp_build=not args.no_acpp,
        skip_broken_originals=args.skip_broken_originals,
    )
    # SIGTERM (a timeout, a stopped job) unwinds like Ctrl-C: the running compile is killed and the
    # scratch folder removed by the finally blocks, instead of both being left behind.
    signal.signal(signal.SIGTERM, _terminate)
    show_progress = not args.no_progress and not args.json and sys.stderr.isatty()
    try:
        extra = _placement_kwargs(args)
    except (RuntimeError, ValueError, ImportError, ConnectionError) as err:
        print(f"gpuport build: {err}", file=sys.stderr)
        return EXIT_USAGE
    extra["command"] = shlex.join(["gpuport", *sys.argv[1:]])  # recorded in the store (meta `builds`)
    try:
        if show_progress:
            report = _build_with_bar(suite, args, options, build, extra)
        else:
            report = build(
                suite,
                Path(args.store),
                options,
                jobs=args.jobs,
                tasks=_split(args.tasks) or None,
                force=args.force,
                scratch=Path(args.scratch) if args.scratch else None,
                progress=None if args.json else _plain_progress,
                **extra,
            )
    except (TaskError, ValueError, StoreError) as err:
        print(f"gpuport build: {err}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if "executor" in extra:
            extra["executor"].close()
    for problem in report.task_errors:
        print(f"gpuport build: invalid task, not built: {problem}", file=sys.stderr)
    if args.json:
        json.dump(report.to_dict(), sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        _print_summary(report.to_dict(), args.store)
    return EXIT_INTERNAL if report.errors or report.task_errors else EXIT_OK


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _placement_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """Where the work runs: `executor` and `machine` for build() under --executor ray / --runner docker."""
    from ..dataset import docker_runner

    images = docker_runner.parse_images(args.docker_image)
    if args.executor == "ray":
        from ..dataset.ray_executor import RayExecutor

        ex = RayExecutor(args.address, runner=args.runner, images=images)
        return {"executor": ex, "machine": ex.cluster_machine()}
    if args.runner == "docker":
        return {"machine": docker_runner.containerized_machine(images)}
    return {}


def _plain_progress(row: dict[str, Any], done: int, total: int) -> None:
    ratio = f" ratio={row['time_ratio']:.3f}" if row.get("time_ratio") else ""
    print(
        f"[{done}/{total}] {row['task']} {row['target']}: {row['level']}{ratio}", file=sys.stderr, flush=True
    )


def _build_with_bar(
    suite: Path, args: argparse.Namespace, options: Any, build: Any, extra: dict[str, Any]
) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("[bold]build"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        transient=True,
    ) as bar:
        tid = bar.add_task("starting", total=None)

        def progress(row: dict[str, Any], done: int, total: int) -> None:
            bar.update(
                tid, completed=done, total=total, description=f"{row['task']} {row['target']}: {row['level']}"
            )

        return build(
            suite,
            Path(args.store),
            options,
            jobs=args.jobs,
            tasks=_split(args.tasks) or None,
            force=args.force,
            scratch=Path(args.scratch) if args.scratch else None,
            progress=progress,
            **extra,
        )


def _print_summary(data: dict[str, Any], store: str) -> None:
    levels = ", ".join(f"{k}: {v}" for k, v in data["levels"].items() if v)
    tail = (
        f"built {data['built']}, skipped {data['skipped']} (already stored), errors {data['errors']}; "
        f"levels: {levels or 'none'}; {data['elapsed_s']} s"
    )
    if not sys.stdout.isatty():
        # Logs and pipes get one line a pair: a table squeezed to 80 columns is unreadable.
        for row in data["pairs"]:
            ratio = f" ratio={row['time_ratio']:.3f}" if row.get("time_ratio") else ""
            where = ", ".join(row.get("compiles_on") or [])
            skipped = " (stored earlier)" if row.get("skipped") else ""
            print(f"{row['task']}\t{row['target']}\t{row['level']}{ratio}{skipped}\t{where}")
        print(tail)
        return
    from rich.console import Console
    from rich.table import Table

    console = Console(stderr=False)
    table = Table(title=f"gpuport build -> {store}")
    for col in ("task", "target", "level", "compiles on", "runs on", "ratio", "notes"):
        table.add_column(col, overflow="fold")
    for row in data["pairs"]:
        ratio = row.get("time_ratio")
        notes = "; ".join(row.get("notes") or [])
        if row.get("skipped"):
            notes = "(stored earlier) " + notes
        table.add_row(
            row["task"],
            row["target"],
            row["level"],
            "\n".join(row.get("compiles_on") or []),
            row.get("runs_on") or "",
            f"{ratio:.3f}" if ratio else "",
            notes[:200],
        )
    console.print(table)
    console.print(tail)
