"""--hip-headers: HIP headers the target has beyond its release (ROCm 5.7's hip_bf16.h beside a 5.2 hipcc).

What they declare is translated although --hip-version predates it; without them the same names stay
GP104 reports. The build pipeline passes the toolchain's extra header folder the same way."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gpuport.dataset import toolchains
from gpuport.dataset.build import BuildOptions, Machine, _hip_version_of, pair_fingerprint
from gpuport.transpile.fingerprint import translator_fingerprint
from gpuport.transpile.options import hip_header_names

from gpuport import api

BF16_CUDA = """#include <cuda_runtime.h>
#include <cuda_bf16.h>
__global__ void scale(nv_bfloat16* x, const __nv_bfloat162* p, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 f = __bfloat1622float2(p[i]);
        x[i] = __float2bfloat16(__bfloat162float(x[i]) * 2.0f + f.x);
        out[i] = __bfloat162float(__low2bfloat16(p[i])) + f.y;
    }
}
int main() {
    nv_bfloat16* x;
    cudaMalloc(&x, 64 * sizeof(nv_bfloat16));
    return 0;
}
"""

BF16_HIP = """#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
__global__ void scale(__hip_bfloat16* x, const __hip_bfloat162* p, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 f = __bfloat1622float2(p[i]);
        x[i] = __float2bfloat16(__bfloat162float(x[i]) * 2.0f + f.x);
        out[i] = __bfloat162float(__low2bfloat16(p[i])) + f.y;
    }
}
int main() {
    __hip_bfloat16* x;
    hipMalloc(&x, 64 * sizeof(__hip_bfloat16));
    return 0;
}
"""

# A stand-in for ROCm 5.7's headers: what matters is which names they spell outside comments.
FAKE_BF16_H = """#pragma once
// __hip_bfloat162 is declared below; __halves2bfloat162 only appears in this comment.
/* and __high2bfloat16 in this one */
struct __hip_bfloat16 { unsigned short data; };
struct __hip_bfloat162 { __hip_bfloat16 x, y; };
__hip_bfloat16 __float2bfloat16(float);
float __bfloat162float(__hip_bfloat16);
float2 __bfloat1622float2(__hip_bfloat162);
__hip_bfloat16 __low2bfloat16(__hip_bfloat162);
"""


def _fake_headers(root: Path) -> Path:
    (root / "hip").mkdir(parents=True)
    (root / "hip" / "hip_bf16.h").write_text(FAKE_BF16_H)
    return root


def test_names_are_the_identifiers_and_header_paths_outside_comments(tmp_path: Path) -> None:
    names = hip_header_names((str(_fake_headers(tmp_path)),))
    assert names == {
        "hip/hip_bf16.h",
        "__hip_bfloat16",
        "__hip_bfloat162",
        "__float2bfloat16",
        "__bfloat162float",
        "__bfloat1622float2",
        "__low2bfloat16",
    }  # names in comments, and names no dated table entry spells (`data`, `float2`), are not kept


def test_without_the_headers_hip_5_2_leaves_bfloat16_reported() -> None:
    t = api.translate(BF16_CUDA, to="hip", hip_version="5.2")
    assert "#include <cuda_bf16.h>" in t.code and "nv_bfloat16* x;" in t.code
    left = {d.symbol for d in t.diagnostics if d.status == "unconverted"}
    assert {"cuda_bf16.h", "nv_bfloat16", "__nv_bfloat162", "__float2bfloat16"} <= left


def test_with_the_headers_bfloat16_is_translated_for_hip_5_2(tmp_path: Path) -> None:
    t = api.translate(BF16_CUDA, to="hip", hip_version="5.2", hip_headers=[_fake_headers(tmp_path)])
    assert t.code == BF16_HIP
    assert not [d for d in t.diagnostics if d.status == "unconverted"]


def test_a_name_the_headers_do_not_declare_stays_reported(tmp_path: Path) -> None:
    # __halves2bfloat162 is HIP 5.7's too, but these headers spell it only in a comment.
    code = "#include <cuda_bf16.h>\n__device__ __nv_bfloat162 f(__nv_bfloat16 a) { return __halves2bfloat162(a, a); }\n"
    t = api.translate(code, to="hip", hip_version="5.2", hip_headers=[_fake_headers(tmp_path)])
    left = {d.symbol for d in t.diagnostics if d.status == "unconverted"}
    assert left == {"__halves2bfloat162"}
    assert "__hip_bfloat162 f(__hip_bfloat16 a)" in t.code


def test_one_folder_may_be_given_as_a_string(tmp_path: Path) -> None:
    # A str is a Sequence too: taken as a list of folders, each character would be refused as one.
    folder = _fake_headers(tmp_path)
    as_list = api.make_options("hip", "5.2", hip_headers=[folder])
    assert api.make_options("hip", "5.2", hip_headers=str(folder)) == as_list
    assert api.make_options("hip", "5.2", hip_headers=folder) == as_list
    t = api.translate(BF16_CUDA, to="hip", hip_version="5.2", hip_headers=str(folder))
    assert t.code == BF16_HIP


def test_headers_change_the_fingerprint_and_only_for_hip(tmp_path: Path) -> None:
    extra = _fake_headers(tmp_path)
    plain, with_extra = api.make_options("hip", "5.2"), api.make_options("hip", "5.2", hip_headers=[extra])
    assert translator_fingerprint(plain) != translator_fingerprint(with_extra)
    # SYCL output never names a HIP header: its options (and cache keys) are unchanged.
    assert api.make_options("sycl", hip_headers=[extra]) == api.make_options("sycl")


def test_a_missing_folder_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not-there"):
        api.make_options("hip", "5.2", hip_headers=[tmp_path / "not-there"])


def test_cli_flag(tmp_path: Path) -> None:
    src = tmp_path / "bf.cu"
    src.write_text(BF16_CUDA)
    out = tmp_path / "bf.hip"
    extra = _fake_headers(tmp_path / "extra")
    argv = [sys.executable, "-m", "gpuport", "translate", str(src), "-o", str(out), "--to", "hip"]
    r = subprocess.run(
        [*argv, "--hip-version", "5.2", "--hip-headers", str(extra)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert out.read_text() == BF16_HIP
    r = subprocess.run(
        [*argv, "--hip-version", "5.2", "--hip-headers", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert r.returncode != 0 and "nope" in r.stderr


def test_the_build_translates_for_the_headers_hipcc_is_given(tmp_path: Path) -> None:
    extra = _fake_headers(tmp_path)
    hipcc = toolchains.Toolchain(
        "hipcc", "/usr/bin/hipcc", "5.2.21153-0", True, details={"extra_include": str(extra)}
    )
    absent = toolchains.Toolchain("absent", None, None, False)
    machine = Machine(
        nvcc=absent, hipcc=hipcc, sycl_headers=absent, acpp=absent, icpx=absent, cuobjdump=absent
    )
    options = _hip_version_of(BuildOptions(targets=("hip", "sycl")), machine)
    assert options.hip_version == "5.2" and options.hip_headers == (str(extra),)
    assert pair_fingerprint("hip", options) != pair_fingerprint("hip", BuildOptions(hip_version="5.2"))
    assert pair_fingerprint("sycl", options) == pair_fingerprint("sycl", BuildOptions(hip_version="5.2"))


@pytest.mark.hipcc
def test_the_translation_compiles_with_rocm_5_7_bf16_headers_beside_hip_5_2(tmp_path: Path) -> None:
    extra = toolchains.hip_extra_include()
    if extra is None or not (extra[0] / "hip" / "hip_bf16.h").is_file():
        pytest.skip("scripts/setup.sh's hip_bf16.h (ROCm 5.7) is not unpacked here")
    t = api.translate(BF16_CUDA, to="hip", hip_version="5.2", hip_headers=[extra[0]])
    assert not [d for d in t.diagnostics if d.status == "unconverted"]
    src = tmp_path / "bf.hip"
    src.write_text(t.code)
    r = subprocess.run(
        [
            "hipcc",
            "-std=c++17",
            "-isystem",
            str(extra[0]),
            "--offload-arch=gfx90a",
            "--offload-arch=gfx1030",
            "-c",
            str(src),
            "-o",
            str(tmp_path / "bf.o"),
        ],  # fmt: skip
        capture_output=True,
        text=True,
        env={**os.environ, "HIP_PLATFORM": "amd"},
    )
    assert r.returncode == 0, r.stderr[-2000:]
