"""GP240 half-helpers: define, once per file, the inline structs and `gpuport_*` helpers GP239's output uses.

What it does
    After the includes (and the queue prelude), inserts the definitions the translated half-precision
    code needs, and only those: the `gpuport_half2` struct (two `sycl::half` with `.x`/`.y` fields,
    4-byte aligned like CUDA's `__half2`, with lane-wise + - * / and ==), `gpuport_bfloat16` (a 16-bit
    struct converting to and from float, rounding to nearest even) and `gpuport_bfloat162`, and one
    `inline` function per intrinsic the file calls, e.g.
        inline sycl::half gpuport_hsub(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x - y); }
        inline gpuport_half2 gpuport_hsub2(gpuport_half2 a, gpuport_half2 b) {
          return gpuport_half2(gpuport_hsub(a.x, b.x), gpuport_hsub(a.y, b.y)); }
    Intrinsics CUDA overloads for half and bfloat16 (`__hadd`, `__hmax2`, `__low2float`) get an overload
    for each family the file uses. Each definition is guarded (`#ifndef GPUPORT_H_...`) so a translated
    header and the file including it can both carry it.
Why
    SYCL 2020 has `sycl::half` but no half intrinsics, no half2 type with fields and no bfloat16. Emitting
    the few definitions a file needs keeps the output standard SYCL (no helper header to ship) and
    readable (each helper is one line of float arithmetic).
Example
    o2[i] = __hmin2(__hmax2(r, lo2), hi2);
Translated to
    o2[i] = gpuport_hmin2(gpuport_hmax2(r, lo2), hi2);   // with gpuport_hmin/hmax(2) defined after the includes
Safety
    safe; see GP239 for the rounding of `__hfma` and of bfloat16 arithmetic.
References
    CUDA Math API, Half Precision Intrinsics; SYCL 2020 specification, 4.14.1 (sycl::half), 4.17.7 (bit_cast).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from . import _half_table as table
from ._half import scan
from ._vectors import definition as vector_definition


def _guarded(key: str, text: str) -> str:
    return f"#ifndef GPUPORT_H_{key}\n#define GPUPORT_H_{key}\n{text}\n#endif\n"


def definitions(helpers: set[str], spellings: set[str], used_families: set[str], float2: bool = True) -> str:
    """The text defining every helper (CUDA names) and type spelling the file's translation uses."""
    families = used_families or {"half"}
    scalar: dict[str, str] = {}
    custom: dict[str, str] = {}
    pair: dict[str, str] = {}
    for cuda in sorted(helpers):
        for fam in table.helper_families(cuda, families):
            key = f"{cuda.lstrip('_')}_{fam}"
            if cuda in table.PAIR_OPS:
                pair[key] = table.pair_op(cuda, fam)
                base = table.PAIR_OPS[cuda][0]
                scalar[f"{base.lstrip('_')}_{fam}"] = table.scalar_op(base, fam)
            elif cuda in table.SCALAR_OPS:
                scalar[key] = table.scalar_op(cuda, fam)
            else:
                custom[key] = table.custom(cuda, fam)
    if "hadd_half" in scalar or "hadd_bf16" in scalar:
        custom["hadd_int"] = table.HADD_INT
    bodies = "".join(_guarded(k, v) for part in (scalar, custom, pair) for k, v in sorted(part.items()))
    used = bodies + " ".join(sorted(spellings))
    head = ""
    if "gpuport_bfloat16" in used:
        head += table.BF16_STRUCT
    if "gpuport_bfloat16_raw" in used:
        head += table.BF16_RAW_STRUCT
    if "gpuport_half_raw" in used:
        head += table.HALF_RAW_STRUCT
    for fam in ("half", "bf16"):
        if table.PAIR[fam] in used:
            head += table.pair_struct(fam)
    if float2 and re.search(r"\bfloat2\b", bodies):
        head += vector_definition("float2")
    return head + bodies + "\n"


class HalfHelpers(Rule):
    code = "GP240"
    name = "half-helpers"
    targets = frozenset({"sycl"})
    summary = "Define once per file the gpuport_half2/bfloat16 structs and the half intrinsic helpers used."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        found = scan(ctx)
        if not found.uses:
            return
        helpers = {u.name.helper for u in found.uses if u.name.helper is not None}
        spellings = {u.name.sycl for u in found.uses}
        # GP236 defines float2 itself when the file names it
        vec_float2 = "float2" not in ctx.declared_names and any(o.name == "float2" for o in ctx.occurrences)
        text = definitions(helpers, spellings, found.families, float2=not vec_float2)
        if not text:
            return
        at = _insertion_point(ctx)
        if at is None:
            yield self.warning(
                0, 0, "half-precision helpers not defined: no place after the includes", family="types"
            )
            return
        yield self.converted(at, at, "half-precision helpers defined", [Edit(at, at, text)], family="types")


def _insertion_point(ctx: RuleContext) -> int | None:
    """The start of the first top-level node after the last top-level include: after the queue prelude
    and the vector types, which earlier rules insert at the include's end."""
    top = ctx.top_level_includes
    after = top[-1].directive_end if top else 0
    for child in ctx.root.children:
        if child.start_byte >= after:
            return child.start_byte
    return None
