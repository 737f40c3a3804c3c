"""GP305 warp-array-32: one-dimensional `__shared__` arrays of 32 elements (one slot per warp).

What it does
    Reports `__shared__ T a[32]` (also `[WARP_SIZE]` with `#define WARP_SIZE 32`): the classic array of
    per-warp partial results in a block reduction, sized for 1024 threads / 32 lanes.
Why
    The size is the number of warps in the largest block, or the lanes of one warp: both assume 32 lanes.
    With 64-lane wavefronts half of it is unused (harmless) but code indexing it by lane (`a[lane]` with
    `lane = tid % 64`) overflows it.
Example
    __shared__ float partial[32];
Translated to
    unchanged, with: GP305 shared array `partial[32]` is sized for 32-lane warps
Safety
    reports only (review). Two-dimensional tiles (`tile[32][33]`) are matrix tiles, not per-warp arrays,
    and are not reported.
References
    HIP programming guide, warpSize; CUDA programming guide, warp-level reductions.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import int_value, lane_word

_SHARED_ARRAY = "(declaration (type_qualifier) @q declarator: (array_declarator) @arr) @decl"


class WarpArray32(Rule):
    code = "GP305"
    name = "warp-array-32"
    targets = frozenset({"hip", "sycl"})
    summary = "Report one-dimensional __shared__ arrays of 32 elements (per-warp slots)."
    triggers = (b"__shared__",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        seen: set[int] = set()
        for m in ts.matches(_SHARED_ARRAY, ctx.root):
            if not any(ctx.text(q) == "__shared__" for q in m["q"]):
                continue
            for arr in m["arr"]:
                inner = arr.child_by_field_name("declarator")
                if arr.start_byte in seen or inner is None or inner.type != "identifier":
                    continue  # 2-D tiles have an array_declarator inside
                seen.add(arr.start_byte)
                size = arr.child_by_field_name("size")
                if int_value(ctx, size) != 32:
                    continue
                yield self.warning(
                    arr.start_byte,
                    arr.end_byte,
                    f"shared array `{ctx.text(arr)}` holds one slot per 32-lane warp (or lane); a "
                    f"{lane_word(ctx.target)} may differ: size it from the warp size",
                    family="portability",
                    symbol=ctx.text(inner),
                )
