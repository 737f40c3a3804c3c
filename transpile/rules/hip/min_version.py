"""GP104 needs-newer-hip: report APIs the target HIP version does not have yet.

What it does
    A table entry may carry `min_hip`, the first HIP release with the HIP spelling. When the target
    (`--hip-version`, default: the installed ROCm's HIP, else 6.2) is older, and no other rule rewrote the
    use for older releases, the use is left in place and reported unconverted. A header the target has
    beyond its release (`--hip-headers DIR`: ROCm 5.7's hip_bf16.h on a 5.2 install) that declares the
    HIP spelling makes it available all the same. A name the file declares itself (TensorRT's copies of
    cuBLAS's enums in its own namespace) is the project's, not CUDA's, and is not reported.
Why
    Renaming to a function the target compiler lacks turns a clear report into a confusing compile error.
Example
    (target HIP 5.2) int g = __reduce_add_sync(0xffffffff, v);
Translated to
    unchanged, with: GP104 `__reduce_add_sync` needs HIP 6.2; the target is HIP 5.2
Safety
    reports only.
References
    transpile/tables (min_hip column); HIP release notes.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule


class NeedsNewerHip(Rule):
    code = "GP104"
    name = "needs-newer-hip"
    targets = frozenset({"hip"})
    summary = "Report APIs the target HIP version does not have yet."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        have = ctx.options.hip_version
        for occ in ctx.occurrences:
            entry = occ.entry
            if entry is None or ctx.options.hip_has(entry):
                continue
            # Member functions count too: `tile.meta_group_rank()` needs HIP 5.7.
            if ctx.is_claimed(occ.start, occ.end):
                continue
            # The file's own declaration of the name (TensorRT's copy of cuBLAS's enums in its namespace):
            # not CUDA's API, so no HIP release is needed (GP001 leaves such names alone too).
            if occ.name in ctx.declared_names:
                continue
            assert entry.min_hip is not None  # hip_has() holds for an entry without one
            need = f"{entry.min_hip[0]}.{entry.min_hip[1]}"
            yield self.unconverted(
                occ.start,
                occ.end,
                f"`{occ.name}` needs HIP {need}; the target is HIP {have[0]}.{have[1]} (--hip-version)",
                family=entry.family,
                symbol=occ.name,
            )
