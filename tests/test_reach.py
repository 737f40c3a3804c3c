"""dataset/reach.py: the files a build of a translated task compiles, followed through the branches its
target takes (parse.untaken_branch_spans)."""

from __future__ import annotations

from pathlib import Path

from gpuport.dataset.reach import reached_files
from gpuport.transpile.parse import untaken_branch_spans

ERRORS_H = b"""#pragma once
#ifdef __HIPCC__
#include "errors_hip.h"
#else
#include "errors_cuda.h"
#endif
"""
COMMON_H = b"""#pragma once
#if defined(GGML_USE_HIP)
#include "vendors/hip.h"
#elif defined(GGML_USE_MUSA)
#include "vendors/musa.h"
#else
#include "vendors/cuda.h"
#endif
#if 0
#include "never.h"
#endif
#ifndef __HIP_PLATFORM_AMD__
#include "nvidia_only.h"
#endif
#include <cstdio>
"""


def tree(tmp_path: Path) -> Path:
    files = {
        "src/kernel.cu": b'#include "errors.h"\n#include <common.h>\n__global__ void k() {}\n',
        "src/errors.h": ERRORS_H,
        "src/errors_hip.h": b"",
        "src/errors_cuda.h": b"",
        "inc/common.h": COMMON_H,
        "inc/vendors/hip.h": b"",
        "inc/vendors/musa.h": b"",
        "inc/vendors/cuda.h": b'#include "../../src/unused.h"\n',
        "inc/never.h": b"",
        "inc/nvidia_only.h": b"",
        "src/unused.h": b"",
        "src/orphan.h": b"",
    }
    for rel, data in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    return tmp_path


def names(root: Path, paths: set[Path]) -> set[str]:
    return {p.relative_to(root.resolve()).as_posix() for p in paths}


def test_a_hip_build_reads_the_hip_side_and_the_cuda_side_of_a_project_switch(tmp_path: Path) -> None:
    root = tree(tmp_path)
    got = names(root, reached_files(root, [root / "src/kernel.cu"], ["-Iinc"], "hip"))
    # hipcc defines __HIPCC__ and __HIP_PLATFORM_AMD__; GGML_USE_HIP is the project's switch, unset here;
    # GGML_USE_MUSA's branch is not decided by one test (an #elif), so it counts as read.
    assert got == {
        "src/kernel.cu", "src/errors.h", "src/errors_hip.h", "inc/common.h", "inc/vendors/musa.h",
        "inc/vendors/cuda.h", "src/unused.h",
    }  # fmt: skip


def test_a_sycl_build_reads_no_hip_side(tmp_path: Path) -> None:
    root = tree(tmp_path)
    got = names(root, reached_files(root, [root / "src/kernel.cu"], ["-Iinc"], "sycl"))
    assert got == {
        "src/kernel.cu", "src/errors.h", "src/errors_cuda.h", "inc/common.h", "inc/vendors/musa.h",
        "inc/vendors/cuda.h", "src/unused.h", "inc/nvidia_only.h",
    }  # fmt: skip


def test_the_tasks_defines_take_a_project_switch(tmp_path: Path) -> None:
    root = tree(tmp_path)
    got = names(root, reached_files(root, [root / "src/kernel.cu"], ["-Iinc", "-DGGML_USE_HIP"], "hip"))
    assert "inc/vendors/hip.h" in got and "inc/vendors/cuda.h" not in got and "inc/vendors/musa.h" not in got


def test_complex_conditions_count_as_taken() -> None:
    src = b"#if defined(__HIPCC__) && FOO\nA\n#else\nB\n#endif\n#if __HIPCC__\nC\n#endif\n"
    assert untaken_branch_spans(src, "hip") == []
    assert untaken_branch_spans(src, "sycl") == []


def test_the_cpu_side_of_a_cuda_off_switch_is_not_taken() -> None:
    """`#ifndef NO_CUDA <CUDA> #else <stand-ins under CUDA's names> #endif` (the CUDA Handbook's chCUDA.h):
    neither target's build takes the CPU side, unless the task's flags define the switch."""
    src = (
        b"#ifndef NO_CUDA\n#include <cuda.h>\n#else\n#define cudaMemcpyHostToDevice 0\n#endif\n"
        b"#if defined(CPU_ONLY)\nint stub;\n#endif\n"
    )
    cpu_side = src.index(b"#define cudaMemcpyHostToDevice")
    stub = src.index(b"int stub")
    for target in ("hip", "sycl"):
        spans = untaken_branch_spans(src, target)
        assert any(a <= cpu_side < b for a, b in spans), spans
        assert any(a <= stub < b for a, b in spans), spans
        assert not any(a <= src.index(b"#include <cuda.h>") < b for a, b in spans), spans
    spans = untaken_branch_spans(src, "hip", frozenset({b"NO_CUDA"}))
    assert not any(a <= cpu_side < b for a, b in spans), spans
