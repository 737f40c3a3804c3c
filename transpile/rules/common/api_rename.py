"""GP001 api-rename: rename CUDA API names that have a direct counterpart on the target.

What it does
    Replaces each use, in code, of a name found in the mapping tables with the target's spelling:
    `cudaMalloc` -> `hipMalloc`, `cublasSgemm` -> `hipblasSgemm`, `cub::` -> `hipcub::`; for SYCL the
    plain renames of the tables' `sycl` column (`sinf` -> `sycl::sin`).
Why
    Most of a CUDA program's host API has a one-to-one counterpart; the tables hold that knowledge so this
    rule stays small.
Example
    cudaError_t err = cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
Translated to
    hipError_t err = hipMemcpy(d, h, n, hipMemcpyHostToDevice);
Safety
    safe, except entries the tables flag `review` (semantics differ slightly; the report lists them).
    Names inside comments and string literals, and longer identifiers that merely contain a CUDA name
    (`my_cudaMalloc`), are never touched. Member names after `.`/`->` are never renamed, nor are names
    the file declares itself (a variable called `half` or `fmax`), nor a C API name qualified by a
    namespace (`hemi::cudaError`: CUDA's C APIs are global, so that one is the project's).
    HIP names with no counterpart are left and reported unconverted. cuDNN names take hipDNN's spelling
    as hipify-clang writes them (GP126 reports the file: ROCm ships no hipDNN), or with `--dnn keep` are
    left and reported one by one.
References
    transpile/tables/*.tsv; HIP porting guide; SYCL 2020 specification.
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule


class ApiRename(Rule):
    code = "GP001"
    name = "api-rename"
    targets = frozenset({"hip", "sycl"})
    summary = "Rename CUDA API names that have a direct counterpart on the target."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        hip = ctx.target == "hip"
        for occ in ctx.occurrences:
            entry = occ.entry
            # Member names (`prop.cudaThing`) belong to a struct, not to the API.
            if entry is None or (occ.node is not None and occ.node.type == "field_identifier"):
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            # The file declares this name itself (a variable `half`, a local `fmax`, its own `rsqrtf`):
            # every use refers to that declaration, not to the API.
            if occ.name in ctx.declared_names:
                continue
            # `hemi::cudaError`: CUDA's C APIs live in the global namespace, so a name qualified by another
            # namespace is the project's own (declared in a header of its own), not CUDA's.
            if entry.family in C_API_FAMILIES and _project_qualified(ctx, occ.node):
                continue
            # `sycl::half`, `sycl::fabs`: already SYCL (translated output translated again).
            if not hip and _after_sycl_scope(ctx.source, occ.start):
                continue
            if hip:
                new = entry.hip_name()
                if new is not None and "hipdnn" in entry.flags and ctx.options.dnn == "keep":
                    yield self.unconverted(
                        occ.start,
                        occ.end,
                        f"`{occ.name}` kept (--dnn keep): ROCm has no cuDNN; hipDNN would spell it `{new}`, "
                        "MIOpen's API differs",
                        family=entry.family,
                        symbol=occ.name,
                    )
                    continue
                if new is None:
                    why = entry.note or "HIP has no counterpart"
                    yield self.unconverted(
                        occ.start,
                        occ.end,
                        f"`{occ.name}` has no HIP counterpart: {why}",
                        family=entry.family,
                        symbol=occ.name,
                    )
                    continue
            else:
                new = entry.sycl_name()
                if new is None:
                    continue  # a SYCL rule handles it, or GP003 reports it
            safety = Safety.REVIEW if "review" in entry.flags else Safety.SAFE
            message = f"`{occ.name}` -> `{new}`"
            if "deprecated" in entry.flags:
                message += " (deprecated in CUDA)"
            edits = [Edit(occ.start, occ.end, new)] if new != occ.name else []
            yield self.converted(
                occ.start, occ.end, message, edits, family=entry.family, symbol=occ.name, safety=safety
            )


# Families whose names are C declarations in the global namespace (not C++ namespace members like
# cooperative_groups::, cub::, thrust::, std:: math).
C_API_FAMILIES = frozenset(
    {"runtime", "driver", "types", "complex", "cublas", "curand", "cufft", "cusparse", "cusolver", "cudnn"}
)


def _project_qualified(ctx: RuleContext, node: Node | None) -> bool:
    """True when `node` is the name of `ns::name` for a namespace `ns` (not `::name`, not a class)."""
    if node is None or node.parent is None or node.parent.type != "qualified_identifier":
        return False
    parent = node.parent
    if parent.child_by_field_name("name") != node:
        return False
    scope = parent.child_by_field_name("scope")
    return scope is not None and scope.type == "namespace_identifier" and ctx.text(scope) != "std"


_IDENT_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _after_sycl_scope(source: bytes, start: int) -> bool:
    """True when the name at `start` is qualified `sycl::` (spaces allowed around the `::`)."""
    i = _skip_space_back(source, start)
    if source[i - 2 : i] != b"::":
        return False
    i = _skip_space_back(source, i - 2)
    return source[i - 4 : i] == b"sycl" and (i == 4 or source[i - 5] not in _IDENT_BYTES)


def _skip_space_back(source: bytes, i: int) -> int:
    while i > 0 and source[i - 1] in b" \t\r\n":
        i -= 1
    return i
