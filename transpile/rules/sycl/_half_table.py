"""Data for the half-precision rules (GP239 half-precision, GP240 half-helpers): what each `cuda_fp16.h` /
`cuda_bf16.h` name becomes in standard SYCL 2020, and the inline helpers those spellings need.

Families: "half" (`__half`, `sycl::half`) and "bf16" (`__nv_bfloat16`; SYCL 2020 core has no bfloat16, so
it becomes `gpuport_bfloat16`, a 16-bit struct converting to and from float). `T` is a family's scalar type
and `P` its pair type (`gpuport_half2`, `gpuport_bfloat162`: structs with CUDA's `.x`/`.y` fields).

Most intrinsics become `gpuport_<name>` helpers (CUDA's leading underscores dropped) that compute in
float and round once to the 16-bit type: for + - * / and sqrt the float result rounded to half or bfloat16
is the correctly rounded 16-bit result (float carries more than twice their precision plus two bits).
Names overloaded in CUDA for both families (`__hadd`, `__low2float`) get one overload per family the file
uses; family-specific names (`__float2half`, `__float2bfloat16`) one definition.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...tables import load_tables

SCALAR = {"half": "sycl::half", "bf16": "gpuport_bfloat16"}
PAIR = {"half": "gpuport_half2", "bf16": "gpuport_bfloat162"}


@dataclass(frozen=True)
class HalfName:
    """One CUDA name: its SYCL spelling and the helpers that spelling needs."""

    cuda: str
    sycl: str
    family: str | None  # "half", "bf16", or None when CUDA overloads it for both
    helper: str | None  # key into HELPERS (the spelling is that helper's function name), or None
    call: bool  # a function: only translated where it is called
    note: str = ""


def helper_name(cuda: str) -> str:
    return "gpuport_" + cuda.lstrip("_")


# -- scalar operations: CUDA name -> (arity, result kind, float expression over x, y, z) -------------------
# result kind: "T" (rounded back to the scalar type), "bool", "int".
SCALAR_OPS: dict[str, tuple[int, str, str]] = {
    "__hadd": (2, "T", "x + y"),
    "__hadd_rn": (2, "T", "x + y"),
    "__hsub": (2, "T", "x - y"),
    "__hsub_rn": (2, "T", "x - y"),
    "__hmul": (2, "T", "x * y"),
    "__hmul_rn": (2, "T", "x * y"),
    "__hdiv": (2, "T", "x / y"),
    "__hadd_sat": (2, "T", "sycl::fmin(sycl::fmax(x + y, 0.0f), 1.0f)"),
    "__hsub_sat": (2, "T", "sycl::fmin(sycl::fmax(x - y, 0.0f), 1.0f)"),
    "__hmul_sat": (2, "T", "sycl::fmin(sycl::fmax(x * y, 0.0f), 1.0f)"),
    "__hmin": (2, "T", "sycl::fmin(x, y)"),
    "__hmax": (2, "T", "sycl::fmax(x, y)"),
    "__hmin_nan": (2, "T", "sycl::isnan(x) || sycl::isnan(y) ? x + y : sycl::fmin(x, y)"),
    "__hmax_nan": (2, "T", "sycl::isnan(x) || sycl::isnan(y) ? x + y : sycl::fmax(x, y)"),
    "__hfma": (3, "T", "sycl::fma(x, y, z)"),
    "__hfma_sat": (3, "T", "sycl::fmin(sycl::fmax(sycl::fma(x, y, z), 0.0f), 1.0f)"),
    "__hneg": (1, "T", "-x"),
    "__habs": (1, "T", "sycl::fabs(x)"),
    # comparisons: the plain forms are ordered (false when either is NaN), the `u` forms unordered
    "__heq": (2, "bool", "x == y"),
    "__hne": (2, "bool", "x < y || x > y"),
    "__hlt": (2, "bool", "x < y"),
    "__hle": (2, "bool", "x <= y"),
    "__hgt": (2, "bool", "x > y"),
    "__hge": (2, "bool", "x >= y"),
    "__hequ": (2, "bool", "!(x < y || x > y)"),
    "__hneu": (2, "bool", "x != y"),
    "__hltu": (2, "bool", "!(x >= y)"),
    "__hleu": (2, "bool", "!(x > y)"),
    "__hgtu": (2, "bool", "!(x <= y)"),
    "__hgeu": (2, "bool", "!(x < y)"),
    "__hisnan": (1, "bool", "sycl::isnan(x)"),
    "__hisinf": (1, "int", "sycl::isinf(x) ? (x > 0.0f ? 1 : -1) : 0"),
    # math: float built-ins rounded to the 16-bit type (CUDA's are approximations of the same values)
    "hsqrt": (1, "T", "sycl::sqrt(x)"),
    "hrsqrt": (1, "T", "sycl::rsqrt(x)"),
    "hrcp": (1, "T", "1.0f / x"),
    "hexp": (1, "T", "sycl::exp(x)"),
    "hexp2": (1, "T", "sycl::exp2(x)"),
    "hexp10": (1, "T", "sycl::exp10(x)"),
    "hlog": (1, "T", "sycl::log(x)"),
    "hlog2": (1, "T", "sycl::log2(x)"),
    "hlog10": (1, "T", "sycl::log10(x)"),
    "hsin": (1, "T", "sycl::sin(x)"),
    "hcos": (1, "T", "sycl::cos(x)"),
    "htanh": (1, "T", "sycl::tanh(x)"),
    "hfloor": (1, "T", "sycl::floor(x)"),
    "hceil": (1, "T", "sycl::ceil(x)"),
    "htrunc": (1, "T", "sycl::trunc(x)"),
    "hrint": (1, "T", "sycl::rint(x)"),
}

# -- pair operations, lane by lane over a scalar operation: CUDA name -> (scalar CUDA name, result) --------
# result: "P" (a pair of the scalar results), "P01" (a pair of 1.0/0.0), "all" (bool: both lanes true).
PAIR_OPS: dict[str, tuple[str, str]] = {
    "__hadd2": ("__hadd", "P"),
    "__hadd2_rn": ("__hadd", "P"),
    "__hsub2": ("__hsub", "P"),
    "__hsub2_rn": ("__hsub", "P"),
    "__hmul2": ("__hmul", "P"),
    "__hmul2_rn": ("__hmul", "P"),
    "__h2div": ("__hdiv", "P"),
    "__hadd2_sat": ("__hadd_sat", "P"),
    "__hsub2_sat": ("__hsub_sat", "P"),
    "__hmul2_sat": ("__hmul_sat", "P"),
    "__hmin2": ("__hmin", "P"),
    "__hmax2": ("__hmax", "P"),
    "__hmin2_nan": ("__hmin_nan", "P"),
    "__hmax2_nan": ("__hmax_nan", "P"),
    "__hfma2": ("__hfma", "P"),
    "__hfma2_sat": ("__hfma_sat", "P"),
    "__hneg2": ("__hneg", "P"),
    "__habs2": ("__habs", "P"),
    "__heq2": ("__heq", "P01"),
    "__hne2": ("__hne", "P01"),
    "__hlt2": ("__hlt", "P01"),
    "__hle2": ("__hle", "P01"),
    "__hgt2": ("__hgt", "P01"),
    "__hge2": ("__hge", "P01"),
    "__hequ2": ("__hequ", "P01"),
    "__hneu2": ("__hneu", "P01"),
    "__hltu2": ("__hltu", "P01"),
    "__hleu2": ("__hleu", "P01"),
    "__hgtu2": ("__hgtu", "P01"),
    "__hgeu2": ("__hgeu", "P01"),
    "__hisnan2": ("__hisnan", "P01"),
    "__hbeq2": ("__heq", "all"),
    "__hbne2": ("__hne", "all"),
    "__hblt2": ("__hlt", "all"),
    "__hble2": ("__hle", "all"),
    "__hbgt2": ("__hgt", "all"),
    "__hbge2": ("__hge", "all"),
    "__hbequ2": ("__hequ", "all"),
    "__hbneu2": ("__hneu", "all"),
    "__hbltu2": ("__hltu", "all"),
    "__hbleu2": ("__hleu", "all"),
    "__hbgtu2": ("__hgtu", "all"),
    "__hbgeu2": ("__hgeu", "all"),
    "h2sqrt": ("hsqrt", "P"),
    "h2rsqrt": ("hrsqrt", "P"),
    "h2rcp": ("hrcp", "P"),
    "h2exp": ("hexp", "P"),
    "h2exp2": ("hexp2", "P"),
    "h2exp10": ("hexp10", "P"),
    "h2log": ("hlog", "P"),
    "h2log2": ("hlog2", "P"),
    "h2log10": ("hlog10", "P"),
    "h2sin": ("hsin", "P"),
    "h2cos": ("hcos", "P"),
    "h2tanh": ("htanh", "P"),
    "h2floor": ("hfloor", "P"),
    "h2ceil": ("hceil", "P"),
    "h2trunc": ("htrunc", "P"),
    "h2rint": ("hrint", "P"),
}

# -- helpers with their own bodies: CUDA name -> (family or None for both, definition with {T} {P}) -------
CUSTOM: dict[str, tuple[str | None, str]] = {
    "__float2half2_rn": ("half", "inline {P} {name}(float v) {{ return {P}(v, v); }}"),
    "__float2bfloat162_rn": ("bf16", "inline {P} {name}(float v) {{ return {P}(v, v); }}"),
    "__half2half2": ("half", "inline {P} {name}({T} v) {{ return {P}(v, v); }}"),
    "__bfloat162bfloat162": ("bf16", "inline {P} {name}({T} v) {{ return {P}(v, v); }}"),
    "__float22half2_rn": ("half", "inline {P} {name}(float2 v) {{ return {P}(v.x, v.y); }}"),
    "__float22bfloat162_rn": ("bf16", "inline {P} {name}(float2 v) {{ return {P}(v.x, v.y); }}"),
    "__half22float2": ("half", "inline float2 {name}({P} v) {{ return float2{{float(v.x), float(v.y)}}; }}"),
    "__bfloat1622float2": (
        "bf16",
        "inline float2 {name}({P} v) {{ return float2{{float(v.x), float(v.y)}}; }}",
    ),
    "__low2float": (None, "inline float {name}({P} v) {{ return float(v.x); }}"),
    "__high2float": (None, "inline float {name}({P} v) {{ return float(v.y); }}"),
    "__low2half": ("half", "inline {T} {name}({P} v) {{ return v.x; }}"),
    "__high2half": ("half", "inline {T} {name}({P} v) {{ return v.y; }}"),
    "__low2bfloat16": ("bf16", "inline {T} {name}({P} v) {{ return v.x; }}"),
    "__high2bfloat16": ("bf16", "inline {T} {name}({P} v) {{ return v.y; }}"),
    "__low2half2": ("half", "inline {P} {name}({P} v) {{ return {P}(v.x, v.x); }}"),
    "__high2half2": ("half", "inline {P} {name}({P} v) {{ return {P}(v.y, v.y); }}"),
    "__low2bfloat162": ("bf16", "inline {P} {name}({P} v) {{ return {P}(v.x, v.x); }}"),
    "__high2bfloat162": ("bf16", "inline {P} {name}({P} v) {{ return {P}(v.y, v.y); }}"),
    "__lows2half2": ("half", "inline {P} {name}({P} a, {P} b) {{ return {P}(a.x, b.x); }}"),
    "__highs2half2": ("half", "inline {P} {name}({P} a, {P} b) {{ return {P}(a.y, b.y); }}"),
    "__lows2bfloat162": ("bf16", "inline {P} {name}({P} a, {P} b) {{ return {P}(a.x, b.x); }}"),
    "__highs2bfloat162": ("bf16", "inline {P} {name}({P} a, {P} b) {{ return {P}(a.y, b.y); }}"),
    "__lowhigh2highlow": (None, "inline {P} {name}({P} v) {{ return {P}(v.y, v.x); }}"),
    "__half2int_rn": ("half", "inline int {name}({T} v) {{ return int(sycl::rint(float(v))); }}"),
    "__half_as_ushort": (
        "half",
        "inline unsigned short {name}({T} v) {{ return sycl::bit_cast<unsigned short>(v); }}",
    ),
    "__half_as_short": ("half", "inline short {name}({T} v) {{ return sycl::bit_cast<short>(v); }}"),
    "__ushort_as_half": ("half", "inline {T} {name}(unsigned short v) {{ return sycl::bit_cast<{T}>(v); }}"),
    "__short_as_half": ("half", "inline {T} {name}(short v) {{ return sycl::bit_cast<{T}>(v); }}"),
    "__bfloat16_as_ushort": ("bf16", "inline unsigned short {name}({T} v) {{ return v.bits; }}"),
    "__ushort_as_bfloat16": (
        "bf16",
        "inline {T} {name}(unsigned short v) {{ {T} r; r.bits = v; return r; }}",
    ),
}

# -- integer and double conversions with CUDA's rounding (cuda_fp16.h / cuda_bf16.h `_rn` names) ----------
# C++ type, its CUDA spelling in the names, lowest value, highest value, and 2^bits: the first float past the
# highest value (float holds these powers of two exactly).
_INTEGERS: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("short", "short", "-32767 - 1", "32767", "-32768.0f", "32768.0f"),
    ("unsigned short", "ushort", "0", "65535", "0.0f", "65536.0f"),
    ("int", "int", "-2147483647 - 1", "2147483647", "-2147483648.0f", "2147483648.0f"),
    ("unsigned int", "uint", "0u", "4294967295u", "0.0f", "4294967296.0f"),
    (
        "long long",
        "ll",
        "-9223372036854775807LL - 1",
        "9223372036854775807LL",
        "-9223372036854775808.0f",
        "9223372036854775808.0f",
    ),
    ("unsigned long long", "ull", "0ull", "18446744073709551615ull", "0.0f", "18446744073709551616.0f"),
)


def _to_integer(ctype: str, low: str, high: str, low_f: str, high_f: str) -> str:
    """A 16-bit value to an integer, rounded to nearest even, as CUDA's cvt.rni: saturating, NaN to 0 (float
    holds every half and bfloat16 value exactly, so rounding the float is rounding the value)."""
    return (
        f"inline {ctype} {{name}}({{T}} v) {{{{ float f = float(v); if (f != f) return 0; "
        f"float r = sycl::rint(f); if (r >= {high_f}) return {high}; if (r <= {low_f}) return {low}; "
        f"return static_cast<{ctype}>(r); }}}}"
    )


def _integer_to_bf16(ctype: str, signed: bool) -> str:
    """An integer to bfloat16, rounded to nearest even from its exact value (through float, an int past 2^24
    would be rounded twice): keep the 8 leading bits, round on the rest."""
    if signed:
        magnitude = "v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v)"
        sign = "v < 0 ? 0x8000u : 0u"
    else:
        magnitude, sign = "static_cast<unsigned long long>(v)", "0u"
    return (
        "inline {T} {name}(" + ctype + " v) {{ {T} r; unsigned long long m = " + magnitude + "; "
        "unsigned int sign = " + sign + "; if (m == 0) {{ r.bits = 0; return r; }} "
        "int e = 63; while (!(m >> e)) --e; "
        "unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); "
        "if (e > 7) {{ unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); "
        "if (rest > half || (rest == half && (q & 1ull))) {{ ++q; if (q == 0x100ull) {{ q = 0x80ull; ++e; }} }} }} "
        "r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | "
        "static_cast<unsigned int>(q & 0x7full)); return r; }}"
    )


for _ctype, _short, _low, _high, _low_f, _high_f in _INTEGERS:
    CUSTOM[f"__bfloat162{_short}_rn"] = ("bf16", _to_integer(_ctype, _low, _high, _low_f, _high_f))
    CUSTOM.setdefault(f"__half2{_short}_rn", ("half", _to_integer(_ctype, _low, _high, _low_f, _high_f)))
    CUSTOM[f"__{_short}2bfloat16_rn"] = ("bf16", _integer_to_bf16(_ctype, not _short.startswith("u")))
# A double rounded to float first and then to bfloat16 can round twice: round to float toward zero with the
# last bit set instead (round to odd), which float's 16 extra bits make exact for the second rounding.
CUSTOM["__double2bfloat16"] = (
    "bf16",
    "inline {T} {name}(double v) {{ if (sycl::fabs(v) > 3.4028234663852886e38) "
    "return {T}(sycl::bit_cast<float>(v > 0 ? 0x7f800000u : 0xff800000u)); float f = static_cast<float>(v); "
    "if (f == f && static_cast<double>(f) != v) {{ unsigned int u = sycl::bit_cast<unsigned int>(f); "
    "if (sycl::fabs(static_cast<double>(f)) > sycl::fabs(v)) --u; f = sycl::bit_cast<float>(u | 1u); }} "
    "return {T}(f); }}",
)

# CUDA's integer halving add shares the name `__hadd`: keep it working next to the half overloads.
HADD_INT = "inline int gpuport_hadd(int a, int b) { return int((static_cast<long long>(a) + b) >> 1); }"

# -- plain spellings (types, constructors, casts): no helper function ---------------------------------------
# What each becomes is the tables' row (`rule:GP239 sycl::half`, `rule:GP239 static_cast<float>`); the family
# follows from the name (bfloat16 names are "bf16"), a function is only translated where it is called.
# These four keep a plain SYCL spelling in the tables, which the rename (GP001) and the unconverted report
# (GP003) go by where GP239 does not act (a `half` that is the program's own); GP239 writes these:
PLAIN_TYPES: dict[str, str] = {
    "__half": "sycl::half",
    "half": "sycl::half",
    "__half2": "gpuport_half2",
    "half2": "gpuport_half2",
}


def renames() -> dict[str, tuple[str, str, bool]]:
    """CUDA name -> (spelling, family, is a function), for the names with no helper function."""
    return dict(_renames())


@functools.cache
def _renames() -> dict[str, tuple[str, str, bool]]:
    tables = load_tables()
    helpers = {*SCALAR_OPS, *PAIR_OPS, *CUSTOM}
    spelled = {**PLAIN_TYPES, **tables.handled_by("GP239")}
    out: dict[str, tuple[str, str, bool]] = {}
    for cuda, spelling in spelled.items():
        if cuda in helpers or spelling is None:
            continue
        function = tables.symbols[cuda].kind in ("function", "device-function")
        out[cuda] = (spelling, "bf16" if "bfloat16" in cuda else "half", function)
    return out


# Headers the translation drops: `<sycl/sycl.hpp>` provides sycl::half; the structs are defined inline.
HEADERS = frozenset({"cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp"})

# Known `cuda_fp16.h` / `cuda_bf16.h` names left for a person, with the reason (GP239 reports them).
UNSUPPORTED: dict[str, str] = {
    "__float2half_rz": "directed rounding (toward zero) has no SYCL 2020 conversion",
    "__float2half_rd": "directed rounding (down) has no SYCL 2020 conversion",
    "__float2half_ru": "directed rounding (up) has no SYCL 2020 conversion",
    "__float2bfloat16_rz": "directed rounding (toward zero) has no SYCL 2020 conversion",
    "__float2bfloat16_rd": "directed rounding (down) has no SYCL 2020 conversion",
    "__float2bfloat16_ru": "directed rounding (up) has no SYCL 2020 conversion",
    "__half2_raw": "raw storage struct: rewrite with sycl::bit_cast",
    "__hcmadd": "complex multiply-add on half2 has no counterpart; write it with gpuport_hfma2",
}


@functools.cache
def names() -> dict[str, HalfName]:
    """Every name GP239 translates, with its spelling (the helper-function names are the tables' spellings
    too: `rule:GP239 gpuport_hadd`; a test checks they agree with helper_name)."""
    out: dict[str, HalfName] = {}
    for cuda, (spelling, family, call) in _renames().items():
        out[cuda] = HalfName(cuda, spelling, family, None, call)
    for cuda in (*SCALAR_OPS, *PAIR_OPS):
        out[cuda] = HalfName(cuda, helper_name(cuda), None, cuda, True)
    for cuda, (fixed, _) in CUSTOM.items():
        out[cuda] = HalfName(cuda, helper_name(cuda), fixed, cuda, True)
    return out


# -- helper definitions ----------------------------------------------------------------------------------

# CUDA's __half_raw: the 16 bits of a half in a field `x` (faiss builds half constants from bits with it).
HALF_RAW_STRUCT = (
    "#ifndef GPUPORT_HALF_RAW\n#define GPUPORT_HALF_RAW\n"
    "// CUDA's __half_raw: a half's bits in `x`, converting to and from sycl::half without rounding.\n"
    "struct gpuport_half_raw {\n"
    "  unsigned short x;\n"
    "  gpuport_half_raw() = default;\n"
    "  constexpr gpuport_half_raw(unsigned short bits) : x(bits) {}\n"
    "  gpuport_half_raw(sycl::half h) : x(sycl::bit_cast<unsigned short>(h)) {}\n"
    "  operator sycl::half() const { return sycl::bit_cast<sycl::half>(x); }\n"
    "};\n"
    "#endif\n"
)

# CUDA's __nv_bfloat16_raw: a bfloat16's bits in `x` (llm.c's __ldcs for old toolkits returns
# `__nv_bfloat16_raw{bits}`); it needs gpuport_bfloat16 (BF16_STRUCT) before it.
BF16_RAW_STRUCT = (
    "#ifndef GPUPORT_BFLOAT16_RAW\n#define GPUPORT_BFLOAT16_RAW\n"
    "// CUDA's __nv_bfloat16_raw: a bfloat16's bits in `x`, converting to and from gpuport_bfloat16 unchanged.\n"
    "struct gpuport_bfloat16_raw {\n"
    "  unsigned short x;\n"
    "  gpuport_bfloat16_raw() = default;\n"
    "  constexpr gpuport_bfloat16_raw(unsigned short bits) : x(bits) {}\n"
    "  gpuport_bfloat16_raw(gpuport_bfloat16 b) : x(b.bits) {}\n"
    "  operator gpuport_bfloat16() const { gpuport_bfloat16 b; b.bits = x; return b; }\n"
    "};\n"
    "#endif\n"
)

BF16_STRUCT = (
    "#ifndef GPUPORT_BFLOAT16\n#define GPUPORT_BFLOAT16\n"
    "// bfloat16 (SYCL 2020 core has none): the upper 16 bits of a float, rounded to nearest even.\n"
    "struct gpuport_bfloat16 {\n"
    "  unsigned short bits;\n"
    "  gpuport_bfloat16() = default;\n"
    "  gpuport_bfloat16(float f) {\n"
    "    unsigned int u = sycl::bit_cast<unsigned int>(f);\n"
    "    bits = (u & 0x7fffffffu) > 0x7f800000u ? static_cast<unsigned short>((u >> 16) | 0x40u)\n"
    "                                           : static_cast<unsigned short>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);\n"
    "  }\n"
    "  operator float() const { return sycl::bit_cast<float>(static_cast<unsigned int>(bits) << 16); }\n"
    "  gpuport_bfloat16 &operator+=(float o) { return *this = gpuport_bfloat16(float(*this) + o); }\n"
    "  gpuport_bfloat16 &operator-=(float o) { return *this = gpuport_bfloat16(float(*this) - o); }\n"
    "  gpuport_bfloat16 &operator*=(float o) { return *this = gpuport_bfloat16(float(*this) * o); }\n"
    "  gpuport_bfloat16 &operator/=(float o) { return *this = gpuport_bfloat16(float(*this) / o); }\n"
    "};\n"
    "#endif\n"
)


def pair_struct(family: str) -> str:
    t, p = SCALAR[family], PAIR[family]
    guard = f"GPUPORT_{p.upper()}"
    ops = "".join(
        f"inline {p} operator{op}({p} a, {p} b) {{ return {p}(float(a.x) {op} float(b.x), float(a.y) {op} "
        f"float(b.y)); }}\n"
        for op in "+-*/"
    )
    compound = "".join(
        f"  {p} &operator{op}=({p} o) {{ return *this = {p}(float(x) {op} float(o.x), "
        f"float(y) {op} float(o.y)); }}\n"
        for op in "+-*/"
    )
    return (
        f"#ifndef {guard}\n#define {guard}\n"
        f"// CUDA's {'__half2' if family == 'half' else '__nv_bfloat162'}: two values with .x/.y fields.\n"
        f"struct alignas(4) {p} {{\n"
        f"  {t} x, y;\n"
        f"  {p}() = default;\n"
        f"  {p}({t} gp_x, {t} gp_y) : x(gp_x), y(gp_y) {{}}\n"
        f"{compound}"
        f"}};\n"
        f"{ops}"
        f"inline {p} operator-({p} a) {{ return {p}(-float(a.x), -float(a.y)); }}\n"
        f"inline bool operator==({p} a, {p} b) {{ return float(a.x) == float(b.x) && float(a.y) == float(b.y); }}\n"
        f"inline bool operator!=({p} a, {p} b) {{ return !(a == b); }}\n"
        "#endif\n"
    )


def scalar_op(cuda: str, family: str) -> str:
    arity, kind, expr = SCALAR_OPS[cuda]
    t = SCALAR[family]
    names = "abc"[:arity]
    params = ", ".join(f"{t} {n}" for n in names)
    floats = ", ".join(f"{v} = {n}" for v, n in zip("xyz", names, strict=False))
    result = {"T": t, "bool": "bool", "int": "int"}[kind]
    value = f"{t}({expr})" if kind == "T" else expr
    return f"inline {result} {helper_name(cuda)}({params}) {{ float {floats}; return {value}; }}"


def pair_op(cuda: str, family: str) -> str:
    scalar, kind = PAIR_OPS[cuda]
    arity = SCALAR_OPS[scalar][0]
    p = PAIR[family]
    names = "abc"[:arity]
    params = ", ".join(f"{p} {n}" for n in names)
    f = helper_name(scalar)
    lo = f"{f}({', '.join(n + '.x' for n in names)})"
    hi = f"{f}({', '.join(n + '.y' for n in names)})"
    if kind == "P":
        value = f"{p}({lo}, {hi})"
    elif kind == "P01":
        value = f"{p}({lo} ? 1.0f : 0.0f, {hi} ? 1.0f : 0.0f)"
    else:
        value = f"{lo} && {hi}"
    result = "bool" if kind == "all" else p
    return f"inline {result} {helper_name(cuda)}({params}) {{ return {value}; }}"


def custom(cuda: str, family: str) -> str:
    return CUSTOM[cuda][1].format(T=SCALAR[family], P=PAIR[family], name=helper_name(cuda))


def helper_families(cuda: str, used: set[str]) -> list[str]:
    """The families to define helper `cuda` for, given the families the file uses."""
    fixed = CUSTOM[cuda][0] if cuda in CUSTOM else None
    return [fixed] if fixed else sorted(used)
