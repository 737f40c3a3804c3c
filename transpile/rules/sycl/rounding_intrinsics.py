"""GP275 rounding-intrinsics: CUDA's conversions and arithmetic with a named rounding mode become lambdas.

What it does
    Replaces the callee name of CUDA's rounding-mode intrinsics with an immediately called lambda over
    SYCL 2020 built-ins and portable C++:
    - float and double to integer (`__float2int_rn`, `__float2uint_rz`, `__double2ll_ru`,
      `__double2ull_rd`, ...: `rn` rounds with `sycl::rint`, `rz` truncates, `ru`/`rd` use
      `sycl::ceil`/`sycl::floor`);
    - integer and double to float (`__int2float_rn`, `__uint2float_rd`, `__double2float_rz`, ...) and
      integer to double (`__int2double_rn`, `__ll2double_rn`, ...);
    - single and double precision add, subtract, multiply, divide, reciprocal and square root in each
      rounding mode (`__fadd_rn`, `__fmul_rz`, `__fdiv_ru`, `__frcp_rd`, `__dsqrt_rz`, ...);
    - the classification functions `__isnan`, `__isinf`, `__finite`, `__signbit` and their `f` forms,
      which return `int` as CUDA's do;
    - the halves of a double (`__double2hiint`, `__double2loint`, `__hiloint2double`) and
      `__nanosleep`.
    The argument list stays as written, so the other rules still translate the names inside it.
Why
    SYCL 2020 has no per-operation rounding modes for arithmetic and none of these names. Round to nearest
    even is every C++ operation's default, so the `rn` forms are the plain operation. A directed mode is
    reached from the round-to-nearest result and its exact error: the error of a sum comes from Knuth's
    two-sum, that of a product, quotient, reciprocal or square root from one `sycl::fma`. When the
    error points away from the wanted direction, the result moves one unit in the last place with
    `sycl::nextafter`. A conversion to float with a directed mode compares the rounded value with the
    exact one in double: every 32-bit integer is exact there.
Example
    int i = __float2int_rn(x); float s = __fadd_rz(a, b); if (__isnanf(v)) ...
Translated to
    int i = ([](float gp_x) { return static_cast<int>(sycl::rint(gp_x)); })(x);
    float s = ([](float gp_a, float gp_b) { float gp_r = gp_a + gp_b; ... })(a, b); ...
Safety
    safe: each lambda computes CUDA's documented result for finite arguments. Not handled exactly: a
    directed-mode operation whose result overflows or whose error is not representable because it
    underflows (results near the smallest normal number), and out-of-range float-to-integer conversions,
    which CUDA clamps and C++ leaves undefined. The 64-bit integer to float and double conversions with a
    directed mode (`__ll2float_rz`, ...) are not translated: double does not hold every 64-bit integer.
References
    CUDA Math API (type casting intrinsics, single and double precision intrinsics); SYCL 2020
    specification, 4.17.5 (math functions: rint, ceil, floor, trunc, fma, nextafter, sqrt) and 4.17.9
    (relational functions); D. Knuth, TAOCP vol. 2, 4.2.2 (two-sum).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._lambda_calls import lambda_calls

_FLOAT_TYPES = {"float": "float", "double": "double"}
_INT_TYPES = {"int": "int", "uint": "unsigned int", "ll": "long long", "ull": "unsigned long long"}
_ROUND_TO_INT = {"rn": "sycl::rint", "rz": "sycl::trunc", "ru": "sycl::ceil", "rd": "sycl::floor"}
_INF = {t: f"std::numeric_limits<{t}>::infinity()" for t in ("float", "double")}


def _to_int(src: str, dst: str, mode: str) -> str:
    return f"[]({src} gp_x) {{ return static_cast<{dst}>({_ROUND_TO_INT[mode]}(gp_x)); }}"


def _step(t: str, mode: str, sign: str) -> str:
    """Statements that move `gp_r` one unit in the last place when its exact error `sign` (an expression
    whose sign is that of exact - rounded) points in the rounding mode's direction."""
    inf = _INF[t]
    if mode == "ru":
        return f"if ({sign} > 0) gp_r = sycl::nextafter(gp_r, {inf}); "
    if mode == "rd":
        return f"if ({sign} < 0) gp_r = sycl::nextafter(gp_r, -{inf}); "
    # toward zero: a positive result above the exact value, or a negative one below it
    return f"if ((gp_r > 0 && {sign} < 0) || (gp_r < 0 && {sign} > 0)) gp_r = sycl::nextafter(gp_r, {t}(0)); "


def _narrowed(src: str, mode: str) -> str:
    """A value exact in double (`gp_d`) rounded to float in `mode`."""
    body = "float gp_r = static_cast<float>(gp_d); "
    if mode != "rn":
        body += _step("float", mode, "(gp_d - static_cast<double>(gp_r))")
    return f"[]({src} gp_x) {{ double gp_d = static_cast<double>(gp_x); {body}return gp_r; }}"


def _binary(t: str, op: str, mode: str) -> str:
    head = f"[]({t} gp_a, {t} gp_b) {{ {t} gp_r = gp_a {op} gp_b; "
    if mode == "rn":
        return head + "return gp_r; }"
    if op in "+-":
        # two-sum: gp_e is exactly (a op b) - gp_r when nothing overflows
        b = "gp_b" if op == "+" else "(-gp_b)"
        err = f"{t} gp_bv = gp_r - gp_a, gp_av = gp_r - gp_bv; {t} gp_e = (gp_a - gp_av) + ({b} - gp_bv); "
        return head + err + _step(t, mode, "gp_e") + "return gp_r; }"
    if op == "*":
        return head + f"{t} gp_e = sycl::fma(gp_a, gp_b, -gp_r); " + _step(t, mode, "gp_e") + "return gp_r; }"
    # division: the remainder a - r*b is exact; exact - r has the sign of remainder / b
    return (
        head
        + f"{t} gp_e = sycl::fma(-gp_r, gp_b, gp_a); "
        + _step(t, mode, "(gp_b < 0 ? -gp_e : gp_e)")
        + "return gp_r; }"
    )


def _unary(t: str, what: str, mode: str) -> str:
    one = "1.0f" if t == "float" else "1.0"
    if what == "rcp":
        head = f"[]({t} gp_b) {{ {t} gp_r = {one} / gp_b; "
        if mode == "rn":
            return head + "return gp_r; }"
        return (
            head
            + f"{t} gp_e = sycl::fma(-gp_r, gp_b, {one}); "
            + _step(t, mode, "(gp_b < 0 ? -gp_e : gp_e)")
            + "return gp_r; }"
        )
    head = f"[]({t} gp_a) {{ {t} gp_r = sycl::sqrt(gp_a); "
    if mode == "rn":
        return head + "return gp_r; }"
    return head + f"{t} gp_e = sycl::fma(-gp_r, gp_r, gp_a); " + _step(t, mode, "gp_e") + "return gp_r; }"


def _classify(t: str, fn: str) -> str:
    return f"[]({t} gp_x) {{ return static_cast<int>({fn}(gp_x)); }}"


def _table() -> dict[str, str]:
    out: dict[str, str] = {}
    modes = ("rn", "rz", "ru", "rd")
    for fname, ft in _FLOAT_TYPES.items():
        for iname, it in _INT_TYPES.items():
            for mode in modes:
                out[f"__{fname}2{iname}_{mode}"] = _to_int(ft, it, mode)
    for iname, it in _INT_TYPES.items():
        # 64-bit integers are not exact in double: only their round-to-nearest conversion is written
        for mode in modes if iname in ("int", "uint") else ("rn",):
            out[f"__{iname}2float_{mode}"] = (
                _narrowed(it, mode)
                if mode != "rn"
                else f"[]({it} gp_x) {{ return static_cast<float>(gp_x); }}"
            )
        out[f"__{iname}2double_rn"] = f"[]({it} gp_x) {{ return static_cast<double>(gp_x); }}"
    for mode in modes:
        out[f"__double2float_{mode}"] = (
            _narrowed("double", mode)
            if mode != "rn"
            else "[](double gp_x) { return static_cast<float>(gp_x); }"
        )
    for prefix, t in (("f", "float"), ("d", "double")):
        for mode in modes:
            for name, op in (("add", "+"), ("sub", "-"), ("mul", "*"), ("div", "/")):
                out[f"__{prefix}{name}_{mode}"] = _binary(t, op, mode)
            out[f"__{prefix}rcp_{mode}"] = _unary(t, "rcp", mode)
            out[f"__{prefix}sqrt_{mode}"] = _unary(t, "sqrt", mode)
    for fn, sycl_fn in (("isnan", "sycl::isnan"), ("isinf", "sycl::isinf"), ("finite", "sycl::isfinite"),
                        ("signbit", "sycl::signbit")):  # fmt: skip
        out[f"__{fn}"] = _classify("double", sycl_fn)
        out[f"__{fn}f"] = _classify("float", sycl_fn)
    out["__double2hiint"] = (
        "[](double gp_x) { return static_cast<int>(static_cast<unsigned int>("
        "sycl::bit_cast<unsigned long long>(gp_x) >> 32)); }"
    )
    out["__double2loint"] = (
        "[](double gp_x) { return static_cast<int>(static_cast<unsigned int>("
        "sycl::bit_cast<unsigned long long>(gp_x))); }"
    )
    out["__hiloint2double"] = (
        "[](int gp_hi, int gp_lo) { return sycl::bit_cast<double>((static_cast<unsigned long long>("
        "static_cast<unsigned int>(gp_hi)) << 32) | static_cast<unsigned int>(gp_lo)); }"
    )
    # A sleep of about `ns` nanoseconds (at most a millisecond) to back off in a spin loop: not sleeping
    # is within what CUDA promises, and SYCL 2020 has no sleep.
    out["__nanosleep"] = "[](unsigned int) {}"
    return out


LAMBDAS: dict[str, str] = _table()


class RoundingIntrinsics(Rule):
    code = "GP275"
    name = "rounding-intrinsics"
    targets = frozenset({"sycl"})
    summary = (
        "Translate CUDA's rounding-mode conversions and arithmetic (__float2int_rn, __fadd_rz, ...), "
        "__isnan/__isinf/__finite/__signbit and the double halves to inline lambdas."
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ, lam in lambda_calls(ctx, LAMBDAS):
            if lam is None:
                continue  # the program's own definition of the name: its calls are still translated
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> inline lambda (rounding mode made explicit)",
                # parenthesised: `a[[]...]` would open an attribute (`a[__float2int_rn(x)]`)
                [Edit(occ.start, occ.end, f"({lam})")],
                family="device",
                symbol=occ.name,
            )
