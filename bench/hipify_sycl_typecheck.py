"""HIPIFY's own CUDA test files, translated to SYCL by gpuport and type-checked: code nobody here wrote.

HIPIFY's lit tests (bench/hipify_lit.py measures the HIP side with their FileCheck directives) are CUDA
programs and fragments written to exercise a translator. The ones outside `synthetic/` and `libraries/`
(those two list API names of libraries standard SYCL lacks) are translated one by one with
`gpuport translate FILE --to sycl` and the output type-checked with g++ against the DPC++ SYCL headers, as
the real-world yardstick does. Each failure is listed with its first error.

    python3 bench/hipify_sycl_typecheck.py /root/.cache/gpuport/hipify-tests --out hipify_sycl

The HIPIFY checkout comes from the `fetch` tool (never committed); its commit is read from the folder's
HIPIFY_COMMIT file when there is one. Writes bench/results/OUT.json and OUT.md.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SKIP_PARTS = ("synthetic", "libraries")


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True, cwd=HERE
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def check(tests: Path, work: Path) -> list[dict[str, object]]:
    from gpuport.dataset.toolchains import sycl_include_dir

    inc = sycl_include_dir()
    rows: list[dict[str, object]] = []
    files = sorted(p for p in tests.rglob("*.cu") if not set(p.relative_to(tests).parts) & set(SKIP_PARTS))
    for cu in files:
        rel = cu.relative_to(tests).as_posix()
        out = work / (rel.replace("/", "_") + ".cpp")
        tr = subprocess.run(
            [sys.executable, "-m", "gpuport", "translate", str(cu), "--to", "sycl", "-o", str(out), "-q"],
            capture_output=True,
            text=True,
            cwd=work,  # not the checkout: the interpreter's own gpuport runs
        )
        row: dict[str, object] = {"file": rel, "translate_rc": tr.returncode}
        if not out.is_file():
            row.update(ok=False, first_error="no output written")
            rows.append(row)
            continue
        tc = subprocess.run(
            [
                "g++",
                "-std=c++17",
                "-fsyntax-only",
                "-w",
                "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING",
                f"-I{inc}",
                str(out),
            ],
            capture_output=True,
            text=True,
        )
        errors = [ln for ln in tc.stderr.splitlines() if "error" in ln]
        row["ok"] = tc.returncode == 0
        if errors:
            row["first_error"] = errors[0].replace(str(work) + "/", "")[:300]
        rows.append(row)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tests", type=Path, help="HIPIFY's tests/unit_tests folder (from the fetch tool)")
    ap.add_argument("--out", default="hipify_sycl", help="name of the result files under bench/results")
    args = ap.parse_args()
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        rows = check(args.tests, Path(tmp))
    ok = sum(1 for r in rows if r["ok"])
    commit_file = args.tests / "HIPIFY_COMMIT"
    result = {
        "command": "python3 bench/hipify_sycl_typecheck.py " + " ".join(sys.argv[1:]),
        "commit": _commit(),
        "hipify_commit": commit_file.read_text().strip() if commit_file.is_file() else "unknown",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": platform.platform(),
        "wall_s": round(time.monotonic() - t0, 1),
        "files": len(rows),
        "type_check_ok": ok,
        "rows": rows,
    }
    res = HERE / "results"
    (res / f"{args.out}.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [
        "# HIPIFY's CUDA test files translated to SYCL and type-checked",
        "",
        f"Command: `{result['command']}`  ",
        f"Commit: `{result['commit']}`; HIPIFY `{result['hipify_commit']}`  ",
        f"Date: {result['date']}; machine: {result['machine']}; {result['wall_s']} s",
        "",
        f"Files outside `synthetic/` and `libraries/`: {len(rows)}; the SYCL translation type-checks in "
        f"**{ok}** ({100.0 * ok / max(1, len(rows)):.1f}%). Failures, with their first error:",
        "",
        "| file | first error |",
        "|---|---|",
    ]
    for r in rows:
        if not r["ok"]:
            err = str(r.get("first_error", "")).replace("|", "\\|")
            lines.append(f"| {r['file']} | {err} |")
    (res / f"{args.out}.md").write_text("\n".join(lines) + "\n")
    print(f"{ok}/{len(rows)} type-check")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
