"""Tree translation: mirroring, copying, CUDA detection in .cpp/.h, parallel = serial, the re-run cache."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import gpuport

KERNEL = b"#include <cuda_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 1; }\nvoid f(float *p) { cudaFree(p); }\n"


def make_tree(root: Path) -> Path:
    src = root / "src"
    (src / "lib" / "deep").mkdir(parents=True)
    (src / "main.cu").write_bytes(KERNEL)
    (src / "lib" / "k.cuh").write_bytes(b"#pragma once\n__device__ float twice(float x) { return 2 * x; }\n")
    (src / "lib" / "host.cpp").write_bytes(
        b"#include <cuda_runtime.h>\nvoid g() { cudaDeviceSynchronize(); }\n"
    )
    (src / "lib" / "plain.cpp").write_bytes(b"int add(int a, int b) { return a + b; }\n")
    (src / "lib" / "deep" / "api.h").write_bytes(
        b"#pragma once\n#include <cuda_runtime.h>\ncudaError_t init();\n"
    )
    (src / "lib" / "deep" / "plain.h").write_bytes(b"#pragma once\nint add(int, int);\n")
    (src / "README.md").write_bytes(b"# uses cudaMalloc\n")
    (src / "data.bin").write_bytes(bytes(range(256)))
    return src


def outputs(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and not p.name.startswith(".gpuport")
    }


def test_tree_mirrored_and_files_classified(tmp_path: Path) -> None:
    src = make_tree(tmp_path)
    report = gpuport.translate_tree(src, tmp_path / "out")
    out = outputs(tmp_path / "out")
    assert set(out) == {p.relative_to(src).as_posix() for p in src.rglob("*") if p.is_file()}
    actions = {f.path: f.action for f in report.files}
    assert actions == {
        "README.md": "copied", "data.bin": "copied", "main.cu": "translated", "lib/k.cuh": "translated",
        "lib/host.cpp": "translated", "lib/plain.cpp": "copied", "lib/deep/api.h": "translated",
        "lib/deep/plain.h": "copied",
    }  # fmt: skip
    assert b"hipFree" in out["main.cu"] and b"hipDeviceSynchronize" in out["lib/host.cpp"]
    assert b"hipError_t" in out["lib/deep/api.h"]
    assert out["README.md"] == b"# uses cudaMalloc\n" and out["data.bin"] == bytes(range(256))
    assert out["lib/plain.cpp"] == (src / "lib" / "plain.cpp").read_bytes()
    assert report.exit_code == 0


def test_parallel_equals_serial(tmp_path: Path) -> None:
    src = make_tree(tmp_path)
    for i in range(6):
        (src / f"extra{i}.cu").write_bytes(KERNEL.replace(b"k(", f"k{i}(".encode()))
    one = gpuport.translate_tree(src, tmp_path / "o1", jobs=1)
    two = gpuport.translate_tree(src, tmp_path / "o2", jobs=2)
    assert outputs(tmp_path / "o1") == outputs(tmp_path / "o2")
    assert [(f.path, f.action) for f in one.files] == [(f.path, f.action) for f in two.files]
    assert one.totals.to_dict() == two.totals.to_dict()


def test_rerun_skips_unchanged_and_retranslates_edits(tmp_path: Path) -> None:
    src = make_tree(tmp_path)
    out = tmp_path / "out"
    gpuport.translate_tree(src, out)
    again = {f.path: f.action for f in gpuport.translate_tree(src, out).files}
    assert again["main.cu"] == "unchanged" and again["lib/host.cpp"] == "unchanged"
    (src / "main.cu").write_bytes(KERNEL + b"void h() { cudaDeviceReset(); }\n")
    third = {f.path: f.action for f in gpuport.translate_tree(src, out).files}
    assert third["main.cu"] == "translated" and third["lib/host.cpp"] == "unchanged"
    assert b"hipDeviceReset" in (out / "main.cu").read_bytes()
    forced = {f.path: f.action for f in gpuport.translate_tree(src, out, force=True).files}
    assert forced["lib/host.cpp"] == "translated"


def test_unconverted_sets_exit_code_1(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cu").write_bytes(b'__device__ void f() { asm volatile("membar.gl;"); }\n')
    report = gpuport.translate_tree(src, tmp_path / "out")
    assert report.exit_code == 1
    assert report.totals.unconverted["asm"] == 1


def _reported(report: object) -> set[str]:
    return {d.symbol for f in report.files for d in f.diagnostics if d.code == "GP003"}  # type: ignore[attr-defined]


@pytest.mark.parametrize("jobs", [1, 2])
def test_project_helpers_declared_in_other_files_are_not_reported(tmp_path: Path, jobs: int) -> None:
    src = tmp_path / "src"
    src.mkdir()
    # A header of macros that uses no CUDA (copied, not translated) and a CUDA header with a helper.
    (src / "check.h").write_bytes(b"#pragma once\n#define CUDA_CHECK(x) do { (void)(x); } while (0)\n")
    (src / "helpers.cuh").write_bytes(b"#pragma once\nvoid cudaCheckLast() { (void)cudaGetLastError(); }\n")
    main = b'#include "check.h"\n#include "helpers.cuh"\nvoid f(float* p) { CUDA_CHECK(cudaFree(p)); cudaCheckLast(); cudaFrobnicate(); }\n'
    (src / "main.cu").write_bytes(main)
    out = tmp_path / "out"
    first = gpuport.translate_tree(src, out, jobs=jobs)
    assert _reported(first) == {"cudaFrobnicate"}
    assert first.totals.unconverted == {"runtime": 1}
    # Re-run with main.cu edited: helpers.cuh is a cache hit, and its helper is still the project's own.
    (src / "main.cu").write_bytes(main + b"void g() { cudaCheckLast(); }\n")
    second = gpuport.translate_tree(src, out, jobs=jobs)
    actions = {f.path: f.action for f in second.files}
    assert actions["helpers.cuh"] == "unchanged" and actions["main.cu"] == "translated"
    assert _reported(second) == {"cudaFrobnicate"}


def _comparable(report_json: dict[str, object]) -> dict[str, object]:
    """A report without what may differ between two runs that found the same: timing and whether each
    file was translated this run or replayed from the cache."""
    d = json.loads(json.dumps(report_json))
    d.pop("elapsed_s")
    d.pop("files_by_action")
    for f in d["files"]:
        f.pop("action")
    return d


@pytest.mark.parametrize("target", ["hip", "sycl"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_cached_rerun_reports_what_the_first_run_reported(tmp_path: Path, target: str, jobs: int) -> None:
    src = make_tree(tmp_path)
    # cudaFrobnicate: a CUDA-looking name no table knows, left in place and reported (exit code 1).
    (src / "main.cu").write_bytes(KERNEL + b"void h() { cudaFrobnicate(); }\n")
    out = tmp_path / "out"
    first = gpuport.translate_tree(src, out, to=target, jobs=jobs)
    second = gpuport.translate_tree(src, out, to=target, jobs=jobs)
    assert first.exit_code == second.exit_code == 1
    assert {f.path: f.action for f in second.files}["main.cu"] == "unchanged"  # a cache hit, replayed
    assert second.totals.unconverted == first.totals.unconverted == {"runtime": 1}
    assert _comparable(second.to_dict()) == _comparable(first.to_dict())


def test_cached_rerun_cli_exit_code_and_json(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cu").write_bytes(b"void h() { cudaFrobnicate(); }\n__global__ void k() {}\n")
    runs = []
    for i in range(2):
        rj = tmp_path / f"r{i}.json"
        cmd = [sys.executable, "-m", "gpuport", "translate", str(src), "-o", str(tmp_path / "out")]
        proc = subprocess.run([*cmd, "--report-json", str(rj), "-q"], capture_output=True, check=False)
        runs.append((proc.returncode, _comparable(json.loads(rj.read_text()))))
    assert runs[0][0] == runs[1][0] == 1
    assert runs[0][1] == runs[1][1]
    assert runs[1][1]["totals"]["total_unconverted"] == 1  # type: ignore[index]


def test_cache_from_an_older_gpuport_is_not_replayed(tmp_path: Path) -> None:
    # A version-1 cache names the output's hash but not the file's report: the file is translated again.
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cu").write_bytes(b"void h() { cudaFrobnicate(); }\n")
    out = tmp_path / "out"
    gpuport.translate_tree(src, out)
    cache = out / ".gpuport-cache.json"
    data = json.loads(cache.read_text())
    data["version"] = 1
    for entry in data["files"].values():
        del entry["report"]
    cache.write_text(json.dumps(data))
    again = gpuport.translate_tree(src, out)
    assert [f.action for f in again.files] == ["translated"] and again.exit_code == 1


def test_report_names_its_translator(tmp_path: Path) -> None:
    from gpuport.transpile.fingerprint import translator_fingerprint
    from gpuport.transpile.report import TreeReport

    from gpuport.api import make_options

    src = make_tree(tmp_path)
    report = gpuport.translate_tree(src, tmp_path / "out", to="sycl")
    fp = translator_fingerprint(make_options("sycl"))
    assert report.translator_fingerprint == fp and report.to_dict()["translator_fingerprint"] == fp
    assert TreeReport.from_dict(report.to_dict()).translator_fingerprint == fp
    rj = tmp_path / "one.json"
    proc = subprocess.run(
        [sys.executable, "-m", "gpuport", "translate", str(src / "main.cu"), "-o", str(tmp_path / "m.hip")]
        + ["--hip-version", "5.2", "--report-json", str(rj), "-q"],
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    one = json.loads(rj.read_text())["translator_fingerprint"]
    assert one == translator_fingerprint(make_options("hip", "5.2")) != fp


def test_types_a_project_declares_under_cuda_looking_names_are_its_own() -> None:
    """jetson-utils declares `enum cudaFilterMode`, `class cudaPointCloud` and specialises `struct
    cudaVectorTypeInfo<T>`: the project's names, not CUDA's; a use of CUDA's own struct declares nothing."""
    from gpuport.transpile.tree import user_declared_cuda_names

    data = (
        b"enum cudaFilterMode\n{\n  FILTER_POINT,\n};\n"
        b"class cudaPointCloud : public Base { };\n"
        b"template<class T> struct cudaVectorTypeInfo;\n"
        b"template<> struct cudaVectorTypeInfo<uchar3> { typedef uint8_t Base; };\n"
        b"struct cudaOtherThing *p = 0;\n"
    )
    assert user_declared_cuda_names(data) == {"cudaFilterMode", "cudaPointCloud", "cudaVectorTypeInfo"}


def test_functions_a_project_only_prototypes_are_its_own() -> None:
    """FasterTransformer's memory_utils.h prototypes `cudaD2Hcpy` (defined in a .cu the unit does not
    include): a type before the name and `;` after its parameters make it a declaration. A call, even one
    after a comment's last word on the line above or after `return`, declares nothing."""
    from gpuport.transpile.tree import user_declared_cuda_names

    data = (
        b"template<typename T>\nvoid cudaD2Hcpy(T* tgt, const T* src, const size_t size);\n"
        b"cudaError_t *cudaPtrOf(int x) noexcept;\n"
        b"int f() {\n  // copy it\n  cudaMemcpyBatchThing(a, b);\n  return cudaOtherCall(1);\n"
        b"  x = cudaThirdCall(2);\n}\n"
    )
    assert user_declared_cuda_names(data) == {"cudaD2Hcpy", "cudaPtrOf"}


def test_variables_a_project_declares_are_its_own() -> None:
    """lightseq's common.h declares `const float CUDA_FLOAT_INF_NEG = -100000000.f;` and its kernels use it:
    a type's name before the name and `=`, `;` or `[` after it make a variable. Uses declare nothing, nor
    do a comparison (`==`) or a product ending a statement."""
    from gpuport.transpile.tree import user_declared_cuda_names

    data = (
        b"const float CUDA_FLOAT_INF_NEG = -100000000.f;  // FIXME later\n"
        b"static int CUDA_TABLE[4];\nextern unsigned CUDA_COUNT;\n"
        b"int f(int v) {\n  int x = CUDA_OTHER_CONSTANT;\n  return CUDA_RETURNED;\n}\n"
        b"bool g(int CUDA_P) { return CUDA_Q == CUDA_P; }\n"
        b"int h(int n) { int y; y = n * CUDA_THREADS_USED; return y; }\n"  # a product, not `T *name;`
    )
    assert user_declared_cuda_names(data) == {"CUDA_FLOAT_INF_NEG", "CUDA_TABLE", "CUDA_COUNT"}
