"""GP123 meta-group: `tile.meta_group_rank()` / `meta_group_size()` for a HIP that lacks them.

What it does
    When the target HIP is older than the first HIP with `thread_block_tile::meta_group_rank()` and
    `meta_group_size()` (see the cooperative_groups table), a call on a tile this file makes with
    `tiled_partition<N>(parent)` (parent a named group or `this_thread_block()`) is rewritten from the
    parent: `meta_group_rank()` -> `(parent.thread_rank() / N)`, `meta_group_size()` ->
    `((parent.size() + N - 1) / N)`. A tile whose size or parent is not visible here (a parameter, a
    runtime size) is left to GP104, which reports it.
Why
    The tile is the `parent.thread_rank() / N`-th of the `ceil(parent.size() / N)` tiles its parent was
    cut into: exactly what the members return, computed with calls every HIP has.
Example
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[tile.meta_group_rank()] = tile.thread_rank();
Translated to
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[(cg::this_thread_block().thread_rank() / 32)] = tile.thread_rank();
Safety
    safe.
References
    CUDA programming guide, cooperative groups (`thread_block_tile`); HIP cooperative groups.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule

MEMBERS = ("meta_group_rank", "meta_group_size")
_TILE = re.compile(
    rb"\b([A-Za-z_]\w*)\s*=\s*(?:[A-Za-z_]\w*\s*::\s*)*tiled_partition\s*<\s*(\d+)\s*>\s*"
    rb"\(\s*((?:[A-Za-z_]\w*\s*::\s*)*this_thread_block\s*\(\s*\)|[A-Za-z_]\w*)\s*\)"
)


class MetaGroup(Rule):
    code = "GP123"
    name = "meta-group"
    targets = frozenset({"hip"})
    summary = "Compute meta_group_rank()/meta_group_size() from the parent group where HIP lacks them."
    triggers = tuple(m.encode() for m in MEMBERS)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        tiles: dict[str, tuple[int, str]] | None = None
        for occ in ctx.occurrences:
            if occ.name not in MEMBERS or occ.entry is None or occ.entry.min_hip is None:
                continue
            if occ.entry.min_hip <= ctx.options.hip_version or occ.node is None:
                continue
            field = occ.node.parent
            call = field.parent if field is not None else None
            if (
                field is None
                or call is None
                or field.type != "field_expression"
                or call.type != "call_expression"
            ):
                continue
            obj = field.child_by_field_name("argument")
            args = call.child_by_field_name("arguments")
            if obj is None or obj.type != "identifier" or args is None or args.named_children:
                continue
            if tiles is None:
                tiles = {}
                for m in _TILE.finditer(ctx.source):
                    name, size, parent = (g.decode("utf-8", "surrogateescape") for g in m.groups())
                    # One definition per name, or none: a name made twice with other sizes is not known.
                    tiles[name] = (int(size), re.sub(r"\s+", "", parent)) if name not in tiles else (0, "")
            size, parent = tiles.get(ctx.text(obj), (0, ""))
            if not size:
                continue
            if occ.name == "meta_group_rank":
                new = f"({parent}.thread_rank() / {size})"
            else:
                new = f"(({parent}.size() + {size - 1}) / {size})"
            have = ctx.options.hip_version
            yield self.converted(
                occ.start,
                occ.end,
                f"`{ctx.text(call)}` -> `{new}` (HIP {have[0]}.{have[1]} has no {occ.name}; the tile is one of "
                f"`{parent}` cut into {size}-thread tiles)",
                [Edit(call.start_byte, call.end_byte, new)],
                family="cooperative_groups",
                symbol=occ.name,
            )
