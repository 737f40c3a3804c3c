"""Golden tests over whole trees: what one file cannot show (includes of renamed files, headers that are
CUDA whatever their extension, kernels defined in one file and declared or launched in another, the
runtime include decided through the include graph).

Each case is a folder tests/golden_trees/<case>/ holding `in/` (a small CUDA project), `case.toml`
(`targets`, `hip_version`, `units`: the translation units to compile) and, per target, the whole expected
output tree `expected/<target>/` and its diagnostics `expected/<target>.diag` (`path:line:col CODE status`
per line). The translation is compared file by file, byte for byte; then every unit of the translated tree
is compiled: HIP by hipcc for gfx90a (`-fsyntax-only`), SYCL type-checked by g++ against the DPC++
headers. `pytest --update-golden` rewrites the expectations (read the diff).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from gpuport.transpile.tree import CACHE_FILE

import gpuport

ROOT = Path(__file__).parent / "golden_trees"
CASES = sorted(p for p in ROOT.iterdir() if (p / "in").is_dir()) if ROOT.is_dir() else []
PARAMS = [
    pytest.param(case, target, id=f"{case.name}-{target}")
    for case in CASES
    for target in tomllib.loads((case / "case.toml").read_text())["targets"]
]


def _tree_files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != CACHE_FILE
    }


def _translate(case: Path, target: str, out: Path) -> tuple[dict[str, bytes], str]:
    spec = tomllib.loads((case / "case.toml").read_text())
    report = gpuport.translate_tree(
        case / "in" / spec.get("src", "."),
        out,
        to=target,
        hip_version=spec.get("hip_version", "5.2"),
        jobs=1,
        include_roots=[case / "in" / r for r in spec.get("include_roots", [])],
    )
    diag = "".join(
        f"{f.path}:{d.line}:{d.column} {d.code} {d.status}\n" for f in report.files for d in f.diagnostics
    )
    return _tree_files(out), diag


@pytest.mark.parametrize(("case", "target"), PARAMS)
def test_tree_golden(case: Path, target: str, tmp_path: Path, update_golden: bool) -> None:
    got, diag = _translate(case, target, tmp_path / "out")
    expected_dir = case / "expected" / target
    diag_path = case / "expected" / f"{target}.diag"
    if update_golden:
        shutil.rmtree(expected_dir, ignore_errors=True)
        for rel, data in got.items():
            (expected_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            (expected_dir / rel).write_bytes(data)
        diag_path.write_text(diag, encoding="utf-8")
        return
    assert expected_dir.is_dir(), f"no expected tree {expected_dir}; run pytest --update-golden"
    expected = _tree_files(expected_dir)
    assert sorted(got) == sorted(expected), "the translated tree has other files than expected"
    for rel in expected:
        assert got[rel].decode(errors="replace") == expected[rel].decode(errors="replace"), rel
    assert diag == diag_path.read_text(encoding="utf-8")


def _compile(target: str, unit: Path, root: Path, incs: list[str]) -> subprocess.CompletedProcess[str]:
    flags = [f"-I{root / i}" for i in incs]
    if target == "hip" and unit.suffix == ".c":
        cmd = ["hipcc", "-fsyntax-only", "-x", "c", *flags, str(unit)]  # a C unit, as a Makefile builds it
    elif unit.suffix == ".c":
        cmd = ["gcc", "-fsyntax-only", *flags, str(unit)]  # a C unit the SYCL translation kept C
    elif target == "hip":
        cmd = [
            "hipcc",
            "-std=c++17",
            "--offload-arch=gfx90a",
            "-fsyntax-only",
            "-x",
            "hip",
            *flags,
            str(unit),
        ]
    else:
        from gpuport.dataset import toolchains

        inc = toolchains.sycl_include_dir()
        cmd = [
            "g++",
            "-std=c++17",
            "-fsyntax-only",
            "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING",
            f"-I{inc}",
            *flags,
        ]
        cmd.append(str(unit))
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    return subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.parametrize(("case", "target"), PARAMS)
def test_tree_golden_compiles(
    case: Path, target: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    marker = "hipcc" if target == "hip" else "sycl"
    request.applymarker(getattr(pytest.mark, marker))
    from conftest import _probe

    reason = _probe(marker)
    if reason is not None:
        pytest.skip(reason)
    out = tmp_path / "out"
    _translate(case, target, out)
    spec = tomllib.loads((case / "case.toml").read_text())
    for unit in spec["units"]:
        name = unit[: -len(".cu")] + ".cpp" if target == "sycl" and unit.endswith(".cu") else unit
        proc = _compile(target, out / name, out, spec.get("include", []))
        assert proc.returncode == 0, f"{name}:\n{proc.stderr[-3000:]}"


@pytest.mark.acpp
@pytest.mark.slow
@pytest.mark.parametrize(
    "case",
    [c for c in CASES if "run_pass" in tomllib.loads((c / "case.toml").read_text())],
    ids=lambda c: c.name,
)
def test_tree_golden_runs_on_adaptivecpp(case: Path, tmp_path: Path) -> None:
    """The SYCL translation built with AdaptiveCpp for the CPU prints what the CUDA program prints.

    Built with `omp.library-only`: AdaptiveCpp's compiled CPU backend (`omp`) cannot split a kernel at a
    barrier when the kernel's body is in another translation unit than its launch (it aborts at run time,
    "splitting seems to have failed"), which is exactly what multi-file programs do."""
    if shutil.which("acpp") is None:
        pytest.skip("acpp (AdaptiveCpp) not on PATH")
    out = tmp_path / "out"
    _translate(case, "sycl", out)
    spec = tomllib.loads((case / "case.toml").read_text())
    units = [u[: -len(".cu")] + ".cpp" if u.endswith(".cu") else u for u in spec["units"]]
    exe = tmp_path / "prog"
    build = subprocess.run(
        ["acpp", "--acpp-targets=omp.library-only", "-std=c++17", "-O1", *units, "-o", str(exe)],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and spec["run_pass"] in run.stdout, run.stdout + run.stderr
