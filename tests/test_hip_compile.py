"""Compile tests: every CUDA program under tests/programs compiles with nvcc, and its HIP translation
(HIP 5.2, the ROCm of Debian's hipcc) compiles with hipcc for gfx90a and gfx1030. Translating the HIP output
again changes nothing (idempotency), at HIP 5.2 and 6.2.

Programs that need a HIP library Debian 12 does not package (hipBLAS, hipFFT, hipCUB, rocThrust) compile
against the headers scripts/setup.sh unpacks from Debian 13 (toolchains.hip_extra_include); on a machine
without them they are checked for CUDA left in their translation, and their hipcc compile is skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from gpuport.dataset.toolchains import hip_extra_include
from gpuport.transpile.context import CUDA_NAME
from gpuport.transpile.tokens import tokenize
from gpuport.transpile.tree import user_declared_cuda_names

import gpuport

PROGRAMS_DIR = Path(__file__).parent / "programs"
# A program is a top-level .cu file, or a folder of .cu/.cuh files compiled file by file.
PROGRAMS = sorted([*PROGRAMS_DIR.glob("*.cu"), *(p for p in PROGRAMS_DIR.iterdir() if p.is_dir())])
IDS = [p.name for p in PROGRAMS]
# HIP libraries missing from Debian, by the CUDA include that needs them.
NOT_IN_DEBIAN = {
    "cublas_v2.h": "hipBLAS",
    "cublas.h": "hipBLAS",
    "cufft.h": "hipFFT",
    "cub/cub.cuh": "hipCUB/rocPRIM",
    "thrust/": "rocThrust",
}
NEEDS_WHEEL_HEADERS = ("cublas", "cufft", "curand", "cusparse")
_OPTIONS = re.compile(r"^//\s*gpuport:\s*(.*)$", re.MULTILINE)
_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)
HIPCC_ARCHS = ("--offload-arch=gfx90a", "--offload-arch=gfx1030")
TIMEOUT_S = 600


def sources(program: Path) -> list[Path]:
    return sorted(program.glob("*.cu")) if program.is_dir() else [program]


def all_text(program: Path) -> str:
    files = sorted(program.iterdir()) if program.is_dir() else [program]
    return "\n".join(f.read_text(encoding="utf-8") for f in files if f.suffix in (".cu", ".cuh"))


def options(program: Path) -> dict[str, str]:
    head = "\n".join(all_text(program).splitlines()[:3])
    m = _OPTIONS.search(head)
    return dict(item.split("=", 1) for item in m.group(1).split()) if m else {}


def missing_hip_library(program: Path) -> str | None:
    for inc in _INCLUDE.findall(all_text(program)):
        for prefix, lib in NOT_IN_DEBIAN.items():
            if inc == prefix or (prefix.endswith("/") and inc.startswith(prefix)):
                return lib
    return None


@cache
def wheel_include() -> str | None:
    from gpuport.dataset.cudalibs import cuda_library_dirs

    dirs = cuda_library_dirs()
    return str(dirs[0]) if dirs else None


def translate_program(program: Path, out: Path, hip_version: str) -> list[gpuport.Translation]:
    """Translate every .cu/.cuh of the program into `out` (same names); returns the translations."""
    launch = options(program).get("launch", "keep")
    results = []
    files = sorted(program.iterdir()) if program.is_dir() else [program]
    for f in files:
        if f.suffix not in (".cu", ".cuh"):
            continue
        result = gpuport.translate(
            f.read_bytes(), to="hip", hip_version=hip_version, launch=launch, path=f.name
        )
        (out / f.name).write_bytes(result.result.output)
        results.append(result)
    return results


def cuda_names_left(code: str) -> list[str]:
    """CUDA-looking identifiers in code (not comments/strings) the file does not declare itself."""
    data = code.encode("utf-8", "surrogateescape")
    declared = user_declared_cuda_names(data)  # the project's own `CUDA_CHECK`/`cudaCheck`
    left = []
    for tok in tokenize(data):
        if tok.kind == "ident":
            name = tok.text.decode()
            if CUDA_NAME.fullmatch(name) and name not in declared:
                left.append(name)
    return left


def _run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, env=env)


@cache
def nvcc_results() -> dict[str, tuple[int, str]]:
    """Compile every program with nvcc once, two at a time (the machine has two cores)."""
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"gpuport-nvcc-{os.getpid()}"
    out.mkdir(parents=True, exist_ok=True)

    def one(program: Path) -> tuple[str, tuple[int, str]]:
        inc = wheel_include()
        for src in sources(program):
            cmd = [
                "nvcc",
                "-std=c++17",
                "-arch=sm_90",
                "-c",
                str(src),
                "-o",
                str(out / f"{program.name}-{src.stem}.o"),
            ]
            if inc:
                cmd[1:1] = ["-I", inc]
            proc = _run(cmd)
            if proc.returncode != 0:
                return program.name, (proc.returncode, f"{src.name}:\n{proc.stderr[-4000:]}")
        return program.name, (0, "")

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            return dict(pool.map(one, PROGRAMS))
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_enough_programs() -> None:
    assert len(PROGRAMS) >= 25


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_nvcc_compiles(program: Path) -> None:
    text = all_text(program)
    if any(f"<{lib}" in text for lib in NEEDS_WHEEL_HEADERS) and wheel_include() is None:
        pytest.skip("[nvcc] CUDA library headers missing: pip install the nvidia cu13 wheels")
    rc, log = nvcc_results()[program.name]
    assert rc == 0, log


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_translation_has_no_cuda_left(program: Path, tmp_path: Path) -> None:
    for result in translate_program(program, tmp_path, "5.2"):
        unconverted = [d.format() for d in result.diagnostics if d.status == "unconverted"]
        assert not unconverted, unconverted
        assert not cuda_names_left(result.code), cuda_names_left(result.code)


@cache
def hipcc_results() -> dict[str, tuple[str, str]]:
    """Translate (HIP 5.2) and compile every program with hipcc once, two at a time.

    Returns program name -> (status, detail): status "ok", "skip" (library not in Debian) or "fail"."""
    root = Path(os.environ.get("TMPDIR", "/tmp")) / f"gpuport-hipcc-{os.getpid()}"
    env = {**os.environ, "HIP_PLATFORM": "amd"}

    def one(program: Path) -> tuple[str, tuple[str, str]]:
        out = root / program.name
        out.mkdir(parents=True, exist_ok=True)
        results = translate_program(program, out, "5.2")
        if not all(r.fully_converted for r in results):
            return program.name, ("fail", "translation left CUDA unconverted")
        extra = hip_extra_include()
        lib = missing_hip_library(program)
        if lib is not None and extra is None:
            return program.name, (
                "skip",
                f"{lib} is not packaged in Debian; translation checked, compile skipped",
            )
        for src in sources(program):
            cmd = ["hipcc", "-std=c++17", *HIPCC_ARCHS, "-x", "hip", "-c", str(out / src.name),
                   "-o", str(out / f"{src.stem}.o")]  # fmt: skip
            if extra is not None:
                cmd[1:1] = ["-isystem", str(extra[0])]
            proc = _run(cmd, env)
            if proc.returncode != 0:
                translation = (out / src.name).read_text(errors="replace")
                return program.name, (
                    "fail",
                    f"{src.name}:\n{proc.stderr[-4000:]}\n--- translation ---\n{translation}",
                )
        return program.name, ("ok", "")

    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            return dict(pool.map(one, PROGRAMS))
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.hipcc
@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_hipcc_compiles(program: Path) -> None:
    status, detail = hipcc_results()[program.name]
    if status == "skip":
        pytest.skip(f"[hipcc] {detail}")
    assert status == "ok", detail


@pytest.mark.parametrize("hip_version", ["5.2", "6.2"])
@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_translating_hip_again_changes_nothing(program: Path, hip_version: str) -> None:
    launch = options(program).get("launch", "keep")
    for f in sorted(program.iterdir()) if program.is_dir() else [program]:
        if f.suffix not in (".cu", ".cuh"):
            continue
        once = gpuport.translate(f.read_bytes(), to="hip", hip_version=hip_version, launch=launch).code
        twice = gpuport.translate(once, to="hip", hip_version=hip_version, launch=launch).code
        assert twice == once, f.name
