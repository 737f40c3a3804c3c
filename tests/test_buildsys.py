"""Build-file migration: golden pairs, the tokenizers, and real builds of migrated projects.

Golden cases: tests/golden/buildsys/<case>/<build file> with the expected output beside it as
`<name>.hip` / `<name>.sycl` and the located diagnostics as `<name>.hip.diag` / `<name>.sycl.diag`
(`line:col CODE status`). `pytest --update-golden` rewrites them. Cases run with --offload-arch
gfx90a,gfx942.

Real builds: tests/projects/<name>/ holds a CMakeLists.txt and a Makefile written for CUDA, and SOURCE, the
folder (examples/ or bench/suite/) whose sources they build. The test copies both into a scratch folder,
runs `gpuport translate --to hip --hip-version 5.2`, then builds the migrated Makefile with Debian's hipcc
(gfx90a) and configures and builds the migrated CMakeLists.txt with CMake's HIP language.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from gpuport.transpile.buildsys import CODES, build_file_kind, migrate_build_file
from gpuport.transpile.buildsys import cmake as cmake_mod
from gpuport.transpile.buildsys import make as make_mod
from gpuport.transpile.options import Options

HERE = Path(__file__).parent
ROOT = HERE.parent
GOLDEN = HERE / "golden" / "buildsys"
PROJECTS = HERE / "projects"
ARCHES = ("gfx90a", "gfx942")
CASES = sorted(p for p in GOLDEN.glob("*/*") if build_file_kind(p.name))
PROJECT_DIRS = sorted(p for p in PROJECTS.iterdir() if (p / "SOURCE").is_file()) if PROJECTS.is_dir() else []


def diag_lines(result) -> str:  # type: ignore[no-untyped-def]
    return "".join(
        f"{d.line}:{d.column} {d.code} {d.status}\n" for d in result.located(include_converted=True)
    )


@pytest.mark.parametrize("target", ["hip", "sycl"])
@pytest.mark.parametrize("case", CASES, ids=[c.relative_to(GOLDEN).as_posix() for c in CASES])
def test_golden(case: Path, target: str, update_golden: bool) -> None:
    result = migrate_build_file(case.read_bytes(), Options(target=target, offload_arch=ARCHES), case.name)
    expected = case.with_name(f"{case.name}.{target}")
    diag = case.with_name(f"{case.name}.{target}.diag")
    if update_golden:
        expected.write_bytes(result.output)
        diag.write_text(diag_lines(result), encoding="utf-8")
        return
    assert expected.exists(), f"no expected output {expected.name}; run pytest --update-golden"
    assert result.output.decode() == expected.read_text(encoding="utf-8")
    assert diag_lines(result) == diag.read_text(encoding="utf-8")


def test_build_file_names() -> None:
    assert build_file_kind("CMakeLists.txt") == "cmake"
    assert build_file_kind("cuda.cmake") == "cmake"
    assert build_file_kind("Makefile") == "make"
    assert build_file_kind("GNUmakefile") == "make"
    assert build_file_kind("rules.mk") == "make"
    assert build_file_kind("cmakelists.txt.bak") is None
    assert build_file_kind("main.cu") is None


def test_cmake_tokenizer_keeps_comments_quotes_and_brackets() -> None:
    text = 'set(A "x ${CMAKE_CUDA_FLAGS} y" [[CUDA::cudart]] # CUDA_ARCHITECTURES\n  b)\n#[[ CUDA ]]\n'
    (cmd,) = cmake_mod.parse(text)
    assert [a.kind for a in cmd.args] == ["unquoted", "quoted", "bracket", "unquoted"]
    out = migrate_build_file(text.encode(), Options(), "x.cmake").code
    # The variable reference follows the rename; the bracket argument and the comments stay as written.
    assert out == 'set(A "x ${CMAKE_HIP_FLAGS} y" [[CUDA::cudart]] # CUDA_ARCHITECTURES\n  b)\n#[[ CUDA ]]\n'


def test_cmake_syntax_error_is_reported_not_raised() -> None:
    result = migrate_build_file(b"project(x LANGUAGES CUDA\n", Options(), "CMakeLists.txt")
    assert result.output == b"project(x LANGUAGES CUDA\n"
    assert [d.code for d in result.unconverted] == ["GP410"]


def test_make_tokenizer_joins_continuations_and_cuts_comments() -> None:
    text = "A = -arch=sm_80 \\\n  -lcublas # -lcudart stays in the comment\n\tnvcc -c x.cu # shell\n"
    lines = make_mod.logical_lines(text)
    assert [w.text for w in lines[0].words] == ["A", "=", "-arch=sm_80", "-lcublas"]
    assert lines[1].recipe and [w.text for w in lines[1].words] == ["nvcc", "-c", "x.cu"]
    out = migrate_build_file(text.encode(), Options(), "Makefile").code
    assert (
        out
        == "A = --offload-arch=gfx90a \\\n  -lhipblas # -lcudart stays in the comment\n\thipcc -c x.cu # shell\n"
    )


def test_offload_arch_option_reaches_both_kinds() -> None:
    opts = Options(offload_arch=("gfx908", "gfx90a"))
    assert (
        "--offload-arch=gfx908 --offload-arch=gfx90a"
        in migrate_build_file(b"F = -arch=sm_70\n", opts, "a.mk").code
    )
    cm = migrate_build_file(b"set(CMAKE_CUDA_ARCHITECTURES 70)\n", opts, "CMakeLists.txt").code
    assert cm == 'set(CMAKE_HIP_ARCHITECTURES "gfx908;gfx90a")\n'


def test_every_build_code_is_documented_and_used_in_golden() -> None:
    for code, entry in CODES.items():
        assert 401 <= int(code[2:]) <= 449
        doc = entry.doc()
        for section in ("What it does", "Why", "Example", "Translated to", "Safety"):
            assert section in doc, f"{code} doc lacks {section}"
    seen = {line.split()[1] for p in GOLDEN.glob("*/*.diag") for line in p.read_text().splitlines()}
    missing = sorted(set(CODES) - seen - {"GP409", "GP410", "GP428"})
    assert not missing, f"codes without a golden case: {missing}"


def test_sycl_reports_do_not_speak_of_hip(tmp_path: Path) -> None:
    # A SYCL user reading the report must not be sent to -fgpu-rdc, hipcc or ROCm's header layouts.
    import re

    import gpuport

    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(
        "project(p LANGUAGES CXX CUDA)\nadd_executable(app main.cu)\n"
        "set_target_properties(app PROPERTIES CUDA_SEPARABLE_COMPILATION ON CUDA_RESOLVE_DEVICE_SYMBOLS ON)\n"
        "set(CMAKE_CUDA_HOST_COMPILER g++)\n"
    )
    (src / "Makefile").write_text(
        "app: main.cu\n\tnvcc -ccbin g++ -cudart shared -Xptxas -v -o app main.cu\n"
    )
    (src / "main.cu").write_text("#include <cusparse.h>\n#include <cudnn.h>\n__global__ void k() {}\n")
    messages = [
        d.message
        for f in gpuport.translate_tree(src, tmp_path / "sycl", to="sycl").files
        for d in f.diagnostics
    ]
    assert any("SEPARABLE_COMPILATION" in m for m in messages) and any("-ccbin" in m for m in messages)
    assert any("cusparse.h" in m for m in messages)
    hip_words = re.compile(r"\bHIP\b|ROCm|hipcc|-fgpu-rdc|\bhip[A-Za-z_]")
    assert [m for m in messages if hip_words.search(m)] == []
    hip = [d.message for f in gpuport.translate_tree(src, tmp_path / "hip").files for d in f.diagnostics]
    assert any("-fgpu-rdc" in m for m in hip)  # HIP's reports keep saying what HIP needs


def test_tree_translation_migrates_build_files(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text("project(p LANGUAGES CUDA)\nadd_executable(p main.cu)\n")
    (src / "Makefile").write_text("p: main.cu\n\tnvcc -arch=sm_80 -o p main.cu\n")
    (src / "main.cu").write_text("__global__ void k() {}\nint main() { k<<<1, 1>>>(); }\n")
    (src / "notes.txt").write_text("nvcc -arch=sm_80\n")
    out = tmp_path / "out"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpuport",
            "translate",
            str(src),
            "-o",
            str(out),
            "--to",
            "sycl",
            "--offload-arch",
            "gfx90a,gfx942",
            "--report-json",
            str(tmp_path / "r.json"),
            "-q",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert (out / "Makefile").read_text() == "p: main.cpp\n\ticpx -fsycl  -o p main.cpp\n"
    assert "add_executable(p main.cpp)" in (out / "CMakeLists.txt").read_text()
    assert (out / "notes.txt").read_text() == "nvcc -arch=sm_80\n"  # not a build file: copied
    import json

    files = {f["path"]: f for f in json.loads((tmp_path / "r.json").read_text())["files"]}
    assert files["Makefile"]["action"] == "translated" and not files["Makefile"]["is_cuda"]
    assert files["Makefile"]["stats"]["converted"]["build"] >= 3
    bad = subprocess.run(
        [sys.executable, "-m", "gpuport", "translate", str(src), "-o", str(out), "--offload-arch", "sm_80"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "offload-arch" in bad.stderr


# --- real builds -----------------------------------------------------------------------------------------


def _project(tmp_path: Path, project: Path, target: str = "hip") -> tuple[Path, Path]:
    src = tmp_path / "src"
    shutil.copytree(
        ROOT / (project / "SOURCE").read_text().strip(),
        src,
        ignore=shutil.ignore_patterns("task.toml", "README.md"),
    )
    for name in ("CMakeLists.txt", "Makefile"):
        shutil.copy(project / name, src / name)
    out = tmp_path / target
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpuport",
            "translate",
            str(src),
            "-o",
            str(out),
            "--to",
            target,
            "--hip-version",
            "5.2",
            "-q",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode in (0, 1), run.stderr  # 1: warp-size findings in the sources, not build files
    return src, out


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not on PATH")


def _hip_env() -> dict[str, str]:
    return {**os.environ, "HIP_PLATFORM": "amd"}


@pytest.mark.hipcc
@pytest.mark.slow
@pytest.mark.parametrize("project", PROJECT_DIRS, ids=[p.name for p in PROJECT_DIRS])
def test_migrated_makefile_builds_with_hipcc(tmp_path: Path, project: Path) -> None:
    _need("hipcc")
    _need("make")
    _, out = _project(tmp_path, project)
    run = subprocess.run(
        ["make", "-j2"], cwd=out, env=_hip_env(), capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "--offload-arch=gfx90a" in run.stdout


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("project", PROJECT_DIRS, ids=[p.name for p in PROJECT_DIRS])
def test_original_makefile_builds_with_nvcc(tmp_path: Path, project: Path) -> None:
    _need("nvcc")
    _need("make")
    cuda = Path("/usr/local/cuda")
    if not (cuda / "include" / "cuda_runtime.h").is_file():
        cuda = Path(shutil.which("nvcc") or "").resolve().parent.parent
    libs = [
        lib
        for lib in ("curand", "cublas", "cufft", "cusparse")
        if f"-l{lib}" in (project / "Makefile").read_text()
    ]
    missing = [lib for lib in libs if not (cuda / "lib64" / f"lib{lib}.so").exists()]
    if missing:
        pytest.skip(
            f"lib{missing[0]}.so is not under {cuda}/lib64 (the PyPI wheels ship versioned .so.13 only)"
        )
    src, _ = _project(tmp_path, project)
    run = subprocess.run(
        ["make", "-j2", f"CUDA_PATH={cuda}", f"CUDA_HOME={cuda}"],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr


# Debian's ROCm 5.2 keeps its CMake packages under /usr/lib/x86_64-linux-gnu/cmake, while CMake 3.25 looks for
# <ROCm root>/lib/cmake/hip-lang; and Debian's clang++-15 needs --rocm-path/--hip-device-lib-path to find
# the HIP runtime and device libraries. A scratch ROCm root with lib/cmake linked to Debian's folder, those
# two flags in HIPFLAGS, and CMAKE_PREFIX_PATH for find_package(hip/hiprand) make CMake's HIP language work.
_DEBIAN_CMAKE = Path("/usr/lib/x86_64-linux-gnu/cmake")
_DEBIAN_BITCODE = Path("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode")


@pytest.mark.hipcc
@pytest.mark.slow
@pytest.mark.parametrize("project", PROJECT_DIRS, ids=[p.name for p in PROJECT_DIRS])
def test_migrated_cmake_builds_for_amd(tmp_path: Path, project: Path) -> None:
    _need("cmake")
    clang = shutil.which("clang++-15")
    if clang is None or not (_DEBIAN_CMAKE / "hip-lang" / "hip-lang-config.cmake").is_file():
        pytest.skip(
            "needs Debian's clang++-15 and hip-lang CMake package (libamdhip64-dev) for CMake's HIP language"
        )
    _, out = _project(tmp_path, project)
    root = tmp_path / "rocm-root"
    (root / "lib").mkdir(parents=True)
    (root / "lib" / "cmake").symlink_to(_DEBIAN_CMAKE)
    env = {
        **_hip_env(),
        "CMAKE_PREFIX_PATH": str(_DEBIAN_CMAKE),
        "HIPFLAGS": f"--rocm-path=/usr --hip-device-lib-path={_DEBIAN_BITCODE}",
    }
    build = tmp_path / "build"
    conf = subprocess.run(
        [
            "cmake",
            "-S",
            str(out),
            "-B",
            str(build),
            f"-DCMAKE_HIP_COMPILER={clang}",
            f"-DCMAKE_HIP_COMPILER_ROCM_ROOT={root}",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert conf.returncode == 0, conf.stdout + conf.stderr
    run = subprocess.run(
        ["cmake", "--build", str(build), "-j2", "-v"], env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "--offload-arch=gfx90a" in run.stdout
