"""GP239 half-precision: `cuda_fp16.h` / `cuda_bf16.h` types and intrinsics become standard SYCL 2020.

What it does
    Renames the 16-bit floating-point API of `cuda_fp16.h` and `cuda_bf16.h` and drops those includes:
    `__half`/`half` -> `sycl::half`; `__half2`/`half2` -> `gpuport_half2`, a struct with CUDA's `.x`/`.y`
    fields; `__nv_bfloat16` -> `gpuport_bfloat16` and `__nv_bfloat162` -> `gpuport_bfloat162` (structs:
    SYCL 2020 core has no bfloat16); conversions to casts and constructors (`__half2float(h)` ->
    `static_cast<float>(h)`, `__float2half_rn(f)` -> `sycl::half(f)`, `__floats2half2_rn(a, b)` ->
    `gpuport_half2(a, b)`); arithmetic, comparisons and math (`__hadd`, `__hfma2`, `__hgt`, `__hbeq2`,
    `hsqrt`, `h2exp`...) to `gpuport_<name>` helpers that GP240 defines once per file. Only the callee name
    changes; the arguments stay as written. The mapping is data: rules/sycl/_half_table.py.
Why
    `sycl::half` is SYCL 2020's 16-bit float, but `sycl::half2` is a `sycl::vec` whose components are
    member functions (`v.x()`), so renaming `__half2` to it would break every `.x` in the code; a struct
    of our own keeps field access, brace initialisers and `reinterpret_cast<__half2 *>` loads valid, with
    CUDA's 4-byte size and alignment. SYCL 2020 has no half intrinsics; small helpers that compute in
    float and round once keep each call an expression with CUDA's meaning, with no helper header.
Example
    const __half2 r = __hfma2(t2, __hsub2(b2[i], va), va);
    out[n - 1] = __float2half_rn(__half2float(x) * 2.0f);
Translated to
    const gpuport_half2 r = gpuport_hfma2(t2, gpuport_hsub2(b2[i], va), va);
    out[n - 1] = sycl::half(static_cast<float>(x) * 2.0f);
Safety
    safe for the half family: float holds more than twice half's precision, so + - * / and sqrt computed
    in float and rounded to half give the correctly rounded half result; `__hfma` rounds twice (float,
    then half), which can differ from a fused half fma in the last bit in rare cases. bfloat16 names are
    marked review: arithmetic on `gpuport_bfloat16` values runs in float, so a chain of operations rounds
    once at the end instead of after each step as CUDA does. Directed-rounding conversions (`_rz`, `_rd`,
    `_ru`) and the raw storage structs are left and reported unconverted.
References
    CUDA Math API, Half Precision Intrinsics and Bfloat16 Precision Intrinsics; SYCL 2020 specification,
    4.14.1 (scalar data types: sycl::half), 4.17.5 (math functions), 4.17.7 (bit_cast).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit, line_end_kept
from ..base import Rule
from . import _half_table as table
from ._half import HalfUse, _candidates, scan


class HalfPrecision(Rule):
    code = "GP239"
    name = "half-precision"
    targets = frozenset({"sycl"})
    summary = "Map cuda_fp16.h/cuda_bf16.h types and intrinsics to sycl::half, gpuport_half2 and helpers."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        result = scan(ctx)
        for inc in ctx.includes:
            if inc.path in table.HEADERS:
                end = line_end_kept(ctx.source, inc.directive_end)
                # the newline stays: the prelude and vector types insert at the end of the last include
                yield self.converted(
                    inc.directive_start,
                    end,
                    f"<{inc.path}> removed: <sycl/sycl.hpp> provides sycl::half",
                    [Edit(inc.directive_start, end, "")],
                    family="types",
                    symbol=inc.path,
                )
        for occ, why in _candidates(ctx):
            hn = table.names().get(occ.name)
            if why is None and hn is not None:
                # recorded even when claimed: a rule that moved this text rendered it with half_edits()
                result.uses.append(HalfUse(occ, hn))
                if hn.family is not None:
                    result.families.add(hn.family)
            if ctx.is_claimed(occ.start, occ.end):
                continue
            if why is not None or hn is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{occ.name}`: {why}", family="device", symbol=occ.name
                )
                continue
            bf16 = hn.family == "bf16" or hn.sycl in ("gpuport_bfloat16", "gpuport_bfloat162")
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> `{hn.sycl}`",
                [Edit(occ.start, occ.end, hn.sycl)] if hn.sycl != occ.name else [],
                family="types" if not hn.call else "device",
                symbol=occ.name,
                safety=Safety.REVIEW if bf16 else Safety.SAFE,
            )
