"""GP138 cache-hint-loads: CUDA's cache-hinted loads and stores become plain ones.

What it does
    `__ldcg(p)`, `__ldca(p)`, `__ldcs(p)`, `__ldcv(p)`, `__ldlu(p)` -> `(*(p))`;
    `__stcg(p, v)`, `__stcs(p, v)`, `__stwb(p, v)`, `__stwt(p, v)` -> `(void)(*(p) = (v))`.
    A file that declares one of these names itself keeps it.
Why
    The hints pick an L1/L2 caching policy on NVIDIA GPUs and change no value. HIP declares the loads only
    for `__half` and `__half2` (and the stores not at all), so `__ldcg` of an `int` or a `float2` does not
    compile; a plain access reads and writes the same memory on every platform.
Example
    float x = __ldcg(&in[i]);
    __stcs(&out[i], x);
Translated to
    float x = (*(&in[i]));
    (void)(*(&out[i]) = (x));
Safety
    safe: the value is the same; only the caching hint is gone (performance may differ).
References
    CUDA C++ Programming Guide, load and store functions using cache hints; HIP's amd_hip_fp16.h.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

LOADS = frozenset({"__ldcg", "__ldca", "__ldcs", "__ldcv", "__ldlu"})
STORES = frozenset({"__stcg", "__stcs", "__stwb", "__stwt"})


class CacheHintLoads(Rule):
    code = "GP138"
    name = "cache-hint-loads"
    targets = frozenset({"hip"})
    summary = "Turn CUDA's cache-hinted loads and stores (__ldcg, __stcs, ...) into plain accesses."
    triggers = tuple(n.encode() for n in sorted(LOADS | STORES))
    tree_free_ok = True  # acts only at its trigger names

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        own = ctx.declared_names
        for occ in ctx.occurrences:
            name = occ.name
            if name not in LOADS and name not in STORES or name in own:
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            if call is None or len(call.args) != (1 if name in LOADS else 2):
                continue
            p = ctx.slice(*call.args[0])
            if name in LOADS:
                new = f"(*({p}))"
            else:
                new = f"(void)(*({p}) = ({ctx.slice(*call.args[1])}))"
            yield self.converted(
                occ.start,
                call.end,
                f"`{name}` -> a plain {'load' if name in LOADS else 'store'}: the cache hint changes no value, "
                "and HIP declares it only for __half (or not at all)",
                [Edit(occ.start, call.end, new)],
                family="device",
                symbol=name,
            )
