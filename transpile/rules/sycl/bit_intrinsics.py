"""GP238 bit-intrinsics: CUDA bit and math intrinsics SYCL 2020 lacks become inline lambdas.

What it does
    Replaces the callee name of `__ffs`, `__ffsll`, `__brev`, `__brevll`, `__saturatef`, `sincosf`,
    `sincos`, `__sincosf`, `sincospif` and `sincospi` with an immediately called lambda built from SYCL
    2020 built-ins (`sycl::ctz`, `sycl::sinpi`, `sycl::cospi`, ...). The argument list stays as written,
    so names inside it are still translated by the other rules.
Why
    SYCL 2020 has no find-first-set, bit reversal, saturation or sine-and-cosine-by-pointer built-ins
    (`sycl::sincos` returns the sine and takes a `multi_ptr`). A lambda keeps the call an expression with
    CUDA's exact semantics and needs no helper header.
Example
    int first = __ffs(mask); unsigned r = __brev(x); sincospif(t, &s, &c);
Translated to
    int first = ([](int gp_v) { return gp_v == 0 ? 0 : int(sycl::ctz(gp_v)) + 1; })(mask); ...
Safety
    safe: each lambda computes what the CUDA Math API documents (`__saturatef(NaN)` is 0, `__ffs(0)` is 0).
    `__sincosf` uses `sycl::native::sin/cos`, like CUDA's fast intrinsic.
References
    CUDA Math API (integer intrinsics, single precision intrinsics); SYCL 2020 specification, 4.17.5
    (math functions), 4.17.6 (integer functions).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

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


LAMBDAS: dict[str, str] = {
    "__ffs": "[](int gp_v) { return gp_v == 0 ? 0 : int(sycl::ctz(gp_v)) + 1; }",
    "__ffsll": "[](long long gp_v) { return gp_v == 0 ? 0 : int(sycl::ctz(gp_v)) + 1; }",
    "__brev": _BREV32,
    "__brevll": _BREV64,
    # NaN compares false both ways: CUDA returns 0 for it.
    "__saturatef": "[](float gp_v) { return gp_v > 0.0f ? (gp_v < 1.0f ? gp_v : 1.0f) : 0.0f; }",
    "sincosf": _sincos("float", "sycl::sin", "sycl::cos"),
    "sincos": _sincos("double", "sycl::sin", "sycl::cos"),
    "__sincosf": _sincos("float", "sycl::native::sin", "sycl::native::cos"),
    "sincospif": _sincos("float", "sycl::sinpi", "sycl::cospi"),
    "sincospi": _sincos("double", "sycl::sinpi", "sycl::cospi"),
}


class BitIntrinsics(Rule):
    code = "GP238"
    name = "bit-intrinsics"
    targets = frozenset({"sycl"})
    summary = "Translate __ffs/__brev/__saturatef/sincos* to inline lambdas over SYCL built-ins."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            lam = LAMBDAS.get(occ.name)
            if lam is None or ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if occ.name in ctx.declared_names or call_at(ctx, occ) is None:
                continue
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> inline lambda over SYCL built-ins",
                # parenthesised: `a[[]...]` would open an attribute (`a[__brev(i)]`)
                [Edit(occ.start, occ.end, f"({lam})")],
                family="device",
                symbol=occ.name,
            )
