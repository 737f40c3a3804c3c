"""dataset/liveness.py: which CUDA names left in a translation reach the compiler, read from the real
preprocessor's output (g++ -E), and the build step that uses it (a pair whose CUDA is left only in
branches its build drops reaches `compiles`)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.dataset.build import BuildOptions, build
from gpuport.dataset.liveness import scan
from gpuport.dataset.store import Store

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH")

GRAPH_H = """#pragma once
#include <cstddef>
#include <ctime>
#if defined(WITH_BATCH_COPIES)
#define BATCHED 1
#endif
#ifdef BATCHED
static void copy_all(void **dst, void **src, size_t *sizes, size_t n) {
    cudaMemcpyBatchAsync(dst, src, sizes, n, nullptr, nullptr, 0, nullptr, 0);
}
#endif
// A vendor table whose CUDA spellings no code of this build expands.
#define SHUFFLE_DOWN(v, d) __shfl_down_sync(0xffffffff, v, d)
#define LAUNCH(F, G, B) F<<<G, B>>>()
// Expanded below: its body reaches the compiler where it is used.
#define WARP_SIZE_OF(p) p.warpSizeCompat
"""

MAIN = """#include "graph.h"
struct Props { int warpSizeCompat; };
int ticks() { return (int)clock(); }
int main() { Props p{32}; return WARP_SIZE_OF(p) == 32 ? 0 : ticks(); }
"""


def _preprocess(tmp_path: Path, defines: list[str]) -> bytes:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "graph.h").write_text(GRAPH_H)
    (src / "main.cpp").write_text(MAIN)
    out = tmp_path / "main.i"
    subprocess.run(["g++", "-std=c++17", *defines, "-E", str(src / "main.cpp"), "-o", str(out)], check=True)
    return out.read_bytes()


@needs_gxx
def test_names_in_dropped_branches_and_unexpanded_macros_are_not_live(tmp_path: Path) -> None:
    left = ["cudaMemcpyBatchAsync", "__shfl_down_sync", "<<<", "warpSizeCompat", "clock", "cuda_runtime.h"]
    live = scan(_preprocess(tmp_path, []), tmp_path / "src", left, cwd=tmp_path)
    assert scan(
        _preprocess(tmp_path, []) + b"\nLAUNCH<<<1, 1>>>();\n", tmp_path / "src", ["<<<"], cwd=tmp_path
    )
    # warpSizeCompat: a macro body expanded in the unit; clock: called by the unit (declared by <ctime>,
    # which the own-files rule does not read); the rest never reach the compiler.
    assert live == {"warpSizeCompat", "clock"}


@needs_gxx
def test_a_branch_the_build_takes_makes_its_names_live(tmp_path: Path) -> None:
    pre = _preprocess(tmp_path, ["-DWITH_BATCH_COPIES"])
    assert scan(pre, tmp_path / "src", ["cudaMemcpyBatchAsync"], cwd=tmp_path) == {"cudaMemcpyBatchAsync"}
    # A header name is live when the preprocessed text includes a file of that name.
    assert scan(pre, tmp_path / "src", ["time.h", "cublas_v2.h"], cwd=tmp_path) == {"time.h"}


def _task(suite: Path) -> None:
    task = suite / "memory-ops" / "dead-branch"
    task.mkdir(parents=True)
    (task / "task.toml").write_text(
        'name = "dead-branch"\ndomain = "memory-ops"\ndifficulty = "easy"\ndescription = "x"\n'
        'features = []\nsources = ["main.cu"]\n\n[build]\nflags = []\nlibs = []\nlink = false\n\n'
        '[compare]\nmode = "exact"\n'
    )
    (task / "graph.h").write_text(GRAPH_H.replace("#include <ctime>\n", ""))
    (task / "main.cu").write_text(
        '#include "graph.h"\n__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }\n'
        "void run(float *d) { k<<<1, 1>>>(d); }\n"
    )


def _built(tmp_path: Path, target: str) -> tuple[str, list[str], list[str]]:
    suite = tmp_path / "suite"
    _task(suite)
    db = tmp_path / f"{target}.db"
    options = BuildOptions(
        targets=(target,), hip_version="5.2", max_level="compiles", isa=False, acpp_build=False
    )
    report = build(suite, db, options, tasks=["dead-branch"])
    assert report.errors == 0 and report.built == 1
    with Store(db) as store:
        (row,) = store.pairs("dead-branch", target)
        names = [e["name"] for e in store.evidence(row["id"])]
    return row["level"], json.loads(row["notes"]), names


@pytest.mark.sycl
def test_a_sycl_pair_with_cuda_left_only_in_dropped_branches_compiles(tmp_path: Path) -> None:
    level, notes, evidence = _built(tmp_path, "sycl")
    assert level == "compiles", notes
    assert any(
        n.endswith(
            "left only in preprocessor branches the SYCL build drops: <<<, __shfl_down_sync, cudaMemcpyBatchAsync"
        )
        for n in notes
    ), notes
    assert not any(n.endswith("left unconverted") for n in notes), notes
    assert any(n.startswith("sycl type-check") for n in evidence), evidence


@pytest.mark.hipcc
def test_a_hip_pair_with_cuda_left_only_in_dropped_branches_compiles(tmp_path: Path) -> None:
    level, notes, _ = _built(tmp_path, "hip")
    assert level == "compiles", notes
    assert any(n.endswith("the HIP build drops: cudaMemcpyBatchAsync") for n in notes), notes
