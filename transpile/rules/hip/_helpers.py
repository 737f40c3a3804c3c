"""Shared by the HIP rules that add a small helper definition to the file they translate.

A helper goes right before the top-level item (function, declaration, namespace, `#if` block) holding
the first use it serves: after the file's includes and the user's own macros, before anything that calls it.
"""

from __future__ import annotations

from tree_sitter import Node

from ...context import RuleContext


def top_level_item(ctx: RuleContext, offset: int) -> Node | None:
    """The child of the translation unit that contains `offset`, or None."""
    node = ctx.root.descendant_for_byte_range(offset, offset)
    if node is None:
        return None
    while node.parent is not None and node.parent.type != "translation_unit":
        node = node.parent
    return node if node.parent is not None else None


# Preprocessor conditionals a helper may go inside (their single branch holds every use it serves).
_CONDITIONALS = frozenset({"preproc_ifdef", "preproc_if"})


def helper_anchor(ctx: RuleContext, offset: int, last: int | None = None) -> int:
    """Where to insert a helper serving uses from `offset` to `last` (default: `offset` only): the start of
    the line of the top-level item holding the first use. When that item is an `#if`/`#ifdef` block with
    no `#else`/`#elif` that holds every use (a header's include guard wrapping the whole file), the helper
    goes inside it, before the block's own item holding the first use: after the includes the block makes
    (the HIP runtime the helper calls), not before them."""
    last = offset if last is None else last
    item = top_level_item(ctx, offset)
    while (
        item is not None
        and item.type in _CONDITIONALS
        and item.child_by_field_name("alternative") is None
        and item.start_byte < offset
        and last < item.end_byte
    ):
        inner = next((c for c in item.named_children if c.start_byte <= offset < c.end_byte), None)
        if inner is None or inner == item.child_by_field_name("condition") or inner.type == "identifier":
            break
        item = inner
    start = item.start_byte if item is not None else offset
    # The start of the line, so a template<...> or an attribute before the item stays with it.
    return ctx.source.rfind(b"\n", 0, start) + 1


def block(*lines: str) -> str:
    """Helper text: the lines, then a blank line before the code that follows."""
    return "\n".join(lines) + "\n\n"
