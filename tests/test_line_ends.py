"""Line ends survive translation (issue 21): CR-only files are translated, CRLF files stay CRLF, for both
targets, including the lines the rules add."""

from __future__ import annotations

import gpuport


def test_cr_only_line_ends_are_translated_and_kept() -> None:
    src = b"#include <cuda_runtime.h>\r__global__ void k(float *p) {\r  __syncthreads();\r}\rvoid f(float *p) { cudaFree(p); }\r"
    for target in ("hip", "sycl"):
        result = gpuport.translate(src, to=target)
        out = result.result.output
        assert b"\n" not in out, (target, out)
        assert b"cuda_runtime.h" not in out and b"cudaFree" not in out, (target, out)
        assert result.fully_converted, [d.format() for d in result.diagnostics]
    located = gpuport.translate(src + b"void g() { cudaUnknownThing(); }\r").diagnostics
    assert [d.line for d in located if d.code == "GP003"] == [6]


def test_sycl_output_keeps_crlf_line_ends() -> None:
    src = (
        b"#include <cuda_runtime.h>\r\n__global__ void k(float *p) {\r\n  __shared__ float s[32];\r\n"
        b"  s[threadIdx.x] = p[0];\r\n  __syncthreads();\r\n  p[threadIdx.x] = s[0];\r\n}\r\n"
        b"void f(float *p) {\r\n  k<<<1, 32>>>(p);\r\n  cudaDeviceSynchronize();\r\n}\r\n"
    )
    for target in ("hip", "sycl"):
        out = gpuport.translate(src, to=target).result.output
        assert out.count(b"\n") == out.count(b"\r\n") > 5, (target, out)
