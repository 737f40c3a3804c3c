"""Call sites of a named function, from the syntax tree or, inside raw text, from tokens.

Several rules rewrite a call's arguments (drop a lane mask, reorder parameters). They need the same
facts whether the call sits in parsed code or in a macro body: where the name is, where the parentheses
are, and the byte span of each top-level argument.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from .context import Occurrence, RuleContext
from .tokens import code_tokens


@dataclass(frozen=True)
class CallSite:
    name: str
    name_start: int
    name_end: int
    open: int  # offset of "("
    close: int  # offset of ")"
    args: tuple[tuple[int, int], ...]  # spans of the top-level arguments, whitespace trimmed
    node: Node | None  # the call_expression when parsed

    @property
    def start(self) -> int:
        return self.name_start

    @property
    def end(self) -> int:
        return self.close + 1

    def arg_text(self, ctx: RuleContext, i: int) -> str:
        s, e = self.args[i]
        return ctx.slice(s, e)


def call_at(ctx: RuleContext, occ: Occurrence) -> CallSite | None:
    """The call whose callee is this occurrence, or None if the name is not called here."""
    node = occ.node
    if node is not None and not occ.raw:
        parent = node.parent
        # `ns::f(...)` and `f<T>(...)`: the callee node is the qualified/template wrapper.
        callee = node
        while parent is not None and parent.type in ("qualified_identifier", "template_function"):
            callee, parent = parent, parent.parent
        if parent is None or parent.type != "call_expression":
            return None
        if parent.child_by_field_name("function") != callee:
            return None
        arglist = parent.child_by_field_name("arguments")
        if arglist is None or arglist.type != "argument_list":
            return None
        args = tuple((c.start_byte, c.end_byte) for c in arglist.named_children if c.type != "comment")
        return CallSite(occ.name, occ.start, occ.end, arglist.start_byte, arglist.end_byte - 1, args, parent)
    return _call_from_tokens(ctx, occ)


def _call_from_tokens(ctx: RuleContext, occ: Occurrence) -> CallSite | None:
    # Tokenise from the name to the end of the line-joined macro body or raw region (bounded).
    limit = min(len(ctx.source), occ.end + 4096)
    tokens = code_tokens(ctx.source[occ.end : limit], occ.end)
    if not tokens or tokens[0].text != b"(":
        return None
    depth = 0
    open_at = tokens[0].start
    args: list[tuple[int, int]] = []
    arg_start: int | None = None
    arg_end = 0
    for tok in tokens:
        t = tok.text
        if t in (b"(", b"[", b"{"):
            depth += 1
            if depth == 1:
                open_at = tok.start
                continue
        elif t in (b")", b"]", b"}"):
            depth -= 1
            if depth == 0:
                if arg_start is not None:
                    args.append((arg_start, arg_end))
                return CallSite(occ.name, occ.start, occ.end, open_at, tok.start, tuple(args), None)
        elif t == b"," and depth == 1:
            if arg_start is not None:
                args.append((arg_start, arg_end))
            arg_start = None
            continue
        if tok.kind == "punct" and t == b"\\":
            continue  # line continuation in a macro body
        if arg_start is None:
            arg_start = tok.start
        arg_end = tok.end
    return None
