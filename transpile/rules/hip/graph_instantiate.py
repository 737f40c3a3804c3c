"""GP118 graph-instantiate: CUDA 12's `cudaGraphInstantiate(&exec, graph, flags)` for HIP.

What it does
    CUDA 12 changed `cudaGraphInstantiate` to `(exec, graph, flags)`; HIP's `hipGraphInstantiate` keeps the
    CUDA 11 form `(exec, graph, errorNode, logBuffer, bufferSize)`. A call with three arguments becomes
    `hipGraphInstantiateWithFlags(&exec, graph, flags)` (HIP 5.0 and later); a call with five keeps
    `hipGraphInstantiate`. A use whose arguments cannot be seen (a function pointer, a call with another
    count) is reported: a bare rename could call HIP's function with the wrong arguments.
Why
    `hipGraphInstantiate(&exec, graph, 0)` does not compile (too few arguments) or, through a macro or a
    function pointer, passes the flags where HIP expects a node pointer.
Example
    cudaGraphInstantiate(&exec, graph, 0);
Translated to
    hipGraphInstantiateWithFlags(&exec, graph, 0);
Safety
    safe.
References
    CUDA 12 runtime API, `cudaGraphInstantiate`; HIP runtime API, `hipGraphInstantiate`,
    `hipGraphInstantiateWithFlags`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule


class GraphInstantiate(Rule):
    code = "GP118"
    name = "graph-instantiate"
    targets = frozenset({"hip"})
    summary = "Translate CUDA 12's 3-argument cudaGraphInstantiate to hipGraphInstantiateWithFlags."
    triggers = (b"cudaGraphInstantiate",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.name != "cudaGraphInstantiate" or occ.name in ctx.declared_names:
                continue
            call = call_at(ctx, occ)
            if call is not None and len(call.args) == 5:
                continue  # CUDA 11's form: HIP's hipGraphInstantiate takes the same arguments
            if call is not None and len(call.args) == 3:
                yield self.converted(
                    occ.start,
                    occ.end,
                    "`cudaGraphInstantiate(exec, graph, flags)` -> `hipGraphInstantiateWithFlags` "
                    "(HIP's hipGraphInstantiate takes CUDA 11's five arguments)",
                    [Edit(occ.start, occ.end, "hipGraphInstantiateWithFlags")],
                    family="runtime",
                    symbol=occ.name,
                )
                continue
            how = "not called here" if call is None else f"called with {len(call.args)} arguments"
            yield self.unconverted(
                occ.start,
                occ.end,
                f"`cudaGraphInstantiate` {how}: HIP's hipGraphInstantiate takes CUDA 11's five arguments "
                "(exec, graph, errorNode, logBuffer, bufferSize), CUDA 12's takes (exec, graph, flags) "
                "(hipGraphInstantiateWithFlags); translate this use by hand",
                family="runtime",
                symbol=occ.name,
            )
