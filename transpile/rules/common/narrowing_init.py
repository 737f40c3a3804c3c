"""GP311 narrowing-init: whole-valued floating literals in an integer variable's braced initializer.

What it does
    In a declaration of an integer variable or array (`int`, `unsigned`, `short`, `char`, `long`, the
    `<cstdint>` types, signed or unsigned, with qualifiers) whose initializer is a braced list, rewrites
    each floating literal with a whole value (`0.0`, `1.`, `2.0f`, `1e3`) as that integer (`0`, `1`, `2`,
    `1000`), nested lists included. In a declaration of a CUDA integer vector (`uchar4 v = {a, b, c, d}`),
    converts each element that is not a literal to the element type explicitly
    (`static_cast<unsigned char>(a)`).
Why
    A braced initializer must not narrow (C++11): `int y[10] = {0.0, ...}` is ill-formed. g++, nvcc's host
    compiler, only warns, so CUDA code builds with it (shoc's neuralnet); clang refuses it, and clang is
    the compiler of every target: hipcc, AdaptiveCpp, DPC++. Writing the integer the literal already
    denotes changes no value. A vector built from wider values (parboil's histo: a `uchar4` from a
    `ushort4`'s members) narrows the same way; the explicit conversion is the one nvcc made.
    A template's type parameter built from one floating literal (`T{0.f}`) is built with parentheses
    (`T(0.f)`): with `T = unsigned char` the braces narrow too.
Example
    int y_[4] = {0.0, 0.0, 1.0, 0.0};
Translated to
    int y_[4] = {0, 0, 1, 0};
Safety
    safe: only literals whose value is a whole number that the declared type holds are rewritten; a
    fractional literal (`0.5`, narrowed to 0 by g++) or an expression is left for the compiler to report.
References
    C++ standard, [dcl.init.list] (narrowing conversions); clang's -Wc++11-narrowing (an error by default).
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

_DECL = "(declaration type: (_) @type declarator: (init_declarator value: (initializer_list) @list)) @decl"
# The integer types a braced list may not narrow a floating value into, as the declaration spells them
# (qualifiers such as `const`/`static` are siblings of the type node, not part of it).
_INTEGER = re.compile(
    r"(?:(?:signed|unsigned)\s+)?(?:char|short(?:\s+int)?|int|long(?:\s+long)?(?:\s+int)?)"
    r"|unsigned|signed|size_t|(?:std::)?u?int(?:8|16|32|64)_t"
)
# A decimal floating literal (with a point or an exponent), with an optional f/F/l/L suffix.
_FLOAT = re.compile(r"(\d+\.\d*|\.\d+|\d+(?=[eE]))(?:[eE][+-]?\d+)?[fFlL]?")
# CUDA's 8- and 16-bit integer vector types (vector_types.h; int and long elements are what C arithmetic
# yields, so they rarely narrow) and their element types: `uchar4 v = {a.x, ...}` from wider
# members narrows too, on both targets (HIP's vector types and the SYCL pack's structs).
_VECTOR = re.compile(r"(u?)(char|short)[1-4]")
_ELEMENT = {"char": "signed char", "short": "short", "int": "int", "long": "long", "longlong": "long long"}
_LIMIT = 2**31  # whole values every integer type of at least 32 bits holds; smaller types are checked below
_SMALL = {"char": 127, "signed char": 127, "unsigned char": 255, "short": 32767, "short int": 32767}


class NarrowingInit(Rule):
    code = "GP311"
    name = "narrowing-init"
    targets = frozenset({"hip", "sycl"})
    summary = "Write whole-valued floating literals in an integer's braced initializer as integers."
    # a whole-valued literal has ".0" (`1.` and `1e3` alone are rare); `char4` is in `uchar4`'s token
    triggers = (b".0", b".f}", *(f"{t}{n}".encode() for t in ("char", "short") for n in range(1, 5)))

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for m in ts.matches(_DECL, ctx.root):
            spelled = " ".join(ctx.text(m["type"][0]).split())
            vector = _VECTOR.fullmatch(spelled)
            if vector is not None:
                yield from self._vector(ctx, m["list"][0], spelled, vector)
                continue
            if not _INTEGER.fullmatch(spelled):
                continue
            limit = _SMALL.get(spelled.removeprefix("signed ").strip(), _LIMIT)
            if spelled.startswith("unsigned") and spelled.removeprefix("unsigned ").strip() in _SMALL:
                limit = 2 * _SMALL[spelled.removeprefix("unsigned ").strip()] + 1
            edits = [e for lit in _literals(m["list"][0]) if (e := _as_integer(ctx, lit, limit)) is not None]
            if edits:
                decl = m["decl"][0]
                yield self.converted(
                    edits[0].start,
                    edits[-1].end,
                    f"{len(edits)} whole-valued floating literal(s) in `{spelled}`'s braced initializer written "
                    "as integers (clang rejects the narrowing g++ accepts)",
                    edits,
                    family="types",
                    symbol=ctx.text(decl.child_by_field_name("declarator") or decl).split("=")[0].strip(),
                )

        yield from self._template_casts(ctx)

    def _template_casts(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """`T{0.f}` for a template's type parameter `T`: `T(0.f)`, whatever T is instantiated with."""
        for m in ts.matches(_TEMPLATE_CAST, ctx.root):
            cast, items = m["cast"][0], m["list"][0]
            elements = [c for c in items.named_children if c.type != "comment"]
            if len(elements) != 1 or not _is_float_literal(ctx, elements[0]):
                continue
            name = ctx.text(m["type"][0])
            if name not in _template_type_parameters(cast):
                continue
            yield self.converted(
                cast.start_byte,
                cast.end_byte,
                f"`{ctx.text(cast)}`: a template's type built from a floating literal with parentheses, which "
                "convert as nvcc did where braces narrow (an integer `{name}`)",
                [
                    Edit(items.start_byte, items.start_byte + 1, "("),
                    Edit(items.end_byte - 1, items.end_byte, ")"),
                ],
                family="types",
                symbol=name,
            )

    def _vector(
        self, ctx: RuleContext, items: Node, spelled: str, vector: re.Match[str]
    ) -> Iterator[Diagnostic]:
        """`uchar4 v = {g.x, g.y, g.z, g.w}` with wider members: each element that is not a literal is
        converted explicitly, as nvcc converted it implicitly."""
        element = ("unsigned " if vector.group(1) else "") + _ELEMENT[vector.group(2)]
        element = element.replace("unsigned signed", "unsigned")
        edits = []
        for item in items.named_children:
            if item.type in ("number_literal", "char_literal", "comment", "initializer_list"):
                continue
            if item.type == "cast_expression" or ctx.text(item).startswith("static_cast"):
                continue
            edits += [Edit(item.start_byte, item.start_byte, f"static_cast<{element}>("),
                      Edit(item.end_byte, item.end_byte, ")")]  # fmt: skip
        if edits:
            yield self.converted(
                items.start_byte,
                items.end_byte,
                f"`{spelled}`'s braced initializer: elements converted to `{element}` explicitly (clang rejects "
                "the implicit narrowing nvcc accepts)",
                edits,
                family="types",
                symbol=spelled,
            )


_TEMPLATE_CAST = (
    "(compound_literal_expression type: (type_identifier) @type value: (initializer_list) @list) @cast"
)


def _is_float_literal(ctx: RuleContext, node: Node) -> bool:
    if node.type == "unary_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    text = ctx.text(node).lstrip("+-")
    return (
        node.type == "number_literal"
        and not text.lower().startswith("0x")
        and _FLOAT.fullmatch(text) is not None
    )


def _template_type_parameters(node: Node) -> set[str]:
    """The type parameters of every template around `node` (`template <typename T, class U = int>`)."""
    names: set[str] = set()
    scope = node.parent
    while scope is not None:
        if scope.type == "template_declaration":
            params = scope.child_by_field_name("parameters")
            for p in params.named_children if params is not None else []:
                if p.type == "type_parameter_declaration":
                    names |= {
                        c.text.decode() for c in p.named_children if c.type == "type_identifier" and c.text
                    }
                elif p.type == "optional_type_parameter_declaration":
                    n = p.child_by_field_name("name")
                    if n is not None and n.text:
                        names.add(n.text.decode())
        scope = scope.parent
    return names


def _literals(node: Node) -> Iterator[Node]:
    """The number literals of a braced list, nested lists included, in order."""
    for child in node.named_children:
        if child.type == "initializer_list":
            yield from _literals(child)
        elif child.type == "number_literal":
            yield child
        elif child.type == "unary_expression" and child.named_child_count == 1:
            inner = child.named_children[0]  # `-1.0`: the sign stays, the literal becomes `1`
            if inner.type == "number_literal":
                yield inner


def _as_integer(ctx: RuleContext, lit: Node, limit: int) -> Edit | None:
    text = ctx.text(lit)
    digits = text.lstrip("+-")  # the grammar folds a sign into a literal in some places
    if digits.lower().startswith("0x") or not _FLOAT.fullmatch(digits):
        return None
    value = float(text.rstrip("fFlL"))
    if value != int(value) or abs(value) > limit:
        return None
    return Edit(lit.start_byte, lit.end_byte, str(int(value)))
