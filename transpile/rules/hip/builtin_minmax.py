"""GP115 builtin-minmax: a bare built-in coordinate passed to `min`/`max` is cast to `unsigned int`.

What it does
    In a call of the unqualified `min`, `max` (and CUDA's typed `umin`, `umax` ...), an argument that is
    exactly `threadIdx.x`, `blockIdx.y`, `blockDim.z`, `gridDim.x` (any of the four, any member) gets
    `(unsigned int)` in front.
Why
    In CUDA the built-ins' members are plain `unsigned int`. In HIP they are objects of a small struct with
    a conversion operator to `uint32_t`, so overload resolution among HIP's many `min`/`max` overloads
    must pick a user-defined conversion for that argument, and every candidate needs one: "call to 'min' is
    ambiguous" (`min(rem, blockDim.x)` in the CUDA samples' eigenvalues). Arithmetic on the member
    (`blockDim.x * 2`) is already an `unsigned int` and needs nothing.
Example
    for (unsigned int k = 0; k < min(rem, blockDim.x); ++k)
Translated to
    for (unsigned int k = 0; k < min(rem, (unsigned int)blockDim.x); ++k)
Safety
    safe: the cast is the conversion CUDA's type already had.
References
    ROCm 5.2 `hip/amd_detail/amd_hip_runtime.h` (`__HIP_Coordinates`); CUDA C++ Programming Guide, B.4
    (built-in variables are `uint3`/`dim3`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

CALLEES = frozenset({"min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax"})
BUILTINS = frozenset({"threadIdx", "blockIdx", "blockDim", "gridDim"})


class BuiltinMinMax(Rule):
    code = "GP115"
    name = "builtin-minmax"
    targets = frozenset({"hip"})
    summary = "Cast a bare threadIdx/blockDim member passed to min/max to unsigned int."
    # The built-ins, not `min`/`max`: those are in most C++ headers and a trigger makes the engine parse.
    triggers = (b"threadIdx", b"blockIdx", b"blockDim", b"gridDim")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "identifier" or ctx.text(fn) not in CALLEES:
                continue
            args = call.child_by_field_name("arguments")
            if args is None:
                continue
            for arg in args.named_children:
                if arg.type != "field_expression":
                    continue
                obj = arg.child_by_field_name("argument")
                if obj is None or obj.type != "identifier" or ctx.text(obj) not in BUILTINS:
                    continue
                yield self.converted(
                    arg.start_byte,
                    arg.end_byte,
                    f"`{ctx.text(arg)}` passed to {ctx.text(fn)} as unsigned int (HIP's built-ins are objects)",
                    [Edit(arg.start_byte, arg.start_byte, "(unsigned int)")],
                    family="device",
                    symbol=ctx.text(fn),
                )
