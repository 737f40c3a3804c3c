"""GP313 paste-macro: an error-check macro that pastes a CUDA prefix onto its argument takes whole names.

What it does
    Finds function-like macros that paste a CUDA API prefix onto their parameter (`#define cuda( fn ) ...
    (cuda##fn) ...`, in this file or, for a tree, in any file of it) and deletes the paste from every
    definition of that macro (`PREFIX ##`, whatever the prefix: a dual-source project's HIP header pastes
    `hip##fn`), so the macro takes a whole call. Each call that names an API by its suffix
    (`cuda(Malloc(&p, n))`) then is a use of the whole name (`cudaMalloc`): the other rules translate it
    as they would `cudaMalloc(&p, n)`. A suffix no table knows gets the prefix written back, so the call
    still names what it named.
Why
    Token pasting hides the API from every syntax-aware tool: `Malloc(&p, n)` is not a CUDA name, and
    renaming the prefix inside the macro (`hip##fn`) only works where the target keeps CUDA's signature
    and suffix (HIP 5.2's hipMallocPitch is not a template; SYCL has no such names at all). The CUDA
    Handbook's 100 sources all check errors this way.
Example
    #define cuda( fn ) do { status = (cuda##fn); if ( cudaSuccess != status ) goto Error; } while (0);
    cuda(Malloc( &p, N*sizeof(float) ));
Translated to
    #define cuda( fn ) do { status = (fn); if ( hipSuccess != status ) goto Error; } while (0);  // HIP
    cuda(hipMalloc( &p, N*sizeof(float) ));
Safety
    safe: the expansion is the same token sequence as before; `#fn` now prints the whole name.
References
    C++17 [cpp.concat] (the ## operator).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_WORD = re.compile(rb"\w+")


class PasteMacro(Rule):
    code = "GP313"
    name = "paste-macro"
    targets = frozenset({"hip", "sycl"})
    summary = "Error-check macros that paste a CUDA prefix (`cuda##fn`) take whole API names instead."
    tree_free_ok = True  # reads macro definitions and calls from the text; the renames at the calls need
    # the tree, which the engine then builds (engine._tree_free looks at ctx.paste_sites)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        macros = ctx.paste_macros
        if not macros:
            return
        for start, end, prefix in ts.paste_spans(ctx.source, macros):
            yield self.converted(
                start,
                end,
                f"`{prefix}##` paste dropped: the macro's calls name the API in full",
                [Edit(start, end, "")],
                family="language",
                symbol="##",
            )
        symbols = ctx.tables.symbols
        for start, full in sorted(ctx.paste_sites.items()):
            if full in symbols:
                continue  # the suffix is a use of `full`: the renames and SYCL rules translate it
            suffix = _WORD.match(ctx.source, start)
            prefix = full[: len(full) - len(suffix.group(0))] if suffix else ""
            yield self.converted(
                start,
                start,
                f"`{prefix}` written back before `{full[len(prefix) :]}`: no table knows `{full}`",
                [Edit(start, start, prefix)],
                family="language",
                symbol=full,
            )
