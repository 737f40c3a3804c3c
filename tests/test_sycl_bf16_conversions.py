"""GP239's integer and double conversions to and from bfloat16 (`__double2bfloat16`, `__ll2bfloat16_rn`,
`__bfloat162int_rn`, ...) round as CUDA does: built with g++ against the DPC++ headers, run on the host, and
compared with an exact reference computed here with fractions (round to nearest even from the exact value,
saturation and NaN to 0 on the way back). The traps are the values a double rounding gets wrong: a bfloat16
tie plus or minus a little, and integers past 2^24."""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from gpuport.dataset.toolchains import sycl_include_dir
from gpuport.transpile.rules.sycl._half_table import BF16_STRUCT, CUSTOM, SCALAR, helper_name

NAMES = (
    "__double2bfloat16",
    "__ll2bfloat16_rn",
    "__ull2bfloat16_rn",
    "__int2bfloat16_rn",
    "__ushort2bfloat16_rn",
    "__bfloat162ll_rn",
    "__bfloat162uint_rn",
    "__bfloat162int_rn",
    "__bfloat162short_rn",
)

# sycl::fabs and sycl::rint call into the SYCL runtime library on the host; these stand in for it.
PROGRAM = r"""
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
namespace sycl { inline namespace _V1 {
double __fabs_impl(double x) { return std::fabs(x); }
float __rint_impl(float x) { return std::rint(x); }
} }
HELPERS
static gpuport_bfloat16 from_bits(const char *s) { gpuport_bfloat16 b; b.bits = (unsigned short)atoi(s); return b; }
int main() {
  char op[16], v[64];
  while (scanf("%15s %63s", op, v) == 2) {
    if (!strcmp(op, "d")) printf("%u\n", (unsigned)gpuport_double2bfloat16(strtod(v, 0)).bits);
    else if (!strcmp(op, "ll")) printf("%u\n", (unsigned)gpuport_ll2bfloat16_rn(strtoll(v, 0, 10)).bits);
    else if (!strcmp(op, "ull")) printf("%u\n", (unsigned)gpuport_ull2bfloat16_rn(strtoull(v, 0, 10)).bits);
    else if (!strcmp(op, "i")) printf("%u\n", (unsigned)gpuport_int2bfloat16_rn(atoi(v)).bits);
    else if (!strcmp(op, "us")) printf("%u\n", (unsigned)gpuport_ushort2bfloat16_rn((unsigned short)atoi(v)).bits);
    else if (!strcmp(op, "b2ll")) printf("%lld\n", gpuport_bfloat162ll_rn(from_bits(v)));
    else if (!strcmp(op, "b2u")) printf("%u\n", gpuport_bfloat162uint_rn(from_bits(v)));
    else if (!strcmp(op, "b2i")) printf("%d\n", gpuport_bfloat162int_rn(from_bits(v)));
    else if (!strcmp(op, "b2s")) printf("%d\n", (int)gpuport_bfloat162short_rn(from_bits(v)));
  }
  return 0;
}
"""


def bf16_bits(x: Fraction | float) -> int:
    """bfloat16 bits of a value, rounded to nearest even from its exact value (subnormals and overflow
    included); a signed zero keeps its sign."""
    if isinstance(x, float) and math.isinf(x):
        return 0x7F80 if x > 0 else 0xFF80
    sign = 0x8000 if (x < 0 or (isinstance(x, float) and math.copysign(1.0, x) < 0)) else 0
    a = abs(Fraction(x))
    if a == 0:
        return sign
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, -126)  # below the normal range the quantum stays 2^-133
    q = a / Fraction(2) ** (e - 7)
    n = math.floor(q)
    rest = q - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    if n < 128:  # subnormal (or rounded up to the smallest normal below)
        return sign | n
    if n == 256:
        n, e = 128, e + 1
    if e > 127:
        return sign | 0x7F80
    return sign | ((e + 127) << 7) | (n & 0x7F)


def to_int(bits: int, low: int, high: int) -> int:
    """A bfloat16 to an integer as CUDA's cvt.rni: nearest even, saturating, NaN to 0."""
    f = struct.unpack(">f", struct.pack(">I", bits << 16))[0]
    if math.isnan(f):
        return 0
    if math.isinf(f):
        return high if f > 0 else low
    r = round(f)  # Python rounds halves to even
    return max(low, min(high, r))


def cases() -> list[tuple[str, int]]:
    rnd = random.Random(7)
    out: list[tuple[str, int]] = []
    doubles = [0.0, -0.0, 1.0, -1.0, 1e-40, -1e-45, 1e-300, 3.39e38, 3.4e38, 3.5e38, 1e308, -1e308]
    doubles += [math.inf, -math.inf]
    doubles += [rnd.uniform(-1, 1) * 2.0 ** rnd.randint(-140, 130) for _ in range(300)]
    for _ in range(200):  # a bfloat16 tie, and a hair either side of it: double rounding's traps
        tie = struct.unpack(">f", struct.pack(">I", (rnd.randint(0x0080, 0x7F00) << 16) | 0x8000))[0]
        doubles += [tie * (1 + 2.0**-40), tie * (1 - 2.0**-40), tie]
    out += [(f"d {d!r}", bf16_bits(d if math.isinf(d) or d == 0 else Fraction(d))) for d in doubles]
    ints = [0, 1, -1, 255, 256, 257, -257, 2**24 + 1, 2**24 + 3, -(2**24 + 1), 2**53 + 1, 2**63 - 1, -(2**63)]
    ints += [rnd.randint(-(2**63), 2**63 - 1) for _ in range(300)]
    # ties between two bfloat16 values (8 leading bits, then exactly one half), odd and even below
    ints += [
        s * ((q << k) | (1 << (k - 1)))
        for k in (1, 5, 20, 40, 54)
        for q in (129, 130, 255, 254)
        for s in (1, -1)
    ]
    out += [(f"ll {v}", bf16_bits(Fraction(v))) for v in ints]
    out += [(f"ull {v}", bf16_bits(Fraction(v))) for v in [*(v for v in ints if v >= 0), 2**64 - 1]]
    out += [(f"i {v}", bf16_bits(Fraction(v))) for v in ints if -(2**31) <= v < 2**31]
    out += [(f"i {v}", bf16_bits(Fraction(v))) for v in (2**31 - 1, -(2**31), 16777217, 2**30 + 2**22)]
    out += [(f"us {v}", bf16_bits(Fraction(v))) for v in (0, 1, 257, 65535, 65280)]
    for b in [*range(0, 65536, 97), 0x7F80, 0xFF80, 0x7FC0, 0x4F00, 0x4F80, 0xCF00, 0xCF01, 0x5F00, 0xDF00]:
        out += [
            (f"b2ll {b}", to_int(b, -(2**63), 2**63 - 1)),
            (f"b2u {b}", to_int(b, 0, 2**32 - 1)),
            (f"b2i {b}", to_int(b, -(2**31), 2**31 - 1)),
            (f"b2s {b}", to_int(b, -(2**15), 2**15 - 1)),
        ]
    return out


@pytest.mark.skipif(
    shutil.which("g++") is None or sycl_include_dir() is None, reason="needs g++ and intel-sycl-rt"
)
def test_bf16_conversions_round_like_cuda(tmp_path: Path) -> None:
    helpers = BF16_STRUCT + "".join(
        CUSTOM[n][1].format(T=SCALAR["bf16"], P="", name=helper_name(n)) + "\n" for n in NAMES
    )
    src = tmp_path / "bf16_conv.cpp"
    src.write_text(PROGRAM.replace("HELPERS", helpers))
    exe = tmp_path / "bf16_conv"
    build = subprocess.run(
        [
            "g++",
            "-std=c++17",
            "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING",
            f"-I{sycl_include_dir()}",
            str(src),
            "-o",
            str(exe),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    todo = cases()
    run = subprocess.run(
        [str(exe)], input="".join(f"{c}\n" for c, _ in todo), capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0
    got = run.stdout.split()
    assert len(got) == len(todo)
    wrong = [(c, int(g), want) for (c, want), g in zip(todo, got, strict=True) if int(g) != want]
    assert wrong == [], wrong[:10]
