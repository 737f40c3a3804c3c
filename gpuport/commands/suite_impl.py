"""Helpers behind `gpuport suite list` and `gpuport suite check`: they return text, the CLI prints it."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gpuport.dataset.cudalibs import cuda_library_dirs
from gpuport.dataset.suite import Task, TaskError, load_suite, nvcc_compile_command

_MAX_ERROR_LINES = 3
_COMPILE_TIMEOUT_S = 300


def list_tasks(root: Path, as_json: bool = False) -> str:
    """A table (or JSON array) of every task: name, domain, difficulty, features."""
    tasks = load_suite(root)
    if as_json:
        rows = [
            {
                "name": t.name,
                "domain": t.domain,
                "difficulty": t.difficulty,
                "features": list(t.features),
                "sources": list(t.sources),
                "path": str(t.path),
            }
            for t in tasks
        ]
        return json.dumps(rows, indent=2)
    header = ("name", "domain", "difficulty", "features")
    rows_txt = [(t.name, t.domain, t.difficulty, ", ".join(t.features)) for t in tasks]
    widths = [max(len(r[i]) for r in [header, *rows_txt]) for i in range(3)]
    lines = []
    for r in [header, *rows_txt]:
        lines.append("  ".join(r[i].ljust(widths[i]) for i in range(3)) + "  " + r[3])
    lines.insert(1, "  ".join("-" * w for w in widths) + "  " + "-" * len(header[3]))
    lines.append(f"{len(tasks)} tasks")
    return "\n".join(lines)


def _first_error_lines(output: str) -> str:
    lines = [ln for ln in output.splitlines() if "error" in ln.lower()] or output.splitlines()
    return "\n".join(lines[:_MAX_ERROR_LINES])


def compile_task(task: Task, nvcc: str = "nvcc", arch: str = "sm_90") -> tuple[bool, str]:
    """Compile every source of `task` to an object file in a scratch folder.

    Returns (ok, message); message is empty on success, else the failing source and its first error
    lines. A library task whose headers are not installed fails with that reason (check wants a
    complete environment; tests skip instead).
    """
    if task.libs and cuda_library_dirs() is None:
        return False, f"needs {', '.join(task.libs)} headers: PyPI nvidia cu13 wheels not installed"
    with tempfile.TemporaryDirectory(prefix=f"gpuport-{task.name}-") as tmp:
        for i, src in enumerate(task.source_paths):
            obj = Path(tmp) / f"{i}_{src.stem}.o"
            cmd = nvcc_compile_command(task, src, obj, arch=arch, nvcc=nvcc)
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=_COMPILE_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                return False, f"{src.name}: nvcc timed out after {_COMPILE_TIMEOUT_S} s"
            if proc.returncode != 0:
                return False, f"{src.name}: {_first_error_lines(proc.stderr + proc.stdout)}"
    return True, ""


def check_tasks(root: Path, compile: bool = False, jobs: int = 2) -> tuple[int, str]:
    """Validate every task.toml under root and optionally compile every task with nvcc.

    Returns (exit code, summary): 0 when all is well, 1 when a task is invalid or fails to compile,
    2 when compiling was asked for but nvcc is missing.
    """
    try:
        tasks = load_suite(root)
    except TaskError as e:
        return 1, f"{len(e.errors)} invalid task file(s):\n{e}"
    lines = [f"{len(tasks)} tasks valid under {root}"]
    if not compile:
        return 0, "\n".join(lines)
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        return 2, "\n".join([*lines, "cannot compile: nvcc not on PATH"])
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(lambda t: (t, *compile_task(t, nvcc=nvcc)), tasks))
    failed = [(t, msg) for t, ok, msg in results if not ok]
    lines.append(f"{len(tasks) - len(failed)}/{len(tasks)} tasks compile")
    for t, msg in failed:
        lines.append(f"FAIL {t.name} ({t.path})")
        lines += [f"    {ln}" for ln in msg.splitlines()]
    return (1 if failed else 0), "\n".join(lines)
