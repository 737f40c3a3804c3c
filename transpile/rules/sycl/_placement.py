"""Placement of helper blocks: the inline helper code (`static inline gpuport_*` functions, structs, each
in its own `#ifndef GPUPORT_*` guard) that a SYCL rule inserts once per file instead of a helper header.
A block goes after the SYCL prelude and before the file-scope declaration holding the file's first use of
what it defines. Shared by the SYCL rules that define such helpers (memory, __builtin_assume, printf, dim3,
launch configuration, cuBLAS, cooperative groups, device properties, min/max)."""

from __future__ import annotations

from tree_sitter import Node

from ...context import RuleContext, include_guard
from ...edits import Edit

_CONDITIONALS = frozenset({"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"})


def block_edit(ctx: RuleContext, first: int, text: str) -> Edit:
    """The insertion of a helper block `text` before the file-scope declaration holding offset `first`
    (the first use), after the SYCL prelude."""
    top = ctx.top_level_includes
    # The block goes right after the end of the declaration before the first use (rules rewrite
    # declarations from their first byte, so not at the next one's start), else after the prelude.
    prelude_at = top[-1].directive_end if top else 0
    prev = _previous_declaration(ctx.root, first, include_guard(ctx.root))
    if prev is not None and prev.end_byte > prelude_at:
        at = prev.end_byte
        if ctx.source[at : at + 1] == b"\n" and ctx.source[at - 1 : at] != b"\n":
            # after the declaration's line end (the same text): a rule that deletes that whole line
            # (GP231 drops `namespace cg = cooperative_groups;`) would otherwise swallow the block
            return Edit(at + 1, at + 1, text.rstrip("\n") + "\n")
        if ctx.source[at - 1 : at] != b"\n":
            text = "\n" + text.rstrip("\n")
        return Edit(at, at, text)
    # Nothing between the includes and the first use: just after the prelude (GP201, an earlier rule,
    # inserts at the same point).
    return Edit(prelude_at, prelude_at, text)


def _previous_declaration(root: Node, offset: int, guard: Node | None = None) -> Node | None:
    """The file-scope node (looking inside the whole-file include guard, not namespaces) before the one
    that holds `offset`, comments skipped so a declaration keeps the comment above it. Other `#if`
    blocks are not entered: a helper placed inside one is gone when its condition is false (`#ifndef
    __CUDACC__` host fallbacks, which the SYCL translation compiles out), while uses outside need it."""
    node = root
    while True:
        prev: Node | None = None
        inner: Node | None = None
        for c in node.children:
            if c.start_byte <= offset < c.end_byte:
                inner = c
                break
            if c.type != "comment":
                prev = c
        if inner is None or inner.type not in _CONDITIONALS or inner != guard:
            return prev
        node = inner
