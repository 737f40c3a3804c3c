"""GP001 api-rename: rename CUDA API names that have a direct counterpart on the target.

What it does
    Replaces each use, in code, of a name found in the mapping tables with the target's spelling:
    `cudaMalloc` -> `hipMalloc`, `cublasSgemm` -> `hipblasSgemm`, `cub::` -> `hipcub::`; for SYCL the
    plain renames of the tables' `sycl` column (`sinf` -> `sycl::sin`).
    A type named with its C tag keyword (`struct cudaGraphicsResource *r`, `enum cudaMemcpyKind k`) loses
    the keyword: the target's name is a typedef (HIP's `hipGraphicsResource`) or not a tag at all (SYCL's
    `int`); a forward declaration of one (`struct cudaGraphicsResource;`) is removed for HIP, whose header
    declares the typedef. An enumerator qualified by its CUDA enum type (`cudaError_t::cudaSuccess`) is written
    unqualified (`hipSuccess`, SYCL's `0`): CUDA's C enums are unscoped, so both mean the same value.
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

import re
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
            # `cudaError_t::cudaSuccess`: the enumerator's occurrence rewrites the whole qualified name.
            if _enum_scope_of_enumerator(ctx, occ.node):
                continue
            enum_scoped = _enum_scoped(ctx, occ.node)
            if entry.family in C_API_FAMILIES and not enum_scoped and _project_qualified(ctx, occ.node):
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
            if edits and occ.node is not None:
                forward = _hip_forward_declaration(occ.node, new) if hip else None
                if forward is not None:
                    # `struct cudaGraphicsResource;`: HIP's header declares `hipGraphicsResource` as a
                    # typedef, which C++ may not redeclare as a struct; the declaration goes.
                    edits = [Edit(forward[0], forward[1], "")]
                    message += " (forward declaration removed: the HIP header declares it)"
                else:
                    edits = _qualifier_edits(ctx, occ.node, new, hip, enum_scoped) + edits
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


# Tagged type specifiers: `struct X`, `enum X` (a reference when it has no body).
_TAGGED = frozenset({"struct_specifier", "class_specifier", "union_specifier", "enum_specifier"})
# HIP's C API names are typedefs of their own name (`typedef struct hipDeviceProp_t {...} hipDeviceProp_t`,
# `typedef struct _hipGraphicsResource hipGraphicsResource`): usable without the tag keyword, in C too.
# Its bare tags (`ihipStream_t`, `_hipGraphicsResource`) are not, and keep it.
_HIP_TYPEDEF = re.compile(r"hip[A-Z]\w*")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*")


def _qualified_parent(node: Node) -> Node | None:
    """The `scope::name` node whose name is `node`, if any."""
    parent = node.parent
    if (
        parent is not None
        and parent.type == "qualified_identifier"
        and parent.child_by_field_name("name") == node
    ):
        return parent
    return None


def _is_c_api_type(ctx: RuleContext, node: Node | None) -> bool:
    if node is None or node.type not in ("namespace_identifier", "type_identifier"):
        return False
    entry = ctx.tables.lookup(ctx.text(node))
    return entry is not None and entry.family in C_API_FAMILIES and entry.kind == "type"


def _enum_scoped(ctx: RuleContext, node: Node | None) -> bool:
    """Whether `node` is the enumerator of `cudaError_t::cudaSuccess` (a CUDA C enum type as scope)."""
    parent = _qualified_parent(node) if node is not None else None
    return parent is not None and _is_c_api_type(ctx, parent.child_by_field_name("scope"))


def _enum_scope_of_enumerator(ctx: RuleContext, node: Node | None) -> bool:
    """Whether `node` is the `cudaError_t` of `cudaError_t::cudaSuccess`, whose enumerator is a table name
    too (that occurrence rewrites the whole qualified name)."""
    parent = node.parent if node is not None else None
    if parent is None or parent.type != "qualified_identifier" or parent.child_by_field_name("scope") != node:
        return False
    name = parent.child_by_field_name("name")
    if name is None or name.type != "identifier" or not _is_c_api_type(ctx, node):
        return False
    entry = ctx.tables.lookup(ctx.text(name))
    return entry is not None and entry.family in C_API_FAMILIES


def _qualifier_edits(ctx: RuleContext, node: Node, new: str, hip: bool, enum_scoped: bool) -> list[Edit]:
    """Edits that drop what no longer fits in front of a renamed name: the tag keyword of `struct X`,
    the enum type of `cudaError_t::cudaSuccess`, the `::` of `::cudaSuccess` when the target spells the
    value as a literal (SYCL's `0`)."""
    parent = node.parent
    if parent is None:
        return []
    if parent.type in _TAGGED and parent.child_by_field_name("name") == node:
        if parent.child_by_field_name("body") is not None or (hip and not _HIP_TYPEDEF.fullmatch(new)):
            return []
        if _forward_span(parent) is not None:
            return []  # `struct cudaGraphicsResource;` (SYCL): a forward declaration needs its keyword
        return [Edit(parent.start_byte, node.start_byte, "")]
    qualified = _qualified_parent(node)
    if qualified is None:
        return []
    if enum_scoped or (qualified.child_by_field_name("scope") is None and not _IDENTIFIER.fullmatch(new)):
        return [Edit(qualified.start_byte, node.start_byte, "")]
    return []


def _hip_forward_declaration(node: Node, new: str) -> tuple[int, int] | None:
    """The span of `struct cudaX;` (through its `;`) when `node` is its name and HIP's `new` is a typedef."""
    tag = node.parent
    if tag is None or tag.type not in _TAGGED or tag.child_by_field_name("name") != node:
        return None
    if tag.child_by_field_name("body") is not None or not _HIP_TYPEDEF.fullmatch(new):
        return None
    return _forward_span(tag)


def _forward_span(tag: Node) -> tuple[int, int] | None:
    """The span of the forward declaration `struct X;` that `tag` (`struct X`) makes, if it makes one."""
    after = tag.next_sibling
    if after is not None and after.type == ";":
        return tag.start_byte, after.end_byte
    parent = tag.parent
    if (
        parent is not None
        and parent.type == "declaration"
        and parent.child_by_field_name("declarator") is None
    ):
        return parent.start_byte, parent.end_byte
    return None
