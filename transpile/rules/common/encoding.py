"""GP005 not-utf8: the file is not valid UTF-8.

What it does
    Reports a file whose bytes are not valid UTF-8, at the first bad byte. Translation goes on: the
    engine works on bytes, names are ASCII, and every byte outside an edit is written back unchanged.
Why
    Legacy sources in Latin-1 or Shift-JIS comments are common; re-encoding them would lose data.
Example
    // Gr\xfc\xdfe (Latin-1 comment)
Translated to
    the same bytes, with: GP005 not valid UTF-8 at byte N; bytes kept as they are
Safety
    reports only.
References
    DESIGN.md, "never loses data".
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ..base import Rule


class NotUtf8(Rule):
    code = "GP005"
    name = "not-utf8"
    targets = frozenset({"hip", "sycl"})
    summary = "Report a file that is not valid UTF-8 (its bytes are kept)."
    tree_free_ok = True  # reads the bytes only

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        try:
            ctx.source.decode("utf-8")
        except UnicodeDecodeError as err:
            yield self.warning(
                err.start,
                err.start + 1,
                f"not valid UTF-8 at byte {err.start}; bytes kept as they are",
                safety=Safety.SAFE,
            )
