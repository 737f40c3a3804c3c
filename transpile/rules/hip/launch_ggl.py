"""GP101 launch-ggl: kernel launches as `hipLaunchKernelGGL` (opt-in, `--launch hipLaunchKernelGGL`).

What it does
    Rewrites `kernel<<<grid, block[, shmem[, stream]]>>>(args...)` to
    `hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args...)`, filling 0 for a missing shared
    memory size or stream. Template kernels are wrapped in `HIP_KERNEL_NAME(...)` so commas in their
    template arguments survive the macro; qualified names, expressions and macros in the configuration
    are kept as written. By default launches are kept: HIP's compiler accepts `<<<...>>>`.
Why
    Some code bases and tools (older HIP, hipify-style style guides) want the macro form.
Example
    scale<float, 4><<<blocks, 256, 0, stream>>>(d_x, n);
Translated to
    hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float, 4>), blocks, 256, 0, stream, d_x, n);
Safety
    safe. Launches inside macro bodies or unparsed regions are left as `<<<...>>>` (still valid HIP).
References
    HIP programming guide, kernel launch.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_LAUNCH = (
    "(call_expression function: (_) @fn (kernel_call_syntax) @cfg arguments: (argument_list) @args) @call"
)


class LaunchGGL(Rule):
    code = "GP101"
    name = "launch-ggl"
    targets = frozenset({"hip"})
    summary = "Rewrite <<<...>>> launches as hipLaunchKernelGGL (opt-in)."
    triggers = (b"<<<",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.options.launch != "hipLaunchKernelGGL":
            return
        for m in ts.matches(_LAUNCH, ctx.root):
            fn, cfg, args = m["fn"][0], m["cfg"][0], m["args"][0]
            config = [c for c in cfg.named_children if c.type != "comment"]
            if not 2 <= len(config) <= 4:
                continue
            templated = fn.type == "template_function" or (
                fn.type == "qualified_identifier" and "<" in ctx.text(fn)
            )
            head = "hipLaunchKernelGGL(" + ("HIP_KERNEL_NAME(" if templated else "")
            edits = [Edit(fn.start_byte, fn.start_byte, head)]
            # "<<<" (and whatever spacing) becomes ", " (closing HIP_KERNEL_NAME first).
            edits.append(Edit(fn.end_byte, config[0].start_byte, ")" * templated + ", "))
            fill = ", 0" * (4 - len(config))
            call_args = [c for c in args.named_children if c.type != "comment"]
            # ">>>(" becomes the defaults plus ", " before the first kernel argument (or nothing).
            tail_end = call_args[0].start_byte if call_args else args.start_byte + 1
            edits.append(Edit(config[-1].end_byte, tail_end, fill + (", " if call_args else "")))
            yield self.converted(
                fn.start_byte,
                fn.end_byte,
                f"launch of `{ctx.text(fn)}` -> hipLaunchKernelGGL",
                edits,
                family="launch",
                symbol=ctx.text(fn),
            )
