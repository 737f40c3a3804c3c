"""GP315 cub-inplace-scan: CUB's in-place device prefix sums, which hipCUB 5.x and gpuport_cub lack.

What it does
    Gives an in-place `cub::DeviceScan::InclusiveSum(temp, bytes, data, n[, stream])` (likewise
    `ExclusiveSum`) its data pointer a second time, as the output: `InclusiveSum(temp, bytes, data, data, n)`.
Why
    CUB 2.2 added in-place overloads of the device scans, which take one iterator for input and output.
    hipCUB declares only the out-of-place form `(temp, bytes, in, out, n[, stream])` in ROCm 5.x, so the
    renamed call finds no overload. The out-of-place form with the same pointer twice is what the
    in-place one does (CUB documents that `d_out` may equal `d_in`; rocPRIM's scans allow it too). SYCL's
    `gpuport_cub` (GP260) has the same out-of-place signature.
Example
    cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, size);
Translated to
    hipcub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_scan, d_scan, size);
Safety
    safe: the four-argument call has an arity no out-of-place overload has; a five-argument call is
    rewritten only when its last argument is a stream (a variable the function declares as `cudaStream_t`,
    or CUDA's default stream `0`/`nullptr`/`cudaStreamLegacy`...): `(data, n, stream)`, not `(in, out, n)`.
References
    CUB's DeviceScan (in-place InclusiveSum/ExclusiveSum, CUB 2.2); hipCUB's device_scan.hpp.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_CALL = "(call_expression function: (_) @f arguments: (argument_list) @args) @call"
# `cub::DeviceScan::InclusiveSum`, `::cub::...`, `hipcub::...` (already renamed), with template arguments.
_SCAN = re.compile(r"(?:::)?(?:hip)?cub::DeviceScan::(?:Inclusive|Exclusive)Sum(?:<.*>)?", re.DOTALL)


class CubInplaceScan(Rule):
    code = "GP315"
    name = "cub-inplace-scan"
    targets = frozenset({"hip", "sycl"})
    summary = "Give CUB's in-place InclusiveSum/ExclusiveSum the data pointer twice (out-of-place form only)."
    triggers = (b"InclusiveSum", b"ExclusiveSum")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for m in ts.matches(_CALL, ctx.root):
            function = m["f"][0]
            if not _SCAN.fullmatch("".join(ctx.text(function).split())):
                continue
            args = [a for a in m["args"][0].named_children if a.type != "comment"]
            if len(args) == 5 and not _is_stream(ctx, args[4], m["call"][0]):
                continue  # `(temp, bytes, in, out, n)`: already out-of-place
            if len(args) not in (4, 5):
                continue
            data = ctx.text(args[2])
            yield self.converted(
                args[2].start_byte,
                args[2].end_byte,
                f"in-place `{ctx.text(function).split('::')[-1]}`: `{data}` passed as input and output "
                "(hipCUB 5.x and gpuport_cub have only the out-of-place form)",
                [Edit(args[2].end_byte, args[2].end_byte, f", {data}")],
                family="cub",
                symbol=ctx.text(function),
            )


_STREAM_LITERAL = re.compile(r"cudaStream(?:Legacy|PerThread)|\(\s*cudaStream_t\s*\)\s*0")


def _is_stream(ctx: RuleContext, arg: Node, call: Node) -> bool:
    """Whether `arg` is a CUDA stream: a default-stream spelling, or a name the enclosing function
    declares with type `cudaStream_t` (a parameter or a local) before the call."""
    text = ctx.text(arg).strip()
    if _STREAM_LITERAL.fullmatch(text):
        return True
    if not re.fullmatch(r"[A-Za-z_]\w*", text):
        return False
    scope = call.parent
    while scope is not None and scope.type != "function_definition":
        scope = scope.parent
    if scope is None:
        return False
    before = ctx.slice(scope.start_byte, call.start_byte)
    return re.search(rf"\bcudaStream_t\s+(?:const\s+)?&?\s*{re.escape(text)}\b", before) is not None
