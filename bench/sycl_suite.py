"""The kernel suite through the SYCL pack: per task, CUDA left after translation, the SYCL type-check
(g++ against DPC++'s headers), and, with --acpp, an AdaptiveCpp build for its CPU (OpenMP) target and a
run whose PASS line says the program matched its own CPU reference.

    python3 bench/sycl_suite.py [--acpp | --runs-from STORE] [--tasks a,b] [-j 2]

--runs-from takes the AdaptiveCpp column from a pipeline store instead of building here: the SYCL pairs of
`gpuport build --to sycl --store STORE` (run on a machine with acpp, on a copy of the H200 store so the
translations are compared with the CUDA program's GPU results); "runs-equal" there means the SYCL build's
outputs equal the CUDA original's within the task's tolerance.

Writes bench/results/sycl_suite.{json,md} for a full run; with --tasks it prints one line per task and
leaves the recorded results alone (a partial run must not replace the whole-suite record).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import provenance, write_json, write_markdown  # noqa: E402


def check_task(task, out_root: Path, use_acpp: bool) -> dict:  # type: ignore[no-untyped-def]
    from gpuport.dataset import toolchains

    import gpuport

    out = out_root / task.name
    report = gpuport.translate_tree(task.path, out, to="sycl", force=True)
    unconverted = report.totals.total_unconverted
    sources = [out / (Path(s).with_suffix(".cpp") if s.endswith(".cu") else Path(s)) for s in task.sources]
    row: dict = {"task": task.name, "domain": task.domain, "unconverted": unconverted}
    ok = True
    errors = []
    for src in sources:
        argv = toolchains.sycl_typecheck_argv(src, [out], ["-w"])
        if argv is None:
            row["typecheck"] = "no SYCL headers"
            ok = False
            break
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            ok = False
            errors += [line for line in proc.stderr.splitlines() if "error" in line][:2]
    row.setdefault("typecheck", "ok" if ok else "fail")
    row["errors"] = errors
    row["acpp"] = "not run"
    if use_acpp and ok and unconverted == 0:
        acpp = toolchains.acpp()
        if acpp.usable and acpp.path:
            binary = out / "prog"
            build = subprocess.run(
                [
                    acpp.path,
                    "--acpp-targets=omp",
                    "-O2",
                    "-std=c++17",
                    f"-I{out}",
                    *map(str, sources),
                    "-o",
                    str(binary),
                ],
                capture_output=True,
                text=True,
                timeout=1800,
            )
            if build.returncode != 0:
                row["acpp"] = "build failed"
                row["errors"] = [line for line in build.stderr.splitlines() if "error" in line][:2]
            else:
                try:
                    run = subprocess.run(
                        [str(binary), *task.run_args],
                        capture_output=True,
                        text=True,
                        timeout=max(120, task.timeout_s * 10),
                        cwd=out,
                    )
                    last = run.stdout.strip().splitlines()[-1:] or [""]
                    row["acpp"] = (
                        "PASS" if run.returncode == 0 and last[0] == "PASS" else f"FAIL rc={run.returncode}"
                    )
                except subprocess.TimeoutExpired:
                    row["acpp"] = "timeout"
    return row


def _runs_from_store(rows: list[dict], store: str) -> None:
    """Fill the AdaptiveCpp column from a pipeline store's SYCL pairs: their level and, below
    runs-equal, the pipeline's reason."""
    from gpuport.dataset.store import StoreReader

    with StoreReader(store) as reader:
        found = {p["task"]: (p["level"], p["notes"]) for p in reader.pairs(target="sycl")}
    for r in rows:
        got = found.get(r["task"])
        if got is None:
            r["acpp"] = "not in store"
            continue
        level, notes = got
        if level in ("runs-equal", "perf-measured"):
            r["acpp"] = "runs-equal"
            continue
        why = [n for n in notes if not n.startswith(("tree-sitter-cuda finds", "compared with"))]
        r["acpp"] = f"{level}: {why[0] if why else 'see store'}"[:90]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acpp", action="store_true", help="also build and run with AdaptiveCpp (CPU)")
    parser.add_argument("--runs-from", metavar="STORE", help="AdaptiveCpp verdicts from a pipeline store")
    parser.add_argument("--tasks", help="comma-separated task names (default: all)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    from gpuport.dataset.suite import default_suite_root, load_suite

    tasks = load_suite(default_suite_root())
    if args.tasks:
        wanted = set(args.tasks.split(","))
        tasks = [t for t in tasks if t.name in wanted]
    tmp = Path(tempfile.mkdtemp(prefix="gpuport-sycl-suite-"))
    try:
        with ThreadPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(lambda t: check_task(t, tmp, args.acpp), tasks))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.runs_from:
        _runs_from_store(rows, args.runs_from)
    n = len(rows)
    clean = sum(1 for r in rows if r["unconverted"] == 0)
    typed = sum(1 for r in rows if r["typecheck"] == "ok")
    both = sum(1 for r in rows if r["unconverted"] == 0 and r["typecheck"] == "ok")
    ran = sum(1 for r in rows if r["acpp"] in ("PASS", "runs-equal"))
    summary = {
        "tasks": n,
        "no_cuda_left": clean,
        "typecheck_ok": typed,
        "no_cuda_and_typecheck": both,
        "acpp_pass": ran if args.acpp or args.runs_from else None,
    }
    if args.tasks:
        for r in rows:
            print(r["task"], f"left={r['unconverted']}", r["typecheck"], r["acpp"], *(r["errors"][:1]))
        print(json.dumps(summary))
        return 0
    prov = provenance()
    write_json("sycl_suite", {**prov, "summary": summary, "rows": rows})
    table = [["task", "domain", "CUDA left", "type-check", "AdaptiveCpp CPU run", "first error"]]
    for r in rows:
        table.append(
            [
                r["task"],
                r["domain"],
                str(r["unconverted"]),
                r["typecheck"],
                r["acpp"],
                (r["errors"][0] if r["errors"] else "").replace("|", "\\|")[:140],
            ]
        )
    write_markdown(
        "sycl_suite",
        f"Kernel suite → SYCL: {both}/{n} with no CUDA left and type-checking"
        + (f", {ran}/{n} pass on AdaptiveCpp (CPU)" if args.acpp else "")
        + (
            f", {ran}/{n} equal the CUDA program's H200 results on AdaptiveCpp (CPU)"
            if args.runs_from
            else ""
        ),
        table,
        prov,
        notes="Type-check: g++ -std=c++17 -fsyntax-only against intel-sycl-rt's DPC++ headers. AdaptiveCpp: "
        "acpp --acpp-targets=omp -O2 (sub-group size 1 on the CPU), run with the task's arguments; PASS is the "
        "program's own comparison with its CPU reference"
        + (
            f"; here the column comes from the pipeline store {Path(args.runs_from).name} "
            "(runs-equal: the SYCL program passed its own check and its RESULT lines equal the CUDA "
            "original's from the H200 within the task's tolerance)."
            if args.runs_from
            else "."
        ),
    )
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
