"""Size and build time of the HTML report of a large tree, against the tree's translation time (issue 19).

Generates a tree of N CUDA files (the benchmark suite's programs, repeated under new names, 100 a
folder), translates it to HIP, then writes `--report-html` for it, and records the page's size and the
CPU time of both steps in bench/results/html_report_scale.{md,json} with the command, commit and machine.

    python3 bench/html_report_scale.py [--files 1700]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import command, commit, machine  # noqa: E402

import gpuport  # noqa: E402
from gpuport.html_report import write_translation_report  # noqa: E402

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
# Recorded before the report carried plain text (highlighted in the browser when a file is opened) and
# listed its review items: commit 1ab09a7, same command and machine kind.
PREVIOUS = [
    "",
    "Before (commit 1ab09a7: every line of every file highlighted by Pygments in Python; same command and "
    "machine kind):",
    "",
    "| files | input MiB | translate s | report s | report / translate | page MiB |",
    "| --- | --- | --- | --- | --- | --- |",
    "| 1700 | 9.4 | 7.21 | 32.63 | 4.52 | 61.7 |",
]


def generate(root: Path, files: int) -> int:
    programs = sorted((HERE / "suite").rglob("*.cu"))
    size = 0
    for i in range(files):
        src = programs[i % len(programs)]
        folder = root / f"part{i // 100:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        data = src.read_bytes()
        (folder / f"{src.stem}_{i}.cu").write_bytes(data)
        size += len(data)
    return size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1700)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="gpuport-html-scale-"))
    try:
        size = generate(work / "src", args.files)
        gpuport.translate(b"__global__ void k() {}\n")  # warm: tables, grammar
        start = time.process_time()
        report = gpuport.translate_tree(work / "src", work / "out", to="hip")
        translate_s = time.process_time() - start
        start = time.process_time()
        write_translation_report(report, work / "report.html")
        report_s = time.process_time() - start
        page = (work / "report.html").stat().st_size
    finally:
        shutil.rmtree(work, ignore_errors=True)
    row = {
        "files": args.files,
        "input_mib": round(size / 2**20, 1),
        "translate_s": round(translate_s, 2),
        "report_s": round(report_s, 2),
        "ratio": round(report_s / translate_s, 2),
        "page_mib": round(page / 2**20, 1),
    }
    print(row)
    meta = {
        "command": command(["bench/html_report_scale.py", *sys.argv[1:]]),
        "commit": commit(),
        "machine": machine(),
        "clock": "CPU time (process_time), one run",
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "html_report_scale.json").write_text(json.dumps({**meta, "rows": [row]}, indent=1) + "\n")
    lines = [
        "# HTML report of a large tree: page size and build time",
        "",
        f"Command: `{meta['command']}`; commit {meta['commit']}; machine: {json.dumps(meta['machine'])}.",
        "A generated tree (the suite's programs repeated under new names) translated to HIP with `-j 1`, then "
        f"its `--report-html` written; {meta['clock']} of each step.",
        "",
        "| files | input MiB | translate s | report s | report / translate | page MiB |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| {row['files']} | {row['input_mib']} | {row['translate_s']} | {row['report_s']} | {row['ratio']} "
        f"| {row['page_mib']} |",
        *PREVIOUS,
        "",
    ]
    (RESULTS / "html_report_scale.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
