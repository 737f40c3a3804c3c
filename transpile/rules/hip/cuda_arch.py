"""GP122 cuda-arch: `__CUDA_ARCH__` as a device-pass test becomes `__HIP_DEVICE_COMPILE__`; as a number it
is reported.

What it does
    `#ifdef __CUDA_ARCH__`, `#ifndef __CUDA_ARCH__`, `defined(__CUDA_ARCH__)` and a bare truth test
    (`#if __CUDA_ARCH__`, `#if !__CUDA_ARCH__ && X`) ask "is this the device pass?": they become
    `__HIP_DEVICE_COMPILE__`, which HIP defines (as 1) exactly there. A comparison in an `#if` with a
    compute capability every AMD GPU HIP targets meets (at most 6.0: double atomicAdd, `__ldg`, shuffles,
    half arithmetic) asks the same: `__CUDA_ARCH__ >= 600` becomes `defined(__HIP_DEVICE_COMPILE__)` and
    `__CUDA_ARCH__ < 350` its negation (the CUDA Programming Guide's atomicAdd(double) polyfill is then
    never compiled), unless a branch of that `#if` group holds inline assembly (PTX the device pass would
    then take). Every other use reads the compute capability (`#if __CUDA_ARCH__ >= 700`,
    `printf("%d", __CUDA_ARCH__)`), which has no AMD meaning: it is reported unconverted and left as
    written; in a file that has such a use, the device-pass tests are left and reported too (renamed,
    they would lead the device pass into branches whose numbers are 0).
Why
    hipcc defines no `__CUDA_ARCH__`: kept as is, every device-only branch silently turns into the host
    branch. Renamed blindly, `__CUDA_ARCH__ >= 700` would become `1 >= 700`, silently false.
Example
    #ifdef __CUDA_ARCH__
    #if __CUDA_ARCH__ >= 800
Translated to
    #ifdef __HIP_DEVICE_COMPILE__
    #if __CUDA_ARCH__ >= 800   (reported: pick the AMD path, e.g. on __gfx90a__ or a feature macro)
Safety
    safe for the device-pass tests; nothing is rewritten where a number is meant.
References
    HIP programming guide, "Porting: __CUDA_ARCH__" (`__HIP_DEVICE_COMPILE__`, `__HIP_ARCH_*`, `__gfx*__`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ...parse import groups_holding
from ...tokens import code_tokens
from ..base import Rule

NAME = "__CUDA_ARCH__"
_BEFORE_TRUTH = frozenset({b"if", b"elif", b"!", b"&&", b"||", b"("})
_AFTER_TRUTH = frozenset({b"&&", b"||", b")", b"?"})


def _line(source: bytes, at: int) -> tuple[int, int]:
    """The logical line around `at` (backslash continuations joined)."""
    start = source.rfind(b"\n", 0, at) + 1
    while start >= 2 and source[start - 2 : start] == b"\\\n":
        start = source.rfind(b"\n", 0, start - 2) + 1
    end = at
    while True:
        nl = source.find(b"\n", end)
        if nl < 0:
            return start, len(source)
        if nl > 0 and source[nl - 1 : nl] == b"\\":
            end = nl + 1
            continue
        return start, nl


# The compute capability every AMD GPU HIP targets provides: Pascal's 6.0 (double-precision atomicAdd,
# warp shuffles, half arithmetic, __ldg). 6.1's __dp4a and later (Volta's independent thread scheduling,
# Ampere's bf16 and cp.async) are not assumed.
AMD_FLOOR = 600
_COMPARISON = re.compile(rb"__CUDA_ARCH__\s*(>=|>|<=|<)\s*(\d+)\b")
_ASM = re.compile(rb"\b(?:asm|__asm__|__asm)\b")


def _floor_comparison(ctx: RuleContext, at: int) -> tuple[int, bool] | None:
    """`__CUDA_ARCH__ >= N` in an #if/#elif line, N at most AMD_FLOOR: (its end, True for the device
    pass); `__CUDA_ARCH__ < N`: (its end, False). None for anything else (run() then drops the ones whose
    group holds inline assembly)."""
    start, _end = _line(ctx.source, at)
    if not ctx.source[start:at].lstrip().startswith(b"#"):
        return None
    m = _COMPARISON.match(ctx.source, at)
    if m is None:
        return None
    op, n = m.group(1), int(m.group(2))
    # >= N, > N-1: true from N on; < N, <= N-1: false from N on. Either way every AMD GPU is past N.
    first = n + 1 if op in (b">", b"<=") else n
    if first > AMD_FLOOR:
        return None
    return m.end(), op in (b">=", b">")


class CudaArch(Rule):
    code = "GP122"
    name = "cuda-arch"
    targets = frozenset({"hip"})
    summary = "__CUDA_ARCH__ as a device-pass test -> __HIP_DEVICE_COMPILE__; as a number, reported."
    triggers = (NAME.encode(),)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        uses = [occ for occ in ctx.occurrences if occ.name == NAME]
        tests = {occ.start for occ in uses if self._device_test(ctx, occ.start)}
        # `__CUDA_ARCH__ >= 600` (at most Pascal's 6.0) asks for what every GPU HIP targets has: it is the
        # device pass, and `< 600` the host pass. Such comparisons count as device-pass tests below.
        floors = {occ.start: c for occ in uses if (c := _floor_comparison(ctx, occ.start)) is not None}
        if floors:
            # A branch of the group holding inline assembly (moderngpu's PTX shuffles behind `>= 300`) is
            # PTX for the device pass to take: such a test stays a reported number, and the device pass keeps
            # the branch it took before (the one for a GPU without the capability).
            asm_lines = groups_holding(ctx.source, _ASM)
            floors = {at: c for at, c in floors.items() if not any(a <= at < b for a, b in asm_lines)}
        tests |= set(floors)
        # A file that also reads the number (`#ifdef __CUDA_ARCH__` around `#if __CUDA_ARCH__ >= 200 ...
        # #else #error`, moderngpu; an enum sized by it, rodinia's dwt2d) keeps its device-pass tests too:
        # renamed, they would send the device pass into branches whose numbers are now 0 (an #error, a
        # constant that is not one). Unrenamed, hipcc takes the host branches, as before; all reported.
        # (A number read on the test's own line, `#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600`, is
        # guarded by that test: the line's test is still renamed.)
        test_lines = {_line(ctx.source, at) for at in tests}
        keep = any(o.start not in tests and _line(ctx.source, o.start) not in test_lines for o in uses)
        for occ in uses:
            if occ.start in tests and keep:
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"`{NAME}` (is this the device pass?) kept: this file also reads it as a compute "
                    "capability number, which has no AMD meaning; port both by hand (__HIP_DEVICE_COMPILE__, "
                    "__gfx*__)",
                    family="runtime",
                    symbol=NAME,
                )
            elif occ.start in floors:
                end, device = floors[occ.start]
                text = "defined(__HIP_DEVICE_COMPILE__)" if device else "!defined(__HIP_DEVICE_COMPILE__)"
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{ctx.source[occ.start : end].decode()}` (a compute capability every AMD GPU HIP targets "
                    f"meets) -> `{text}`",
                    [Edit(occ.start, end, text)],
                    family="runtime",
                    symbol=NAME,
                )
            elif occ.start in tests:
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{NAME}` (is this the device pass?) -> `__HIP_DEVICE_COMPILE__`",
                    [Edit(occ.start, occ.end, "__HIP_DEVICE_COMPILE__")],
                    family="runtime",
                    symbol=NAME,
                )
            else:
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"`{NAME}` used as a compute capability number: no AMD meaning; choose the HIP path by "
                    "hand (__HIP_DEVICE_COMPILE__ for the device pass, __gfx*__ or feature macros per GPU)",
                    family="runtime",
                    symbol=NAME,
                )

    @staticmethod
    def _device_test(ctx: RuleContext, at: int) -> bool:
        start, end = _line(ctx.source, at)
        tokens = code_tokens(ctx.source[start:end], start)
        if not tokens or tokens[0].text != b"#" or len(tokens) < 2:
            return False  # in code: a number
        directive = tokens[1].text
        i = next((k for k, t in enumerate(tokens) if t.start == at), None)
        if i is None:
            return False
        if directive in (b"ifdef", b"ifndef") and i == 2:
            return True
        if directive not in (b"if", b"elif"):
            return False
        before = tokens[i - 1].text
        if before == b"defined" or (before == b"(" and i >= 2 and tokens[i - 2].text == b"defined"):
            return True
        after = tokens[i + 1].text if i + 1 < len(tokens) else b""
        return before in _BEFORE_TRUTH and (after == b"" or after in _AFTER_TRUTH)
