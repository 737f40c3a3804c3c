"""GP139's HIP expressions for one-instruction PTX bit operations give PTX's results.

The CUDA functions below are translated to HIP; the translation is compiled for the host with g++, with
HIP's `__clz`/`__clzll`/`__brev`/`__popc` defined as HIP documents them (`__clz(0)` is 32), and run over
edge and random inputs. Its output is compared with a Python model of the PTX ISA's definitions of
bfe.u32 (zero fill past bit 31, length and position as given), bfind (-1 for zero), brev and popc.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

import gpuport

CUDA = r"""
static __device__ __forceinline__ unsigned bfe(unsigned src, unsigned pos, unsigned len)
{
    unsigned r;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(src), "r"(pos), "r"(len));
    return r;
}
static __device__ __forceinline__ int bfind32(unsigned src)
{
    int msb;
    asm("bfind.u32 %0, %1;" : "=r"(msb) : "r"(src));
    return msb;
}
static __device__ __forceinline__ int bfind64(unsigned long long src)
{
    int msb;
    asm("bfind.u64 %0, %1;" : "=r"(msb) : "l"(src));
    return msb;
}
static __device__ __forceinline__ unsigned brev32(unsigned src)
{
    unsigned r;
    asm("brev.b32 %0, %1;" : "=r"(r) : "r"(src));
    return r;
}
static __device__ __forceinline__ unsigned popc32(unsigned src)
{
    unsigned r;
    asm("popc.b32 %0, %1;" : "=r"(r) : "r"(src));
    return r;
}
"""

# HIP's device functions as the HIP headers define them, for a host build of the translation.
HOST_PRELUDE = r"""
#include <cstdio>
#include <cstdint>
#define __device__
#define __forceinline__ inline
static int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
static unsigned __brev(unsigned x) { unsigned r = 0; for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i); return r; }
static unsigned __popc(unsigned x) { return (unsigned)__builtin_popcount(x); }
"""

MAIN = r"""
int main() {
    unsigned a, p, l; unsigned long long w;
    while (std::scanf("%u %u %u %llu", &a, &p, &l, &w) == 4)
        std::printf("%u %d %d %u %u\n", bfe(a, p, l), bfind32(a), bfind64(w), brev32(a), popc32(a));
    return 0;
}
"""


def ptx_bfe_u32(a: int, pos: int, length: int) -> int:
    pos, length = pos & 0xFF, length & 0xFF
    if length == 0 or pos >= 32:
        return 0
    return (a >> pos) & ((1 << min(length, 32)) - 1)


def ptx_bfind(x: int) -> int:
    return x.bit_length() - 1  # -1 for zero


def test_translated_bit_idioms_match_ptx(tmp_path: Path) -> None:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("g++ not on PATH")
    result = gpuport.translate(CUDA, to="hip")
    assert "asm" not in result.code, result.code  # every statement rewritten
    body = result.code.replace("#include <hip/hip_runtime.h>", "")
    src = tmp_path / "bits.cpp"
    src.write_text(HOST_PRELUDE + body + MAIN)
    exe = tmp_path / "bits"
    subprocess.run([gxx, "-std=c++17", "-O1", str(src), "-o", str(exe)], check=True)
    rng = random.Random(7)
    cases = [(0, 0, 0, 0), (0xFFFFFFFF, 0, 32, 1 << 63), (0x80000000, 31, 1, 1), (0x12345678, 4, 8, 0xFFFF)]
    cases += [
        (0xDEADBEEF, p, length, 3) for p in (0, 1, 16, 28, 31, 32, 40) for length in (0, 1, 5, 31, 32, 33)
    ]
    cases += [
        (rng.getrandbits(32), rng.randrange(40), rng.randrange(40), rng.getrandbits(rng.randrange(65)))
        for _ in range(300)
    ]
    feed = "".join(f"{a} {p} {length} {w}\n" for a, p, length, w in cases)
    out = subprocess.run([str(exe)], input=feed, capture_output=True, text=True, check=True).stdout
    got = [line.split() for line in out.splitlines()]
    assert len(got) == len(cases)
    for (a, p, length, w), row in zip(cases, got, strict=True):
        want = [
            ptx_bfe_u32(a, p, length),
            ptx_bfind(a),
            ptx_bfind(w),
            int(f"{a:032b}"[::-1], 2),
            bin(a).count("1"),
        ]
        assert [int(v) for v in row] == want, (a, p, length, w)
