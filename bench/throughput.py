"""Benchmark: translation throughput of gpuport against PyTorch's hipify, in the same run.

Translates a large real CUDA tree (by default the CCCL headers shipped with the CUDA toolkit: CUB,
Thrust, libcu++; plus the kernel suite) with `gpuport translate` at -j 1 and -j 2 and with
`torch.utils.hipify.hipify_python.hipify` (which has no parallel mode). Each run is a fresh subprocess
on a fresh copy of the tree, so peak memory (max RSS from wait4) is per tool. Reports lines per second,
the ratio gpuport/torch, and peak memory; writes bench/results/throughput.{json,md,png}.

Both tools run warm, as installed software does: one untimed run of each first, with Python's bytecode
cache in a folder of the run (pip compiles an installed package's bytecode; a checkout run with
PYTHONDONTWRITEBYTECODE would otherwise recompile gpuport's modules on every start). Outputs stay on
disk until the end: deleting thousands of files between runs slows the next tool's file creation.

    python3 bench/throughput.py [--tree DIR ...] [--repeat 3] [--baseline COMMIT]

`--baseline COMMIT` adds gpuport as it was at COMMIT (-j 2), installed from `git archive` into a folder
of the run, so "not slower than then" is a ratio measured on one machine in one run: the peer's own
speed moves between machines and torch releases, which a ratio recorded elsewhere cannot show.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, RESULTS, provenance, save_figure, write_json, write_markdown  # noqa: E402

EXTENSIONS = {".cu", ".cuh", ".c", ".cc", ".cpp", ".h", ".hpp", ".inl"}
DEFAULT_TREES = [Path("/usr/local/cuda/include/cccl"), REPO / "bench" / "suite"]

TORCH_SCRIPT = """
import sys
from torch.utils.hipify.hipify_python import hipify
hipify(project_directory=sys.argv[1], output_directory=sys.argv[2], includes=["*"], show_detailed=False,
       show_progress=False, is_pytorch_extension=False, extensions=tuple(sys.argv[3].split(",")),
       header_extensions=(".cuh", ".h", ".hpp", ".inl"))
"""


# gpuport from another folder: its site first on the path, and the checkout's own package kept out (the
# editable install's finder would otherwise serve `gpuport.transpile` from this checkout).
BASELINE_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__.lower()
                    and "editable" not in getattr(f, "__name__", "").lower()]
from gpuport.cli import main
sys.argv = ["gpuport", *sys.argv[2:]]
sys.exit(main())
"""


def install_commit(commit: str, tmp: Path) -> Path:
    """gpuport at `commit`, installed (no dependencies: they are this environment's) into tmp/site-COMMIT."""
    src, site = tmp / f"src-{commit[:10]}", tmp / f"site-{commit[:10]}"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", commit], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target",
         str(site), str(src)],
        check=True,
    )  # fmt: skip
    return site


def count_lines(root: Path) -> tuple[int, int]:
    files = lines = 0
    for p in root.rglob("*"):
        if p.is_file() and p.suffix in EXTENSIONS:
            files += 1
            lines += p.read_bytes().count(b"\n")
    return files, lines


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run cmd; return (wall seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # gpuport exits 1 when CUDA remains
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        raise RuntimeError(f"{cmd[:3]} failed: {err[-2000:]}")
    # On Linux, wait4's ru_maxrss covers the child and the descendants it reaped (the -j workers): the
    # largest single process, not the sum.
    return wall, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, action="append", help="source trees (default: CCCL + suite)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--replot", action="store_true", help="only redraw the PNG from the recorded JSON")
    parser.add_argument("--baseline", metavar="COMMIT", help="also time gpuport at this commit (-j 2)")
    args = parser.parse_args()
    if args.replot:
        plot(json.loads((RESULTS / "throughput.json").read_text()))
        return 0
    trees = args.tree or [t for t in DEFAULT_TREES if t.is_dir()]
    with tempfile.TemporaryDirectory(prefix="gpuport-bench-") as tmp:
        src = Path(tmp) / "src"
        for t in trees:
            shutil.copytree(t, src / t.name, symlinks=False)
        files, lines = count_lines(src)
        print(f"tree: {files} files, {lines} lines", file=sys.stderr)
        runs: dict[str, list[tuple[float, float]]] = {
            "gpuport -j 1": [],
            "gpuport -j 2": [],
            "torch hipify": [],
        }
        baseline_site = None
        if args.baseline:
            baseline_site = install_commit(args.baseline, Path(tmp))
            runs[f"gpuport@{args.baseline[:10]} -j 2"] = []
        script = Path(tmp) / "torch_hipify.py"
        script.write_text(TORCH_SCRIPT)
        exts = ",".join(sorted(EXTENSIONS))
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")

        def command(name: str, tree: Path, out: Path) -> list[str]:
            if name.startswith("gpuport@"):
                assert baseline_site is not None
                return [
                    sys.executable, "-c", BASELINE_SCRIPT, str(baseline_site), "translate", str(tree), "-o",
                    str(out), "--to", "hip", "-j", "2", "-q", "--force", "--hip-version", "5.2",
                ]  # fmt: skip
            if name.startswith("gpuport"):
                jobs = name.split()[-1]
                return [
                    sys.executable, "-m", "gpuport", "translate", str(tree), "-o", str(out), "--to", "hip",
                    "-j", jobs, "-q", "--force", "--hip-version", "5.2",
                ]  # fmt: skip
            # hipify writes beside its input unless given an output folder; give it a copy.
            work = Path(tmp) / f"torch-src-{out.name}"
            shutil.copytree(tree, work)
            return [sys.executable, str(script), str(work), str(out), exts]

        # Warm-up, untimed: each tool once over the smallest tree, which fills the bytecode cache.
        warm = min(trees, key=lambda t: count_lines(t)[1])
        for name in runs:
            timed(
                command(name, src / warm.name, Path(tmp) / f"warm-{name.replace(' ', '_')}"), Path(tmp), env
            )
        for i in range(args.repeat):
            for name in runs:
                out = Path(tmp) / f"out-{i}-{name.replace(' ', '_')}"
                wall, peak = timed(command(name, src, out), Path(tmp), env)
                runs[name].append((wall, peak))
                print(
                    f"{name}: {wall:.2f}s, {lines / wall:,.0f} lines/s, peak {peak:.0f} MiB", file=sys.stderr
                )
    summary = {}
    for name, samples in runs.items():
        wall = statistics.median(s[0] for s in samples)
        summary[name] = {
            "median_s": round(wall, 3),
            "lines_per_s": round(lines / wall),
            "peak_rss_mib": round(max(s[1] for s in samples), 1),
            "samples_s": [round(s[0], 3) for s in samples],
        }
    torch_rate = summary["torch hipify"]["lines_per_s"]
    for name in summary:
        summary[name]["ratio_vs_torch"] = round(summary[name]["lines_per_s"] / torch_rate, 2)
    prov = provenance()
    import torch

    data = {
        **prov,
        "trees": [str(t) for t in trees],
        "files": files,
        "lines": lines,
        "torch_version": torch.__version__,
        "results": summary,
    }
    write_json("throughput", data)
    table = [["tool", "median s", "lines/s", "× torch hipify", "peak RSS MiB"]]
    for name, s in summary.items():
        table.append(
            [
                name,
                f"{s['median_s']:.2f}",
                f"{s['lines_per_s']:,}",
                f"{s['ratio_vs_torch']:.2f}",
                f"{s['peak_rss_mib']:.0f}",
            ]
        )
    write_markdown(
        "throughput",
        f"Translation throughput: {files} files, {lines:,} lines",
        table,
        prov,
        notes=f"Trees: {', '.join(str(t) for t in trees)}. torch {torch.__version__}. "
        f"Median of {args.repeat} runs, the tools taking turns; each run a fresh process writing a fresh "
        "output folder. Both tools warm: one untimed run each first, Python's bytecode cached (as for an "
        "installed package)."
        + (
            f" gpuport@{args.baseline[:10]}: gpuport as it was at commit {args.baseline}, installed from "
            "`git archive` into a folder of the run; today's -j 2 runs at "
            f"{summary['gpuport -j 2']['lines_per_s'] / summary[f'gpuport@{args.baseline[:10]} -j 2']['lines_per_s']:.2f}"
            " × its speed."
            if args.baseline
            else ""
        ),
    )
    plot(data)
    return 0


def plot(data: dict) -> None:  # type: ignore[type-arg]
    """The bar chart of bench/results/throughput.json, footed with that run's command, commit and machine."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot", file=sys.stderr)
        return
    summary = data["results"]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    names = list(summary)
    colours = ["#888" if n == "torch hipify" else "#9cb" if "@" in n else "#2a7" for n in names]
    ax.barh(names, [summary[n]["lines_per_s"] for n in names], color=colours)
    ax.set_xlabel("lines per second (higher is better)")
    ax.set_title(f"CUDA→HIP translation throughput, {data['lines']:,} lines")
    fig.tight_layout()
    save_figure(fig, "throughput", data)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
