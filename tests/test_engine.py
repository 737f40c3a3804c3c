"""Engine unit tests: edit overlap, literals untouched, whole-identifier matching, preprocessor, idempotency."""

from __future__ import annotations

import pytest
from gpuport.transpile.edits import Edit, EditSet, apply_edits

import gpuport


def hip(code: str, **kw: str) -> str:
    return gpuport.translate(code, to="hip", hip_version=kw.pop("hip_version", "6.2"), **kw).code


def test_overlapping_group_is_rejected_whole() -> None:
    edits = EditSet()
    assert edits.add_group([Edit(0, 4, "AAAA")])
    assert not edits.add_group([Edit(6, 7, "x"), Edit(2, 5, "y")])  # second overlaps: neither applied
    assert edits.rejected == [Edit(6, 7, "x"), Edit(2, 5, "y")]
    assert edits.apply(b"0123456789") == b"AAAA456789"
    with pytest.raises(ValueError):
        apply_edits(b"abc", [Edit(0, 2, "x"), Edit(1, 3, "y")])


def test_insertions_at_one_point_apply_in_acceptance_order() -> None:
    edits = EditSet()
    assert edits.add_group([Edit(5, 5, "<first>")])
    assert edits.add_group([Edit(5, 5, "<second>")])  # same point: kept, after the first
    assert edits.add_group([Edit(5, 7, "R")])  # a replacement starting there: after both insertions
    assert edits.add_group([Edit(2, 5, "L")])  # one ending there: before them
    assert not edits.add_group([Edit(6, 6, "x")])  # inside the replacement
    assert not edits.add_group([Edit(4, 6, "y")])  # straddles the insertions into the replacement
    assert edits.apply(b"0123456789") == b"01L<first><second>R789"
    assert apply_edits(b"abc", [Edit(1, 1, "2"), Edit(1, 1, "1")]) == b"a21bc"  # given order kept


def test_replaced_reports_only_removed_text() -> None:
    edits = EditSet()
    edits.add_group([Edit(10, 20, ""), Edit(30, 30, "ins")])
    assert edits.replaced(12, 15) and edits.replaced(10, 20)
    assert not edits.replaced(5, 12) and not edits.replaced(30, 31) and not edits.replaced(21, 22)


def test_comments_and_strings_untouched() -> None:
    src = "// cudaMalloc here\nconst char *s = \"cudaMalloc(x)\"; /* cudaFree */ char c = 'c';\nvoid f(){ cudaFree(0); }\n"
    out = hip(src)
    assert "// cudaMalloc here" in out and '"cudaMalloc(x)"' in out and "/* cudaFree */" in out
    assert "hipFree(0)" in out


def test_names_on_blanked_macro_lines_tokenised_in_their_gap() -> None:
    # A file with errors and statement-macro lines is parsed with those lines blanked (parse.parse): their
    # names then sit between the root's children, the last one past its last child. Each is checked in
    # its own gap of raw text: the code name is translated, the one in the line's comment is not.
    src = (
        "void f() { int x = 1 }\n"
        "PERF_BEGIN // cudaMalloc in a comment\n"
        "void g() { cudaDeviceSynchronize(); }\n"
        "CHECK(cudaDeviceReset()) // cudaFree here\n"
    )
    out = hip(src)
    assert "CHECK(hipDeviceReset()) // cudaFree here" in out
    assert "PERF_BEGIN // cudaMalloc in a comment" in out and "hipDeviceSynchronize();" in out


def test_longer_identifiers_and_user_headers_stay() -> None:
    src = '#include "user-cuda.h"\n#include <cuda_runtime.h>\nint my_cudaMalloc = 1, cudaMallocX = 2;\n'
    out = hip(src)
    assert (
        '#include "user-cuda.h"' in out and "my_cudaMalloc" in out and "#include <hip/hip_runtime.h>" in out
    )


def test_both_preprocessor_branches_translated() -> None:
    src = "#if A\nvoid f(){ cudaDeviceSynchronize(); }\n#else\nvoid f(){ cudaDeviceReset(); }\n#endif\n"
    out = hip(src)
    assert "hipDeviceSynchronize" in out and "hipDeviceReset" in out and "cuda" not in out


def test_macro_bodies_translated_token_wise() -> None:
    src = '#define CK(x) if ((x) != cudaSuccess) puts("cudaSuccess failed") /* cudaFree */\n'
    out = hip(src)
    # GP113 adds the runtime: nvcc's implicit include is gone under hipcc.
    assert out == (
        "#include <hip/hip_runtime.h>\n"
        '#define CK(x) if ((x) != hipSuccess) puts("cudaSuccess failed") /* cudaFree */\n'
    )


def test_dropped_mask_names_are_not_reported() -> None:
    # GP102 removes the mask argument, __activemask() inside it included: nothing is left to report.
    result = gpuport.translate(
        "__device__ int f(int v){ return __shfl_sync(__activemask(), v, 0); }", hip_version="5.2"
    )
    assert "__shfl(v, 0)" in result.code
    assert result.fully_converted, [d.format() for d in result.diagnostics]


@pytest.mark.parametrize("version", ["5.2", "6.2"])
@pytest.mark.parametrize("launch", ["keep", "hipLaunchKernelGGL"])
def test_idempotent(version: str, launch: str) -> None:
    src = (
        "#include <cooperative_groups.h>\n#include <cuda_runtime.h>\n"
        "template <typename T> __global__ void k(T *p) { p[0] += __shfl_down_sync(0xffffffff, p[0], 1); "
        "__syncwarp(); }\n"
        "void h(float *p, cudaStream_t s) { k<float><<<1, 32, 0, s>>>(p); cudaStreamSynchronize(s); }\n"
    )
    once = hip(src, hip_version=version, launch=launch)
    assert hip(once, hip_version=version, launch=launch) == once


def test_warnings_about_rewritten_text_are_dropped_others_kept() -> None:
    code = (
        "__global__ void k(float* p) {\n"
        "  __shared__ float part[32];\n"
        "  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;\n"
        "  float v = __shfl_down_sync(0xffffffff, p[threadIdx.x], 1);\n"
        "  if (lane == 0) part[warp] = v;\n"
        "}\n"
    )
    sycl = {d.code for d in gpuport.translate(code, to="sycl").diagnostics if d.status == "warning"}
    hip_ = {d.code for d in gpuport.translate(code, to="hip").diagnostics if d.status == "warning"}
    # SYCL makes the lane and warp index sub-group-relative (GP233): their 32-lane warnings are gone;
    # HIP keeps the text, so it keeps them. The 32-slot array keeps its size on both: still reported.
    assert {"GP303", "GP304"} <= hip_ and not {"GP303", "GP304"} & sycl
    assert "GP305" in sycl and "GP305" in hip_


@pytest.mark.parametrize(
    ("path", "src", "expected"),
    [
        # A .cu file gets the runtime whatever it uses: nvcc compiles every one with it included.
        (
            "a.cu",
            "// licence\n#include <stdio.h>\nint main() { return 0; }\n",
            "// licence\n#include <hip/hip_runtime.h>\n#include <stdio.h>\nint main() { return 0; }\n",
        ),
        # A header with host math only is not CUDA's.
        ("a.h", "#include <cmath>\ninline double h(double a) { return sqrt(a); }\n", None),
        # After a leading #pragma once, or an include guard's #ifndef (as hipify-clang places it).
        (
            "a.cuh",
            "#pragma once\n__device__ int one() { return 1; }\n",
            "#pragma once\n#include <hip/hip_runtime.h>\n__device__ int one() { return 1; }\n",
        ),
        (
            "a.cuh",
            "/* x */\n#ifndef A_H\n#define A_H\n__device__ int one();\n#endif\n",
            "/* x */\n#ifndef A_H\n#include <hip/hip_runtime.h>\n#define A_H\n__device__ int one();\n#endif\n",
        ),
        (
            "a.cuh",
            "#ifndef A_H\n#pragma once\n#define A_H\n__device__ int one();\n#endif\n",
            "#ifndef A_H\n#include <hip/hip_runtime.h>\n#pragma once\n#define A_H\n__device__ int one();\n#endif\n",
        ),
        # An #ifndef that is not a guard: the include goes before it.
        (
            "a.cuh",
            "#ifndef N\n#define M 1\n#endif\n__device__ int one();\n",
            "#include <hip/hip_runtime.h>\n#ifndef N\n#define M 1\n#endif\n__device__ int one();\n",
        ),
    ],
)
def test_runtime_include_placement(path: str, src: str, expected: str | None) -> None:
    out = gpuport.translate(src, to="hip", hip_version="6.2", path=path).code
    assert out == (src if expected is None else expected)


def test_group_whose_own_edits_overlap_is_refused_not_applied() -> None:
    """A rule's group of edits that overlap each other (a launch whose argument rewrite reached into its
    closing parenthesis: rodinia's mummergpu.cu) made apply() raise and the translation crash."""
    edits = EditSet()
    assert not edits.add_group([Edit(2, 9, "arg"), Edit(8, 9, ", item); })")])
    assert not edits.add_group([Edit(2, 4, "a"), Edit(2, 4, "b")])
    assert edits.add_group([Edit(2, 4, "a"), Edit(4, 4, "b"), Edit(4, 6, "c")])  # adjacent: fine
    assert edits.apply(b"0123456789") == b"01abc6789"


def test_rule_with_self_overlapping_edits_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpuport.transpile.diagnostics import Diagnostic, Status
    from gpuport.transpile.rules import registry
    from gpuport.transpile.rules.base import Rule

    class Broken(Rule):
        code = "GP999"
        name = "broken"
        targets = frozenset({"hip"})
        summary = "test double"

        def run(self, ctx):  # type: ignore[no-untyped-def]
            yield Diagnostic("GP999", "bad", 0, 4, Status.CONVERTED, edits=(Edit(0, 4, "x"), Edit(3, 4, "y")))

    real = registry.rules_for
    monkeypatch.setattr(registry, "rules_for", lambda target: [*real(target), Broken()])
    from gpuport.transpile import engine

    monkeypatch.setattr(engine, "rules_for", registry.rules_for)
    result = gpuport.translate("int a;\nint b;\n", to="hip")
    assert result.code == "int a;\nint b;\n"
    assert any(d.code == "GP999" and "not applied" in d.message for d in result.diagnostics)


def test_a_project_function_under_a_toolkit_version_test_is_the_projects() -> None:
    """ggml defines `cublas_get_error_str` twice, under `#if CUDART_VERSION >= 12000` and its `#else`: a name
    no table knows is the project's under any test (only a table's name there is a polyfill of CUDA's)."""
    code = (
        "#include <cublas_v2.h>\n"
        "#if CUDART_VERSION >= 12000\n"
        "static const char * cublas_get_error_str(const cublasStatus_t err) { return cublasGetStatusString(err); }\n"
        "#else\n"
        'static const char * cublas_get_error_str(const cublasStatus_t err) { return "cuBLAS error"; }\n'
        "#endif\n"
        "#define CUBLAS_CHECK(err) report(err, cublas_get_error_str)\n"
    )
    result = gpuport.translate(code, to="sycl")
    assert not [d for d in result.diagnostics if d.symbol == "cublas_get_error_str"], result.diagnostics
    assert result.code.count("cublas_get_error_str") == 3


def test_a_variable_named_like_a_math_function_is_not_reported() -> None:
    """faiss's `TI j0 = 0` parameter and a `y1` local are the project's variables; a call of `j0f` in a
    kernel is CUDA's Bessel function, which SYCL 2020 lacks (reported)."""
    code = (
        "template <typename TI> void add(TI n, TI j0 = 0) { TI last = j0 + n; (void)last; }\n"
        "__global__ void k(float *x) { float y1 = x[0] * 2.0f; x[1] = y1 + j0f(x[2]); }\n"
    )
    result = gpuport.translate(code, to="sycl")
    left = sorted(d.symbol for d in result.diagnostics if d.status == "unconverted")
    assert left == ["j0f"], result.diagnostics


def test_variables_named_like_math_functions_in_a_declaration_list_are_not_reported() -> None:
    """cuda-samples' Mandelbrot: `float x0, x1, y0, y1; dsdeq(y0, y1, yOff);` are locals; `&sinf` passed on
    is CUDA's function."""
    code = (
        "__device__ void dsdeq(float &a, float &b, float c) { a = c; b = 0.0f; }\n"
        "__global__ void k(float *out, float yOff) {\n"
        "  float x0, x1, y0, y1;\n  dsdeq(y0, y1, yOff);\n  out[0] = y0 + y1;\n"
        "  float (*f)(float) = &j0f;\n  out[1] = f(1.0f);\n}\n"
    )
    result = gpuport.translate(code, to="sycl")
    left = sorted(d.symbol for d in result.diagnostics if d.status == "unconverted")
    assert left == ["j0f"], result.diagnostics
