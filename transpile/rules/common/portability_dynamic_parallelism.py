"""GP310 dynamic-parallelism: a kernel launch (`<<<...>>>`) inside a `__global__` or `__device__` function.

What it does
    Reports each launch made from device code (CUDA dynamic parallelism).
Why
    Neither HIP nor SYCL can launch a kernel from a kernel. The work must be restructured: launch the
    child grid from the host after the parent finishes, or fold the child's work into the parent.
Example
    __global__ void parent(int *d) { child<<<1, 32>>>(d); }
Translated to
    unchanged, with: GP310 kernel launch from device code (dynamic parallelism) has no HIP counterpart
Safety
    reports only. Counted as unconverted (family `launch`): the output cannot compile for the target
    while the launch is there.
References
    CUDA programming guide, dynamic parallelism; HIP programming guide, unsupported CUDA features.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule

_LAUNCH = "(call_expression function: (_) @fn (kernel_call_syntax)) @call"
_DEVICE_SPECIFIERS = frozenset({"__global__", "__device__"})


def _device_function(node: Node) -> Node | None:
    parent = node.parent
    while parent is not None:
        if parent.type == "function_definition":
            if any(c.type in _DEVICE_SPECIFIERS for c in parent.children):
                return parent
            return None  # a host function (or a lambda's enclosing host function)
        parent = parent.parent
    return None


class DynamicParallelism(Rule):
    code = "GP310"
    name = "dynamic-parallelism"
    targets = frozenset({"hip", "sycl"})
    summary = "Report kernel launches from device code (dynamic parallelism)."
    triggers = (b"<<<",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"<<<" not in ctx.source:
            return
        target = ctx.target.upper()
        for m in ts.matches(_LAUNCH, ctx.root):
            call, fn = m["call"][0], m["fn"][0]
            if _device_function(call) is None:
                continue
            # The range is the kernel's name only, so CUDA names in the arguments are still renamed.
            yield self.unconverted(
                fn.start_byte,
                fn.end_byte,
                f"launch of `{ctx.text(fn)}` from device code (dynamic parallelism) has no {target} "
                "counterpart: launch it from the host",
                family="launch",
                symbol=ctx.text(fn),
            )
