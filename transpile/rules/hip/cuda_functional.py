"""GP110 cuda-functional: libcu++ function objects (`<cuda/functional>`, `cuda::std::plus`) for HIP.

What it does
    Rewrites `cuda::maximum<T>` -> `hipcub::Max`, `cuda::minimum<T>` -> `hipcub::Min`,
    `cuda::std::plus<T>` -> `hipcub::Sum`, `cuda::std::minus<T>` -> `hipcub::Difference`,
    `cuda::std::divides` / `equal_to` / `not_equal_to` likewise, and the include
    `<cuda/functional>` -> `<hipcub/hipcub.hpp>` (removed when a CUB include already becomes it). Template arguments are dropped: hipCUB's functors are
    plain structs with a templated call operator.
Why
    CUB in CUDA 12.x/13 (CCCL) replaced its `cub::Max`/`cub::Sum` functors with libcu++'s `cuda::maximum`
    and `cuda::std::plus`; hipCUB still has the old ones and ROCm has no libcu++.
Example
    float row_max = BlockReduce(temp).Reduce(local_max, cuda::maximum<float>{});
Translated to
    float row_max = BlockReduce(temp).Reduce(local_max, hipcub::Max{});
Safety
    safe for same-type operands. hipCUB's functors deduce the operand types, so mixed-type calls compute
    in the common type instead of converting both operands to `T` first.
References
    CCCL (libcu++) `cuda::maximum`, `cuda::minimum`; hipCUB `thread_operators.hpp`.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety, Status
from ...edits import Edit
from ..base import Rule

_QUALIFIED = "(qualified_identifier scope: (namespace_identifier) @ns) @q"
HEADER = "cuda/functional"

# name under cuda:: (or cuda::std::) -> hipCUB functor
CUDA_FUNCTORS = {"maximum": "hipcub::Max", "minimum": "hipcub::Min"}
STD_FUNCTORS = {
    "plus": "hipcub::Sum",
    "minus": "hipcub::Difference",
    "divides": "hipcub::Division",
    "equal_to": "hipcub::Equality",
    "not_equal_to": "hipcub::Inequality",
}


def _base_name(ctx: RuleContext, node: Node) -> str:
    """`maximum` of `maximum<float>` or of `maximum`."""
    if node.type in ("template_type", "template_function"):
        inner = node.child_by_field_name("name")
        return ctx.text(inner) if inner is not None else ""
    return ctx.text(node)


class CudaFunctional(Rule):
    code = "GP110"
    name = "cuda-functional"
    targets = frozenset({"hip"})
    summary = "Rewrite libcu++ functors (cuda::maximum, cuda::std::plus, ...) to hipCUB's."
    # The functor names themselves: `cuda::` alone is in most CCCL-using files.
    triggers = (
        b"cuda/functional",
        *(b"cuda::" + n.encode() for n in CUDA_FUNCTORS),
        *(b"cuda::std::" + n.encode() for n in STD_FUNCTORS),
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        # A CUB include already becomes <hipcub/hipcub.hpp>: then the functional header line just goes.
        has_cub = any(inc.path.startswith("cub/") for inc in ctx.includes)
        for inc in ctx.includes:
            if inc.path != HEADER:
                continue
            if has_cub:
                start = inc.directive_start
                line_end = ctx.source.find(b"\n", start)
                edit = Edit(start, len(ctx.source) if line_end == -1 else line_end + 1, "")
                message = f"`<{HEADER}>` removed (hipCUB's functors come with the CUB include)"
            else:
                edit = Edit(inc.start, inc.end, "hipcub/hipcub.hpp")
                message = f"`<{HEADER}>` -> `<hipcub/hipcub.hpp>` (hipCUB's functors)"
            yield Diagnostic(
                self.code,
                message,
                inc.start,
                inc.end,
                Status.CONVERTED,
                "headers",
                HEADER,
                Safety.SAFE,
                (edit,),
            )
        for q in ts.captures(_QUALIFIED, ctx.root).get("q", []):
            ns = q.child_by_field_name("scope")
            name = q.child_by_field_name("name")
            if ns is None or name is None or ctx.text(ns) != "cuda":
                continue
            if q.parent is not None and q.parent.type == "qualified_identifier":
                continue  # `x::cuda::...` is not libcu++
            new = None
            if name.type == "qualified_identifier":
                inner_ns = name.child_by_field_name("scope")
                inner = name.child_by_field_name("name")
                if inner_ns is not None and inner is not None and ctx.text(inner_ns) == "std":
                    new = STD_FUNCTORS.get(_base_name(ctx, inner))
            else:
                new = CUDA_FUNCTORS.get(_base_name(ctx, name))
            if new is None:
                continue
            text = ctx.text(q)
            yield self.converted(
                q.start_byte,
                q.end_byte,
                f"`{text}` -> `{new}`",
                [Edit(q.start_byte, q.end_byte, new)],
                family="cub",
                symbol=text.split("<", 1)[0],
            )
