"""GP236 vector-types: CUDA's `float4`, `int2`, `uchar4`... stay plain structs with `.x` fields.

What it does
    For every CUDA vector type the file uses (`char1`..`double4`, the unsigned `u*` forms, `longlong*`)
    and every `make_<type>(...)` it calls, defines once, after the includes, a standard C++ struct of the
    same name with CUDA's fields and alignment and an inline `make_<type>` that aggregate-initialises it:
        struct alignas(16) float4 { float x, y, z, w; };
        inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
    (guarded by `GPUPORT_VEC_<type>` so a header and the file including it can both carry it). A file
    that names cuComplex.h's types without including it (they become float2/double2, GP269) gets those two. The uses
    themselves are left as written: `v.x`, `float4 *p`, `reinterpret_cast<const float4 *>(a)[i]`.
Why
    SYCL's `sycl::float4` is a `sycl::vec` whose components are member functions (`v.x()`), so renaming
    the type breaks every `v.x` in the code and proving which expressions have a vector type needs type
    inference this tool does not do. A struct of our own keeps every field access, brace initialiser
    and pointer cast valid, in standard C++ (no helper header: the definition is emitted into the file),
    and `alignas` keeps CUDA's layout (16 bytes for float4/int4/double2...), so 128-bit loads through
    `reinterpret_cast<float4 *>` stay valid. The names live in the global namespace; `sycl::float4` is in
    namespace `sycl`, so they never clash unless the code says `using namespace sycl`.
Example
    float4 v = reinterpret_cast<const float4 *>(a)[i];
    out[i] = v.x + v.y + v.z + v.w;
Translated to
    (the same lines; `struct alignas(16) float4 { float x, y, z, w; };` is defined after the includes)
Safety
    safe. CUDA's vector types have no arithmetic operators (those come from helper_math.h, which is user
    code and keeps working on the structs).
References
    CUDA Runtime API, vector types (vector_types.h); C++17 [dcl.align]; SYCL 2020 specification, 4.14.2 (vec).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._vectors import VECTOR_NAME, definition


class VectorTypes(Rule):
    code = "GP236"
    name = "vector-types"
    targets = frozenset({"sycl"})
    summary = (
        "Keep CUDA vector types (float4, int2...) as aligned structs with .x fields, defined in the file."
    )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        used: dict[str, None] = {}
        declared = ctx.declared_names
        for occ in ctx.occurrences:
            m = VECTOR_NAME.fullmatch(occ.name)
            if m is None or occ.name in declared or ctx.is_claimed(occ.start, occ.end):
                continue
            base = occ.name.removeprefix("make_")
            used.setdefault(base, None)
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` kept: defined as a plain struct with CUDA's fields and alignment",
                family="type",
                symbol=occ.name,
            )
        # cuComplex.h's types become these structs (GP269), whose block comes with the header's include: a
        # header that only names them (KBLAS's kblas_l2.h, `cuFloatComplex alpha`) gets the structs here.
        if not any(inc.path == "cuComplex.h" for inc in ctx.includes):
            for occ in ctx.occurrences:
                struct = _COMPLEX_STRUCTS.get(occ.name)
                if struct is not None and occ.name not in declared:
                    used.setdefault(struct, None)
        if not used:
            return
        text = "".join(definition(n) for n in sorted(used, key=_order))
        top = ctx.top_level_includes
        if top and ctx.source[top[-1].directive_end - 1 : top[-1].directive_end] == b"\n":
            # On the last include's newline, so the structs come before the queue prelude (GP201, an
            # earlier rule) that is inserted right after that newline.
            at = top[-1].directive_end
            edit = Edit(at - 1, at, "\n" + text)
            last = ctx.tables.header(top[-1].path)
            if ctx.is_claimed(top[-1].directive_start, at) or (last is not None and last.sycl == "~"):
                # that include was rewritten (`<cooperative_groups.h>` removed with its line), or the
                # tables remove it (`<vector_functions.h>`, GP002): insert after it instead, or the structs
                # would go with it (or keep it alive)
                edit = Edit(at, at, text)
        elif ctx.source:
            edit = Edit(0, 1, text + ctx.slice(0, 1))
        else:
            return
        yield self.converted(
            edit.start,
            edit.start,
            f"vector types defined: {', '.join(sorted(used, key=_order))}",
            [edit],
            family="type",
        )


_COMPLEX_STRUCTS = {"cuFloatComplex": "float2", "cuComplex": "float2", "cuDoubleComplex": "double2"}


def _order(name: str) -> tuple[str, str]:
    m = VECTOR_NAME.fullmatch(name)
    return (m.group(1), m.group(2)) if m else (name, "")
