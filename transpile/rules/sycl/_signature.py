"""Edits to function signatures and calls that several SYCL rules make (a helper layer module: it imports
no rule module): appending parameters (the nd_item, local accessors, device globals) and arguments, and
removing a qualifier token with the blanks after it."""

from __future__ import annotations

from tree_sitter import Node

from ...context import RuleContext
from ...edits import Edit


def append_params(ctx: RuleContext, params: Node, extra: list[str]) -> Edit:
    """An edit appending `extra` parameters to a parameter_list node; before a trailing parameter pack
    (`args_t... args`), which must stay last for its arguments to be deduced."""
    named = [c for c in params.named_children if c.type != "comment"]
    close = params.end_byte - 1
    if not named or (len(named) == 1 and ctx.text(named[0]) == "void"):
        return Edit(params.start_byte + 1, close, ", ".join(extra))
    if pack_index(params) is not None:
        return Edit(named[-1].start_byte, named[-1].start_byte, ", ".join(extra) + ", ")
    at = _after_last(ctx.source, named[-1].end_byte, close)
    return Edit(at, at, ", " + ", ".join(extra))


def pack_index(params: Node | None) -> int | None:
    """How many parameters come before a trailing parameter pack (`args_t... args`); None without one."""
    named = [c for c in params.named_children if c.type != "comment"] if params is not None else []
    if named and named[-1].type in ("variadic_parameter_declaration", "variadic_parameter"):
        return len(named) - 1
    return None


def append_args(ctx: RuleContext, args: Node, extra: str, *, pack_at: int | None = None) -> Edit:
    """An edit appending `extra` (already joined) to a call's argument_list node; with `pack_at` (the
    callee's parameters end with a pack after that many), before the arguments the pack takes."""
    named = [c for c in args.named_children if c.type != "comment"]
    if not named:
        return Edit(args.start_byte + 1, args.start_byte + 1, extra)
    if pack_at is not None and len(named) > pack_at:
        return Edit(named[pack_at].start_byte, named[pack_at].start_byte, extra + ", ")
    at = _after_last(ctx.source, named[-1].end_byte, args.end_byte - 1)
    return Edit(at, at, ", " + extra)


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
