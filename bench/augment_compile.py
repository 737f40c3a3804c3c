"""Compile every generated augment task with nvcc (-c, a few at a time) and record the outcome.

    python3 bench/augment_compile.py /tmp/augment-1000 [-j 2] [--log /tmp/augment-compile.jsonl]

Each finished compile is appended to the log at once, so a long run can be polled and resumed (tasks
already in the log are skipped). Writes bench/results/augment_compile.{json,md}.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import provenance, write_json, write_markdown  # noqa: E402
from gpuport.dataset.suite import load_task, nvcc_compile_command  # noqa: E402


def nvcc_version() -> str:
    out = subprocess.run(["nvcc", "--version"], capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1] if out.strip() else "unknown"


def compile_one(folder: Path, arch: str) -> dict[str, object]:
    task = load_task(folder)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = nvcc_compile_command(task, task.source_paths[0], Path(tmp) / "main.o", arch=arch)
        t0 = time.monotonic()
        proc = subprocess.run(["nice", "-n", "10", *cmd], capture_output=True, text=True, timeout=900)
        wall = time.monotonic() - t0
    return {
        "task": task.name,
        "kind": task.name.split("-")[1],
        "ok": proc.returncode == 0,
        "rc": proc.returncode,
        "wall_s": round(wall, 2),
        "stderr": proc.stderr[-2000:] if proc.returncode else "",
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--log", type=Path, default=Path("/tmp/augment-compile.jsonl"))
    ap.add_argument(
        "--report-only", action="store_true", help="write the results from the log, compile nothing"
    )
    ap.add_argument("--generate-command", default="gpuport augment --n 1000 --seed 0 --out /tmp/augment-1000")
    args = ap.parse_args(argv)
    folders = sorted(p.parent for p in args.root.rglob("task.toml"))
    done: dict[str, dict[str, object]] = {}
    if args.log.exists():
        for line in args.log.read_text().splitlines():
            row = json.loads(line)
            done[str(row["task"])] = row
    # Index order mixes the kinds, so a partial run samples all of them.
    todo = sorted((f for f in folders if f.name not in done), key=lambda f: f.name.split("-")[3])
    t0 = time.monotonic()
    if not args.report_only and todo:
        with args.log.open("a") as log, ThreadPoolExecutor(args.jobs) as pool:
            for row in pool.map(lambda f: compile_one(f, args.arch), todo):
                done[str(row["task"])] = row
                log.write(json.dumps(row) + "\n")
                log.flush()
    rows = [done[f.name] for f in folders if f.name in done]
    by_kind: dict[str, list[int]] = {}
    for r in rows:
        ok_total = by_kind.setdefault(str(r["kind"]), [0, 0])
        ok_total[0] += int(bool(r["ok"]))
        ok_total[1] += 1
    failures = [{"task": r["task"], "stderr": r["stderr"]} for r in rows if not r["ok"]]
    prov = provenance(argv if argv is not None else sys.argv)
    walls = sorted(float(r["wall_s"]) for r in rows)  # type: ignore[arg-type]
    data = {
        **prov,
        "generate_command": args.generate_command,
        "compile_command": f"nvcc -std=c++17 -arch={args.arch} -O2 -c main.cu -o main.o -O2 ({args.jobs} at a time, nice 10)",
        "nvcc": nvcc_version(),
        "tasks_found": len(folders),
        "compiled": len(rows),
        "ok": sum(1 for r in rows if r["ok"]),
        "failed": len(failures),
        "median_compile_s": walls[len(walls) // 2] if walls else None,
        "by_kind": {k: {"ok": v[0], "total": v[1]} for k, v in sorted(by_kind.items())},
        "failures": failures,
        "this_run_wall_s": round(time.monotonic() - t0, 1),
    }
    write_json("augment_compile", data)
    table = [["kind", "compiled ok", "compiled", "generated"]]
    gen_by_kind: dict[str, int] = {}
    for f in folders:
        k = f.name.split("-")[1]
        gen_by_kind[k] = gen_by_kind.get(k, 0) + 1
    for k in sorted(gen_by_kind):
        ok, total = by_kind.get(k, [0, 0])
        table.append([k, str(ok), str(total), str(gen_by_kind[k])])
    table.append(["**total**", str(data["ok"]), str(len(rows)), str(len(folders))])
    notes = (
        f"Tasks generated with `{args.generate_command}`; each `main.cu` compiled with "
        f"`{data['compile_command']}` using {data['nvcc']}. Median compile wall time "
        f"{data['median_compile_s']} s on a machine shared with other jobs. "
        + (f"{len(failures)} failures, listed in augment_compile.json." if failures else "No failures.")
    )
    if len(rows) < len(folders):
        notes = (
            f"**Partial run: {len(rows)} of {len(folders)} generated tasks compiled so far** (compiles took "
            "about 20-60 s each on the shared, heavily loaded 2-core machine). Resume with "
            f"`python3 bench/augment_compile.py {args.root} -j 2 --log {args.log}` (tasks already in the log "
            "are skipped; index order, so every kind is sampled).\n\n" + notes
        )
    write_markdown("augment_compile", "Generated (augment) tasks: nvcc compile check", table, prov, notes)
    print(f"{data['ok']}/{len(rows)} compiled ok ({len(folders)} generated)")
    return 0 if not failures and len(rows) == len(folders) else 1


if __name__ == "__main__":
    sys.exit(main())
