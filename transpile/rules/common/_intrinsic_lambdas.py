"""Immediately called lambdas computing CUDA integer and bit intrinsics in portable C++ (GP238 for SYCL,
GP142 for HIP where HIP has no counterpart): one definition of what each intrinsic computes.

The SYCL ones may call SYCL 2020 built-ins (`sycl::popcount`, `sycl::sinpi`); the rest are plain C++ and
compile with hipcc too (PORTABLE).
"""

from __future__ import annotations

_BREV32 = (
    "[](unsigned int gp_v) { "
    "gp_v = ((gp_v >> 1) & 0x55555555u) | ((gp_v & 0x55555555u) << 1); "
    "gp_v = ((gp_v >> 2) & 0x33333333u) | ((gp_v & 0x33333333u) << 2); "
    "gp_v = ((gp_v >> 4) & 0x0F0F0F0Fu) | ((gp_v & 0x0F0F0F0Fu) << 4); "
    "gp_v = ((gp_v >> 8) & 0x00FF00FFu) | ((gp_v & 0x00FF00FFu) << 8); "
    "return (gp_v >> 16) | (gp_v << 16); }"
)
_BREV64 = (
    "[](unsigned long long gp_v) { unsigned long long gp_r = 0; "
    "for (int gp_i = 0; gp_i < 64; ++gp_i) { gp_r = (gp_r << 1) | (gp_v & 1ull); gp_v >>= 1; } "
    "return gp_r; }"
)


def _sincos(t: str, sin: str, cos: str) -> str:
    return f"[]({t} gp_x, {t} *gp_s, {t} *gp_c) {{ *gp_s = {sin}(gp_x); *gp_c = {cos}(gp_x); }}"


def _funnel(op: str, shift: str, high: bool) -> str:
    take = "(gp_v >> 32)" if high else "gp_v"
    return (
        "[](unsigned int gp_lo, unsigned int gp_hi, unsigned int gp_s) { "
        "unsigned long long gp_v = (static_cast<unsigned long long>(gp_hi) << 32) | gp_lo; "
        f"gp_v = gp_v {op} ({shift}); return static_cast<unsigned int>({take} & 0xFFFFFFFFull); }}"
    )


# 64-bit unsigned high product from 32-bit halves (no __int128 in standard C++ device code).
_UMUL64HI_BODY = (
    "unsigned long long gp_al = gp_a & 0xFFFFFFFFull, gp_ah = gp_a >> 32, "
    "gp_bl = gp_b & 0xFFFFFFFFull, gp_bh = gp_b >> 32; "
    "unsigned long long gp_t = gp_ah * gp_bl + ((gp_al * gp_bl) >> 32); "
    "unsigned long long gp_u = gp_al * gp_bh + (gp_t & 0xFFFFFFFFull); "
    "unsigned long long gp_h = gp_ah * gp_bh + (gp_t >> 32) + (gp_u >> 32); "
)

# SIMD-within-a-word intrinsics (`__vadd4`, `__vcmpgtu2`, `__vsads4`, ...): each byte (suffix 4) or
# halfword (suffix 2) of the 32-bit operands is a lane, read as the signed or unsigned type the name says
# and computed in int; the result lane is the expression's low bits (sums `__vsad*` add the lanes up).
_LANE = {"4": (8, "signed char", "unsigned char", 0xFF), "2": (16, "short", "unsigned short", 0xFFFF)}


def _simd(expr: str, signed: bool, n: str, unary: bool = False, total: bool = False) -> str:
    width, st, ut, mask = _LANE[n]
    lane = st if signed else ut
    lo, hi = (-(mask + 1) // 2, mask // 2) if signed else (0, mask)
    expr = expr.replace("LO", str(lo)).replace("HI", str(hi)).replace("MASK", str(mask))
    params = "unsigned int gp_a" if unary else "unsigned int gp_a, unsigned int gp_b"
    y = "" if unary else f", gp_y = static_cast<{lane}>(gp_b >> gp_i)"
    step = f"int gp_x = static_cast<{lane}>(gp_a >> gp_i){y}; "
    if total:
        return (f"[]({params}) {{ unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += {width}) {{ "
                f"{step}gp_r += static_cast<unsigned int>({expr}); }} return gp_r; }}")  # fmt: skip
    return (f"[]({params}) {{ unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += {width}) {{ "
            f"{step}gp_r |= (static_cast<unsigned int>({expr}) & {mask}u) << gp_i; }} return gp_r; }}")  # fmt: skip


_CLAMP = "(E < LO ? LO : (E > HI ? HI : E))"
_COMPARE = {"eq": "==", "ne": "!=", "ges": ">=", "geu": ">=", "gts": ">", "gtu": ">", "les": "<=",
            "leu": "<=", "lts": "<", "ltu": "<"}  # fmt: skip


def _simd_family() -> dict[str, str]:
    out: dict[str, str] = {}
    for n in ("4", "2"):
        two = {
            "vadd": ("gp_x + gp_y", False), "vsub": ("gp_x - gp_y", False),
            "vaddss": (_CLAMP.replace("E", "(gp_x + gp_y)"), True),
            "vsubss": (_CLAMP.replace("E", "(gp_x - gp_y)"), True),
            "vaddus": ("(gp_x + gp_y > HI ? HI : gp_x + gp_y)", False),
            "vsubus": ("(gp_x > gp_y ? gp_x - gp_y : 0)", False),
            "vabsdiffs": ("(gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x)", True),
            "vabsdiffu": ("(gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x)", False),
            "vavgu": ("((gp_x + gp_y + 1) >> 1)", False), "vhaddu": ("((gp_x + gp_y) >> 1)", False),
            "vmaxs": ("(gp_x > gp_y ? gp_x : gp_y)", True), "vmaxu": ("(gp_x > gp_y ? gp_x : gp_y)", False),
            "vmins": ("(gp_x < gp_y ? gp_x : gp_y)", True), "vminu": ("(gp_x < gp_y ? gp_x : gp_y)", False),
        }  # fmt: skip
        for name, (expr, signed) in two.items():
            out[f"__{name}{n}"] = _simd(expr, signed, n)
        for cmp, op in _COMPARE.items():
            signed = not cmp.endswith("u")
            out[f"__vcmp{cmp}{n}"] = _simd(f"(gp_x {op} gp_y ? MASK : 0)", signed, n)
            out[f"__vset{cmp}{n}"] = _simd(f"(gp_x {op} gp_y ? 1 : 0)", signed, n)
        out[f"__vabs{n}"] = _simd("(gp_x < 0 ? -gp_x : gp_x)", True, n, unary=True)
        out[f"__vabsss{n}"] = _simd("(gp_x < 0 ? (-gp_x > HI ? HI : -gp_x) : gp_x)", True, n, unary=True)
        out[f"__vneg{n}"] = _simd("-gp_x", True, n, unary=True)
        out[f"__vnegss{n}"] = _simd("(-gp_x > HI ? HI : -gp_x)", True, n, unary=True)
        out[f"__vsads{n}"] = _simd("(gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x)", True, n, total=True)
        out[f"__vsadu{n}"] = _simd("(gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x)", False, n, total=True)
    return out


# Four-way byte dot product with accumulate: signed bytes for int operands, unsigned for unsigned ones
# (CUDA's two overloads), added to c.
_DP4A = (
    "[](auto gp_a, auto gp_b, auto gp_c) { using gp_t = std::conditional_t<std::is_signed_v<decltype(gp_a)>, "
    "int, unsigned int>; gp_t gp_r = static_cast<gp_t>(gp_c); for (int gp_i = 0; gp_i < 32; gp_i += 8) { "
    "if constexpr (std::is_signed_v<decltype(gp_a)>) gp_r += static_cast<signed char>(gp_a >> gp_i) * "
    "static_cast<signed char>(gp_b >> gp_i); else gp_r += static_cast<unsigned char>(gp_a >> gp_i) * "
    "static_cast<unsigned char>(gp_b >> gp_i); } return gp_r; }"
)


# Two-way halfword by byte dot product: a's two halfwords times b's low (lo) or high (hi) byte pair.
def _dp2a(high: bool) -> str:
    shift = 16 if high else 0
    return (
        "[](auto gp_a, auto gp_b, auto gp_c) { using gp_t = std::conditional_t<std::is_signed_v<decltype(gp_a)>, "
        "int, unsigned int>; gp_t gp_r = static_cast<gp_t>(gp_c); for (int gp_i = 0; gp_i < 2; ++gp_i) { "
        "if constexpr (std::is_signed_v<decltype(gp_a)>) gp_r += static_cast<short>(gp_a >> (16 * gp_i)) * "
        f"static_cast<signed char>(gp_b >> ({shift} + 8 * gp_i)); else gp_r += static_cast<unsigned short>("
        f"gp_a >> (16 * gp_i)) * static_cast<unsigned char>(gp_b >> ({shift} + 8 * gp_i)); }} return gp_r; }}"
    )


_LOAD = "[](const auto *gp_p) { return *gp_p; }"
_STORE = "[](auto *gp_p, auto gp_v) { *gp_p = gp_v; }"

LAMBDAS: dict[str, str] = {
    # Find-first-set through popcount of the mask of trailing zeros (`~v & (v - 1)`): `sycl::ctz` is
    # SYCL 2020 but not in every implementation (AdaptiveCpp lacks it); popcount is everywhere.
    "__ffs": (
        "[](int gp_v) { unsigned int gp_u = static_cast<unsigned int>(gp_v); "
        "return gp_u == 0u ? 0 : int(sycl::popcount(~gp_u & (gp_u - 1u))) + 1; }"
    ),
    "__ffsll": (
        "[](long long gp_v) { unsigned long long gp_u = static_cast<unsigned long long>(gp_v); "
        "return gp_u == 0ull ? 0 : int(sycl::popcount(~gp_u & (gp_u - 1ull))) + 1; }"
    ),
    "__brev": _BREV32,
    "__brevll": _BREV64,
    # High halves of products and halving adds through a wider type: `sycl::mul_hi`, `sycl::hadd` and
    # `sycl::rhadd` are SYCL 2020 but missing from some implementations (AdaptiveCpp).
    "__mulhi": "[](int gp_a, int gp_b) { return int((static_cast<long long>(gp_a) * gp_b) >> 32); }",
    "__umulhi": (
        "[](unsigned int gp_a, unsigned int gp_b) { "
        "return static_cast<unsigned int>((static_cast<unsigned long long>(gp_a) * gp_b) >> 32); }"
    ),
    "__umul64hi": f"[](unsigned long long gp_a, unsigned long long gp_b) {{ {_UMUL64HI_BODY}return gp_h; }}",
    # Signed from unsigned: subtract b when a < 0 and a when b < 0 (two's complement, mod 2^64).
    "__mul64hi": (
        "[](long long gp_sa, long long gp_sb) { unsigned long long gp_a = static_cast<unsigned long long>(gp_sa), "
        f"gp_b = static_cast<unsigned long long>(gp_sb); {_UMUL64HI_BODY}"
        "if (gp_sa < 0) gp_h -= gp_b; if (gp_sb < 0) gp_h -= gp_a; return static_cast<long long>(gp_h); }"
    ),
    "__rhadd": "[](int gp_a, int gp_b) { return int((static_cast<long long>(gp_a) + gp_b + 1) >> 1); }",
    "__urhadd": (
        "[](unsigned int gp_a, unsigned int gp_b) { "
        "return static_cast<unsigned int>((static_cast<unsigned long long>(gp_a) + gp_b + 1u) >> 1); }"
    ),
    "__uhadd": (
        "[](unsigned int gp_a, unsigned int gp_b) { "
        "return static_cast<unsigned int>((static_cast<unsigned long long>(gp_a) + gp_b) >> 1); }"
    ),
    # Byte i of the result is the byte of {y:x} (x bytes 0-3, y bytes 4-7) named by nibble i of s.
    "__byte_perm": (
        "[](unsigned int gp_x, unsigned int gp_y, unsigned int gp_s) { "
        "unsigned long long gp_v = (static_cast<unsigned long long>(gp_y) << 32) | gp_x; unsigned int gp_r = 0u; "
        "for (int gp_i = 0; gp_i < 4; ++gp_i) gp_r |= static_cast<unsigned int>((gp_v >> (8u * ((gp_s >> (4 * gp_i)) & 7u))) "
        "& 0xFFull) << (8 * gp_i); return gp_r; }"
    ),
    # Funnel shifts of the 64-bit {hi:lo}: the shift is taken mod 32 (l, r) or clamped to 32 (lc, rc).
    "__funnelshift_l": _funnel("<<", "gp_s & 31u", high=True),
    "__funnelshift_lc": _funnel("<<", "gp_s < 32u ? gp_s : 32u", high=True),
    "__funnelshift_r": _funnel(">>", "gp_s & 31u", high=False),
    "__funnelshift_rc": _funnel(">>", "gp_s < 32u ? gp_s : 32u", high=False),
    # 24-bit products (low 32 bits of the product of the sign- or zero-extended low 24 bits): sycl::mul24
    # takes 32-bit integers of one type only and is undefined outside 24 bits, where CUDA's is defined.
    "__mul24": (
        "[](int gp_a, int gp_b) { long long gp_p = static_cast<long long>(static_cast<int>("
        "static_cast<unsigned int>(gp_a) << 8) >> 8) * (static_cast<int>(static_cast<unsigned int>(gp_b) << 8) >> 8); "
        "return static_cast<int>(static_cast<unsigned int>(gp_p & 0xFFFFFFFFll)); }"
    ),
    "__umul24": "[](unsigned int gp_a, unsigned int gp_b) { return (gp_a & 0xFFFFFFu) * (gp_b & 0xFFFFFFu); }",
    # |x - y| + z without overflow in the difference.
    "__sad": (
        "[](int gp_x, int gp_y, unsigned int gp_z) { long long gp_d = static_cast<long long>(gp_x) - gp_y; "
        "return static_cast<unsigned int>(gp_d < 0 ? -gp_d : gp_d) + gp_z; }"
    ),
    "__usad": (
        "[](unsigned int gp_x, unsigned int gp_y, unsigned int gp_z) { "
        "return (gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x) + gp_z; }"
    ),
    # NaN compares false both ways: CUDA returns 0 for it.
    "__saturatef": "[](float gp_v) { return gp_v > 0.0f ? (gp_v < 1.0f ? gp_v : 1.0f) : 0.0f; }",
    "sincosf": _sincos("float", "sycl::sin", "sycl::cos"),
    "sincos": _sincos("double", "sycl::sin", "sycl::cos"),
    "__sincosf": _sincos("float", "sycl::native::sin", "sycl::native::cos"),
    "sincospif": _sincos("float", "sycl::sinpi", "sycl::cospi"),
    "sincospi": _sincos("double", "sycl::sinpi", "sycl::cospi"),
    # Loads and stores with a cache hint (read-only, streaming, last-use, write-through ...): SYCL 2020
    # has no cache operators, and the value moved is the same without the hint.
    **{name: _LOAD for name in ("__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv")},
    **{name: _STORE for name in ("__stcg", "__stcs", "__stwb", "__stwt")},
    **_simd_family(),
    "__dp4a": _DP4A,
    "__dp2a_lo": _dp2a(high=False),
    "__dp2a_hi": _dp2a(high=True),
}


# The lambdas that name nothing of SYCL: HIP can use them as written.
PORTABLE: frozenset[str] = frozenset(k for k, v in LAMBDAS.items() if "sycl::" not in v)
