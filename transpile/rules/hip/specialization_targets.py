"""GP133 specialization-targets: a function template's explicit specializations and its primary template
get the same `__host__`/`__device__` attributes.

What it does
    In a file that declares a function template with `__device__` (or `__host__`) and explicitly
    specializes it (`template<> ...`) with a different set, adds the missing attributes to each declaration
    of that name, so all carry the union: jetson-utils' `template<typename T> __device__ ... alpha(T, ...)`
    with `template<> __host__ __device__ uint8_t alpha(uchar3, uint8_t)` becomes `__host__ __device__` on
    the primary too.
Why
    nvcc accepts an explicit specialization whose target attributes differ from its primary template's;
    clang (hipcc) does not ("no function template matches function template specialization": candidate
    ignored, "target attributes do not match").
Example
    template <typename T> __device__ T one(T v) { return v; }
    template <> __host__ __device__ float one(float v) { return 1.0f; }
Translated to
    template <typename T> __host__ __device__ T one(T v) { return v; }
    template <> __host__ __device__ float one(float v) { return 1.0f; }
Safety
    review. A template that gains `__host__` may now be instantiated for the host; clang reports calls to
    device-only functions from it only where such a host instantiation is used.
References
    CUDA C++ Programming Guide, function execution space specifiers; clang's CUDA/HIP overloading rules
    (target attributes are part of a function's identity).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

_ATTR = re.compile(rb"\b(__host__|__device__)\b")
ORDER = ("__host__", "__device__")


@dataclass
class _Decl:
    name: str
    specialization: bool
    attrs: frozenset[str]
    prefix: tuple[int, int]  # the bytes before the declarator, where the attributes are written


class SpecializationTargets(Rule):
    code = "GP133"
    name = "specialization-targets"
    targets = frozenset({"hip"})
    summary = "Give a function template's primary and explicit specializations the same __host__/__device__."
    # a mismatch needs an attribute somewhere; a header of plain templates stays tree-free
    triggers = (b"__device__", b"__host__")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"template" not in ctx.source:
            return
        decls: dict[str, list[_Decl]] = {}
        for m in ts.matches("(template_declaration) @t", ctx.root):
            d = _declaration(ctx, m["t"][0])
            if d is not None:
                decls.setdefault(d.name, []).append(d)
        for name, group in decls.items():
            if not any(d.specialization for d in group) or all(d.specialization for d in group):
                continue
            union = frozenset().union(*(d.attrs for d in group))
            if not union or all(d.attrs == union for d in group):
                continue
            for d in group:
                missing = [a for a in ORDER if a in union and a not in d.attrs]
                if not missing:
                    continue
                at = _insertion(ctx, d)
                if ctx.is_claimed(at, at):
                    continue
                yield self.converted(
                    at,
                    at,
                    f"`{name}`: {' '.join(missing)} added so the primary template and its explicit "
                    "specializations have the same target attributes (clang requires it)",
                    [Edit(at, at, " ".join(missing) + " ")],
                    family="language",
                    symbol=name,
                    safety=Safety.REVIEW,
                )


def _declaration(ctx: RuleContext, tmpl: Node) -> _Decl | None:
    params = tmpl.child_by_field_name("parameters")
    func = next((c for c in tmpl.named_children if c.type in ("function_definition", "declaration")), None)
    if params is None or func is None:
        return None
    declarator = func.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    if declarator is None:
        return None
    ident = declarator.child_by_field_name("declarator")
    if ident is None or ident.type != "identifier":
        return None
    start, end = func.start_byte, declarator.start_byte
    attrs = frozenset(m.group(1).decode() for m in _ATTR.finditer(ctx.source, start, end))
    return _Decl(ctx.text(ident), params.named_child_count == 0, attrs, (start, end))


def _insertion(ctx: RuleContext, d: _Decl) -> int:
    """Before the first attribute the declaration has, else before its return type."""
    m = _ATTR.search(ctx.source, d.prefix[0], d.prefix[1])
    if m is not None:
        return m.start()
    # no attribute yet: after leading `inline`/`static` specifiers, before the type
    text = ctx.source[d.prefix[0] : d.prefix[1]]
    lead = re.match(rb"(?:\s*(?:inline|static|constexpr|__forceinline__)\b)*\s*", text)
    return d.prefix[0] + (lead.end() if lead else 0)
