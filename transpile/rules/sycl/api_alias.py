"""GP274 api-alias: a macro that stands for one CUDA API call is translated where it is used.

What it does
    A portability header's `#define gpuMalloc cudaMalloc` (with `hipMalloc` under its HIP branch) names a
    call that SYCL rewrites as a whole: `cudaMalloc(&p, n)` becomes an allocation and an assignment, which
    a renamed macro body cannot say. Each use of the alias, in this file or (tree translation) in any
    file that sees the macro, is translated as the CUDA name it stands for, by the rule that owns that
    name; the `#define` itself becomes a comment saying so. Aliases of names SYCL maps by a plain rename
    keep their macro, renamed (the table rename does that).
Why
    Code written for both vendors hides the runtime behind such macros (qulacs' gpu_wrapping.h): left as
    they were, every call through them kept CUDA's name after translation.
Example
    #define gpuMalloc cudaMalloc
    gpuMalloc(&d, n * sizeof(float));
Translated to
    // gpuport: `gpuMalloc` stood for `cudaMalloc`, translated where it is used
    (*(&d) = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue()), 0);
Safety
    safe: the use is exactly the call the macro expanded to.
References
    ISO C++ [cpp.replace] (object-like macros).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule


class ApiAlias(Rule):
    code = "GP274"
    name = "api-alias"
    targets = frozenset({"sycl"})
    summary = "Translate uses of a macro standing for a CUDA API name as that name; drop its #define."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        aliases = ctx.api_aliases
        if not aliases:
            return
        for d in ts.captures("(preproc_def) @d", ctx.root).get("d", []):
            name, value = d.child_by_field_name("name"), d.child_by_field_name("value")
            if name is None or value is None:
                continue
            alias = ctx.text(name)
            target = aliases.get(alias)
            if target is None or ctx.text(value).strip() != target:
                continue
            end = d.end_byte
            while end > d.start_byte and ctx.source[end - 1 : end] in (b"\n", b"\r"):
                end -= 1
            if ctx.is_claimed(d.start_byte, end):
                continue
            yield self.converted(
                d.start_byte,
                end,
                f"`{alias}` stands for `{target}`: its uses are translated as `{target}`",
                [
                    Edit(
                        d.start_byte,
                        end,
                        f"// gpuport: `{alias}` stood for `{target}`, translated where it is used",
                    )
                ],
                family="runtime",
                symbol=target,
            )
