"""GP217 std-math: qualified math names (`std::exp`, `std::numeric_limits<T>::max`) stay as written.

What it does
    Claims math names written with the `std::` qualifier (`std::exp`, `std::sqrt`, `std::min`), and math
    names qualified by any other scope (`std::numeric_limits<T>::max()`, a class's own `Box::min`), so the
    table rename (GP001) does not turn them into `std::sycl::exp` or `numeric_limits<T>::sycl::max`. The
    first are standard C++ (SYCL device compilers support `<cmath>` in kernels); the others are not CUDA's.
Why
    The math table maps the unqualified CUDA names (`expf`, `sqrt`) to `sycl::` built-ins; a qualified
    name is the C++ library's and needs no change.
Example
    double g = std::exp(-x * x) + std::numeric_limits<double>::max();
Translated to
    double g = std::exp(-x * x) + std::numeric_limits<double>::max();
Safety
    safe.
References
    SYCL 2020 specification, 5.4 (C++ standard library in kernels).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule


class StdMath(Rule):
    code = "GP217"
    name = "std-math"
    targets = frozenset({"sycl"})
    summary = "Keep std::-qualified math functions as written."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            node = occ.node
            if node is None or occ.entry is None or ctx.is_claimed(occ.start, occ.end):
                continue
            parent = node.parent
            if parent is not None and parent.type == "template_function":
                parent = parent.parent  # `std::min<uint64_t>(...)`: the qualifier sits one level up
            if parent is None or parent.type != "qualified_identifier":
                continue
            scope = parent.child_by_field_name("scope")
            if scope is None:
                continue  # `::sqrt(x)`: the global function, CUDA's
            text = ctx.text(scope)
            # `std::exp`, and any class's or namespace's own member that shares a math name
            # (`std::numeric_limits<T>::max()`, `Vec3::min`): not CUDA's global math function.
            if text == "std" or occ.entry.family == "math":
                yield self.converted(
                    occ.start, occ.end, f"`{text}::{occ.name}` kept", family=occ.entry.family, symbol=occ.name
                )
