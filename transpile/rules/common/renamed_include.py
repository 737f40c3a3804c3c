"""GP006 renamed-include: include a file the translation renamed by its new name.

What it does
    In a tree translation, an `#include` of a file of the same tree that the translation renames (for
    SYCL every `.cu` file becomes `.cpp`) is rewritten to name the new file. The tree's include graph
    (transpile/includes.py) finds these includes; the rule only edits the path.
Why
    Projects include kernel files into their driver (`#include "kernels.cu"`, Rodinia does it throughout);
    once `kernels.cu` is written as `kernels.cpp`, the old name no longer exists and the including file
    fails with "kernels.cu: No such file or directory".
Example
    #include "backprop_cuda_kernel.cu"
Translated to
    #include "backprop_cuda_kernel.cpp"
Safety
    safe: the named file is the same file under its new name. Folders in the path are kept.
References
    transpile/includes.py (resolution order); transpile/tree.py (which files are renamed).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule


class RenamedInclude(Rule):
    code = "GP006"
    name = "renamed-include"
    targets = frozenset({"hip", "sycl"})
    summary = "Include a file the translation renamed by its new name."
    tree_free_ok = True  # acts only at include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        renames = dict(ctx.options.include_renames)
        if not renames:
            return
        for inc in ctx.includes:
            new = renames.get(inc.path)
            if new is None or new == inc.path:
                continue
            yield self.converted(
                inc.start,
                inc.end,
                f'"{inc.path}" -> "{new}" (the included file is renamed by the translation)',
                [Edit(inc.start, inc.end, new)],
                family="headers",
                symbol=inc.path,
            )
