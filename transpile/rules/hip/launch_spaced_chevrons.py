"""GP127 launch-spaced-chevrons: a launch written `k << < grid, block >> > (args)` gets `<<<` and `>>>`.

What it does
    In a kernel launch whose chevrons are written with blanks between the angle brackets (`<< <`,
    `>> >`, as some code formatters leave them), the chevrons are written `<<<` and `>>>`.
Why
    nvcc accepts the spaced form; HIP's compiler (clang) lexes `<<<` and `>>>` as single tokens only and
    stops with "expected expression" on the spaced form (rodinia's particlefilter, SimpleGPUHashTable).
Example
    likelihood_kernel << < num_blocks, threads_per_block >> > (x, y, n);
Translated to
    likelihood_kernel <<< num_blocks, threads_per_block >>> (x, y, n);
Safety
    safe: the same launch; only the blanks inside the chevrons go.
References
    CUDA C++ programming guide, execution configuration; clang's CUDA/HIP lexer (`<<<` is one token).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_SPACED_OPEN = re.compile(rb"<<[ \t]+<")
_SPACED_CLOSE = re.compile(rb">>[ \t]+>")


class LaunchSpacedChevrons(Rule):
    code = "GP127"
    name = "launch-spaced-chevrons"
    targets = frozenset({"hip"})
    summary = "Write a launch's spaced chevrons (`<< <`, `>> >`) as `<<<` and `>>>`."
    triggers = (b"<<",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        # `<<` (shifts, streams) and `>> >` (templates) are common; a spaced launch is not: query the tree
        # only when a spaced opening, or a launch and a spaced closing, are in the text.
        src = ctx.source
        if not _SPACED_OPEN.search(src) and not (b"<<<" in src and _SPACED_CLOSE.search(src)):
            return
        for cfg in ts.captures("(kernel_call_syntax) @c", ctx.root).get("c", []):
            for tok in cfg.children:
                if tok.type not in ("<<<", ">>>"):
                    continue
                written = ctx.text(tok)
                if written == tok.type:
                    continue
                yield self.converted(
                    tok.start_byte,
                    tok.end_byte,
                    f"launch chevron `{written}` -> `{tok.type}`",
                    [Edit(tok.start_byte, tok.end_byte, tok.type)],
                    family="launch",
                )
