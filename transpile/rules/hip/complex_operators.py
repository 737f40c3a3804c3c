"""GP137 complex-operators: a project's own operators on cuComplex step aside for HIP's.

What it does
    A global-scope definition of an operator that HIP's `amd_hip_complex.h` already defines for
    `hipFloatComplex` / `hipDoubleComplex` (what `cuComplex`, `cuFloatComplex` and `cuDoubleComplex`
    become) is wrapped in `#if !defined(__HIP_PLATFORM_AMD__)` ... `#endif`: unary `-`, `==`, `!=`, `+`,
    `-`, `*`, `/` of two values of one complex type, `+=`, `-=`, `*=`, `/=`, and `*` of a complex value
    and a scalar (`float`, `double`, the integer types). Adjacent definitions share one guard. Operators
    HIP does not define (mixed float/double complex, `+` with a scalar) are kept as they are.
Why
    CUDA's `cuComplex.h` defines no operators, so libraries define their own (AMGX's `amgx_types/math.h`).
    HIP's header defines the same ones for the AMD platform, and C++ rejects a second definition of one
    signature ("redefinition of 'operator+'") or finds two equally good scalar products. HIP's operators
    compute the same complex arithmetic; on HIP's NVIDIA platform, which has none, the project's stay.
Example
    __host__ __device__ cuComplex operator+(const cuComplex &a, const cuComplex &b) { return cuCaddf(a, b); }
Translated to
    #if !defined(__HIP_PLATFORM_AMD__)
    __host__ __device__ hipFloatComplex operator+(const hipFloatComplex &a, const hipFloatComplex &b) { return hipCaddf(a, b); }
    #endif
Safety
    review: HIP's `/` divides without the scaling cuComplex's `cuCdivf` uses against overflow, so a
    project operator written with `cuCdivf` may round differently on extreme values.
References
    HIP's amd_hip_complex.h (COMPLEX_*_OP_OVERLOAD, COMPLEX_SCALAR_PRODUCT); CUDA's cuComplex.h.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule

COMPLEX = frozenset({"cuComplex", "cuFloatComplex", "cuDoubleComplex"})
# operator -> the parameter shapes HIP defines it for ("c" a complex value, "s" a scalar)
HIP_DEFINES = {
    "-": ({"c"}, {"cc"}),
    "+": ({"cc"},),
    "*": ({"cc", "cs"},),
    "/": ({"cc"},),
    "==": ({"cc"},),
    "!=": ({"cc"},),
    "+=": ({"cc"},),
    "-=": ({"cc"},),
    "*=": ({"cc"},),
    "/=": ({"cc"},),
}
SCALARS = frozenset(
    {
        "float", "double", "int", "signed int", "unsigned int", "unsigned", "short", "signed short",
        "unsigned short", "long", "signed long", "unsigned long", "long long", "signed long long",
        "unsigned long long",
    }
)  # fmt: skip
_SCOPES = frozenset({"translation_unit", "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif"})


def _param_type(ctx: RuleContext, param: Node) -> str:
    """A parameter's type without `const`, `&` and its name: `const cuComplex &a` -> `cuComplex`."""
    t = param.child_by_field_name("type")
    return re.sub(r"\s+", " ", ctx.text(t)).strip() if t is not None else ""


def _shape(ctx: RuleContext, params: list[Node]) -> str | None:
    """ "cc" / "cs" / "c" for parameters HIP's operators take (one complex type throughout), else None."""
    types = [_param_type(ctx, p) for p in params]
    if not types or types[0] not in COMPLEX:
        return None
    if len(types) == 1:
        return "c"
    if len(types) != 2:
        return None
    if types[1] == types[0]:
        return "cc"
    return "cs" if types[1] in SCALARS else None


class ComplexOperators(Rule):
    code = "GP137"
    name = "complex-operators"
    targets = frozenset({"hip"})
    summary = "Guard a project's cuComplex operators that HIP's amd_hip_complex.h already defines."
    triggers = (b"operator",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if not any(c.encode() in ctx.source for c in COMPLEX):
            return
        found: list[tuple[Node, str, Node]] = []
        for fn in ts.captures("(function_definition) @f", ctx.root).get("f", []):
            if fn.parent is None or fn.parent.type not in _SCOPES:
                continue  # a namespace's or a class's operator is not the global one HIP defines
            decl = fn.child_by_field_name("declarator")
            while decl is not None and decl.type in ("reference_declarator", "pointer_declarator"):
                decl = next((c for c in decl.named_children if c.type.endswith("declarator")), None)
            if decl is None or decl.type != "function_declarator":
                continue
            name = decl.child_by_field_name("declarator")
            if name is None or name.type != "operator_name":
                continue
            op = re.sub(r"^operator\s*", "", ctx.text(name)).strip()
            plist = decl.child_by_field_name("parameters")
            params = [p for p in plist.named_children if p.type == "parameter_declaration"] if plist else []
            shape = _shape(ctx, params)
            if op not in HIP_DEFINES or shape is None or not any(shape in s for s in HIP_DEFINES[op]):
                continue
            found.append((fn, f"operator{op}", name))
        for group in _adjacent(ctx, found):
            first, last = group[0][0], group[-1][0]
            start = ctx.source.rfind(b"\n", 0, first.start_byte) + 1
            if ctx.source[start : first.start_byte].strip():
                start = first.start_byte
            end = last.end_byte
            # The guard goes on a line of its own: inserted at the end of the line before (an insertion
            # at the definition's first byte would meet the edits of rules renaming its first word).
            at, guard = (
                (start - 1, "\n#if !defined(__HIP_PLATFORM_AMD__)")
                if start
                else (0, "#if !defined(__HIP_PLATFORM_AMD__)\n")
            )
            names = ", ".join(dict.fromkeys(n for _, n, _ in group))
            # The diagnostic covers the first operator's name only: the definitions' CUDA names are still
            # renamed by the rules after this one (a span claimed whole would be left alone).
            op_name = group[0][2]
            yield self.converted(
                op_name.start_byte,
                op_name.end_byte,
                f"`{names}` on cuComplex types: HIP's amd_hip_complex.h defines "
                f"{'it' if len(group) == 1 else 'them'} for the AMD platform, so the project's "
                f"{'definition is' if len(group) == 1 else 'definitions are'} kept for other platforms only",
                [
                    Edit(at, at, guard),
                    Edit(end, end, "\n#endif"),
                ],
                family="complex",
                symbol=group[0][1],
                safety=Safety.REVIEW,
            )


def _adjacent(ctx: RuleContext, found: list[tuple[Node, str, Node]]) -> list[list[tuple[Node, str, Node]]]:
    """The definitions in runs whose gaps hold only blanks and comments: one guard per run."""
    groups: list[list[tuple[Node, str, Node]]] = []
    for fn, name, op in sorted(found, key=lambda f: f[0].start_byte):
        if groups:
            prev = groups[-1][-1][0]
            gap = ctx.source[prev.end_byte : fn.start_byte]
            if prev.parent == fn.parent and not re.sub(rb"//[^\n]*|/\*.*?\*/", b"", gap, flags=re.S).strip():
                groups[-1].append((fn, name, op))
                continue
        groups.append([(fn, name, op)])
    return groups
