"""Where a file uses the half-precision API of `cuda_fp16.h` / `cuda_bf16.h` (a helper layer module: it
imports no rule module): the uses GP239 renames, the families GP240 defines helpers for, and the
substitutions a rule that moves source text must carry with it. The mapping itself: _half_table.py."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...calls import call_at
from ...context import (
    IDENT_TYPES,
    Occurrence,
    RuleContext,
    hip_branch_declaration,
    in_error_region,
    in_other_scope,
)
from . import _half_table as table
from ._syntax import in_code

_IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")
# Parent node type -> the field holding the name it declares (the file's own `half` variable, `__hadd`).
_DECLARING = {
    "preproc_def": "name",
    "preproc_function_def": "name",
    "function_declarator": "declarator",
    "struct_specifier": "name",
    "class_specifier": "name",
    "type_definition": "declarator",
    "init_declarator": "declarator",
    "declaration": "declarator",
    "alias_declaration": "name",
    "pointer_declarator": "declarator",
    "array_declarator": "declarator",
    "parameter_declaration": "declarator",
    "reference_declarator": "declarator",
    "enumerator": "name",
}


@dataclass(frozen=True)
class HalfUse:
    """One translated use: the occurrence and what it became."""

    occ: Occurrence
    name: table.HalfName


@dataclass
class HalfScan:
    uses: list[HalfUse]
    families: set[str]  # families of the family-specific names the file uses


def scan(ctx: RuleContext) -> HalfScan:
    """The file's uses of half-precision names (computed once per file; GP240 reads what GP239 kept)."""
    cached = getattr(ctx, "_sycl_half", None)
    if isinstance(cached, HalfScan):
        return cached
    result = HalfScan([], set())
    ctx._sycl_half = result  # type: ignore[attr-defined]
    return result


def _occurrences(ctx: RuleContext, names: set[str]) -> list[Occurrence]:
    """Uses of `names` in code (not comments or strings), also inside macro bodies (tokenised)."""
    out: list[Occurrence] = []
    root = ctx.root
    for m in _IDENT.finditer(ctx.source):
        name = m.group().decode()
        if name not in names:
            continue
        start, end = m.start(), m.end()
        node = root.descendant_for_byte_range(start, end)
        if (
            node is not None
            and node.type in IDENT_TYPES
            and node.start_byte == start
            and node.end_byte == end
        ):
            if (
                node.type != "qualified_identifier"
                and in_other_scope(ctx.source, start)
                and in_error_region(node)
            ):
                continue  # `half_float::half` in a region the grammar could not parse: not CUDA's half
            out.append(Occurrence(name, start, end, node, ctx.tables.lookup(name)))
        elif in_code(ctx, start, end) and not ctx.source[max(0, start - 64) : start].rstrip().endswith(b"::"):
            # In a macro body, tokenised: `sycl::half` is a qualified name already (the output translated
            # again), not CUDA's `half`.
            out.append(Occurrence(name, start, end, None, ctx.tables.lookup(name)))
    return out


def _declared(ctx: RuleContext, occs: list[Occurrence]) -> set[str]:
    found: set[str] = set()
    for occ in occs:
        node = occ.node
        parent = node.parent if node is not None else None
        if parent is None or hip_branch_declaration(ctx, node):
            continue  # (a definition for HIP builds only: nvcc uses CUDA's)
        fld = _DECLARING.get(parent.type)
        if fld is not None and parent.child_by_field_name(fld) == node:
            found.add(occ.name)
    return found


def _candidates(ctx: RuleContext) -> list[tuple[Occurrence, str | None]]:
    """Every use of a half-precision name this pack would translate, with None, or the reason it cannot
    be translated. Independent of claims, so rules that move source text can ask for it (half_edits)."""
    cached = getattr(ctx, "_sycl_half_candidates", None)
    if isinstance(cached, list):
        return cached
    out: list[tuple[Occurrence, str | None]] = []
    occs = _occurrences(ctx, set(table.names()) | set(table.UNSUPPORTED))
    declared = _declared(ctx, occs)
    for occ in occs:
        if occ.name in declared or hip_branch_declaration(ctx, occ.node):
            continue
        node = occ.node
        if node is not None:
            if node.type == "field_identifier":
                continue
            parent = node.parent
            if parent is not None and parent.type == "qualified_identifier":
                scope = parent.child_by_field_name("scope")
                if scope is not None and scope != node:
                    continue  # `ns::half` is somebody else's
        why = table.UNSUPPORTED.get(occ.name)
        if why is None and table.names()[occ.name].call and call_at(ctx, occ) is None:
            why = "used other than in a call: not translated"
        out.append((occ, why))
    ctx._sycl_half_candidates = out  # type: ignore[attr-defined]
    return out


def half_edits(ctx: RuleContext) -> list[tuple[int, int, str]]:
    """(start, end, replacement) of every half-precision name GP239 translates: for rules that copy
    source text elsewhere (a launch's arguments) and must carry the translation with it."""
    return [(o.start, o.end, table.names()[o.name].sycl) for o, why in _candidates(ctx) if why is None]
