"""SYCL across translation units: device globals declared `extern` in a header and defined in one .cu
file, and device functions defined in one file and called from kernels in another (-rdc builds).

The tree's first pass finds the project's device globals, so the header's `extern` declarations become
the accessor's prototypes, the defining file provides the storage, and kernels in the using file take the
globals (also those reached through device functions of the other file) as parameters.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from gpuport.dataset import toolchains
from gpuport.transpile.options import Options, ProjectGlobal

import gpuport

HEADER = b"""#pragma once
#include <cstdio>
#include <cuda_runtime.h>

extern __device__ unsigned int g_hits;
extern __constant__ float g_scale[4];
extern __device__ int g_grid[2][3];

__device__ void bump(unsigned int v);
__device__ unsigned int lane_in_block();
"""

DEFINING = b"""#include "stats.cuh"

__device__ unsigned int g_hits;
__constant__ float g_scale[4];
__device__ int g_grid[2][3] = {{1, 2, 3}, {4, 5, 6}};

__device__ void bump(unsigned int v)
{
    atomicAdd(&g_hits, v);
}

__device__ unsigned int lane_in_block()
{
    return threadIdx.x;
}
"""

USING = b"""#include "stats.cuh"

__global__ void scale(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i] * g_scale[i % 4] + g_grid[1][i % 3];
        if (lane_in_block() == 0)
            bump(1u);
    }
}

int main()
{
    const int n = 256;
    float h_in[n], h_out[n];
    for (int i = 0; i < n; ++i)
        h_in[i] = (float)i;
    const float coef[4] = {1.f, 2.f, 3.f, 4.f};
    cudaMemcpyToSymbol(g_scale, coef, sizeof(coef));
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<n / 64, 64>>>(d_in, d_out, n);
    cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    unsigned int hits = 0;
    cudaMemcpyFromSymbol(&hits, g_hits, sizeof(hits));
    bool ok = hits == n / 64;
    for (int i = 0; i < n; ++i)
        ok = ok && h_out[i] == h_in[i] * coef[i % 4] + 4 + i % 3;
    printf("hits %u\\n%s\\n", hits, ok ? "PASS" : "FAIL");
    cudaFree(d_in);
    cudaFree(d_out);
    return ok ? 0 : 1;
}
"""


def make_project(root: Path) -> Path:
    src = root / "src"
    src.mkdir()
    (src / "stats.cuh").write_bytes(HEADER)
    (src / "stats.cu").write_bytes(DEFINING)
    (src / "main.cu").write_bytes(USING)
    return src


@pytest.fixture
def translated(tmp_path: Path) -> Path:
    src = make_project(tmp_path)
    report = gpuport.translate_tree(src, tmp_path / "out", to="sycl")
    assert report.totals.total_unconverted == 0, [
        (f.path, d.line, d.message) for f in report.files for d in f.diagnostics
    ]
    return tmp_path / "out"


def test_extern_globals_become_accessor_prototypes(translated: Path) -> None:
    header = (translated / "stats.cuh").read_text()
    assert "unsigned int *gpuport_symbol_g_hits();" in header
    assert "float *gpuport_symbol_g_scale();" in header
    assert "auto gpuport_symbol_g_grid() -> int (*)[3];" in header
    assert "extern" not in header and "__device__" not in header
    # the prototype of a device function defined in the other file takes what its definition takes
    assert "void bump(unsigned int v, unsigned int &g_hits);" in header
    assert "unsigned int lane_in_block(const sycl::nd_item<3> &item);" in header
    defining = (translated / "stats.cpp").read_text()
    # one object for the program: a plain (not inline) accessor, defined only in the defining file
    assert "\nunsigned int *gpuport_symbol_g_hits() {" in defining
    assert "inline unsigned int *gpuport_symbol_g_hits" not in defining
    assert "void bump(unsigned int v, unsigned int &g_hits)" in defining
    using = (translated / "main.cpp").read_text()
    assert "gpuport_symbol_g_hits()" in using and "gpuport_symbol_g_scale()" in using
    assert "bump(1u, g_hits)" in using and "lane_in_block(item)" in using
    assert "gpuport_symbol_g_hits() {" not in using  # no second definition


def test_single_file_unchanged() -> None:
    # Seen alone, an `extern` device global has no definition to agree with: still reported.
    t = gpuport.translate(HEADER.decode(), to="sycl")
    assert any(d.code == "GP213" and d.status == "unconverted" for d in t.diagnostics)
    t = gpuport.translate(DEFINING.decode(), to="sycl")
    assert "inline unsigned int *gpuport_symbol_g_hits() {" in t.code


def test_project_globals_in_cache_key() -> None:
    g = ProjectGlobal("g_hits", "unsigned int", (), False, "stats.cu")
    assert Options(target="sycl").key() != Options(target="sycl", project_globals=(g,)).key()


@pytest.mark.sycl
def test_every_output_typechecks(translated: Path) -> None:
    for cpp in sorted(translated.glob("*.cpp")):
        argv = toolchains.sycl_typecheck_argv(cpp, [translated], ["-w"])
        if argv is None:
            pytest.skip("no SYCL headers (pip install intel-sycl-rt)")
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, f"{cpp.name}:\n{proc.stderr[-3000:]}"


@pytest.mark.slow
def test_builds_and_runs_with_acpp(translated: Path) -> None:
    acpp = toolchains.acpp()
    if not acpp.usable or not acpp.path:
        pytest.skip(f"AdaptiveCpp not available: {acpp.why_not}")
    binary = translated / "prog"
    sources = [str(translated / "stats.cpp"), str(translated / "main.cpp")]
    build = subprocess.run(
        [
            acpp.path,
            "--acpp-targets=omp",
            "-O1",
            "-std=c++17",
            f"-I{translated}",
            *sources,
            "-o",
            str(binary),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "PASS" in run.stdout, run.stdout + run.stderr


def test_dim3_functions_come_from_included_headers_only(tmp_path: Path) -> None:
    """A function a header declares to return dim3 is a range at the launches of the files including
    that header; an unrelated file of the tree with its own `int grid_for(...)` keeps wrapping its count
    (the suite's elementwise-functor-template beside multigrid-two-level's `dim3 grid_for`)."""
    src = tmp_path / "src"
    (src / "a").mkdir(parents=True)
    (src / "b").mkdir()
    (src / "a" / "grid.h").write_text("#include <cuda_runtime.h>\ndim3 grid_for(size_t n);\n")
    kernel = "__global__ void k(float *x) { x[threadIdx.x] = 0; }\n"
    (src / "a" / "main.cu").write_text(
        '#include "grid.h"\n' + kernel + "void run(float *x, size_t n) { k<<<grid_for(n), 256>>>(x); }\n"
    )
    (src / "b" / "main.cu").write_text(
        "static int grid_for(size_t n, int t) { return (int)((n + t - 1) / t); }\n"
        + kernel
        + "void run(float *x, size_t n) { k<<<grid_for(n, 256), 256>>>(x); }\n"
    )
    gpuport.translate_tree(src, tmp_path / "out", to="sycl")
    a = (tmp_path / "out" / "a" / "main.cpp").read_text()
    b = (tmp_path / "out" / "b" / "main.cpp").read_text()
    assert "sycl::nd_range<3>(grid_for(n) * sycl::range<3>(1, 1, 256)" in a
    assert "sycl::nd_range<3>(sycl::range<3>(1, 1, grid_for(n, 256)) * sycl::range<3>(1, 1, 256)" in b


def test_project_headers_included_with_angle_brackets(tmp_path: Path) -> None:
    """A header the project includes as `<lib/utils/lane.cuh>` (found through `-I` at the tree's root, as
    faiss does) is the project's: a device function of another header that calls its nd_item-using
    function passes the item on. A bare `<lane.cuh>` is not followed: it may be a library's header of
    the same name."""
    src = tmp_path / "src"
    (src / "lib" / "utils").mkdir(parents=True)
    (src / "lib" / "utils" / "lane.cuh").write_text(
        "#pragma once\n__device__ __forceinline__ int laneId() { return threadIdx.x % 32; }\n"
    )
    (src / "lib" / "utils" / "merge.cuh").write_text(
        "#pragma once\n#include <lib/utils/lane.cuh>\n"
        "__device__ int firstLane(int v) { return laneId() == 0 ? v : 0; }\n"
    )
    (src / "lib" / "utils" / "bare.cuh").write_text(
        "#pragma once\n#include <lane.cuh>\n__device__ int bareLane(int v) { return laneId() + v; }\n"
    )
    (src / "main.cu").write_text(
        "#include <lib/utils/merge.cuh>\n#include <lib/utils/bare.cuh>\n"
        "__global__ void k(int *o) { o[threadIdx.x] = firstLane(1) + bareLane(2); }\n"
    )
    gpuport.translate_tree(src, tmp_path / "out", to="sycl")
    merge = (tmp_path / "out" / "lib" / "utils" / "merge.cuh").read_text()
    bare = (tmp_path / "out" / "lib" / "utils" / "bare.cuh").read_text()
    assert "int firstLane(int v, const sycl::nd_item<3> &item) { return laneId(item) == 0 ? v : 0; }" in merge
    assert "int bareLane(int v) { return laneId() + v; }" in bare
