"""GP204 builtin-index: `threadIdx`/`blockIdx`/`blockDim`/`gridDim` members become `nd_item` queries.

What it does
    `threadIdx.x` -> `item.get_local_id(2)`, `blockIdx.y` -> `item.get_group(1)`,
    `blockDim.x` -> `item.get_local_range(2)`, `gridDim.z` -> `item.get_group_range(0)`: CUDA x/y/z are
    SYCL dimensions 2/1/0. Works inside macro bodies too (their expansion sits in a kernel). `warpSize`
    becomes `item.get_sub_group().get_local_range()[0]`. A use outside any kernel or device function (or
    a macro) is reported unconverted.
Why
    SYCL passes the work-item's position explicitly; GP202/GP205 make `item` available where these appear.
Example
    int i = blockIdx.x * blockDim.x + threadIdx.x;
Translated to
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
Safety
    safe for the indices. `warpSize` is the sub-group size, which is not 32 on every device (1 on
    AdaptiveCpp's CPU backend): marked review.
References
    SYCL 2020 specification, 4.9.1.5 (nd_item), 4.9.1.8 (sub_group).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import builtin_uses, dim3_vars, enclosing_function, model


class BuiltinIndex(Rule):
    code = "GP204"
    name = "builtin-index"
    targets = frozenset({"sycl"})
    summary = "Translate threadIdx/blockIdx/blockDim/gridDim/warpSize to nd_item queries."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        names = set(m.functions)
        own_dim3 = dim3_vars(ctx)
        for b in builtin_uses(ctx):
            if not self._usable(ctx, b.start, b.end, names):
                if b.var in own_dim3:
                    continue  # the program's own `dim3 blockDim;` in host code: GP212 makes it a range
                yield self.unconverted(
                    b.start, b.end, f"`{b.var}.{b.dim}` outside device code", family="device", symbol=b.var
                )
                continue
            yield self.converted(
                b.start,
                b.end,
                f"`{b.var}.{b.dim}` -> `{b.sycl}`",
                [Edit(b.start, b.end, b.sycl)],
                family="device",
                symbol=b.var,
            )
        own = [
            (b.start_byte, b.end_byte) for b in ctx.macro_bodies if _WARP_SIZE_VARIABLE.search(b.text or b"")
        ]
        for occ in ctx.occurrences:
            if occ.name != "warpSize" or ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue  # `prop.warpSize`: cudaDeviceProp's field (GP258's business), not the built-in
            if any(a <= occ.start < b for a, b in own):
                continue  # faiss's `int warpSize = getWarpSizeCurrentDevice();` in a host macro: its own
            if not self._usable(ctx, occ.start, occ.end, names):
                yield self.unconverted(
                    occ.start, occ.end, "`warpSize` outside device code", family="device", symbol="warpSize"
                )
                continue
            new = "item.get_sub_group().get_local_range()[0]"
            yield self.converted(
                occ.start,
                occ.end,
                f"`warpSize` -> `{new}`",
                [Edit(occ.start, occ.end, new)],
                family="device",
                symbol="warpSize",
                safety=Safety.REVIEW,
            )

    @staticmethod
    def _usable(ctx: RuleContext, start: int, end: int, device_functions: set[str]) -> bool:
        node = ctx.root.descendant_for_byte_range(start, end)
        if node is None:
            return False
        p: Node | None = node
        while p is not None:
            if p.type in ("preproc_def", "preproc_function_def"):
                return True
            p = p.parent
        fn = enclosing_function(node)
        if fn is None:
            return False
        # Usable inside a kernel or device function of the model, or in a function nested in one (a local
        # class's method). Function definitions nest or are disjoint, so the ones holding `fn` are its
        # ancestors: look them up by byte range instead of testing every function (quadratic in kernels).
        spans = _function_spans(ctx)
        p = fn
        while p is not None:
            if (p.start_byte, p.end_byte) in spans:
                return True
            p = p.parent
        return False


def _function_spans(ctx: RuleContext) -> frozenset[tuple[int, int]]:
    cached: frozenset[tuple[int, int]] | None = getattr(ctx, "_sycl_function_spans", None)
    if cached is None:
        cached = frozenset((f.node.start_byte, f.node.end_byte) for f in model(ctx).functions.values())
        ctx._sycl_function_spans = cached  # type: ignore[attr-defined]
    return cached


# A macro body declaring a variable named warpSize (faiss's WarpSelectImpl.cuh: `int warpSize =
# getWarpSizeCurrentDevice();` in its host launcher macro). Macro bodies are raw text to the grammar, so the
# file's declarations do not show it; only a plain integer type counts (`a * warpSize;` is a product).
_WARP_SIZE_VARIABLE = re.compile(
    rb"\b(?:const[ \t]+)?(?:int|unsigned|unsigned[ \t]+int|long|size_t|auto|uint32_t|int32_t)[ \t]+warpSize[ \t]*(?:=[^=]|;)"
)
