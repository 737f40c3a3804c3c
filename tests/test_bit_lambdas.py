"""The inline lambdas GP238 writes for CUDA's integer intrinsics compute what the CUDA Math API says:
compiled as plain C++ (they use no SYCL) and compared with Python models of the documented semantics."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.transpile.rules.sycl.bit_intrinsics import LAMBDAS

M32 = 0xFFFFFFFF


def byte_perm(x: int, y: int, s: int) -> int:
    v = (y << 32) | x
    return sum(((v >> (8 * ((s >> (4 * i)) & 7))) & 0xFF) << (8 * i) for i in range(4))


def funnel_l(lo: int, hi: int, s: int, clamp: bool) -> int:
    s = min(s, 32) if clamp else s & 31
    return ((((hi << 32) | lo) << s) >> 32) & M32


def funnel_r(lo: int, hi: int, s: int, clamp: bool) -> int:
    s = min(s, 32) if clamp else s & 31
    return (((hi << 32) | lo) >> s) & M32


MODELS = {
    "__byte_perm": byte_perm,
    "__funnelshift_l": lambda a, b, s: funnel_l(a, b, s, False),
    "__funnelshift_lc": lambda a, b, s: funnel_l(a, b, s, True),
    "__funnelshift_r": lambda a, b, s: funnel_r(a, b, s, False),
    "__funnelshift_rc": lambda a, b, s: funnel_r(a, b, s, True),
    "__usad": lambda x, y, z: (abs(x - y) + z) & M32,
}
# Two-argument intrinsics, on signed 32-bit inputs given as their unsigned bit patterns.


def sext24(v: int) -> int:
    v &= 0xFFFFFF
    return v - (1 << 24) if v & 0x800000 else v


MODELS2 = {
    "__mul24": lambda a, b: (sext24(a) * sext24(b)) & M32,
    "__umul24": lambda a, b: ((a & 0xFFFFFF) * (b & 0xFFFFFF)) & M32,
}


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH")
def test_lambdas_match_cuda_semantics(tmp_path: Path) -> None:
    rng = random.Random(7)
    cases = [(rng.getrandbits(32), rng.getrandbits(32), rng.choice([0, 1, 7, 31, 32, 33, 40, rng.getrandbits(16)]))
             for _ in range(40)]  # fmt: skip
    lines = ["#include <cstdio>", "int main() {"]
    expected = []
    for name, model in MODELS.items():
        for a, b, s in cases:
            s_arg = s & 0x7777 if name == "__byte_perm" else s
            lines.append(f'  printf("%u\\n", ({LAMBDAS[name]})({a}u, {b}u, {s_arg}u));')
            expected.append(model(a, b, s_arg))
    for name, model in MODELS2.items():
        for a, b, _ in cases:
            cast = "(int)" if name == "__mul24" else ""
            lines.append(f'  printf("%u\\n", (unsigned)({LAMBDAS[name]})({cast}{a}u, {cast}{b}u));')
            expected.append(model(a, b))
    lines.append("}")
    src = tmp_path / "t.cpp"
    src.write_text("\n".join(lines))
    subprocess.run(["g++", "-std=c++17", "-O1", str(src), "-o", str(tmp_path / "t")], check=True)
    out = subprocess.run([str(tmp_path / "t")], capture_output=True, text=True, check=True).stdout.split()
    assert [int(v) for v in out] == expected
