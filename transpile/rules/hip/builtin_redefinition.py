"""GP114 builtin-redefinition: keep user definitions HIP already provides (atomics, vector compound
assignments) out of HIP's way.

What it does
    A function definition named like a CUDA atomic (`atomicAdd`, `atomicMax`, ...) whose first parameter
    points to a type for which HIP declares that atomic itself (`atomicAdd(double *)`,
    `atomicMax(float *)`, `atomicMin(unsigned long long *)` ...) is wrapped in
    `#if !defined(__HIP_PLATFORM_AMD__)` ... `#endif`: it stays for CUDA and HIP-on-NVIDIA builds, where
    the runtime lacks it, and HIP's own is used on AMD. So are a user's compound assignments on CUDA vector
    types (`void operator+=(float3 &a, float3 b)`, as the CUDA samples' helper_math.h writes them): HIP's
    vector types have them as members, and `a += b` would be ambiguous.
Why
    CUDA lacks some atomics on some architectures (`atomicAdd(double *)` before sm_60, `atomicMax(float *)`
    always), so projects write their own, often under `#if __CUDA_ARCH__ < 600`. HIP declares them all;
    the user's definition is then a "redefinition of 'atomicAdd'" under hipcc (and `__CUDA_ARCH__` is not
    defined there, so the guard does not help).
Example
    __device__ float atomicMax(float *address, float val) { ... }
Translated to
    #if !defined(__HIP_PLATFORM_AMD__)
    __device__ float atomicMax(float *address, float val) { ... }
    #endif
Safety
    safe: HIP's atomic has the semantics the user emulated. Overloads HIP does not declare (an
    `atomicMax(double2 *)`, a user's `atomicAdd(float2 *)`) are left alone.
References
    ROCm 5.2 `hip/amd_detail/amd_hip_atomic.h` (the element types below).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

_INTEGERS = {"int", "unsigned int", "unsigned long", "unsigned long long"}
_FLOATS = {"float", "double"}
# The atomics HIP 5.2 declares, by the element type of their first (pointer) parameter.
PROVIDED: dict[str, set[str]] = {
    "atomicAdd": _INTEGERS | _FLOATS,
    "atomicSub": _INTEGERS | _FLOATS,
    "atomicExch": _INTEGERS | _FLOATS,
    "atomicCAS": _INTEGERS | _FLOATS,
    "atomicMax": _INTEGERS | _FLOATS,
    "atomicMin": _INTEGERS | _FLOATS,
    "atomicAnd": _INTEGERS,
    "atomicOr": _INTEGERS,
    "atomicXor": _INTEGERS,
    "atomicInc": {"unsigned int"},
    "atomicDec": {"unsigned int"},
}
_SPELLINGS = {
    "unsigned": "unsigned int",
    "unsigned long int": "unsigned long",
    "unsigned long long int": "unsigned long long",
    "long long unsigned int": "unsigned long long",
    "long long unsigned": "unsigned long long",
    "signed int": "int",
}


# Compound assignments HIP's vector types define as members (`float3 += float3` is ambiguous beside a
# user's free operator); binary operators are not (a user's non-template overload wins).
COMPOUND = frozenset(f"operator{op}=" for op in ("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"))
_VECTOR = re.compile(r"(?:u?char|u?short|u?int|u?long|longlong|ulonglong|float|double)[1-4]")


def _vector_of(param_text: str, reference: bool = True) -> str | None:
    """`float3 &a` -> `float3` (a reference to a vector type); `const float3 &b` / `float3 b` likewise
    when `reference` is False."""
    words = [
        w for w in re.findall(r"[A-Za-z_]\w*", param_text.split("=")[0]) if w not in ("const", "volatile")
    ]
    if not words or not _VECTOR.fullmatch(words[0]):
        return None
    if reference and "&" not in param_text:
        return None
    return str(words[0])


def element_type(param_text: str) -> str | None:
    """`double *address` -> `double`; None when the parameter is not a plain pointer."""
    if param_text.count("*") != 1:
        return None
    base = param_text.split("*", 1)[0]
    words = [w for w in re.findall(r"[A-Za-z_]\w*", base) if w not in ("const", "volatile", "__restrict__")]
    text = " ".join(words)
    return _SPELLINGS.get(text, text)


_GUARD = "#if !defined(__HIP_PLATFORM_AMD__)\n"


class BuiltinRedefinition(Rule):
    code = "GP114"
    name = "builtin-redefinition"
    targets = frozenset({"hip"})
    summary = "Guard user definitions of atomics that HIP declares itself."
    # The atomics' names and the compound assignments as written (`operator+=`, `operator +=`): a bare
    # `operator` trigger is in most C++ headers and would make the engine parse every one of them.
    triggers = (
        *(name.encode() for name in PROVIDED),
        *(f"operator{sep}{op[len('operator') :]}".encode() for op in sorted(COMPOUND) for sep in ("", " ")),
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for fn in ts.captures("(function_definition) @f", ctx.root).get("f", []):
            decl = ts.function_declarator(fn)
            if decl is None:
                continue
            name_node = decl.child_by_field_name("declarator")
            name = ctx.text(name_node) if name_node is not None else ""
            params = decl.child_by_field_name("parameters")
            plist = [p for p in params.named_children if p.type != "comment"] if params else []
            if name.replace(" ", "") in COMPOUND:
                vec = _vector_of(ctx.text(plist[0])) if len(plist) == 2 else None
                if vec is None or _vector_of(ctx.text(plist[1]), reference=False) != vec:
                    continue
                what = f"{name.replace(' ', '')}({vec} &, {vec})"
            else:
                if name not in PROVIDED:
                    continue
                elem = element_type(ctx.text(plist[0])) if plist else None
                if elem not in PROVIDED[name]:
                    continue
                what = f"{name}({elem} *)"
            start = ctx.source.rfind(b"\n", 0, fn.start_byte) + 1
            if ctx.source[start : fn.start_byte].strip():
                continue  # shares its line with other code: not safe to wrap in a directive
            above = ctx.source.rfind(b"\n", 0, max(0, start - 1)) + 1
            if start and ctx.source[above : start - 1].strip() == _GUARD.rstrip().encode():
                continue  # guarded already (translated output translated again)
            end = fn.end_byte
            newline = ctx.source.find(b"\n", end)
            end = len(ctx.source) if newline == -1 else newline + 1
            tail = "" if newline != -1 else "\n"
            yield self.converted(
                fn.start_byte,
                decl.end_byte,
                f"HIP declares {what} itself: the user definition is kept for other platforms only",
                [
                    Edit(start, start, _GUARD),
                    Edit(end, end, f"{tail}#endif\n"),
                ],
                family="device",
                symbol=name,
            )
