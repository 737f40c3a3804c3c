"""GP126 hipdnn-not-in-rocm: report each file whose cuDNN calls became hipDNN's, which ROCm does not ship.

What it does
    With `--dnn hipdnn` (the default), cuDNN names and `<cudnn.h>` take hipDNN's spelling as hipify-clang
    writes them (`cudnnCreate` -> `hipdnnCreate`, `<cudnn.h>` -> `<hipDNN.h>`; the tables' rows flagged
    `hipdnn`, from HIPIFY's published cuDNN table). This rule reports, once per file, at the first such
    name or include, that the file now needs hipDNN, and counts it unconverted so the exit code says the
    file is not ready for ROCm. With `--dnn keep` the cuDNN names stay and each one is reported (GP001,
    GP002); this rule says nothing.
Why
    hipDNN keeps cuDNN's calls and argument orders (a rename is meaning-preserving against it), but no ROCm
    release ships it; ROCm's deep-learning library, MIOpen, differs in arguments and descriptors, so no
    rename reaches it. A file that uses cuDNN is therefore never done by renaming alone: never exit 0 on it.
Example
    #include <cudnn.h>
    void f() { cudnnHandle_t h; cudnnCreate(&h); }
Translated to
    #include <hipDNN.h>
    void f() { hipdnnHandle_t h; hipdnnCreate(&h); }
    with: GP126 the file uses cuDNN, written as hipDNN (2 names): ROCm ships no hipDNN ...
Safety
    reports only; changes nothing.
References
    HIPIFY docs/tables/CUDNN_API_supported_by_HIP.md (hipDNN names) and CUDNN_API_supported_by_MIOPEN.md;
    transpile/tables/cudnn.tsv.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule

FLAG = "hipdnn"


class HipdnnNotInRocm(Rule):
    code = "GP126"
    name = "hipdnn-not-in-rocm"
    targets = frozenset({"hip"})
    summary = "Report each file whose cuDNN calls became hipDNN's (ROCm ships no hipDNN)."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.options.dnn != "hipdnn":
            return
        uses: list[tuple[int, str]] = []
        for occ in ctx.occurrences:
            entry = occ.entry
            if entry is None or FLAG not in entry.flags:
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if occ.name in ctx.declared_names:
                continue  # the file's own declaration of the name (GP001 leaves it too)
            uses.append((occ.start, occ.name))
        for inc in ctx.includes:
            entry = ctx.tables.header(inc.path)
            if entry is not None and FLAG in entry.flags:
                uses.append((inc.start, f"<{inc.path}>"))
        if not uses:
            return
        at, first = min(uses)
        # Zero-width: the rename at this place is GP001's/GP002's; this is about the whole file.
        yield self.unconverted(
            at,
            at,
            f"the file uses cuDNN, now written with hipDNN's names as hipify-clang writes them ({len(uses)} "
            f"uses, first {first}): ROCm ships no hipDNN library, so this builds only where hipDNN is "
            "installed; port the calls to MIOpen (its arguments differ), or translate with --dnn keep to "
            "list every cuDNN name instead",
            family="cudnn",
            symbol=first.strip("<>"),
        )
