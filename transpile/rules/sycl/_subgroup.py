"""Which kernels need a fixed sub-group size, and the launch attribute that asks for it (a helper layer
module above _model and _warp: it imports no rule module)."""

from __future__ import annotations

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ._model import idents_in, model
from ._warp import _TILE_WORDS, SHUFFLES, call_name, reduction_loop, scan_loop


def _idiom_loops(ctx: RuleContext, body: Node) -> list[Node]:
    return [
        loop
        for loop in ts.captures("(for_statement) @f", body).get("f", [])
        if reduction_loop(ctx, loop) or scan_loop(ctx, loop)
    ]


def fixed_subgroup_functions(ctx: RuleContext) -> set[str]:
    """Kernels and device functions whose SYCL form assumes 32-lane sub-groups: they use a 32-lane
    cooperative-groups tile (GP241) or a shuffle that no idiom rule (GP230/GP231/GP234) takes (GP235),
    directly or through the device functions they call."""
    cached = getattr(ctx, "_fixed_subgroup", None)
    if isinstance(cached, set):
        return cached
    m = model(ctx)
    direct: set[str] = set()
    calls: dict[str, set[str]] = {}
    names = set(m.functions)
    for f in m.functions.values():
        body = f.node.child_by_field_name("body")
        if body is None:
            calls[f.name] = set()
            continue
        ids = idents_in(ctx, body)
        calls[f.name] = names & ids
        if ids & _TILE_WORDS:
            direct.add(f.name)
            continue
        if not ids & SHUFFLES:
            continue
        loops = _idiom_loops(ctx, body)
        for call in ts.captures("(call_expression) @c", body).get("c", []):
            if call_name(ctx, call) in SHUFFLES and not any(
                lp.start_byte <= call.start_byte and call.end_byte <= lp.end_byte for lp in loops
            ):
                direct.add(f.name)
                break
    out = set(direct)
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in out and callees & out:
                out.add(name)
                changed = True
    ctx._fixed_subgroup = out  # type: ignore[attr-defined]
    return out


def subgroup_attribute(ctx: RuleContext, kernel: str) -> str:
    """The kernel-lambda attribute a launch of `kernel` needs (with a leading space), or ""."""
    if kernel not in fixed_subgroup_functions(ctx):
        return ""
    return f" [[sycl::reqd_sub_group_size({ctx.options.sycl_subgroup_size})]]"
