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


def helper_anchor(ctx: RuleContext, offset: int) -> int:
    """Where to insert a helper serving a use at `offset`: the start of its top-level item's line."""
    item = top_level_item(ctx, offset)
    start = item.start_byte if item is not None else offset
    # The start of the line, so a template<...> or an attribute before the item stays with it.
    return ctx.source.rfind(b"\n", 0, start) + 1


def block(*lines: str) -> str:
    """Helper text: the lines, then a blank line before the code that follows."""
    return "\n".join(lines) + "\n\n"
