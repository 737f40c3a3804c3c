"""Shared array extents written with the kernel's own constants, made computable at the launch site.

A kernel may size its `__shared__` arrays with constants it declares itself (quantumlib qsim:
`constexpr unsigned gsize = 1 << G; ... __shared__ fp_type v[2 * gsize * rows];`). SYCL allocates that
memory at the launch, where the kernel's locals do not exist, and the kernel's new pointer parameter
(`fp_type (*rs0)[gsize + 1]`) is declared before them. Each such constant is replaced by its
initialiser, cast to its declared type (`static_cast<unsigned>(1 << G)`), until the extent names none:
CUDA only compiles an extent that is a constant expression, so every local it names is a constant whose
initialiser is one too, made of template parameters, globals and earlier constants.
The element type may be a type alias the kernel declares (bitsandbytes: `using shfl_lut_t =
std::conditional_t<...>; __shared__ shfl_lut_t lut[16];`): it is replaced by what it stands for.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from ...context import RuleContext
from ._syntax import _walk, base_type, declarator_name

_WORD = re.compile(r"\b[A-Za-z_]\w*\b")
_MAX_DEPTH = 16  # constants defined from constants: a chain this long is not a program's


def inline_local_constants(ctx: RuleContext, body: Node, decl: Node, dims: list[str]) -> list[str]:
    """`dims` (extents of the shared declaration `decl` in function body `body`) with the constants
    declared before it in its enclosing blocks replaced by their typed initialisers."""
    consts = _constants_before(ctx, body, decl)
    if not consts:
        return dims
    out = []
    for d in dims:
        for _ in range(_MAX_DEPTH):
            new = _WORD.sub(lambda m: consts.get(m.group(), m.group()), d)
            if new == d:
                break
            d = new
        out.append(d)
    return out


def _visible_before(body: Node, decl: Node, types: tuple[str, ...]) -> list[Node]:
    """The nodes of `types` in `body` declared before `decl` directly in a block enclosing it (in scope
    there), in order."""
    scopes = set()
    n: Node | None = decl.parent
    while n is not None:
        scopes.add((n.start_byte, n.end_byte, n.type))
        if n == body:
            break
        n = n.parent
    return [
        node
        for node in _walk(body)
        if node.type in types
        and node.start_byte < decl.start_byte
        and node.parent is not None
        and (node.parent.start_byte, node.parent.end_byte, node.parent.type) in scopes
    ]


def _constants_before(ctx: RuleContext, body: Node, decl: Node) -> dict[str, str]:
    """Name -> `static_cast<type>(initialiser)` of each `constexpr` or `const` local with an initialiser
    that is visible at `decl` (declared before it in a block enclosing it); a later one shadows."""
    found: dict[str, str] = {}
    for node in _visible_before(body, decl, ("declaration",)):
        if not any(
            c.type == "type_qualifier" and ctx.text(c) in ("constexpr", "const") for c in node.children
        ):
            continue
        ty = " ".join(w for w in base_type(ctx, node).split() if w not in ("const", "volatile"))
        for d in node.children_by_field_name("declarator"):
            value = d.child_by_field_name("value") if d.type == "init_declarator" else None
            got = declarator_name(ctx, d)
            if value is None or got is None or got[1] or got[2] or value.type == "initializer_list":
                continue
            init = ctx.text(value)
            found[got[0]] = f"({init})" if ty in ("", "auto") else f"static_cast<{ty}>({init})"
    return found


def inline_local_types(ctx: RuleContext, body: Node, decl: Node, elem: str) -> str:
    """`elem` (the element type of the shared declaration `decl` in function body `body`) with the type
    aliases (`using X = ...;`, `typedef ... X;`) declared before it in its enclosing blocks replaced by the
    types they stand for."""
    aliases = _aliases_before(ctx, body, decl)
    if not aliases:
        return elem
    for _ in range(_MAX_DEPTH):
        new = _WORD.sub(lambda m: aliases.get(m.group(), m.group()), elem)
        if new == elem:
            break
        elem = new
    return elem


def _aliases_before(ctx: RuleContext, body: Node, decl: Node) -> dict[str, str]:
    found: dict[str, str] = {}
    for node in _visible_before(body, decl, ("alias_declaration", "type_definition")):
        if node.type == "alias_declaration":
            name, ty = node.child_by_field_name("name"), node.child_by_field_name("type")
            if name is not None and ty is not None:
                found[ctx.text(name)] = ctx.text(ty)
        else:
            ty = node.child_by_field_name("type")
            declarators = node.children_by_field_name("declarator")
            if ty is not None and len(declarators) == 1 and declarators[0].type == "type_identifier":
                found[ctx.text(declarators[0])] = ctx.text(ty)
    return found
