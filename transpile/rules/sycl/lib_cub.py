"""GP256 lib-cub: CUB's block and warp reductions become SYCL group reductions.

What it does
    For `cub::BlockReduce<T, ...>` and `cub::WarpReduce<T>` used through an alias
    (`using BR = cub::BlockReduce<float, 256>;` or a `typedef`) or spelled out, rewrites each
    `BR(temp).Reduce(v, op)` / `BR(temp).Sum(v)` / `BR(temp).Sum(v, num_valid)` to
    `sycl::reduce_over_group(item.get_group(), v, op)` (the sub-group, `item.get_sub_group()`, for
    WarpReduce), deletes the `__shared__ typename BR::TempStorage temp;` declarations and the alias, maps
    the functors `cuda::maximum/minimum`, `cuda::std::plus...`, `thrust::plus...`, `cub::Max/Min/Sum`
    to `sycl::maximum/minimum/plus...` (anywhere in the file), and replaces `#include <cub/...>` and
    `<cuda/functional>` by `<sycl/sycl.hpp>`. The device-wide algorithms (`cub::DeviceReduce::Sum/Max/Min/
    Reduce`, `DeviceSegmentedReduce::Sum/Max/Min`, `DeviceScan::Inclusive/ExclusiveSum/Scan`,
    `DeviceRadixSort::SortKeys/SortPairs[Descending]` with pointers or `cub::DoubleBuffer`,
    `DeviceSelect::If/Flagged/Unique`, `DeviceRunLengthEncode::Encode`, `DeviceHistogram::HistogramEven`)
    become the same calls in `gpuport_cub::`, inline helpers written at the CUB include
    (_cub_device.py): the size query (null temporary buffer) answers one byte, the call after it does
    the work on a host copy and writes the results back. Other CUB names (BlockScan, BlockLoad,
    WarpReduce with a logical warp size, ...) are reported unconverted.
Why
    A CUB block reduction is a work-group reduction, which SYCL 2020 provides as `reduce_over_group`;
    the implementation keeps its own scratch memory, so CUB's TempStorage is not needed. A CUB warp is
    a SYCL sub-group of whatever size the device has.
Example
    using BlockReduce = cub::BlockReduce<float, BLOCK>;
    __shared__ typename BlockReduce::TempStorage temp;
    float row_max = BlockReduce(temp).Reduce(local_max, cuda::maximum<float>{});
Translated to
    float row_max = sycl::reduce_over_group(item.get_group(), local_max, sycl::maximum<float>());
Safety
    safe for the block and warp reductions; review for the device-wide helpers (CUB's results, not its
    speed: the work runs on the host). CUB gives the aggregate to thread 0 (lane 0) only, `reduce_over_group` to every work-item, a
    superset the code cannot tell apart. Like CUB, the call must be reached by the whole block (warp).
    The reduction order differs, so floating-point sums may round differently.
References
    CUB documentation (cub::BlockReduce, cub::WarpReduce); SYCL 2020 specification, 4.17.4.5
    (reduce_over_group), 4.17.2 (function objects).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from . import _cub_device
from ._libs import SYCL_INCLUDE, include_edit, sycl_included_before
from ._model import ITEM, ITEM_NAMES, render
from ._queue import QUEUE_DEFINITION

# A function using these names needs the nd_item (its reductions are on the item's group).
ITEM_NAMES.update({"BlockReduce", "WarpReduce"})

HEADERS = re.compile(
    r"cub/cub\.cuh|cub/block/block_reduce\.cuh|cub/warp/warp_reduce\.cuh|cub/device/device_\w+\.cuh|"
    r"cub/util_type\.cuh|cuda/(std/)?functional"
)
# `cub::DeviceReduce::Sum`, `cub::DoubleBuffer<int>`: the device-wide algorithms and their types.
_DEVICE_NAME = re.compile(r"(?:::)?cub::(\w+)(?:::(\w+))?")
_BARE_DEVICE_NAME = re.compile(r"(Device\w+)::(\w+)")
_USING_CUB = re.compile(rb"\busing\s+namespace\s+(?:::)?cub\s*;")
FUNCTORS = frozenset(
    {"plus", "multiplies", "maximum", "minimum", "bit_and", "bit_or", "bit_xor", "logical_and", "logical_or"}
)
CUB_FUNCTORS = {"Max": "maximum", "Min": "minimum", "Sum": "plus"}
_FUNCTOR_TEXT = re.compile(
    r"(?:::)?(?:cuda::std|cuda|thrust|std|sycl)::(\w+)\s*(<[^<>]*>)?\s*(?:\{\s*\}|\(\s*\))|(?:::)?cub::(Max|Min|Sum)\s*\(\s*\)"
)
_TEMPLATE = re.compile(r"(?:::)?cub::(BlockReduce|WarpReduce)\s*<(.*)>", re.DOTALL)


@dataclass
class Reducer:
    kind: str  # BlockReduce | WarpReduce
    value_type: str  # T as written
    ok: bool  # arguments we can map (WarpReduce: no logical warp size)


def _split_args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def reducer_of(text: str) -> Reducer | None:
    m = _TEMPLATE.fullmatch(text.strip())
    if m is None:
        return None
    args = _split_args(m.group(2))
    if not args:
        return None
    ok = m.group(1) == "BlockReduce" or len(args) == 1
    return Reducer(m.group(1), args[0], ok)


def functor(text: str) -> str | None:
    """The SYCL function object for a CUDA/CUB/Thrust/std functor expression, or None."""
    m = _FUNCTOR_TEXT.fullmatch(text.strip())
    if m is None:
        return None
    if m.group(3):
        return f"sycl::{CUB_FUNCTORS[m.group(3)]}<>()"
    if m.group(1) not in FUNCTORS:
        return None
    return f"sycl::{m.group(1)}{m.group(2) or '<>'}()"


def _line_span(ctx: RuleContext, node: Node) -> tuple[int, int]:
    """The node's span widened to whole lines when it stands alone on its lines."""
    src = ctx.source
    start, end = node.start_byte, node.end_byte
    ls = src.rfind(b"\n", 0, start) + 1
    le = src.find(b"\n", end)
    le = len(src) if le == -1 else le
    if src[ls:start].strip() == b"" and src[end:le].strip() == b"":
        return ls, min(le + 1, len(src))
    return start, end


class LibCub(Rule):
    code = "GP256"
    name = "lib-cub"
    targets = frozenset({"sycl"})
    summary = (
        "Turn cub::BlockReduce/WarpReduce reductions into sycl::reduce_over_group; map CUB/CUDA functors."
    )
    triggers = (b"cub", b"cuda::", b"thrust::")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        handled: list[tuple[int, int]] = []
        aliases: dict[str, tuple[Node, Reducer]] = {}
        for kind, query in (("using", "(alias_declaration) @a"), ("typedef", "(type_definition) @a")):
            for node in ts.captures(query, ctx.root).get("a", []):
                if kind == "using":
                    name_node = node.child_by_field_name("name")
                    type_node = node.child_by_field_name("type")
                else:
                    name_node = node.child_by_field_name("declarator")
                    type_node = node.child_by_field_name("type")
                if name_node is None or type_node is None:
                    continue
                red = reducer_of(ctx.text(type_node))
                if red is not None:
                    aliases[ctx.text(name_node)] = (node, red)

        def reducer_for(type_text: str) -> Reducer | None:
            t = type_text.strip()
            if t.startswith("typename "):
                t = t[len("typename ") :].strip()
            if t in aliases:
                return aliases[t][1]
            return reducer_of(t)

        uses: dict[str, int] = {}  # alias -> handled uses
        # 1. the reduction calls: X(temp).Reduce(v, op) / .Sum(v[, n])
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn = call.child_by_field_name("function")
            if fn is None or fn.type != "field_expression":
                continue
            method = fn.child_by_field_name("field")
            ctor = fn.child_by_field_name("argument")
            if method is None or ctor is None or ctor.type != "call_expression":
                continue
            ctor_fn = ctor.child_by_field_name("function")
            if ctor_fn is None:
                continue
            red = reducer_for(ctx.text(ctor_fn))
            if red is None:
                continue
            args_node = call.child_by_field_name("arguments")
            args = (
                [
                    render(ctx, a.start_byte, a.end_byte)
                    for a in args_node.named_children
                    if a.type != "comment"
                ]
                if args_node
                else []
            )
            new = self._reduction(ctx, red, ctx.text(method), args)
            if new is None or not red.ok:
                yield self.unconverted(
                    call.start_byte,
                    call.end_byte,
                    f"cub::{red.kind}::{ctx.text(method)} with these arguments has no SYCL mapping here "
                    "(mapped: Reduce(v, functor), Sum(v), Sum(v, num_valid); WarpReduce without a logical "
                    "warp size)",
                    family="cub",
                    symbol=f"cub::{red.kind}",
                )
                continue
            handled.append((call.start_byte, call.end_byte))
            alias = ctx.text(ctor_fn).strip()
            uses[alias] = uses.get(alias, 0) + 1
            yield self.converted(
                call.start_byte,
                call.end_byte,
                f"cub::{red.kind} {ctx.text(method)} -> sycl::reduce_over_group",
                [Edit(call.start_byte, call.end_byte, new)],
                family="cub",
                symbol=f"cub::{red.kind}",
            )
        # 2. TempStorage declarations: CUB's scratch space, not needed by reduce_over_group
        for decl in ts.captures("(declaration) @d", ctx.root).get("d", []):
            type_node = decl.child_by_field_name("type")
            if type_node is None or not ctx.text(type_node).endswith("TempStorage"):
                continue
            owner = ctx.text(type_node)[: -len("TempStorage")].rstrip(": \t")
            red = reducer_for(owner)
            if red is None or not red.ok:
                continue
            alias = owner.removeprefix("typename").strip()
            uses[alias] = uses.get(alias, 0) + 1
            start, end = _line_span(ctx, decl)
            handled.append((decl.start_byte, decl.end_byte))
            yield self.converted(
                decl.start_byte,
                decl.end_byte,
                f"cub::{red.kind}::TempStorage removed (reduce_over_group needs no scratch memory)",
                [Edit(start, end, "")],
                family="cub",
                symbol=f"cub::{red.kind}",
            )
        # 3. the aliases, when every use was translated
        for alias, (node, red) in aliases.items():
            scope = node.parent if node.parent is not None else ctx.root
            while scope.type.startswith("preproc_") and scope.parent is not None:
                scope = scope.parent  # `#ifdef HAVE_CUB` around the alias: its uses sit in other blocks
            total = sum(
                1
                for t in ts.captures(
                    "(type_identifier) @t (identifier) @t (namespace_identifier) @t", scope
                ).get("t", [])
                if ctx.text(t) == alias and not (node.start_byte <= t.start_byte < node.end_byte)
            )
            if red.ok and total == uses.get(alias, 0):
                start, end = _line_span(ctx, node)
                handled.append((node.start_byte, node.end_byte))
                yield self.converted(
                    node.start_byte,
                    node.end_byte,
                    f"cub::{red.kind} alias `{alias}` removed: its reductions are sycl::reduce_over_group",
                    [Edit(start, end, "")],
                    family="cub",
                    symbol=f"cub::{red.kind}",
                )
            else:
                yield self.unconverted(
                    node.start_byte,
                    node.end_byte,
                    f"cub::{red.kind} alias `{alias}` is used in ways GP256 does not map "
                    "(mapped: X(temp).Reduce(v, functor), X(temp).Sum(v[, num_valid]), X::TempStorage)",
                    family="cub",
                    symbol=f"cub::{red.kind}",
                )
        # 4. device-wide algorithms and their types: the same names in the helper namespace
        device_used = False
        using_cub = _USING_CUB.search(ctx.source) is not None
        for q in ts.captures("(qualified_identifier) @q", ctx.root).get("q", []):
            if q.parent is not None and q.parent.type == "qualified_identifier":
                continue
            m = _DEVICE_NAME.match(ctx.text(q))
            if m is None and using_cub:
                m = _BARE_DEVICE_NAME.fullmatch(
                    ctx.text(q)
                )  # `DeviceRadixSort::SortPairs` after `using namespace cub;`
            if m is None or any(s <= q.start_byte < e for s, e in handled):
                continue
            cls, member = m.group(1), m.group(2)
            algorithm = member in _cub_device.ALGORITHMS.get(cls, frozenset())
            if not algorithm and cls not in _cub_device.TYPES:
                continue
            text = ctx.text(q)
            scope_end = q.start_byte + (text.index("cub::") + len("cub::") if "cub::" in text else 0)
            handled.append((q.start_byte, q.end_byte))
            device_used = True
            what = f"cub::{cls}::{member}" if algorithm else f"cub::{cls}"
            yield self.converted(
                q.start_byte,
                q.end_byte,
                f"`{what}` -> `gpuport_cub::{what[5:]}` (inline standard-SYCL helper)",
                [Edit(q.start_byte, scope_end, "gpuport_cub::")],
                family="cub",
                symbol=what,
                safety=Safety.REVIEW,
            )
        if device_used and using_cub:
            for directive in _USING_CUB.finditer(ctx.source):
                a, b = directive.span()
                if ctx.is_claimed(a, b):
                    continue
                yield self.converted(
                    a,
                    b,
                    "`using namespace cub;` -> `using namespace gpuport_cub;` (its device-wide helpers)",
                    [Edit(a, b, "using namespace gpuport_cub;")],
                    family="cub",
                    symbol="cub",
                )
                handled.append((a, b))
        # 5. functors anywhere else
        for q in ts.captures("(qualified_identifier) @q", ctx.root).get("q", []):
            if q.parent is not None and q.parent.type == "qualified_identifier":
                continue
            if any(s <= q.start_byte < e for s, e in handled):
                continue
            text = ctx.text(q)
            m = re.fullmatch(r"(?:::)?(cuda::std|cuda|thrust)::(\w+)(\s*<.*>)?", text, re.DOTALL)
            cub = re.fullmatch(r"(?:::)?cub::(Max|Min|Sum)", text)
            if m is not None and m.group(2) in FUNCTORS:
                scope_end = q.start_byte + text.index(m.group(2))
                edit = Edit(q.start_byte, scope_end, "sycl::")
                name = f"{m.group(1)}::{m.group(2)}"
            elif cub is not None:
                edit = Edit(q.start_byte, q.end_byte, f"sycl::{CUB_FUNCTORS[cub.group(1)]}<>")
                name = f"cub::{cub.group(1)}"
            else:
                continue
            yield self.converted(
                q.start_byte,
                q.end_byte,
                f"`{name}` -> sycl function object",
                [edit],
                family="cub",
                symbol=name,
            )
        # 6. every other CUB name: say what it is and that it stays
        for occ in ctx.occurrences:
            if occ.name != "cub" or occ.node is None or ctx.is_claimed(occ.start, occ.end):
                continue
            if any(s <= occ.start < e for s, e in handled):
                continue
            top = occ.node
            while top.parent is not None and top.parent.type in ("qualified_identifier", "template_type"):
                top = top.parent
            what = re.sub(r"\s+", " ", ctx.text(top))
            yield self.unconverted(
                top.start_byte,
                top.end_byte,
                f"CUB `{what}` has no standard SYCL 2020 mapping here (GP256 maps cub::BlockReduce/"
                "WarpReduce Reduce/Sum and the cub::Max/Min/Sum functors); port it by hand",
                family="cub",
                symbol=what.split("<")[0],
            )
        # 7. headers: the first becomes <sycl/sycl.hpp> (unless the file already includes it), and the
        # device-wide helpers when the file calls them; others go
        first = True
        for inc in ctx.includes:
            if not HEADERS.fullmatch(inc.path):
                continue
            text = SYCL_INCLUDE if first and not sycl_included_before(ctx, inc) else ""
            if first and device_used:
                text += QUEUE_DEFINITION + _cub_device.HELPERS
            first = False
            yield self.converted(
                inc.directive_start,
                inc.directive_end,
                f"<{inc.path}> -> "
                + (
                    "the gpuport_cub helpers"
                    if device_used and text
                    else "<sycl/sycl.hpp>"
                    if text
                    else "removed (<sycl/sycl.hpp> is included)"
                ),
                [include_edit(ctx, inc, text)],
                family="cub",
                symbol=inc.path,
            )

    def _reduction(self, ctx: RuleContext, red: Reducer, method: str, args: list[str]) -> str | None:
        group = f"{ITEM}.get_group()" if red.kind == "BlockReduce" else f"{ITEM}.get_sub_group()"
        simple_t = re.fullmatch(r"[A-Za-z_][\w:]*(\s+[A-Za-z_]\w*)*", red.value_type) is not None
        plus = f"sycl::plus<{red.value_type}>()" if simple_t else "sycl::plus<>()"
        if method == "Sum" and len(args) == 1:
            return f"sycl::reduce_over_group({group}, {args[0]}, {plus})"
        if method == "Sum" and len(args) == 2 and simple_t:
            lid = f"{group}.get_local_linear_id()"
            value = f"{lid} < ({args[1]}) ? {red.value_type}({args[0]}) : {red.value_type}(0)"
            return f"sycl::reduce_over_group({group}, {value}, {plus})"
        if method == "Reduce" and len(args) == 2:
            op = functor(args[1])
            if op is None:
                return None
            return f"sycl::reduce_over_group({group}, {args[0]}, {op})"
        return None
