"""The inline lambdas GP275 writes for CUDA's rounding-mode intrinsics compute what the CUDA Math API says:
run inside a SYCL kernel built by AdaptiveCpp for the CPU, every result is compared bit for bit with the
exact value (Python fractions) rounded in the named mode."""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from gpuport.transpile.rules.sycl.rounding_intrinsics import LAMBDAS

# IEEE binary32 and binary64: (struct format, integer format, mantissa bits)
_FMT = {"float": ("f", "I", 23), "double": ("d", "Q", 52)}


def _bits(t: str, x: float) -> int:
    f, i, _ = _FMT[t]
    return int(struct.unpack(i, struct.pack(f, x))[0])


def _from_bits(t: str, b: int) -> float:
    f, i, _ = _FMT[t]
    return float(struct.unpack(f, struct.pack(i, b))[0])


def _next_up(t: str, x: float) -> float:
    if x == 0:
        return _from_bits(t, 1)
    b = _bits(t, x)
    return _from_bits(t, b + 1 if x > 0 else b - 1)


def _next_down(t: str, x: float) -> float:
    return -_next_up(t, -x)


def _round(t: str, q: Fraction, mode: str) -> float:
    """q rounded to type t in a CUDA rounding mode (finite, normal results only)."""
    f = float(q)
    if t == "float":
        f = struct.unpack("f", struct.pack("f", f))[0]
    while Fraction(f) > q:
        f = _next_down(t, f)
    while Fraction(_next_up(t, f)) <= q:
        f = _next_up(t, f)
    down = f  # the largest value <= q
    up = down if Fraction(down) == q else _next_up(t, down)
    if mode == "rd":
        return down
    if mode == "ru":
        return up
    if mode == "rz":
        return down if q >= 0 else up
    dd, du = q - Fraction(down), Fraction(up) - q
    if dd != du:
        return down if dd < du else up
    return down if _bits(t, down) % 2 == 0 else up


def _cuda_value(name: str, t: str, args: list[float]) -> float:
    op, mode = name[3:].split("_")
    a = [Fraction(x) for x in args]
    exact = {
        "add": lambda: a[0] + a[1],
        "sub": lambda: a[0] - a[1],
        "mul": lambda: a[0] * a[1],
        "div": lambda: a[0] / a[1],
        "rcp": lambda: 1 / a[0],
    }.get(op)
    if exact is not None:
        return _round(t, exact(), mode)
    # square root: the largest value whose square is <= x, then the mode's choice
    x = a[0]
    r = math.sqrt(args[0])
    if t == "float":
        r = struct.unpack("f", struct.pack("f", r))[0]
    while Fraction(r) ** 2 > x:
        r = _next_down(t, r)
    while Fraction(_next_up(t, r)) ** 2 <= x:
        r = _next_up(t, r)
    if Fraction(r) ** 2 == x:
        return r
    up = _next_up(t, r)
    if mode in ("rd", "rz"):
        return r
    if mode == "ru":
        return up
    mid = (Fraction(r) + Fraction(up)) / 2
    return r if mid * mid > x else up


def _sample(rng: random.Random, t: str) -> float:
    v = rng.uniform(-1e3, 1e3) * 2.0 ** rng.randint(-20, 20)
    return struct.unpack("f", struct.pack("f", v))[0] if t == "float" else v


@pytest.mark.acpp
@pytest.mark.slow
def test_rounding_lambdas_match_exact_rounding(tmp_path: Path) -> None:
    if shutil.which("acpp") is None:
        pytest.skip("acpp (AdaptiveCpp) not on PATH")
    rng = random.Random(11)
    calls: list[str] = []
    expected: list[str] = []
    for prefix, t in (("f", "float"), ("d", "double")):
        for op in ("add", "sub", "mul", "div", "rcp", "sqrt"):
            for mode in ("rn", "rz", "ru", "rd"):
                name = f"__{prefix}{op}_{mode}"
                for _ in range(12):
                    a, b = _sample(rng, t), _sample(rng, t)
                    if op == "sqrt":
                        a = abs(a)
                    args = [a] if op in ("rcp", "sqrt") else [a, b]
                    lit = ", ".join(float.hex(x) + ("f" if t == "float" else "") for x in args)
                    calls.append(f"static_cast<double>(({LAMBDAS[name]})({lit}))")
                    expected.append(float.hex(_cuda_value(name, t, args)))
    conversions = [
        ("__float2int_rn", "2.5f", 2), ("__float2int_rn", "3.5f", 4), ("__float2int_rn", "-2.5f", -2),
        ("__float2int_rz", "-2.7f", -2), ("__float2int_ru", "-2.7f", -2), ("__float2int_rd", "-2.2f", -3),
        ("__float2uint_ru", "2.1f", 3), ("__double2ll_rd", "-1e10 - 0.5", -10000000001),
        ("__double2int_rn", "0.5", 0), ("__double2ull_rz", "9e18 + 2048.5", 9000000000000002048),
        ("__double2hiint", "-2.0", -1073741824), ("__double2loint", "1.0 + 0x1p-52", 1),
        ("__isnanf", "std::numeric_limits<float>::quiet_NaN()", 1), ("__isinf", "-std::numeric_limits<double>::infinity()", 1),
        ("__finitef", "1.0f", 1), ("__signbit", "-0.0", 1), ("__signbitf", "1.0f", 0),
    ]  # fmt: skip
    ints: list[str] = []
    for name, arg, want in conversions:
        ints.append(f"static_cast<long long>(({LAMBDAS[name]})({arg}))")
        expected.append(str(want))
    # conversions to float in a directed mode: 2^24 + 1 lies between two floats
    to_float = [
        ("__int2float_rz", "16777217", 16777216.0), ("__int2float_ru", "16777217", 16777218.0),
        ("__int2float_rd", "-16777217", -16777218.0), ("__uint2float_rn", "16777219u", 16777220.0),
        ("__double2float_rz", "1.0 + 0x1p-30", 1.0), ("__double2float_ru", "1.0 + 0x1p-30", 1.0 + 2.0**-23),
        ("__double2float_rd", "-(1.0 + 0x1p-30)", -(1.0 + 2.0**-23)), ("__ll2float_rn", "3ll", 3.0),
    ]  # fmt: skip
    for name, arg, fwant in to_float:
        calls.append(f"static_cast<double>(({LAMBDAS[name]})({arg}))")
        expected.insert(len(calls) - 1, float.hex(fwant))
    hi_lo = f"({LAMBDAS['__hiloint2double']})(({LAMBDAS['__double2hiint']})(3.25), ({LAMBDAS['__double2loint']})(3.25))"
    calls.append(f"static_cast<double>({hi_lo})")
    expected.insert(len(calls) - 1, float.hex(3.25))

    body = "\n".join(f"      out[{i}] = {c};" for i, c in enumerate(calls))
    ibody = "\n".join(f"      iout[{i}] = {c};" for i, c in enumerate(ints))
    src = f"""#include <sycl/sycl.hpp>
#include <cstdio>
#include <limits>
int main() {{
  sycl::queue q;
  double *out = sycl::malloc_shared<double>({len(calls)}, q);
  long long *iout = sycl::malloc_shared<long long>({len(ints)}, q);
  q.single_task([=]() {{
{body}
{ibody}
  }}).wait();
  for (int i = 0; i < {len(calls)}; ++i) printf("%a\\n", out[i]);
  for (int i = 0; i < {len(ints)}; ++i) printf("%lld\\n", iout[i]);
  return 0;
}}
"""
    (tmp_path / "t.cpp").write_text(src)
    exe = tmp_path / "t"
    build = subprocess.run(
        ["acpp", "--acpp-targets=omp", "-std=c++17", "-O1", str(tmp_path / "t.cpp"), "-o", str(exe)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    got = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120, check=True).stdout.split()
    norm = [float.hex(float.fromhex(g)) if "p" in g else g for g in got]
    assert len(norm) == len(expected)
    bad = [(i, n, e) for i, (n, e) in enumerate(zip(norm, expected, strict=True)) if n != e]
    assert not bad, bad[:10]
