"""GP238 bit-intrinsics: CUDA bit and math intrinsics SYCL 2020 lacks become inline lambdas.

What it does
    Replaces the callee name of `__ffs`, `__ffsll`, `__brev`, `__brevll`, `__mulhi`, `__umulhi`,
    `__mul64hi`, `__umul64hi`, `__rhadd`, `__urhadd`, `__uhadd`, `__byte_perm`, `__funnelshift_l`/`_lc`/
    `_r`/`_rc`, `__sad`, `__usad`, `__mul24`, `__umul24`, `__saturatef`, `sincosf`, `sincos`,
    `__sincosf`, `sincospif`, `sincospi`, and the cache-hinted loads and stores (`__ldg`, `__ldcs`, ...,
    `__stcs`, ...: a plain load or store), the byte dot products `__dp4a`, `__dp2a_lo`, `__dp2a_hi` and
    the SIMD-within-a-word family (`__vadd4`, `__vsubss2`, `__vcmpgtu4`, `__vsetne2`, `__vabsdiffs4`,
    `__vsads4`, ...: 40 operations on bytes and on halfwords) with an immediately called lambda built from portable C++
    and SYCL 2020 built-ins (`sycl::popcount`, `sycl::sinpi`, `sycl::cospi`, ...). The argument list
    stays as written, so names inside it are still translated by the other rules.
Why
    SYCL 2020 has no find-first-set, bit reversal, saturation or sine-and-cosine-by-pointer built-ins
    (`sycl::sincos` returns the sine and takes a `multi_ptr`). `sycl::ctz`, `sycl::mul_hi`, `sycl::hadd`
    and `sycl::rhadd` are SYCL 2020 but not in every implementation (AdaptiveCpp has none of them), so
    find-first-set is `popcount` of the trailing-zero mask and the high products and halving adds are
    computed in a wider type. A lambda keeps the call an expression with CUDA's exact semantics and needs
    no helper header. A file that overloads a cache-hinted load or store for its own types (blocksparse's
    `ehalf __ldg(const ehalf *)`) owns the name, so its calls stay; CUDA's overloads are then added before
    the file's first definition as one template (`template <typename GpT> GpT __ldg(const GpT *)`).
Example
    int first = __ffs(mask); unsigned r = __brev(x); unsigned h = __umulhi(a, b); sincospif(t, &s, &c);
Translated to
    int first = ([](int gp_v) { unsigned int gp_u = static_cast<unsigned int>(gp_v);
        return gp_u == 0u ? 0 : int(sycl::popcount(~gp_u & (gp_u - 1u))) + 1; })(mask); ...
Safety
    safe: each lambda computes what the CUDA Math API documents (`__saturatef(NaN)` is 0, `__ffs(0)` is 0,
    `__rhadd` does not overflow). `__sincosf` uses `sycl::native::sin/cos`, like CUDA's fast intrinsic.
References
    CUDA Math API (integer intrinsics, single precision intrinsics); SYCL 2020 specification, 4.17.5
    (math functions), 4.17.6 (integer functions).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ..common._intrinsic_lambdas import LAMBDAS
from ._lambda_calls import lambda_calls

_LOAD_NAMES = ("__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv")
_STORE_NAMES = ("__stcg", "__stcs", "__stwb", "__stwt")
_SCOPES = frozenset({"translation_unit", "declaration_list"})


def _fallback(name: str) -> str:
    """CUDA's own overloads of a cache-hinted load or store, as one template: the project's overloads (exact
    matches, not templates) still win for its types."""
    guard = f"GPUPORT_FALLBACK{name.upper()}"
    body = (
        f"template <typename GpT> inline GpT {name}(const GpT *gp_p) {{ return *gp_p; }}"
        if name in _LOAD_NAMES
        else f"template <typename GpT> inline void {name}(GpT *gp_p, GpT gp_v) {{ *gp_p = gp_v; }}"
    )
    return (
        f"#ifndef {guard}\n#define {guard}\n"
        f"// CUDA's {name} for every type (a plain access: SYCL 2020 has no cache hints), beside the overloads "
        "below\n"
        f"{body}\n#endif\n"
    )


def _own_overloads(rule: Rule, ctx: RuleContext) -> Iterator[Diagnostic]:
    """blocksparse's `ehalf __ldg(const ehalf *)`: a file that overloads a cache-hinted load or store for its
    own types makes the name its own, so its calls stay as written, and those for CUDA's types (`__ldg` of a
    `const float *`) would find no overload. CUDA's are added as one template before the file's first
    definition."""
    for name in (*_LOAD_NAMES, *_STORE_NAMES):
        if name not in ctx.declared_names or f"GPUPORT_FALLBACK{name.upper()}".encode() in ctx.source:
            continue  # (translated output has the template already)
        first = next(
            (
                o
                for o in ctx.occurrences
                if o.name == name
                and o.node is not None
                and o.node.parent is not None
                and o.node.parent.type == "function_declarator"
            ),
            None,
        )
        if first is None or first.node is None:
            continue
        item = first.node
        while item.parent is not None and item.parent.type not in _SCOPES:
            item = item.parent
        if item.parent is None:
            continue
        at = ctx.source.rfind(b"\n", 0, item.start_byte) + 1
        yield rule.converted(
            first.start,
            first.end,
            f"`{name}` overloaded by the file for its own types: CUDA's overloads added as a template",
            [Edit(at, at, _fallback(name))],
            family="device",
            symbol=name,
        )


class BitIntrinsics(Rule):
    code = "GP238"
    name = "bit-intrinsics"
    targets = frozenset({"sycl"})
    summary = (
        "Translate __ffs/__brev/__mulhi/__rhadd/__saturatef/sincos* to inline lambdas over portable code."
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        yield from _own_overloads(self, ctx)
        for occ, lam in lambda_calls(ctx, LAMBDAS):
            if lam is None:
                # llm.c's own `__ldcs` for toolkits that lack it (declared under a version test, so the
                # name stays CUDA's): the definition stays; calls become plain loads all the same.
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{occ.name}` defined here for older toolkits: kept as written (calls are translated)",
                    family="device",
                    symbol=occ.name,
                )
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
