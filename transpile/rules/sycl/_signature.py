"""Edits to function signatures and calls that several SYCL rules make (a helper layer module: it imports
no rule module): appending parameters (the nd_item, local accessors, device globals) and arguments, and
removing a qualifier token with the blanks after it."""

from __future__ import annotations

from tree_sitter import Node

from ...context import RuleContext
from ...edits import Edit


def append_params(ctx: RuleContext, params: Node, extra: list[str]) -> Edit:
    """An edit adding `extra` parameters to a parameter_list node: at the end, or before the first
    parameter with a default value or a trailing parameter pack (`bool sync = true`, `args_t... args`), which
    must stay last (a parameter without a default cannot follow a defaulted one; a pack is deduced only at
    the end)."""
    named = [c for c in params.named_children if c.type != "comment"]
    close = params.end_byte - 1
    if not named or (len(named) == 1 and ctx.text(named[0]) == "void"):
        return Edit(params.start_byte + 1, close, ", ".join(extra))
    at = implicit_index(params)
    if at is not None:
        return Edit(named[at].start_byte, named[at].start_byte, ", ".join(extra) + ", ")
    end = _after_last(ctx.source, named[-1].end_byte, close)
    return Edit(end, end, ", " + ", ".join(extra))


_LAST_ONLY = ("optional_parameter_declaration", "variadic_parameter_declaration", "variadic_parameter")


def implicit_index(params: Node | None) -> int | None:
    """Where the implicit parameters (the nd_item, shared memory, globals) go when they cannot go last:
    the index of the first parameter with a default value or of a trailing pack; None otherwise."""
    named = [c for c in params.named_children if c.type != "comment"] if params is not None else []
    return next((i for i, c in enumerate(named) if c.type in _LAST_ONLY), None)


def append_args(ctx: RuleContext, args: Node, extra: str, *, implicit_at: int | None = None) -> Edit:
    """An edit adding `extra` (already joined) to a call's argument_list node: at the end, or, when the
    callee's implicit parameters sit at `implicit_at` (implicit_index), before the argument there (a
    defaulted parameter given, a pack's arguments)."""
    named = [c for c in args.named_children if c.type != "comment"]
    if not named:
        return Edit(args.start_byte + 1, args.start_byte + 1, extra)
    if implicit_at is not None and len(named) > implicit_at:
        return Edit(named[implicit_at].start_byte, named[implicit_at].start_byte, extra + ", ")
    end = _after_last(ctx.source, named[-1].end_byte, args.end_byte - 1)
    return Edit(end, end, ", " + extra)


def _after_last(source: bytes, last_end: int, close: int) -> int:
    """Where an appended item goes: after the last item, or at the closing parenthesis when a directive
    line (`#endif` of an argument that exists in one configuration) comes between them, so the item is
    there in every configuration. Read in the rules' source: the tree's text has those lines blanked."""
    gap = source[last_end:close]
    return close if b"\n" in gap and b"#" in gap else last_end


def remove_token(ctx: RuleContext, node: Node) -> Edit:
    end = node.end_byte
    while end < len(ctx.source) and ctx.source[end : end + 1] in (b" ", b"\t"):
        end += 1
    if ctx.source[end : end + 1] == b"\n":
        end += 1
    return Edit(node.start_byte, end, "")
