"""GP121 half2-members: `v.x` / `v.y` of a `half2` read and written as `__half` in HIP.

What it does
    Wraps a member access `v.x`, `v.y` (also `p->x`, `a[i].y`) whose object this file declares as
    `half2` or `__half2` in `reinterpret_cast<half&>(...)` (`__half&` for `__half2`; `const half&` when the
    object is declared const), as hipify-clang does.
    An access already inside such a cast is left alone.
Why
    In CUDA the members of `__half2` are `__half`s. In HIP (amd_hip_fp16.h) they are `unsigned short`
    bit patterns: `(float)v.x` compiles and yields the bit pattern as a number, and `v.x = h` stores a
    converted value, both silently wrong. Through a `__half&` the members mean what they mean in CUDA.
Example
    half2 t = __float2half2_rn(1.0f);
    float lo = (float)t.x;
Translated to
    half2 t = __float2half2_rn(1.0f);
    float lo = (float)reinterpret_cast<half&>(t.x);
Safety
    safe: the cast names the same two bytes with CUDA's type.
References
    HIP amd_detail/amd_hip_fp16.h (`struct __half2`); CUDA cuda_fp16.hpp.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

HALF2 = {"half2": "half", "__half2": "__half"}
_DECLS = "[(declaration) (parameter_declaration) (field_declaration)] @decl"
_ACCESS = "(field_expression argument: (_) @obj field: (field_identifier) @field) @access"


def _declared_names(node: Node) -> Iterator[str]:
    """The names a declaration's declarators introduce (through pointers, arrays, references, inits)."""
    for top in node.children_by_field_name("declarator"):
        child: Node | None = top
        while child is not None and child.type not in ("identifier", "field_identifier"):
            child = child.child_by_field_name("declarator") or (
                child.named_children[0] if child.named_children else None
            )
        if child is not None and child.type == "identifier" and child.text is not None:
            yield child.text.decode("utf-8", "surrogateescape")


class Half2Members(Rule):
    code = "GP121"
    name = "half2-members"
    targets = frozenset({"hip"})
    summary = "Read half2's .x/.y as __half (HIP stores them as unsigned short bit patterns)."
    triggers = (b"half2",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        half2: dict[str, str] = {}
        other: set[str] = set()
        for decl in ts.captures(_DECLS, ctx.root).get("decl", []):
            type_node = decl.child_by_field_name("type")
            spelled = ctx.text(type_node) if type_node is not None else ""
            declared = list(_declared_names(decl))
            if spelled in HALF2:
                const = any(c.type == "type_qualifier" and ctx.text(c) == "const" for c in decl.children)
                for name in declared:
                    half2[name] = ("const " if const else "") + HALF2[spelled]
            else:
                other.update(declared)
        names = {n: t for n, t in half2.items() if n not in other}
        if not names:
            return
        for m in ts.matches(_ACCESS, ctx.root):
            access, obj, field = m["access"][0], m["obj"][0], m["field"][0]
            if ctx.text(field) not in ("x", "y"):
                continue
            base = obj
            while base.type == "subscript_expression":
                base = base.child_by_field_name("argument") or base
                if base.type != "subscript_expression":
                    break
            if base.type != "identifier" or ctx.text(base) not in names:
                continue
            parent = access.parent
            grand = parent.parent if parent is not None else None
            if (
                grand is not None
                and grand.type == "call_expression"
                and "reinterpret_cast" in ctx.text(grand)[:40]
            ):
                continue
            half = names[ctx.text(base)]
            yield self.converted(
                access.start_byte,
                access.start_byte,
                f"`{ctx.text(access)}` read as `{half}` (HIP's half2 members are unsigned short bit patterns)",
                [
                    Edit(access.start_byte, access.start_byte, f"reinterpret_cast<{half}&>("),
                    Edit(access.end_byte, access.end_byte, ")"),
                ],
                family="types",
                symbol="half2",
            )
