"""GP312 register-storage: drop the `register` storage class, which C++17 removed.

What it does
    Deletes the keyword `register` (and the space after it) from declarations and parameters:
    `register float acc = 0;` becomes `float acc = 0;`. A GNU explicit register variable
    (`register int sp asm("sp");`) keeps it: there it names a machine register, not a storage class.
Why
    `register` has meant nothing since C++11 and is ill-formed in C++17. nvcc's front end still accepts it
    with a warning, so older CUDA (rodinia, the NVIDIA blog samples) uses it in kernels; clang, the
    compiler of hipcc and of every SYCL implementation, rejects it under -std=c++17
    ("ISO C++17 does not allow 'register' storage class specifier").
Example
    register unsigned long long start_time, sample_time;
Translated to
    unsigned long long start_time, sample_time;
Safety
    safe: the keyword has no effect on a C++11 (or later) program's meaning.
References
    C++17 [diff.cpp14.dcl.dcl] (removal of the register storage class); clang's -Wregister (an error by
    default in C++17).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule


class RegisterStorage(Rule):
    code = "GP312"
    name = "register-storage"
    targets = frozenset({"hip", "sycl"})
    summary = "Drop the `register` storage class (removed in C++17; clang rejects it)."
    triggers = (b"register",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for m in ts.matches("(storage_class_specifier) @s", ctx.root):
            node = m["s"][0]
            if ctx.text(node) != "register" or ctx.is_claimed(node.start_byte, node.end_byte):
                continue
            owner = node.parent
            if owner is not None and ("asm" in ctx.text(owner).split("=")[0]):
                continue  # `register int sp asm("sp")`: a GNU explicit register variable
            end = node.end_byte
            while end < len(ctx.source) and ctx.source[end : end + 1] in (b" ", b"\t"):
                end += 1
            yield self.converted(
                node.start_byte,
                node.end_byte,
                "`register` dropped: removed in C++17, and clang rejects it",
                [Edit(node.start_byte, end, "")],
                family="language",
                symbol="register",
            )
