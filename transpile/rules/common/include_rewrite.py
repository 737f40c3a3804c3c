"""GP002 include-rewrite: map CUDA headers to the target's headers.

What it does
    Rewrites the path of `#include <...>` / `#include "..."` directives found in the headers table:
    `<cuda_runtime.h>` -> `<hip/hip_runtime.h>`, `<cublas_v2.h>` -> `<hipblas.h>`; for SYCL,
    `<cuda_runtime.h>` -> `<sycl/sycl.hpp>`. A table value of `~` removes the directive (a header with no
    counterpart that nothing needs, e.g. `device_launch_parameters.h`). An include that maps to a header an
    earlier include of the file already became (`cublas.h` then `cublas_v2.h`, a run of `curand_*.h`), with
    no `#if`/`#else`/`#endif` between the two, is removed for HIP, as hipify-clang does.
Why
    Include paths are the one place inside a string-like token that must change.
Example
    #include <cuda_runtime.h>
Translated to
    #include <hip/hip_runtime.h>
Safety
    safe. A user header whose name merely contains "cuda" (`"user-cuda.h"`) is never touched; `<cudnn.h>`
    becomes hipDNN's `<hipDNN.h>` (GP126 reports the file: ROCm ships no hipDNN; with `--dnn keep` it is
    left and reported); headers with no counterpart, or whose counterpart is newer than the target HIP (`<cuda_bf16.h>` before
    HIP 5.6), are reported unconverted and left as written.
References
    transpile/tables/headers.tsv
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ...includes import inside_extern_c, with_cpp_linkage
from ..base import Rule

REMOVE = "~"
# A conditional directive: includes on either side of one are not duplicates of each other.
_CONDITIONAL = re.compile(
    rb"^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b", re.MULTILINE
)


_HIP_WORDS = re.compile(r"\bHIP\b|ROCm|\bhip[A-Za-z_]|hipcc|HIPIFY|hipify")


class IncludeRewrite(Rule):
    code = "GP002"
    name = "include-rewrite"
    targets = frozenset({"hip", "sycl"})
    summary = "Map CUDA headers to the target's headers."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        mapped: dict[str, int] = {}  # target header -> end of the first directive that became it
        for inc in ctx.includes:
            entry = ctx.tables.header(inc.path)
            if entry is None or ctx.is_claimed(inc.start, inc.end):
                continue  # (claimed: an earlier rule keeps or rewrites that include itself)
            spelled = entry.hip if ctx.target == "hip" else entry.sycl
            unsupported = f"unsupported-{ctx.target}" in entry.flags
            if ctx.target == "hip" and "hipdnn" in entry.flags and ctx.options.dnn == "keep":
                yield self.unconverted(
                    inc.start,
                    inc.end,
                    f"header <{inc.path}> kept (--dnn keep): ROCm has no cuDNN; hipDNN's is <{spelled}>, "
                    "MIOpen's API differs",
                    family=entry.family,
                    symbol=inc.path,
                )
                continue
            if unsupported or not spelled or spelled == "-":
                if ctx.target == "sycl" and not unsupported and entry.sycl_rule is not None:
                    continue
                why = entry.note or f"no {ctx.target.upper()} counterpart"
                if ctx.target == "sycl" and _HIP_WORDS.search(why):
                    # the table's note speaks of the HIP counterpart (ROCm's layouts, hipDNN): not SYCL's
                    why = "no standard SYCL 2020 counterpart (a vendor library: port its calls by hand)"
                yield self.unconverted(
                    inc.start, inc.end, f"header <{inc.path}>: {why}", family=entry.family, symbol=inc.path
                )
                continue
            have = ctx.options.hip_version
            if ctx.target == "hip" and entry.min_hip is not None and not ctx.options.hip_has(entry):
                yield self.unconverted(
                    inc.start,
                    inc.end,
                    f"header <{inc.path}>: its HIP counterpart <{spelled}> needs HIP "
                    f"{entry.min_hip[0]}.{entry.min_hip[1]}; the target is HIP {have[0]}.{have[1]} (--hip-version)"
                    + (f": {entry.note}" if entry.note else ""),
                    family=entry.family,
                    symbol=inc.path,
                )
                continue
            new = inc.path if spelled == "=" else spelled
            if new == REMOVE:
                yield self.converted(
                    inc.directive_start,
                    inc.directive_end,
                    f"<{inc.path}> removed",
                    [Edit(inc.directive_start, inc.directive_end, "")],
                    family=entry.family,
                    symbol=inc.path,
                )
                continue
            first = mapped.get(new) if ctx.target == "hip" else None
            if first is not None and not _CONDITIONAL.search(ctx.source, first, inc.directive_start):
                yield self.converted(
                    inc.directive_start,
                    inc.directive_end,
                    f"<{inc.path}> removed: <{new}> is included above",
                    [Edit(inc.directive_start, inc.directive_end, "")],
                    family=entry.family,
                    symbol=inc.path,
                )
                continue
            mapped.setdefault(new, inc.directive_end)
            edits = [Edit(inc.start, inc.end, new)] if new != inc.path else []
            if (
                ctx.target == "hip"
                and new.startswith("hip")
                and inside_extern_c(ctx.source, inc.directive_start)
            ):
                # `extern "C" { #include <cuda.h> }` is fine for CUDA's C headers; HIP's are C++ (templates).
                text = ctx.slice(inc.directive_start, inc.start) + new + ctx.slice(inc.end, inc.directive_end)
                if not text.endswith("\n"):
                    text += "\n"
                edits = [Edit(inc.directive_start, inc.directive_end, with_cpp_linkage(text))]
            yield self.converted(
                inc.start, inc.end, f"<{inc.path}> -> <{new}>", edits, family=entry.family, symbol=inc.path
            )
