"""The inline lambdas GP238 writes for CUDA's integer intrinsics compute what the CUDA Math API says:
compiled as plain C++ (they use no SYCL) and compared with Python models of the documented semantics."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.transpile.rules.common._intrinsic_lambdas import LAMBDAS

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


# SIMD-within-a-word intrinsics, modelled lane by lane from the CUDA Math API's words.
def _lanes(v: int, n: int, signed: bool) -> list[int]:
    width = 32 // n
    mask = (1 << width) - 1
    out = []
    for i in range(n):
        x = (v >> (width * i)) & mask
        out.append(x - (1 << width) if signed and x >> (width - 1) else x)
    return out


def _pack(vals: list[int], n: int) -> int:
    width = 32 // n
    return sum((v & ((1 << width) - 1)) << (width * i) for i, v in enumerate(vals))


def _simd_model(name: str):  # type: ignore[no-untyped-def]
    n = int(name[-1])
    base = name[3:-1]  # after "__v"
    lo, hi = -(1 << (32 // n - 1)), (1 << (32 // n - 1)) - 1
    umax = (1 << (32 // n)) - 1
    clamp = lambda e: max(lo, min(hi, e))  # noqa: E731
    ops = {"eq": "==", "ne": "!=", "ge": ">=", "gt": ">", "le": "<=", "lt": "<"}
    two = {
        "add": (False, lambda x, y: x + y), "sub": (False, lambda x, y: x - y),
        "addss": (True, lambda x, y: clamp(x + y)), "subss": (True, lambda x, y: clamp(x - y)),
        "addus": (False, lambda x, y: min(x + y, umax)), "subus": (False, lambda x, y: max(x - y, 0)),
        "absdiffs": (True, lambda x, y: abs(x - y)), "absdiffu": (False, lambda x, y: abs(x - y)),
        "avgu": (False, lambda x, y: (x + y + 1) >> 1), "haddu": (False, lambda x, y: (x + y) >> 1),
        "maxs": (True, max), "maxu": (False, max), "mins": (True, min), "minu": (False, min),
    }  # fmt: skip
    for c, op in ops.items():
        for s in ("s", "u") if c not in ("eq", "ne") else ("",):
            signed = s != "u"
            two[f"cmp{c}{s}"] = (signed, lambda x, y, op=op: umax if eval(f"x {op} y") else 0)
            two[f"set{c}{s}"] = (signed, lambda x, y, op=op: 1 if eval(f"x {op} y") else 0)
    one = {"abs": abs, "absss": lambda x: min(abs(x), hi), "neg": lambda x: -x, "negss": lambda x: clamp(-x)}
    if base in one:
        return 1, lambda a: _pack([one[base](x) for x in _lanes(a, n, True)], n)
    if base in ("sads", "sadu"):
        signed = base == "sads"
        return 2, lambda a, b: sum(
            abs(x - y) for x, y in zip(_lanes(a, n, signed), _lanes(b, n, signed), strict=True)
        )
    signed, f = two[base]
    return 2, lambda a, b: _pack(
        [f(x, y) for x, y in zip(_lanes(a, n, signed), _lanes(b, n, signed), strict=True)], n
    )


def _dp_model(name: str, signed: bool):  # type: ignore[no-untyped-def]
    def f(a: int, b: int, c: int) -> int:
        if name == "__dp4a":
            r = sum(x * y for x, y in zip(_lanes(a, 4, signed), _lanes(b, 4, signed), strict=True))
        else:
            bb = _lanes(b, 4, signed)[2:] if name == "__dp2a_hi" else _lanes(b, 4, signed)[:2]
            r = sum(x * y for x, y in zip(_lanes(a, 2, signed), bb, strict=True))
        return (r + (c - (1 << 32) if signed and c >> 31 else c)) & M32

    return f


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH")
def test_simd_and_dot_product_lambdas_match_cuda_semantics(tmp_path: Path) -> None:
    rng = random.Random(11)
    edge = [0, M32, 0x80808080, 0x7F7F7F7F, 0x80007FFF, 0x01FF7F80]
    cases = [(a, b) for a in edge for b in edge[:3]] + [
        (rng.getrandbits(32), rng.getrandbits(32)) for _ in range(30)
    ]
    simd = sorted(n for n in LAMBDAS if n.startswith("__v"))
    assert len(simd) == 80  # 40 operations, on bytes and on halfwords
    lines = ["#include <cstdio>", "#include <type_traits>", "int main() {"]
    expected = []
    for name in simd:
        arity, model = _simd_model(name)
        for a, b in cases:
            args = f"{a}u" if arity == 1 else f"{a}u, {b}u"
            lines.append(f'  printf("%u\\n", ({LAMBDAS[name]})({args}));')
            expected.append(model(*((a,) if arity == 1 else (a, b))) & M32)
    for name in ("__dp4a", "__dp2a_lo", "__dp2a_hi"):
        for signed in (True, False):
            model = _dp_model(name, signed)
            for a, b in cases:
                c = b ^ a
                cast = "(int)" if signed else ""
                lines.append(
                    f'  printf("%u\\n", (unsigned)({LAMBDAS[name]})({cast}{a}u, {cast}{b}u, {cast}{c}u));'
                )
                expected.append(model(a, b, c))
    lines.append("}")
    src = tmp_path / "t.cpp"
    src.write_text("\n".join(lines))
    subprocess.run(["g++", "-std=c++17", "-O1", str(src), "-o", str(tmp_path / "t")], check=True)
    out = subprocess.run([str(tmp_path / "t")], capture_output=True, text=True, check=True).stdout.split()
    assert [int(v) for v in out] == expected
