"""Golden tests: every tests/golden/<target>/<rule>/<case>.cu is translated and compared, whole, with the
expected output beside it (<case>.hip or <case>.sycl.cpp) and the expected diagnostics (<case>.diag: one
`line:col CODE status` per line; empty when the case expects none). A case without its .diag fails: a
diagnostic nobody checks is a diagnostic that may silently change. `pytest --update-golden` rewrites the
expectations.

A case may start with a first-line comment `// gpuport: key=value ...` giving options
(hip_version=5.2, launch=hipLaunchKernelGGL, dnn=keep)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import gpuport
from gpuport.api import make_options

GOLDEN = Path(__file__).parent / "golden"
EXPECTED_SUFFIX = {"hip": ".hip", "sycl": ".sycl.cpp"}
# .cu cases, and .c cases for what only C files get (GP271: a C file compiled as C++ for SYCL)
CASES = sorted([*GOLDEN.glob("*/*/*.cu"), *GOLDEN.glob("*/*/*.c")])
_OPTIONS = re.compile(r"^//\s*gpuport:\s*(.*)$", re.MULTILINE)


def case_options(text: str) -> dict[str, str]:
    m = _OPTIONS.match(text)
    if not m:
        return {}
    return dict(item.split("=", 1) for item in m.group(1).split())


def diag_lines(result: gpuport.Translation) -> str:
    return "".join(f"{d.line}:{d.column} {d.code} {d.status}\n" for d in result.diagnostics)


@pytest.mark.parametrize("case", CASES, ids=[c.relative_to(GOLDEN).as_posix() for c in CASES])
def test_golden(case: Path, update_golden: bool) -> None:
    target = case.relative_to(GOLDEN).parts[0]
    text = case.read_text(encoding="utf-8")
    opts = case_options(text)
    options = make_options(
        target, opts.get("hip_version", "6.2"), opts.get("launch", "keep"), dnn=opts.get("dnn", "hipdnn")
    )
    # What a tree translation's include graph would tell this file (transpile/includes.py).
    if "include_renames" in opts:
        pairs = tuple(tuple(p.split(":", 1)) for p in opts["include_renames"].split(","))
        options = replace(options, include_renames=pairs)  # type: ignore[arg-type]
    if "runtime_from" in opts:
        options = replace(options, runtime_from=tuple(opts["runtime_from"].split(",")))
    result = gpuport.translate(text, options=options, path=case.name)
    expected_path = case.with_suffix(EXPECTED_SUFFIX[target])
    diag_path = case.with_suffix(".diag")
    if update_golden:
        expected_path.write_text(result.code, encoding="utf-8")
        diag_path.write_text(diag_lines(result), encoding="utf-8")
        return
    assert expected_path.exists(), f"no expected output {expected_path.name}; run pytest --update-golden"
    assert diag_path.exists(), f"no expected diagnostics {diag_path.name}; run pytest --update-golden"
    assert result.code == expected_path.read_text(encoding="utf-8")
    assert diag_lines(result) == diag_path.read_text(encoding="utf-8")


def test_every_rule_has_golden_cases() -> None:
    from gpuport.transpile.rules.registry import all_rules

    covered = {p.relative_to(GOLDEN).parts[1] for p in CASES}
    missing = [f"{r.code} {r.name}" for r in all_rules() if r.name not in covered]
    assert not missing, f"rules without golden cases under tests/golden/<target>/<rule-name>/: {missing}"
