"""GP218 shadowed-names: the program's own variables named like CUDA math functions stay as written.

What it does
    A use of a name the file itself declares as a variable or parameter (`float y0 = ...;`, `int j1;`)
    that the tables also list as a CUDA function (Bessel `y0`, `j1`) is claimed, unless it is called:
    it is the program's variable, not the CUDA function.
Why
    Without it the unconverted report (GP003) lists ordinary locals as CUDA functions SYCL lacks.
Example
    int y0 = blockIdx.y * TILE; out[y0] = 0;
Translated to
    int y0 = item.get_group(1) * TILE; out[y0] = 0;
Safety
    safe.
References
    none.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule


class ShadowedNames(Rule):
    code = "GP218"
    name = "shadowed-names"
    targets = frozenset({"sycl"})
    summary = "Keep the program's own variables that share a name with a CUDA math function."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        declared = None
        for occ in ctx.occurrences:
            entry = occ.entry
            if (
                entry is None
                or entry.kind not in ("function", "device-function")
                or entry.sycl_name() is not None
            ):
                continue
            if ctx.is_claimed(occ.start, occ.end) or call_at(ctx, occ) is not None:
                continue
            if declared is None:
                declared = ctx.declared_names
            if occ.name in declared:
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{occ.name}` is the program's variable",
                    family=entry.family,
                    symbol=occ.name,
                )
