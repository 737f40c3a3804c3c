"""HIPIFY's lit tests, scored directive by directive: gpuport against hipify-perl in the same run.

    python3 bench/hipify_lit.py TESTS_DIR [--roc] [--hipify-perl PATH] [--out NAME] [--only SUBSTR]

TESTS_DIR is HIPIFY's `tests/unit_tests` folder (public repository ROCm/HIPIFY; never committed here).
Lay it out once from a clone or a bare mirror, e.g.:

    mkdir -p ~/.cache/gpuport/hipify-tests && git --git-dir=HIPIFY.git archive HEAD tests/unit_tests \\
        | tar -x -C ~/.cache/gpuport/hipify-tests --strip-components=2
    git --git-dir=HIPIFY.git rev-parse HEAD > ~/.cache/gpuport/hipify-tests/HIPIFY_COMMIT

For every test (`.cu`/`.cpp` with a `RUN:` line; the four helper headers HIPIFY's lit.cfg excludes carry
none): read the hipify options of its RUN line, translate it, pass the output through the same
`sed -Ee 's|//.+|// |g'` that HIPIFY's run_test.sh applies (so the CHECK comments of the input do not match
themselves), and score every FileCheck directive with bench/filecheck.py (FileCheck's default semantics,
but every directive is scored instead of stopping at the first failure).

- **gpuport**: `gpuport.translate(text, to="hip", hip_version="6.3", launch=...)`: the HIP release of the
  HIPIFY commit the tests come from (014177b, October 2024: its tables name HIP versions up to 6.3, and
  its expected output uses 6.3's names, such as `hipblasSgemm_64`; at an older target gpuport reports
  those names as needing a newer HIP instead of emitting them);
  `launch="hipLaunchKernelGGL"` when the RUN line has `--hip-kernel-execution-syntax`, else `"keep"`
  (hipify-clang's default keeps `<<<...>>>`); `dnn="hipdnn"` (gpuport's default, and hipify-clang's
  without `--miopen`: cuDNN names become hipDNN's, each file reported by GP126). hipify-clang options that have no gpuport counterpart
  (`--amap`, `--experimental`, `--skip-excluded-preprocessor-conditional-blocks`,
  `--default-preprocessor`, `--use-hip-data-types`, `-D` defines: gpuport translates every
  preprocessor branch) are recorded per file, not emulated.
- **hipify-perl** (the peer): `perl PATH [OPTS] FILE`, where OPTS are the RUN line's options that the
  script knows (`--hip-kernel-execution-syntax`, `--cuda-kernel-execution-syntax`, `--experimental`,
  `--roc`). Give the script with `--hipify-perl` (from the same HIPIFY commit; never committed).

Files whose RUN line has `--roc` (or `-roc`) expect rocBLAS/rocSPARSE/... names; gpuport targets the hip*
libraries, so they are skipped unless `--roc` is given; totals are reported for the files without
`--roc` and, with `--roc`, for all files.

Every failed directive is classified from its expected text and the best-matching output line:
`include` (an `#include` line: spelling or placement), `launch` (kernel-launch form), `untranslated`
(a CUDA name left in the line), `spelling` (a different HIP/ROC name, or different arguments around the
same names), `missing` (no output line resembles it), `other`.

Writes bench/results/NAME.{json,md} (NAME defaults to hipify_lit).
"""

from __future__ import annotations

import argparse
import collections
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from common import provenance, write_json, write_markdown  # noqa: E402
from filecheck import Outcome, check  # noqa: E402

import gpuport  # noqa: E402

HIP_VERSION = "6.3"  # the HIP of the HIPIFY commit whose tests are scored (see above)
SUFFIXES = (".cu", ".cuh", ".cpp", ".c", ".hpp", ".h")
# hipify-clang options of the RUN lines that gpuport has no counterpart for (recorded, not emulated).
NOT_EMULATED = (
    "--amap",
    "--experimental",
    "--skip-excluded-preprocessor-conditional-blocks",
    "--default-preprocessor",
    "--use-hip-data-types",
    "--miopen",
)
PERL_OPTIONS = ("--hip-kernel-execution-syntax", "--cuda-kernel-execution-syntax", "--experimental", "--roc")
CLASSES = ("untranslated", "spelling", "launch", "include", "missing", "other")

_CUDA_TOKEN = re.compile(
    r"\b(?:cuda\w*|cu[A-Z]\w*|CU_\w+|CUDA\w*|CUBLAS\w*|CUSPARSE\w*|CURAND\w*|CUFFT\w*|CUDNN\w*|CUSOLVER\w*"
    r"|cublas\w*|cusparse\w*|curand\w*|cufft\w*|cudnn\w*|cusolver\w*|nvrtc\w*|NVRTC\w*|__nv_\w+|cub::\w+"
    r"|CUresult|CUdevice\w*|CUcontext|CUstream\w*|CUevent\w*|CUmodule|CUfunction)"
)
_HIP_TOKEN = re.compile(r"\b(?:hip\w*|HIP\w*|roc\w*|ROC\w*|miopen\w*|MIOPEN\w*|__hip\w*)")


def sed_comments(text: str) -> str:
    """`sed -Ee 's|//.+|// |g'`: from the first `//` that has text after it to the end of the line."""
    return "\n".join(re.sub(r"//.+", "// ", line) for line in text.split("\n"))


def run_options(text: str) -> dict[str, Any]:
    """The hipify options, clang arguments and defines of a test's RUN line(s)."""
    runs = [line.split("RUN:", 1)[1].strip() for line in text.splitlines() if "RUN:" in line]
    if not runs:
        return {"run": None, "options": [], "clang": [], "defines": [], "roc": False}
    tokens = shlex.split(runs[0])
    options: list[str] = []
    clang: list[str] = []
    if "%hipify_args" in tokens:
        at = tokens.index("%hipify_args") + 1
        if at < len(tokens) and tokens[at].isdigit():
            n = int(tokens[at])
            options = tokens[at + 1 : at + 1 + n]
        elif at < len(tokens) and tokens[at] != "%clang_args":
            options = [tokens[at]]  # `%hipify_args "-roc" %clang_args`
    if "%clang_args" in tokens:
        clang = tokens[tokens.index("%clang_args") + 1 :]
    options = ["--" + o.lstrip("-") for o in options]
    return {
        "run": runs[0],
        "runs": len(runs),
        "options": options,
        "clang": clang,
        "defines": [c[2:] for c in clang if c.startswith("-D")],
        "roc": "--roc" in options,
    }


def translate_gpuport(text: str, path: str, opts: list[str]) -> str:
    launch = "hipLaunchKernelGGL" if "--hip-kernel-execution-syntax" in opts else "keep"
    # cuDNN: hipDNN's names, hipify-clang's default (the `--miopen` files are `--roc` ones).
    return gpuport.translate(
        text, to="hip", hip_version=HIP_VERSION, launch=launch, dnn="hipdnn", path=path
    ).code


def translate_perl(script: Path, path: Path, opts: list[str]) -> str:
    args = [o for o in opts if o in PERL_OPTIONS]
    done = subprocess.run(
        ["perl", str(script), "--quiet-warnings", *args, str(path)],
        capture_output=True,
        text=True,
        errors="surrogateescape",
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"hipify-perl exit {done.returncode}: {done.stderr[-500:]}")
    return done.stdout


def classify(outcome: Outcome) -> str:
    """The class of a failed directive, from its expected text and the best-matching output line."""
    want = outcome.directive.pattern
    got = outcome.best_line
    if want.lstrip().startswith("#include") or got.startswith("#include"):
        return "include"
    if "hipLaunchKernelGGL" in want or "<<<" in want or ("<<<" in got and "<<<" not in want):
        return "launch"
    if outcome.directive.kind == "NOT":
        return "other"
    if not got or outcome.best_ratio < 0.3:
        return "missing"
    want_cuda = set(_CUDA_TOKEN.findall(want))
    if any(tok not in want_cuda for tok in _CUDA_TOKEN.findall(got)):
        return "untranslated"
    if set(_HIP_TOKEN.findall(want)) != set(_HIP_TOKEN.findall(got)):
        return "spelling"
    if outcome.best_ratio >= 0.6:
        return "spelling"
    return "other"


def score(name: str, check_text: str, output: str) -> dict[str, Any]:
    outcomes = check(check_text, sed_comments(output))
    failed = [o for o in outcomes if not o.passed]
    classes = collections.Counter(classify(o) for o in failed)
    return {
        "directives": len(outcomes),
        "passed": len(outcomes) - len(failed),
        "failed": len(failed),
        "classes": dict(classes),
        "failures": [
            {
                "line": o.directive.line,
                "kind": o.directive.label,
                "expected": o.directive.pattern,
                "got": o.best_line,
                "reason": o.reason,
                "class": classify(o),
            }
            for o in failed
        ],
    }


def find_tests(root: Path) -> list[Path]:
    tests = []
    for path in sorted(root.rglob("*")):
        if path.suffix in SUFFIXES and path.is_file():
            text = path.read_text(errors="surrogateescape")
            if "RUN:" in text:
                tests.append(path)
    return tests


def totals(files: list[dict[str, Any]], tool: str) -> dict[str, Any]:
    rows = [f[tool] for f in files if tool in f and "error" not in f[tool]]
    directives = sum(r["directives"] for r in rows)
    passed = sum(r["passed"] for r in rows)
    classes: collections.Counter[str] = collections.Counter()
    for r in rows:
        classes.update(r["classes"])
    return {
        "files": len(rows),
        "files_all_passed": sum(1 for r in rows if r["failed"] == 0),
        "directives": directives,
        "passed": passed,
        "rate": round(100.0 * passed / directives, 2) if directives else 0.0,
        "classes": dict(classes.most_common()),
    }


def pct(t: dict[str, Any]) -> str:
    return f"{t['rate']:.1f}% ({t['passed']}/{t['directives']})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests_dir", type=Path, help="HIPIFY's tests/unit_tests folder")
    ap.add_argument("--roc", action="store_true", help="also run the tests whose RUN line has --roc")
    ap.add_argument("--hipify-perl", type=Path, help="HIPIFY's bin/hipify-perl script (the peer)")
    ap.add_argument("--out", default="hipify_lit", help="results name under bench/results")
    ap.add_argument("--only", help="only tests whose path contains this")
    ap.add_argument("--hipify-commit", default="", help="the HIPIFY commit the tests come from")
    args = ap.parse_args(argv)
    prov = provenance(argv if argv is not None else sys.argv)
    root = args.tests_dir.resolve()
    tests = find_tests(root)
    if args.only:
        tests = [t for t in tests if args.only in str(t.relative_to(root))]
    tools = ["gpuport"] + (["hipify-perl"] if args.hipify_perl else [])
    files: list[dict[str, Any]] = []
    started = time.perf_counter()
    for path in tests:
        rel = str(path.relative_to(root))
        text = path.read_text(errors="surrogateescape")
        run = run_options(text)
        row: dict[str, Any] = {
            "file": rel,
            "roc": run["roc"],
            "options": run["options"],
            "defines": run["defines"],
            "not_emulated": [o for o in run["options"] if o in NOT_EMULATED]
            + [f"-D{d}" for d in run["defines"]],
        }
        files.append(row)
        if run["roc"] and not args.roc:
            row["skipped"] = "--roc"
            continue
        for tool in tools:
            try:
                if tool == "gpuport":
                    out = translate_gpuport(text, rel, run["options"])
                else:
                    out = translate_perl(args.hipify_perl, path, run["options"])
            except Exception as exc:  # a crash is a result, not the end of the run
                row[tool] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            row[tool] = score(rel, text, out)
        print(
            f"{rel}: "
            + ", ".join(
                f"{tool} {row[tool].get('passed', 0)}/{row[tool].get('directives', 0)}" for tool in tools
            ),
            file=sys.stderr,
        )
    elapsed = time.perf_counter() - started
    non_roc = [f for f in files if not f["roc"]]
    summary = {tool: {"non_roc": totals(non_roc, tool)} for tool in tools}
    if args.roc:
        for tool in tools:
            summary[tool]["all"] = totals(files, tool)
    hipify_commit = args.hipify_commit or git_commit_of(root)
    data = {
        "provenance": prov,
        "hipify_commit": hipify_commit,
        "tests_dir": str(args.tests_dir),
        "hip_version": HIP_VERSION,
        "hipify_perl": str(args.hipify_perl) if args.hipify_perl else None,
        "elapsed_s": round(elapsed, 1),
        "summary": summary,
        "files": [strip_failures(f, tools) for f in files],
        "examples": {tool: class_examples(files, tool) for tool in tools},
    }
    write_json(args.out, data)
    write_report(args.out, data, files, tools, prov)
    for tool in tools:
        for scope, t in summary[tool].items():
            print(f"{tool} {scope}: {pct(t)}  classes {t['classes']}")
    return 0


def git_commit_of(root: Path) -> str:
    marker = root / "HIPIFY_COMMIT"
    for folder in (root, *root.parents):
        if (folder / "HIPIFY_COMMIT").is_file():
            return (folder / "HIPIFY_COMMIT").read_text().strip()
    return marker.read_text().strip() if marker.is_file() else "unknown (pass --hipify-commit)"


def strip_failures(row: dict[str, Any], tools: list[str], keep: int = 0) -> dict[str, Any]:
    """A file's row for the JSON: its numbers and its first `keep` failures per tool (none by default: the
    expected lines are HIPIFY's test text; the class examples quote a few)."""
    out = {k: v for k, v in row.items() if k not in tools}
    for tool in tools:
        if tool in row:
            r = dict(row[tool])
            if "failures" in r:
                r["failures"] = r["failures"][:keep]
            out[tool] = r
    return out


def class_examples(files: list[dict[str, Any]], tool: str, n: int = 3) -> dict[str, list[dict[str, Any]]]:
    examples: dict[str, list[dict[str, Any]]] = {c: [] for c in CLASSES}
    for f in files:
        for fail in f.get(tool, {}).get("failures", []):
            bucket = examples[fail["class"]]
            if len(bucket) < n and all(e["file"] != f["file"] for e in bucket):
                bucket.append({"file": f["file"], **fail})
    return {c: v for c, v in examples.items() if v}


def write_report(
    name: str, data: dict[str, Any], files: list[dict[str, Any]], tools: list[str], prov: dict[str, Any]
) -> None:
    table = [["tool", "files without --roc", "all files"]]
    for t in tools:
        s = data["summary"][t]
        table.append([t, pct(s["non_roc"]), pct(s["all"]) if "all" in s else "not run (no --roc)"])
    notes = [
        f"HIPIFY commit: `{data['hipify_commit']}` (tests from `tests/unit_tests`, never committed here); "
        f'gpuport options: `to="hip", hip_version="{data["hip_version"]}"`, '
        '`dnn="hipdnn"`, `launch="hipLaunchKernelGGL"` where the RUN line has `--hip-kernel-execution-syntax`; '
        f"hipify-perl: `perl {data['hipify_perl']} --quiet-warnings [RUN options it knows] FILE`. "
        f"Run time {data['elapsed_s']} s. Directives passed, scored one by one (bench/filecheck.py).",
        "",
        "## Failure classes (files without --roc)",
        "",
        "| class | " + " | ".join(tools) + " |",
        "|---|" + "---|" * len(tools),
    ]
    for c in CLASSES:
        counts = [str(data["summary"][t]["non_roc"]["classes"].get(c, 0)) for t in tools]
        notes.append(f"| {c} | " + " | ".join(counts) + " |")
    for t in tools:
        notes += ["", f"### Examples: {t}", ""]
        for c, examples in data["examples"][t].items():
            notes.append(f"- **{c}**")
            for e in examples:
                notes.append(
                    f"  - `{e['file']}:{e['line']}` {e['kind']} ({e['reason']}): "
                    f"expected `{md(e['expected'])}`, got `{md(e['got'])}`"
                )
    head = ["file", "--roc", "directives"] + [f"{t} passed" for t in tools] + ["not emulated"]
    notes += ["", "## Per file", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in files:
        first = next((f[t] for t in tools if t in f and "directives" in f[t]), None)
        cells = [f"`{f['file']}`", "yes" if f["roc"] else "", str(first["directives"]) if first else "-"]
        for t in tools:
            if f.get("skipped"):
                cells.append("skipped (--roc)")
            elif "error" in f.get(t, {}):
                cells.append("error: " + md(f[t]["error"][:80]))
            else:
                cells.append(f"{f[t]['passed']}" + (f" ({f[t]['failed']} failed)" if f[t]["failed"] else ""))
        cells.append(" ".join(f"`{o}`" for o in f["not_emulated"]))
        notes.append("| " + " | ".join(cells) + " |")
    write_markdown(
        name,
        "HIPIFY lit tests: FileCheck directives passed, gpuport and hipify-perl",
        table,
        prov,
        "\n".join(notes),
    )


def md(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'")[:160]


if __name__ == "__main__":
    sys.exit(main())
