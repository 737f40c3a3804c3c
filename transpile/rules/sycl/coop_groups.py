"""GP241 coop-groups: cooperative groups on a thread block and 32-lane tiles become SYCL groups.

What it does
    Translates the cooperative-groups API (`#include <cooperative_groups.h>`, `namespace cg =
    cooperative_groups;`, qualified or under `using namespace cooperative_groups;`) inside kernels and
    device functions:
    - `cg::thread_block` -> `sycl::group<3>`, `cg::this_thread_block()` -> `item.get_group()`;
      `b.sync()` / `cg::sync(b)` -> `sycl::group_barrier(b)`, `b.thread_rank()` ->
      `b.get_local_linear_id()`, `b.size()` / `b.num_threads()` -> `b.get_local_linear_range()`,
      `b.group_index().x` -> `b.get_group_id(2)`, `b.thread_index().y` -> `b.get_local_id(1)`,
      `b.group_dim().z` / `b.dim_threads().z` -> `b.get_local_range(0)` (x/y/z = dimensions 2/1/0);
    - `cg::thread_block_tile<32>` -> `sycl::sub_group`, `cg::tiled_partition<32>(b)` ->
      `item.get_sub_group()`; on a tile `thread_rank/size/num_threads/meta_group_rank/meta_group_size` ->
      `get_local_linear_id/get_local_linear_range/get_group_linear_id/get_group_linear_range`,
      `t.shfl_down(v, d)` -> `sycl::shift_group_left(t, v, d)` (`shfl_up` -> `shift_group_right`,
      `shfl_xor` -> `permute_group_by_xor`, `shfl` -> `select_from_group`), `t.any/all(p)` ->
      `sycl::any_of_group/all_of_group(t, p)`, `t.ballot(p)` -> a `bit_or` reduction of lane bits;
    - `cg::reduce(t, v, cg::plus<T>())` -> `sycl::reduce_over_group(t, v, sycl::plus<T>())`
      (`cg::less` -> `sycl::minimum`, `cg::greater` -> `sycl::maximum`, `cg::bit_and/or/xor` alike),
      `cg::inclusive_scan/exclusive_scan` -> `sycl::inclusive_scan_over_group/exclusive_scan_over_group`;
    - the include and the namespace alias / using-directive are removed;
    - the two-level block reduction through one shared slot per tile (`v = cg::reduce(tile, v, op);`
      `if (tile.thread_rank() == 0) slots[tile.meta_group_rank()] = v;` `block.sync();`
      `if (tile.meta_group_rank() == 0) { w = (tile.thread_rank() < n) ? slots[tile.thread_rank()] : id;`
      `w = cg::reduce(tile, w, op); ... }`, the slots used nowhere else) becomes one
      `v = sycl::reduce_over_group(block, v, op);`, the store and the second reduction removed and `w`
      taking `v`: right for any sub-group size (the slots array was sized for 32-lane tiles).
    - tiles of another size (`tiled_partition<16>`, `tiled_partition<N>(block)` of a template parameter,
      tiles larger than a warp) and a generic `thread_group` become `gpuport_thread_group`, the block's
      work-items in tiles of consecutive ranks; `cg::reduce` over such a tile becomes `gpuport_reduce`,
      one work-group reduction per tile (the other tiles give the identity); `__shared__
      cg::block_tile_memory<N>` scratch becomes an unused one-byte `gpuport_block_tile_memory<N>` and
      `this_thread_block(scratch)` `item.get_group()`; in a file with such groups, `cg::reduce` on a group
      of unknown type (a template's `Group &g`) becomes `gpuport_reduce` too (SYCL's algorithm for SYCL
      groups);
    - `cg::coalesced_threads()` / `cg::coalesced_group` -> `gpuport_coalesced_group`, a group of this
      work-item alone, and `labeled_partition` / `binary_partition` of it -> that group again; its
      `shfl(v, i)` is `v`, `any/all(p)` `p`, `ballot(p)` `p ? 1 : 0`, `sync()` nothing, `cg::reduce` the value;
    - `cg::this_grid()` / `cg::grid_group` -> `gpuport_grid_group(item)`: `thread_rank()` (block rank times
      block size plus rank in the block, as CUDA counts), `size()`, `block_rank()`, `num_blocks()`.
    Function parameters of these types change type with them; a device function that now uses `item`
    receives it (GP205). `grid.sync()`, partitions of tiles and blocks, and collectives of the emulated
    groups other than `reduce` are reported unconverted.
Why
    A CUDA thread block is a SYCL work-group and a warp-sized tile is what a sub-group is for; SYCL 2020's
    group functions and algorithms take the group object as cooperative groups do. Grid-wide
    synchronisation (`grid.sync()`) has no standard SYCL 2020 form: the kernel must be split at it.
    CUDA defines a coalesced group as the threads active at the call and says it need not be the whole
    warp even in converged code, so code correct in CUDA cannot depend on its size: a group of one
    work-item is one of the groups CUDA may give, and needs no sub-group of any size. SYCL 2020 has no
    group for part of a work-group; its work-group algorithms over the whole work-group, each work-item
    outside a tile giving the identity, reduce one tile exactly.
Example
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    v = cg::reduce(tile, v, cg::plus<float>());
    block.sync();
Translated to
    sycl::group<3> block = item.get_group();
    sycl::sub_group tile = item.get_sub_group();
    v = sycl::reduce_over_group(tile, v, sycl::plus<float>());
    sycl::group_barrier(block);
Safety
    safe for the thread block. A 32-lane tile is the sub-group only when the sub-group has 32 lanes
    (review): the kernel must run with `[[sycl::reqd_sub_group_size(32)]]` (Options.sycl_subgroup_size),
    which the launch rule writes for kernels that use a tile; on devices without 32-lane sub-groups (a
    CPU with 1 lane) such code is not portable. Tiles of other sizes are not split into sub-groups
    (no standard SYCL form is right for every sub-group size). The tile helper's `sync()` and
    `gpuport_reduce` are work-group barriers and algorithms: right when every work-item of the block
    reaches them (review). `coalesced_threads()` is review: right for code that keeps CUDA's rules, while
    code that counts on a whole warp being active gets this work-item's values.
References
    CUDA C++ Programming Guide, Cooperative Groups; SYCL 2020 specification, 4.9.1.7 (group), 4.9.1.8
    (sub_group), 4.17.3 (group functions), 4.17.4 (group algorithms).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety, Status
from ...edits import Edit
from ..base import Rule
from ._coop_helpers import (
    COALESCED_HELPER,
    COALESCED_TYPE,
    GRID_HELPER,
    GRID_TYPE,
    REDUCE,
    REDUCE_HELPER,
    REDUCE_OP,
    REDUCE_OP_HELPER,
    TILE_MEMORY_HELPER,
    TILE_MEMORY_TYPE,
    TILE_REDUCE_HELPER,
)
from ._model import DIM, ITEM_NAMES, declarator_name, enclosing_function, function_name, model, render
from ._placement import block_edit
from ._warp import body_statements, call_args, int_value, strip_parens

NAMESPACE = "cooperative_groups"
WARP = 32
BLOCK_TYPE = "sycl::group<3>"
TILE_TYPE = "sycl::sub_group"
PART_TYPE = "gpuport_thread_group"
# A generic thread_group, or a tile that is not the 32-lane sub-group: the block's threads in tiles of
# consecutive linear ranks. Rank, size and the meta-group queries are exact; sync() is a barrier of the
# whole block, right when every thread of the block reaches it (the usual uniform code).
PART_HELPER = """\
#ifndef GPUPORT_THREAD_GROUP
#define GPUPORT_THREAD_GROUP
struct gpuport_thread_group {
  sycl::group<3> block;
  size_t n;  // threads per tile (the whole block for a thread block)
  gpuport_thread_group(sycl::group<3> b) : block(b), n(b.get_local_linear_range()) {}
  gpuport_thread_group(sycl::group<3> b, size_t tile) : block(b), n(tile) {}
  unsigned long long thread_rank() const { return block.get_local_linear_id() % n; }
  unsigned long long size() const { return n; }
  unsigned long long num_threads() const { return n; }
  unsigned long long meta_group_rank() const { return block.get_local_linear_id() / n; }
  unsigned long long meta_group_size() const { return (block.get_local_linear_range() + n - 1) / n; }
  void sync() const { sycl::group_barrier(block); }
};
// A tile made by tiled_partition: its shuffles run on the sub-group, which holds whole tiles of at most
// its size (CUDA shuffles tiles of up to 32 threads; the kernel asks for 32-lane sub-groups). Lanes whose
// source lies outside their tile keep their own value, as CUDA's do.
struct gpuport_tile_group : gpuport_thread_group {
  sycl::sub_group sg;
  gpuport_tile_group(sycl::group<3> b, size_t tile, sycl::sub_group s) : gpuport_thread_group(b, tile), sg(s) {}
  unsigned lane() const { return sg.get_local_linear_id() % n; }
  template <typename T> T shfl_down(T v, unsigned d) const {
    T r = sycl::shift_group_left(sg, v, d);
    return lane() + d < n ? r : v;
  }
  template <typename T> T shfl_up(T v, unsigned d) const {
    T r = sycl::shift_group_right(sg, v, d);
    return lane() >= d ? r : v;
  }
  template <typename T> T shfl_xor(T v, unsigned m) const {
    T r = sycl::permute_group_by_xor(sg, v, m);
    return (lane() ^ m) < n ? r : v;
  }
  template <typename T> T shfl(T v, int src) const {
    unsigned l = sg.get_local_linear_id();
    return sycl::select_from_group(sg, v, l - l % n + (unsigned)src % n);
  }
};
#endif
"""
TILE_PART_TYPE = "gpuport_tile_group"

# cooperative-groups function object -> SYCL function object
FUNCTORS = {
    "plus": "sycl::plus",
    "less": "sycl::minimum",
    "greater": "sycl::maximum",
    "bit_and": "sycl::bit_and",
    "bit_or": "sycl::bit_or",
    "bit_xor": "sycl::bit_xor",
}
_ALGORITHMS = {
    "reduce": "sycl::reduce_over_group",
    "inclusive_scan": "sycl::inclusive_scan_over_group",
    "exclusive_scan": "sycl::exclusive_scan_over_group",
}
# `this_grid()` is a function of the nd_item (its helper holds one)
ITEM_NAMES.add("this_grid")
GRID_SYNC = (
    "grid-wide synchronisation has no standard SYCL 2020 form: split the kernel at grid.sync() into "
    "separate launches"
)
# the members each helper type has (a call of another is reported)
_HELPER_MEMBERS = {
    "part": {
        *("thread_rank", "size", "num_threads", "meta_group_rank", "meta_group_size", "sync"),
        *(
            "shfl",
            "shfl_up",
            "shfl_down",
            "shfl_xor",
        ),  # a tile's (gpuport_tile_group); a thread_group has none
    },
    "coal": {
        *("thread_rank", "size", "num_threads", "meta_group_rank", "meta_group_size", "sync"),
        *("shfl", "shfl_up", "shfl_down", "shfl_xor", "any", "all", "ballot", "match_any"),
    },
    "grid": {"is_valid", "thread_rank", "size", "num_threads", "block_rank", "num_blocks"},
}
_HELPER_NAMES = {"part": PART_TYPE, "coal": COALESCED_TYPE, "grid": GRID_TYPE}
# the key of the tile reduction helper (gpuport_reduce over gpuport_thread_group)
_TILE_REDUCE = "tile reduce"
# labeled_partition / binary_partition of a coalesced group (a group of one work-item): that group again
_PARTITIONS = ("labeled_partition", "binary_partition")
_UNSUPPORTED = {
    "multi_grid_group": "multi-device groups have no SYCL counterpart",
    "this_multi_grid": "multi-device groups have no SYCL counterpart",
    "memcpy_async": "cooperative memcpy_async has no standard SYCL 2020 form: copy with a loop and a barrier",
    "wait": "cooperative wait has no standard SYCL 2020 form",
}
# Block members: CUDA method -> sycl::group<3> method (no arguments).
_BLOCK_METHODS = {
    "thread_rank": "get_local_linear_id()",
    "size": "get_local_linear_range()",
    "num_threads": "get_local_linear_range()",
}
# Block members returning dim3: method -> sycl::group<3> method taking the dimension.
_BLOCK_DIMS = {
    "group_index": "get_group_id",
    "thread_index": "get_local_id",
    "group_dim": "get_local_range",
    "dim_threads": "get_local_range",
}
_TILE_METHODS = {
    "thread_rank": "get_local_linear_id()",
    "size": "get_local_linear_range()",
    "num_threads": "get_local_linear_range()",
    "meta_group_rank": "get_group_linear_id()",
    "meta_group_size": "get_group_linear_range()",
}
_TILE_SHUFFLES = {
    "shfl_down": "sycl::shift_group_left",
    "shfl_up": "sycl::shift_group_right",
    "shfl_xor": "sycl::permute_group_by_xor",
    "shfl": "sycl::select_from_group",
    "any": "sycl::any_of_group",
    "all": "sycl::all_of_group",
}


def aliases(ctx: RuleContext) -> set[str]:
    """Names that spell the cooperative_groups namespace in this file (the namespace and its aliases)."""
    out = {NAMESPACE, *ctx.options.cg_aliases}  # aliases defined by another file of the tree
    for node in ts.captures("(namespace_alias_definition) @a", ctx.root).get("a", []):
        ids = [c for c in node.named_children if c.type == "namespace_identifier"]
        if len(ids) == 2 and ctx.text(ids[1]) == NAMESPACE:
            out.add(ctx.text(ids[0]))
    return out


def using_namespace(ctx: RuleContext) -> list[Node]:
    return [
        n
        for n in ts.captures("(using_declaration) @u", ctx.root).get("u", [])
        if any(c.type == "namespace" for c in n.children)
        and ctx.text(n.named_children[-1] if n.named_children else n) in aliases(ctx)
    ]


def _member(node: Node) -> Node | None:
    """The part after `ns::` of a qualified identifier."""
    named = node.child_by_field_name("name")
    if named is not None:
        return named
    seen = False
    for c in node.children:
        if c.type == "::":
            seen = True
        elif seen:
            return c
    return None


def _name_of(ctx: RuleContext, member: Node) -> str:
    if member.type in ("template_type", "template_function"):
        n = member.child_by_field_name("name")
        return ctx.text(n) if n is not None else ""
    return ctx.text(member)


def _template_arg(ctx: RuleContext, member: Node) -> int | None:
    args = member.child_by_field_name("arguments")
    named = [a for a in args.named_children if a.type != "comment"] if args is not None else []
    return int_value(ctx, named[0]) if len(named) == 1 else None


_KNOWN = {
    "thread_group",
    "thread_block",
    "thread_block_tile",
    "this_thread_block",
    "tiled_partition",
    "sync",
    "coalesced_group",
    "coalesced_threads",
    "grid_group",
    "this_grid",
    "block_tile_memory",
    *_PARTITIONS,
    *FUNCTORS,
    *_ALGORITHMS,
    *_UNSUPPORTED,
}


def cg_refs(ctx: RuleContext) -> list[tuple[Node, Node, str]]:
    """(whole reference, member node, member name) of every cooperative-groups name used in code."""
    cached = getattr(ctx, "_cg_refs", None)
    if isinstance(cached, list):
        return cached
    names = aliases(ctx)
    out: list[tuple[Node, Node, str]] = []
    for q in ts.captures("(qualified_identifier) @q", ctx.root).get("q", []):
        scope = q.child_by_field_name("scope")
        if scope is None or ctx.text(scope) not in names:
            continue
        member = _member(q)
        if member is not None:
            out.append((q, member, _name_of(ctx, member)))
    if using_namespace(ctx):
        # the file's own `reduce` or `sync` is not cooperative groups'
        own = {
            function_name(ctx, fn) for fn in ts.captures("(function_definition) @f", ctx.root).get("f", [])
        }
        for n in ts.captures(
            "(identifier) @i (type_identifier) @i (template_type) @i (template_function) @i", ctx.root
        ).get("i", []):
            p = n.parent
            if p is None or p.type in ("qualified_identifier", "field_expression", "template_type"):
                continue
            if p.type == "template_function" and n.type == "identifier":
                continue
            name = _name_of(ctx, n)
            if name not in _KNOWN or name in own:
                continue
            if n.type == "identifier" and p.type != "call_expression" and misparsed_tile(ctx, n) is None:
                continue
            out.append((n, n, name))
    ctx._cg_refs = out  # type: ignore[attr-defined]
    return out


def misparsed_tile(ctx: RuleContext, whole: Node) -> tuple[int, int | None, Node] | None:
    """tree-sitter reads `cg::thread_block_tile<32> t = init;` after some statements as the comparison
    `(cg::thread_block_tile < 32) > (t = init)`: (end of the type text, tile size, variable node)."""
    lt = whole.parent
    if lt is None or lt.type != "binary_expression" or lt.child_by_field_name("left") != whole:
        return None
    gt = lt.parent
    op1, op2 = lt.child_by_field_name("operator"), gt.child_by_field_name("operator") if gt else None
    if gt is None or op1 is None or op2 is None or ctx.text(op1) != "<" or ctx.text(op2) != ">":
        return None
    if gt.child_by_field_name("left") != lt or gt.parent is None or gt.parent.type != "expression_statement":
        return None
    right, size = gt.child_by_field_name("right"), lt.child_by_field_name("right")
    var = (
        right.child_by_field_name("left")
        if right is not None and right.type == "assignment_expression"
        else right
    )
    if var is None or var.type != "identifier" or size is None:
        return None
    return op2.end_byte, int_value(ctx, size), var


def type_kind(ctx: RuleContext, member: Node, name: str) -> str | None:
    """'block', 'tile' (32 lanes), 'part' (a generic thread_group, a tile of another size: the partition
    helper), 'coal' (a coalesced group: one work-item), 'grid', 'mem' (block_tile_memory) or 'other' for
    a cooperative-groups type."""
    if name == "thread_block":
        return "block"
    if name == "coalesced_group":
        return "coal"
    if name == "grid_group":
        return "grid"
    if name == "block_tile_memory":
        return "mem"
    if name == "thread_group":
        return "part"
    if name == "thread_block_tile":
        return "tile" if _template_arg(ctx, member) == WARP else "part"
    if name in _UNSUPPORTED:
        return "other"
    return None


def _template_arg_text(ctx: RuleContext, member: Node) -> str | None:
    """The text of the one template argument of `tiled_partition<N>` (a template parameter, an
    expression), or None."""
    if member.type != "template_function":
        return None
    args = member.child_by_field_name("arguments")
    named = [a for a in args.named_children if a.type != "comment"] if args is not None else []
    return render(ctx, named[0].start_byte, named[0].end_byte) if len(named) == 1 else None


def _partition_size(ctx: RuleContext, member: Node, call: Node) -> int | None:
    if member.type == "template_function":
        return _template_arg(ctx, member)
    args = call_args(call)
    return int_value(ctx, args[1]) if len(args) == 2 else None


class CoopGroups(Rule):
    code = "GP241"
    name = "coop-groups"
    targets = frozenset({"sycl"})
    summary = "Translate cooperative groups (thread block, 32-lane tiles, reduce) to SYCL groups."
    # `cg::` and the group types: a header that uses an alias its includer defines (Options.cg_aliases)
    triggers = (b"cooperative_groups", b"cg::", b"thread_block", b"tiled_partition")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        yield from self._declarations(ctx)
        refs = cg_refs(ctx)
        by_whole = {w.id: (m, n) for w, m, n in refs}
        kinds = self._variable_kinds(ctx, refs)
        ctx._cg_emulated = any(k in ("part", "coal") for k in kinds.values())  # type: ignore[attr-defined]
        ctx._cg_reduce_helpers = {}  # type: ignore[attr-defined]
        yield from self._block_reductions(ctx, kinds, by_whole)
        # helper name -> first offset that needs it
        needed: dict[str, int] = {}
        for whole, member, name in refs:
            for d in self._reference(ctx, whole, member, name, kinds, by_whole):
                text = "".join(e.text for e in d.edits)
                if name == "block_tile_memory" and d.status == Status.CONVERTED:
                    text += TILE_MEMORY_TYPE  # the scratch's type, written by the launch (GP203/GP206)
                for helper in (PART_TYPE, COALESCED_TYPE, GRID_TYPE, TILE_MEMORY_TYPE):
                    if helper in text or (helper == PART_TYPE and TILE_PART_TYPE in text):
                        needed.setdefault(helper, d.start)
                yield d
        yield from self._methods(ctx, kinds, by_whole)
        for helper, at in ctx._cg_reduce_helpers.items():  # type: ignore[attr-defined]
            needed[helper] = min(at, needed.get(helper, at))
        yield from self._helpers(ctx, needed)

    def _helpers(self, ctx: RuleContext, needed: dict[str, int]) -> Iterator[Diagnostic]:
        """One block of the helpers the file uses (each under its guard), before the first use."""
        blocks = [
            (PART_TYPE, PART_HELPER, b"define GPUPORT_THREAD_GROUP\n"),
            (COALESCED_TYPE, COALESCED_HELPER, b"define GPUPORT_COALESCED_GROUP"),
            (GRID_TYPE, GRID_HELPER, b"define GPUPORT_GRID_GROUP"),
            (TILE_MEMORY_TYPE, TILE_MEMORY_HELPER, b"define GPUPORT_BLOCK_TILE_MEMORY"),
            (REDUCE, REDUCE_HELPER, b"define GPUPORT_GROUP_REDUCE"),
            (REDUCE_OP, REDUCE_OP_HELPER, b"define GPUPORT_SUB_GROUP_REDUCE_OP"),
            (_TILE_REDUCE, TILE_REDUCE_HELPER, b"define GPUPORT_THREAD_GROUP_REDUCE"),
        ]
        if REDUCE in needed and PART_TYPE in needed:  # a template's reduce may be given a tile of the block
            needed.setdefault(_TILE_REDUCE, needed[REDUCE])
        chosen = [(key, text) for key, text, guard in blocks if key in needed and guard not in ctx.source]
        if not chosen:
            return
        at = min(needed[key] for key, _ in chosen)
        names = [re.search(r"struct (\w+)|(gpuport_\w+)\(", text) for _, text in chosen]
        label = ", ".join(m.group(1) or m.group(2) for m in names if m is not None)
        yield self._ok(
            at,
            at,
            "partition helper (gpuport_thread_group)" if label == PART_TYPE else f"group helpers ({label})",
            [block_edit(ctx, at, "".join(text for _, text in chosen))],
            "thread_group",
        )

    # -- include, alias, using ----------------------------------------------------------------------

    def _declarations(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for inc in ctx.includes:
            if inc.path == "cooperative_groups.h" or inc.path.startswith("cooperative_groups/"):
                yield self.converted(
                    inc.directive_start,
                    inc.directive_end,
                    f"<{inc.path}> removed: cooperative groups become SYCL groups (<sycl/sycl.hpp>)",
                    [Edit(inc.directive_start, _line_end(ctx, inc.directive_end), "")],
                    family="headers",
                    symbol=inc.path,
                )
        decls = ts.captures("(namespace_alias_definition) @a", ctx.root).get("a", [])
        decls = [d for d in decls if ctx.text(d.named_children[-1]) == NAMESPACE] + using_namespace(ctx)
        for d in decls:
            yield self.converted(
                d.start_byte,
                d.end_byte,
                "cooperative_groups namespace alias/using removed",
                [Edit(_line_start(ctx, d.start_byte), _line_end(ctx, d.end_byte), "")],
                family="cooperative_groups",
                symbol=NAMESPACE,
            )

    # -- variables ------------------------------------------------------------------------------------

    def _variable_kinds(
        self, ctx: RuleContext, refs: list[tuple[Node, Node, str]]
    ) -> dict[tuple[int, str], str]:
        """(function node id, variable name) -> kind, for parameters and locals of group types."""
        out: dict[tuple[int, str], str] = {}
        for whole, member, name in refs:
            kind = type_kind(ctx, member, name)
            decl = whole.parent
            if kind is None or decl is None or decl.type not in ("parameter_declaration", "declaration"):
                continue
            if decl.child_by_field_name("type") != whole:
                continue
            fn = enclosing_function(decl)
            for d in decl.children_by_field_name("declarator"):
                got = declarator_name(ctx, d)
                if got is not None and fn is not None:
                    out[(fn.id, got[0])] = kind
        for whole, _member_node, name in refs:
            bad = misparsed_tile(ctx, whole) if name == "thread_block_tile" else None
            fn = enclosing_function(whole)
            if bad is not None and fn is not None:
                out[(fn.id, ctx.text(bad[2]))] = "tile" if bad[1] == WARP else "part"
        # auto b = cg::this_thread_block(); auto t = cg::tiled_partition<32>(b);
        for d in ts.captures("(init_declarator) @d", ctx.root).get("d", []):
            decl, value, var = d.parent, d.child_by_field_name("value"), d.child_by_field_name("declarator")
            if decl is None or value is None or var is None or var.type != "identifier":
                continue
            t = decl.child_by_field_name("type")
            if t is None or ctx.text(t) != "auto":
                continue
            kind = self._call_kind(ctx, value, refs, out)
            fn = enclosing_function(d)
            if kind is not None and fn is not None:
                out[(fn.id, ctx.text(var))] = kind
        return out

    def _call_kind(
        self,
        ctx: RuleContext,
        expr: Node,
        refs: list[tuple[Node, Node, str]],
        kinds: dict[tuple[int, str], str] | None = None,
    ) -> str | None:
        expr = strip_parens(expr)
        if expr.type != "call_expression":
            return None
        fn = expr.child_by_field_name("function")
        for whole, member, name in refs:
            if fn is not None and whole.id == fn.id:
                if name == "this_thread_block":
                    return "block"
                if name == "tiled_partition":
                    return "tile" if _partition_size(ctx, member, expr) == WARP else "part"
                if name == "coalesced_threads":
                    return "coal"
                if name == "this_grid":
                    return "grid"
                if name in _PARTITIONS:
                    args = call_args(expr)
                    parent = self._kind(ctx, args[0], kinds) if len(args) == 2 and kinds is not None else None
                    return "coal" if parent == "coal" else "other"
                if name in _UNSUPPORTED:
                    return "other"
        return None

    def _kind(self, ctx: RuleContext, expr: Node, kinds: dict[tuple[int, str], str] | None) -> str | None:
        expr = strip_parens(expr)
        if expr.type == "identifier":
            fn = enclosing_function(expr)
            return kinds.get((fn.id, ctx.text(expr))) if fn is not None and kinds is not None else None
        return self._call_kind(ctx, expr, cg_refs(ctx), kinds)

    # -- namespace-level names --------------------------------------------------------------------------

    def _reference(
        self,
        ctx: RuleContext,
        whole: Node,
        member: Node,
        name: str,
        kinds: dict[tuple[int, str], str],
        by_whole: dict[int, tuple[Node, str]],
    ) -> Iterator[Diagnostic]:
        s, e = whole.start_byte, whole.end_byte
        parent = whole.parent
        call = parent if parent is not None and parent.type == "call_expression" else None
        if call is not None and call.child_by_field_name("function") != whole:
            call = None
        fn = enclosing_function(whole)
        f = model(ctx).functions.get(_fn_name(ctx, fn)) if fn is not None else None
        device = f is not None and not f.host_too
        kind = type_kind(ctx, member, name) if call is None else None
        if name == "thread_block_tile" and member.type == "identifier":
            bad = misparsed_tile(ctx, whole)
            if bad is not None:
                e = bad[0]
                kind = "tile" if bad[1] == WARP else "part"
        if name in _UNSUPPORTED:
            yield self.unconverted(
                s, e, f"`{ctx.text(whole)}`: {_UNSUPPORTED[name]}", family="cooperative_groups", symbol=name
            )
        elif kind == "block":
            yield self._ok(s, e, f"`{ctx.text(whole)}` -> `{BLOCK_TYPE}`", [Edit(s, e, BLOCK_TYPE)], name)
        elif kind == "tile":
            yield self._ok(
                s,
                e,
                f"`{ctx.text(whole)}` -> `{TILE_TYPE}`: a 32-lane tile is the sub-group only with "
                f"32-lane sub-groups (the kernel needs [[sycl::reqd_sub_group_size({WARP})]])",
                [Edit(s, e, TILE_TYPE)],
                name,
                Safety.REVIEW,
            )
        elif kind == "part":
            # a tile type (`thread_block_tile<16>`) has shuffles; a generic thread_group does not
            new = TILE_PART_TYPE if name == "thread_block_tile" else PART_TYPE
            yield self._ok(
                s,
                e,
                f"`{ctx.text(whole)}` -> `{new}` (threads of the block in tiles of consecutive ranks)",
                [Edit(s, e, new)],
                name,
            )
        elif kind == "coal":
            yield self._ok(
                s,
                e,
                f"`{ctx.text(whole)}` -> `{COALESCED_TYPE}` (a group of this work-item alone: CUDA's coalesced "
                "group is the threads active at the call, which need not be the whole warp, so correct code "
                "does not depend on its size)",
                [Edit(s, e, COALESCED_TYPE)],
                name,
            )
        elif kind == "grid":
            yield self._ok(
                s,
                e,
                f"`{ctx.text(whole)}` -> `{GRID_TYPE}` (ranks and sizes over the nd_range; no grid.sync())",
                [Edit(s, e, GRID_TYPE)],
                name,
            )
        elif kind == "mem":
            decl = whole.parent
            shared = decl is not None and any(
                c.type == "type_qualifier" and ctx.text(c) == "__shared__" for c in decl.children
            )
            yield self._ok(
                s,
                e,
                f"`{ctx.text(whole)}` -> `{TILE_MEMORY_TYPE}`: unused, the tile collectives use work-group "
                "algorithms",
                # a `__shared__` scratch becomes a parameter and local accessor of that type (GP206 copies
                # the type text, translated by sycl_type_text); elsewhere the name is rewritten here
                [] if shared else [Edit(s, e, TILE_MEMORY_TYPE + ctx.slice(member.end_byte, e))],
                name,
            )
        if call is None:
            if name in FUNCTORS:
                yield from self._functor(ctx, whole, member, name)
            return
        if name == "coalesced_threads" or name in _PARTITIONS:
            yield from self._coalesced(ctx, whole, call, name, kinds, device)
            return
        if name == "this_thread_block" or name == "tiled_partition" or name == "this_grid":
            if not device or f is None or not f.needs_item:
                yield self.unconverted(
                    s,
                    e,
                    f"`{name}` outside a kernel or device function",
                    family="cooperative_groups",
                    symbol=name,
                )
                return
            if name == "this_thread_block":
                yield self._ok(
                    s,
                    e,
                    "`this_thread_block()` -> `item.get_group()`"
                    + (" (its block_tile_memory scratch is not needed)" if call_args(call) else ""),
                    [Edit(call.start_byte, call.end_byte, "item.get_group()")],
                    name,
                )
                return
            if name == "this_grid":
                yield self._ok(
                    s,
                    e,
                    f"`this_grid()` -> `{GRID_TYPE}(item)`: ranks and sizes over the nd_range",
                    [Edit(call.start_byte, call.end_byte, f"{GRID_TYPE}(item)")],
                    name,
                )
                return
            size = _partition_size(ctx, member, call)
            args = call_args(call)
            parent_kind = self._kind(ctx, args[0], kinds) if args else None
            n_text = (
                ctx.text(args[1])
                if member.type != "template_function" and len(args) == 2
                else str(size)
                if size is not None
                else _template_arg_text(ctx, member)
            )
            if size != WARP and parent_kind == "block" and n_text is not None and len(args) >= 1:
                b = render(ctx, args[0].start_byte, args[0].end_byte)
                yield self._ok(
                    s,
                    e,
                    f"`{ctx.text(call)}` -> `{TILE_PART_TYPE}`: tile.sync() waits for the whole block (right "
                    "when every thread of the block reaches it); its shuffles run on the sub-group (right "
                    "when tiles of consecutive ranks lie in one sub-group)",
                    [
                        Edit(
                            call.start_byte,
                            call.end_byte,
                            f"{TILE_PART_TYPE}({b}, {n_text}, item.get_sub_group())",
                        )
                    ],
                    name,
                    Safety.REVIEW,
                )
                return
            if size != WARP or parent_kind != "block":
                yield self.unconverted(
                    s,
                    e,
                    f"`{ctx.text(call)}`: only warp-sized ({WARP}) tiles of the thread block map to the "
                    "sub-group; other tiles have no standard SYCL form right for every sub-group size",
                    family="cooperative_groups",
                    symbol=name,
                )
                return
            yield self._ok(
                s,
                e,
                "`tiled_partition<32>` -> `item.get_sub_group()`: right only with 32-lane sub-groups (the "
                f"kernel needs [[sycl::reqd_sub_group_size({WARP})]])",
                [Edit(call.start_byte, call.end_byte, "item.get_sub_group()")],
                name,
                Safety.REVIEW,
            )
        elif name == "sync":
            args = call_args(call)
            if len(args) == 1 and self._kind(ctx, args[0], kinds) == "grid":
                yield self.unconverted(
                    s, e, f"`{ctx.text(call)}`: {GRID_SYNC}", family="cooperative_groups", symbol=name
                )
                return
            group_kind = self._kind(ctx, args[0], kinds) if len(args) == 1 else None
            if group_kind in ("part", "coal"):
                yield self._ok(
                    s,
                    e,
                    "`sync(g)` -> `g.sync()` ("
                    + ("the partition helper's barrier" if group_kind == "part" else "nothing to wait for")
                    + ")",
                    [
                        Edit(
                            call.start_byte,
                            call.end_byte,
                            f"{render(ctx, args[0].start_byte, args[0].end_byte)}.sync()",
                        )
                    ],
                    name,
                )
                return
            if len(args) != 1 or self._kind(ctx, args[0], kinds) not in ("block", "tile"):
                yield self.unconverted(
                    s,
                    e,
                    "`sync` of a group that is not a thread block or 32-lane tile",
                    family="cooperative_groups",
                    symbol=name,
                )
                return
            yield self._ok(
                s, e, "`sync(g)` -> `sycl::group_barrier(g)`", [Edit(s, e, "sycl::group_barrier")], name
            )
        elif name in _ALGORITHMS:
            yield from self._algorithm(ctx, whole, call, name, kinds, by_whole)
        elif name in FUNCTORS:
            yield from self._functor(ctx, whole, member, name)

    def _coalesced(
        self,
        ctx: RuleContext,
        whole: Node,
        call: Node,
        name: str,
        kinds: dict[tuple[int, str], str],
        device: bool,
    ) -> Iterator[Diagnostic]:
        """`coalesced_threads()` -> `gpuport_coalesced_group()`; `labeled_partition(c, l)` /
        `binary_partition(c, p)` of such a group -> `gpuport_labeled_partition(c, l)` (that group again)."""
        s, e = whole.start_byte, whole.end_byte
        if not device:
            yield self.unconverted(
                s, e, f"`{name}` outside a device function", family="cooperative_groups", symbol=name
            )
            return
        if name == "coalesced_threads":
            yield self._ok(
                s,
                e,
                f"`coalesced_threads()` -> `{COALESCED_TYPE}()`: this work-item alone. CUDA's coalesced group "
                "is the threads active at the call, which need not be the whole warp even in converged code, "
                "so code correct in CUDA does not depend on its size: size() 1, thread_rank() 0, shfl(v, 0) v, "
                "any/all(p) p, ballot(p) p, reduce(g, v, op) v (review: code that counts on a whole warp being active, "
                "e.g. dividing a reduction by 32, gets this work-item's values)",
                [Edit(call.start_byte, call.end_byte, f"{COALESCED_TYPE}()")],
                name,
                # right for code that keeps CUDA's rules; code that counts on a whole warp being active
                # (dividing a reduction by 32) gets this work-item's values
                Safety.REVIEW,
            )
            return
        if self._call_kind(ctx, call, cg_refs(ctx), kinds) != "coal":
            yield self.unconverted(
                s,
                e,
                f"`{name}` of a group that is not a coalesced group has no standard SYCL 2020 form",
                family="cooperative_groups",
                symbol=name,
            )
            return
        new = f"gpuport_{name}"
        yield self._ok(
            s,
            e,
            f"`{ctx.text(whole)}` -> `{new}`: a partition of a group of one work-item is that group",
            [Edit(s, e, new)],
            name,
        )

    def _functor(self, ctx: RuleContext, whole: Node, member: Node, name: str) -> Iterator[Diagnostic]:
        end = (
            member.child_by_field_name("name")
            if member.type in ("template_type", "template_function")
            else member
        )
        end = end or member
        new = FUNCTORS[name]
        yield self._ok(
            whole.start_byte,
            whole.end_byte,
            f"`{ctx.text(whole)}` -> `{new}`",
            [Edit(whole.start_byte, end.end_byte, new)],
            name,
        )

    def _algorithm(
        self,
        ctx: RuleContext,
        whole: Node,
        call: Node,
        name: str,
        kinds: dict[tuple[int, str], str],
        by_whole: dict[int, tuple[Node, str]],
    ) -> Iterator[Diagnostic]:
        args = call_args(call)
        new = _ALGORITHMS[name]
        kind = self._kind(ctx, args[0], kinds) if args else None
        # a group of unknown type (a template's `Group &g`) gets SYCL's algorithm too: it takes any SYCL group;
        # in a file with emulated groups, the reduce helper (SYCL's algorithm for SYCL groups)
        emulated = kind in ("part", "coal") or (kind is None and getattr(ctx, "_cg_emulated", False))
        if name == "reduce" and emulated:
            new = REDUCE
            # the overload it needs: the coalesced helper's own, the tile helper's, the generic one
            helper = {"coal": COALESCED_TYPE, "part": _TILE_REDUCE}.get(kind or "", REDUCE)
            ctx._cg_reduce_helpers.setdefault(helper, whole.start_byte)  # type: ignore[attr-defined]
        ok = len(args) in (2, 3) and (
            kind in ("tile", None) or (kind in ("part", "coal") and name == "reduce")
        )
        own_op = False
        if ok and len(args) == 3 and kind != "coal":  # a group of one work-item never calls the operator
            op = strip_parens(args[2])
            # `cg::plus<float>()` or `cg::plus<float>{}`
            field = {"call_expression": "function", "compound_literal_expression": "type"}.get(op.type)
            fn = op.child_by_field_name(field) if field is not None else None
            ok = fn is not None and by_whole.get(fn.id, (None, ""))[1] in FUNCTORS
            # the program's own operator over a 32-lane tile: the shift-tree helper
            own_op = not ok and name == "reduce" and kind == "tile" and not self._mentions_cg(ctx, op)
            ok = ok or own_op
        if ok and name == "reduce" and len(args) != 3:
            ok = False
        if not ok:
            yield self.unconverted(
                whole.start_byte,
                whole.end_byte,
                f"`{ctx.text(whole)}` needs a 32-lane tile and one of cg::plus/less/greater/bit_and/bit_or/"
                "bit_xor: SYCL group algorithms take only SYCL function objects",
                family="cooperative_groups",
                symbol=name,
            )
            return
        if own_op:
            ctx._cg_reduce_helpers.setdefault(REDUCE_OP, whole.start_byte)  # type: ignore[attr-defined]
            yield self._ok(
                whole.start_byte,
                whole.end_byte,
                f"`{ctx.text(whole)}` with the program's own operator -> `{REDUCE_OP}`: a shift tree over the "
                "sub-group in rank order (SYCL's algorithm takes only SYCL function objects)",
                [Edit(whole.start_byte, whole.end_byte, REDUCE_OP)],
                name,
            )
            return
        edits = [Edit(whole.start_byte, whole.end_byte, new)]
        if len(args) == 2:
            edits.append(Edit(args[1].end_byte, args[1].end_byte, ", sycl::plus<>()"))
        if new != REDUCE:
            yield self._ok(
                whole.start_byte,
                whole.end_byte,
                f"`{ctx.text(whole)}` -> `{new}` on the sub-group",
                edits,
                name,
            )
        elif kind == "part":
            yield self._ok(
                whole.start_byte,
                whole.end_byte,
                f"`{ctx.text(whole)}` over a tile of the block -> `{REDUCE}`: one work-group reduction per tile, "
                "right when every work-item of the block reaches the call (the whole block converged)",
                edits,
                name,
                Safety.REVIEW,
            )
        else:
            yield self._ok(
                whole.start_byte,
                whole.end_byte,
                f"`{ctx.text(whole)}` -> `{REDUCE}`: SYCL's reduce_over_group for a SYCL group, the value "
                "itself for a coalesced group (one work-item), work-group reductions for a tile of the block",
                edits,
                name,
            )

    @staticmethod
    def _mentions_cg(ctx: RuleContext, op: Node) -> bool:
        """An operator naming cooperative groups (`cg::less<int>` with other arguments): not the program's own."""
        text = ctx.text(op)
        return "cooperative_groups" in text or bool(re.search(r"\bcg\s*::", text))

    # -- member functions ---------------------------------------------------------------------------------

    def _methods(
        self, ctx: RuleContext, kinds: dict[tuple[int, str], str], by_whole: dict[int, tuple[Node, str]]
    ) -> Iterator[Diagnostic]:
        for call in ts.captures("(call_expression function: (field_expression) @f) @c", ctx.root).get(
            "c", []
        ):
            fe = call.child_by_field_name("function")
            obj = fe.child_by_field_name("argument") if fe is not None else None
            field = fe.child_by_field_name("field") if fe is not None else None
            if obj is None or field is None or fe is None:
                continue
            kind = self._kind(ctx, obj, kinds)
            if kind == "grid" and ctx.text(field) == "sync":
                yield self.unconverted(
                    field.start_byte,
                    field.end_byte,
                    f"`{ctx.text(call)}`: {GRID_SYNC}",
                    family="cooperative_groups",
                    symbol="sync",
                )
            if kind in _HELPER_MEMBERS and ctx.text(field) not in _HELPER_MEMBERS[kind]:
                if kind != "grid" or ctx.text(field) != "sync":  # reported above
                    yield self.unconverted(
                        field.start_byte,
                        field.end_byte,
                        f"`{ctx.text(field)}` of an emulated cooperative group ({_HELPER_NAMES[kind]}) has no "
                        "SYCL translation here",
                        family="cooperative_groups",
                        symbol=ctx.text(field),
                    )
            if kind not in ("block", "tile"):
                continue
            method = ctx.text(field)
            args = call_args(call)
            s, e = field.start_byte, field.end_byte
            if method == "sync" and not args:
                yield self._ok(
                    s,
                    e,
                    "`g.sync()` -> `sycl::group_barrier(g)`",
                    [
                        Edit(call.start_byte, obj.start_byte, "sycl::group_barrier("),
                        Edit(obj.end_byte, call.end_byte, ")"),
                    ],
                    method,
                )
            elif kind == "block" and method in _BLOCK_METHODS and not args:
                yield self._ok(
                    s,
                    e,
                    f"`{method}()` -> `{_BLOCK_METHODS[method]}`",
                    [Edit(s, call.end_byte, _BLOCK_METHODS[method])],
                    method,
                )
            elif kind == "block" and method in _BLOCK_DIMS and not args:
                outer = call.parent
                letter = (
                    outer.child_by_field_name("field")
                    if outer is not None and outer.type == "field_expression"
                    else None
                )
                if outer is None or letter is None or ctx.text(letter) not in DIM:
                    yield self.unconverted(
                        s,
                        e,
                        f"`{method}()` used as a whole dim3: write its .x/.y/.z members",
                        family="cooperative_groups",
                        symbol=method,
                    )
                    continue
                new = f"{_BLOCK_DIMS[method]}({DIM[ctx.text(letter)]})"
                yield self._ok(
                    s,
                    e,
                    f"`{method}().{ctx.text(letter)}` -> `{new}`",
                    [Edit(s, outer.end_byte, new)],
                    method,
                )
            elif kind == "tile" and method in _TILE_METHODS and not args:
                yield self._ok(
                    s,
                    e,
                    f"`{method}()` -> `{_TILE_METHODS[method]}`",
                    [Edit(s, call.end_byte, _TILE_METHODS[method])],
                    method,
                )
            elif (
                kind == "tile"
                and method in _TILE_SHUFFLES
                and len(args) == (1 if method in ("any", "all") else 2)
            ):
                new = _TILE_SHUFFLES[method]
                arglist = call.child_by_field_name("arguments")
                assert arglist is not None
                yield self._ok(
                    s,
                    e,
                    f"`{method}` -> `{new}` on the sub-group",
                    [
                        Edit(call.start_byte, obj.start_byte, new + "("),
                        Edit(obj.end_byte, arglist.start_byte + 1, ", "),
                    ],
                    method,
                    Safety.SAFE if method in ("any", "all") else Safety.REVIEW,
                )
            elif (
                kind == "tile"
                and method == "ballot"
                and len(args) == 1
                and strip_parens(obj).type == "identifier"
            ):
                t = ctx.text(obj)
                p = args[0]
                yield self._ok(
                    s,
                    e,
                    "`ballot` -> lane mask built by sycl::reduce_over_group(bit_or) on the sub-group",
                    [
                        Edit(call.start_byte, p.start_byte, f"sycl::reduce_over_group({t}, ("),
                        Edit(
                            p.end_byte,
                            call.end_byte,
                            f") ? (1u << {t}.get_local_linear_id()) : 0u, sycl::bit_or<>())",
                        ),
                    ],
                    method,
                    Safety.REVIEW,
                )
            else:
                yield self.unconverted(
                    s,
                    e,
                    f"`{method}` of a cooperative group has no SYCL translation here",
                    family="cooperative_groups",
                    symbol=method,
                )

    # -- the two-level block reduction through one shared slot per tile -----------------------------------

    def _block_reductions(
        self, ctx: RuleContext, kinds: dict[tuple[int, str], str], by_whole: dict[int, tuple[Node, str]]
    ) -> Iterator[Diagnostic]:
        for f in model(ctx).functions.values():
            body = f.node.child_by_field_name("body")
            if f.host_too or body is None:
                continue
            stmts = body_statements(body)
            for i in range(len(stmts) - 3):
                found = self._block_reduction(ctx, f.node, stmts[i : i + 4], kinds, by_whole)
                if found is not None:
                    yield found

    def _tile_reduce(
        self,
        ctx: RuleContext,
        stmt: Node,
        kinds: dict[tuple[int, str], str],
        by_whole: dict[int, tuple[Node, str]],
    ) -> tuple[str, str, str] | None:
        """(target, tile, SYCL op) of `x = cg::reduce(tile, x, cg::plus<T>());`."""
        e = stmt.named_children[0] if stmt.type == "expression_statement" and stmt.named_children else None
        if (
            e is None
            or e.type != "assignment_expression"
            or ctx.text(e.child_by_field_name("operator") or e) != "="
        ):
            return None
        lhs, rhs = e.child_by_field_name("left"), strip_parens(e.child_by_field_name("right") or e)
        fn = rhs.child_by_field_name("function") if rhs.type == "call_expression" else None
        if lhs is None or fn is None or by_whole.get(fn.id, (None, ""))[1] != "reduce":
            return None
        args = call_args(rhs)
        if len(args) != 3 or self._kind(ctx, args[0], kinds) != "tile" or ctx.text(args[1]) != ctx.text(lhs):
            return None
        op = strip_parens(args[2])
        op_fn = op.child_by_field_name("function") if op.type == "call_expression" else None
        got = by_whole.get(op_fn.id) if op_fn is not None else None
        if op_fn is None or got is None or got[1] not in FUNCTORS:
            return None
        member = got[0]
        name_end = (member.child_by_field_name("name") or member).end_byte
        sycl_op = FUNCTORS[got[1]] + ctx.slice(name_end, op.end_byte)
        return ctx.text(lhs), ctx.text(args[0]), sycl_op

    def _method_call(self, ctx: RuleContext, node: Node | None, obj: str, method: str) -> bool:
        node = strip_parens(node) if node is not None else None
        if node is None or node.type != "call_expression" or call_args(node):
            return False
        fe = node.child_by_field_name("function")
        if fe is None or fe.type != "field_expression":
            return False
        o, m = fe.child_by_field_name("argument"), fe.child_by_field_name("field")
        return o is not None and m is not None and ctx.text(o) == obj and ctx.text(m) == method

    def _equals_zero(self, ctx: RuleContext, cond: Node | None, obj: str, method: str) -> bool:
        cond = strip_parens(cond) if cond is not None else None
        if cond is not None and cond.type == "condition_clause" and cond.named_children:
            cond = strip_parens(cond.named_children[0])
        if (
            cond is None
            or cond.type != "binary_expression"
            or ctx.text(cond.child_by_field_name("operator") or cond) != "=="
        ):
            return False
        right = cond.child_by_field_name("right")
        return (
            right is not None
            and ctx.text(right) in ("0", "0u")
            and self._method_call(ctx, cond.child_by_field_name("left"), obj, method)
        )

    def _block_reduction(
        self,
        ctx: RuleContext,
        fn: Node,
        stmts: list[Node],
        kinds: dict[tuple[int, str], str],
        by_whole: dict[int, tuple[Node, str]],
    ) -> Diagnostic | None:
        """`v = cg::reduce(t, v, op); if (t.thread_rank() == 0) a[t.meta_group_rank()] = v; b.sync();
        if (t.meta_group_rank() == 0) { T w = (t.thread_rank() < n) ? a[t.thread_rank()] : id;
        w = cg::reduce(t, w, op); ... }` -> `v = sycl::reduce_over_group(b, v, op); b.sync();
        if (t.meta_group_rank() == 0) { T w = v; ... }`."""
        first = self._tile_reduce(ctx, stmts[0], kinds, by_whole)
        if first is None:
            return None
        target, tile, op = first
        # if (tile.thread_rank() == 0) slots[tile.meta_group_rank()] = target;
        store = stmts[1]
        if store.type != "if_statement" or store.child_by_field_name("alternative") is not None:
            return None
        if not self._equals_zero(ctx, store.child_by_field_name("condition"), tile, "thread_rank"):
            return None
        inner = body_statements(store.child_by_field_name("consequence"))
        e = inner[0].named_children[0] if len(inner) == 1 and inner[0].named_children else None
        if (
            e is None
            or e.type != "assignment_expression"
            or ctx.text(e.child_by_field_name("right") or e) != target
        ):
            return None
        slot = e.child_by_field_name("left")
        if slot is None or slot.type != "subscript_expression":
            return None
        array = slot.child_by_field_name("argument")
        index = slot.child_by_field_name("indices") or slot.child_by_field_name("index")
        if index is not None and index.type == "subscript_argument_list" and index.named_children:
            index = index.named_children[0]
        if (
            array is None
            or array.type != "identifier"
            or not self._method_call(ctx, index, tile, "meta_group_rank")
        ):
            return None
        slots = ctx.text(array)
        # block.sync(); / cg::sync(block);
        sync = stmts[2]
        call = sync.named_children[0] if sync.type == "expression_statement" and sync.named_children else None
        block = None
        if call is not None and call.type == "call_expression":
            fe = call.child_by_field_name("function")
            args = call_args(call)
            if fe is not None and fe.type == "field_expression" and not args:
                obj = fe.child_by_field_name("argument")
                if obj is not None and ctx.text(fe.child_by_field_name("field") or fe) == "sync":
                    block = obj
            elif fe is not None and by_whole.get(fe.id, (None, ""))[1] == "sync" and len(args) == 1:
                block = args[0]
        if block is None or block.type != "identifier" or self._kind(ctx, block, kinds) != "block":
            return None
        # if (tile.meta_group_rank() == 0) { T w = (tile.thread_rank() < n) ? slots[tile.thread_rank()] : id;
        #                                   w = cg::reduce(tile, w, op); ... }
        second = stmts[3]
        if second.type != "if_statement" or not self._equals_zero(
            ctx, second.child_by_field_name("condition"), tile, "meta_group_rank"
        ):
            return None
        inner = body_statements(second.child_by_field_name("consequence"))
        if len(inner) < 2:
            return None
        load, again = inner[0], inner[1]
        value = None
        if load.type == "declaration":
            ds = load.children_by_field_name("declarator")
            if len(ds) == 1 and ds[0].type == "init_declarator":
                var, value = ds[0].child_by_field_name("declarator"), ds[0].child_by_field_name("value")
        elif load.type == "expression_statement" and load.named_children:
            a = load.named_children[0]
            if a.type == "assignment_expression" and ctx.text(a.child_by_field_name("operator") or a) == "=":
                var, value = a.child_by_field_name("left"), a.child_by_field_name("right")
        if value is None or var is None:
            return None
        cond = strip_parens(value)
        picked = cond.child_by_field_name("consequence") if cond.type == "conditional_expression" else None
        if picked is None or not ctx.text(picked).replace(" ", "").startswith(
            f"{slots}[{tile}.thread_rank()]"
        ):
            return None
        second_reduce = self._tile_reduce(ctx, again, kinds, by_whole)
        if second_reduce is None or second_reduce[0] != ctx.text(var) or second_reduce[1:] != (tile, op):
            return None
        # the slots must serve this reduction only
        uses = [n for n in ts.captures("(identifier) @i", fn).get("i", []) if ctx.text(n) == slots]
        if len(uses) != 3:  # declaration, store, load
            return None
        edits = [
            Edit(
                stmts[0].start_byte,
                stmts[0].end_byte,
                f"{target} = sycl::reduce_over_group({ctx.text(block)}, {target}, {op});",
            ),
            Edit(_line_start(ctx, store.start_byte), _line_end(ctx, store.end_byte), ""),
            Edit(_line_start(ctx, load.start_byte), _line_end(ctx, load.end_byte), "")
            if ctx.text(var) == target  # `v = v;` would say nothing
            else Edit(value.start_byte, value.end_byte, target),
            Edit(_line_start(ctx, again.start_byte), _line_end(ctx, again.end_byte), ""),
        ]
        return self.converted(
            stmts[0].start_byte,
            stmts[0].end_byte,
            f"block reduction through per-tile slots `{slots}` -> sycl::reduce_over_group on the work-group "
            "(right for any sub-group size)",
            edits,
            family="cooperative_groups",
            symbol="reduce",
        )

    def _ok(
        self, start: int, end: int, message: str, edits: list[Edit], symbol: str, safety: Safety = Safety.SAFE
    ) -> Diagnostic:
        return self.converted(
            start, end, message, edits, family="cooperative_groups", symbol=symbol, safety=safety
        )


def _fn_name(ctx: RuleContext, fn: Node) -> str:
    return function_name(ctx, fn) or ""


def _line_start(ctx: RuleContext, offset: int) -> int:
    start = ctx.source.rfind(b"\n", 0, offset) + 1
    return start if not ctx.source[start:offset].strip() else offset


def _line_end(ctx: RuleContext, offset: int) -> int:
    """Past the newline ending the line at `offset` when only blanks follow; else `offset`."""
    if ctx.source[offset - 1 : offset] == b"\n":
        return offset
    nl = ctx.source.find(b"\n", offset)
    nl = len(ctx.source) if nl < 0 else nl
    return nl + 1 if not ctx.source[offset:nl].strip() else offset
