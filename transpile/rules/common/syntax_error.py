"""GP004 syntax-error: report regions tree-sitter could not parse.

What it does
    Reports each outermost ERROR (or missing-token) region of the parse. Names inside such regions are
    still translated, token by token, by the other rules; structural rules (launch rewriting, SYCL kernel
    conversion) cannot see the region's structure and leave it alone. A HIP translation does not parse
    a file that has no CUDA name and no rule trigger word (only its include lines to map), so such a
    file is not checked: no rule needs its structure.
Why
    About one real-world CUDA file in eight has a region the grammar rejects (extended lambdas
    `[] __device__ (...)`, unusual macros). Giving up on the file would lose far more than it protects.
Example
    auto f = [] __device__ (int x) { return x; };
Translated to
    the same text with CUDA names renamed, and: GP004 could not parse this region
Safety
    reports only.
References
    DESIGN.md, parsing.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ..base import Rule


class SyntaxErrorRegion(Rule):
    code = "GP004"
    name = "syntax-error"
    targets = frozenset({"hip", "sycl"})
    summary = "Report regions tree-sitter could not parse."
    tree_free_ok = True  # a file with nothing to translate is not parsed, so not checked

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.tree_free or not ctx.root.has_error:
            return
        for node in ts.error_nodes(ctx.root):
            what = "missing token" if node.is_missing else "could not parse this region"
            yield self.warning(
                node.start_byte,
                max(node.end_byte, node.start_byte),
                f"{what}; names in it were translated token by token",
                safety=Safety.REVIEW,
            )
