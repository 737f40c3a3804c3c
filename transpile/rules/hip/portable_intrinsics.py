"""GP142 portable-intrinsics: CUDA integer intrinsics HIP lacks become inline lambdas over plain C++.

What it does
    A call of a CUDA intrinsic that HIP has no counterpart for, among those gpuport computes in portable
    C++ (the SIMD-within-a-word family `__vsubss4`, `__vmins2`, `__vabsdiffu4`, ..., the byte dot products
    `__dp4a`, `__dp2a_lo`, `__dp2a_hi`; cache-hinted loads and stores are GP138's), has its callee replaced
    by an immediately called lambda; the arguments stay as written.
Why
    ggml-derived quantisation kernels (mistral.rs, candle) and CV-CUDA's filters call them; HIP's headers
    declare none of them, so the translation stopped at "use of undeclared identifier". The lambdas are the
    ones SYCL's GP238 uses (rules/common/_intrinsic_lambdas.py): one definition of what each computes.
Example
    unsigned d = __vsubss4(a, b);
Translated to
    unsigned d = ([](unsigned int gp_a, unsigned int gp_b) { ... })(a, b);
Safety
    safe: each lambda computes what the CUDA Math API documents, per byte or halfword (saturating where
    the name says so). They are plain loops, not single instructions: slower than CUDA's.
References
    CUDA Math API (SIMD intrinsics, integer intrinsics); HIP's device functions (amd_device_functions.h).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ..common._intrinsic_lambdas import LAMBDAS, PORTABLE

# The cache-hinted loads and stores are GP138's (plain accesses, no lambda needed).
_NAMES = frozenset(n for n in PORTABLE if not n.startswith(("__ld", "__st")))


class PortableIntrinsics(Rule):
    code = "GP142"
    name = "portable-intrinsics"
    targets = frozenset({"hip"})
    summary = "Compute CUDA integer intrinsics HIP lacks (SIMD-in-a-word, __dp4a) with inline lambdas."
    triggers = (b"__v", b"__dp")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            entry = occ.entry
            if occ.name not in _NAMES or entry is None or entry.hip_name() is not None:
                continue
            if occ.name in ctx.declared_names or ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if call_at(ctx, occ) is None:
                continue
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` (no HIP counterpart) -> inline lambda over plain C++",
                # parenthesised: `a[[]...]` would open an attribute
                [Edit(occ.start, occ.end, f"({LAMBDAS[occ.name]})")],
                family="device",
                symbol=occ.name,
            )
