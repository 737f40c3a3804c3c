"""GP214 events: CUDA events become `sycl::event`s of marker commands on the profiling queue.

What it does
    `cudaEvent_t` -> `sycl::event` (tables); `cudaEventCreate(&e)` / `cudaEventCreateWithFlags` ->
    `0` (a `sycl::event` needs no creation); `cudaEventRecord(e[, st])` -> `e = Q.single_task([] {})`,
    an empty command that completes when everything before it on the in-order queue has;
    `cudaEventSynchronize(e)` -> `e.wait()`; `cudaEventElapsedTime(&ms, a, b)` (or a pointer `p`: `*p =`) -> `ms =
    (b.get_profiling_info<sycl::info::event_profiling::command_end>() - a.get_profiling_info<...>()) * 1e-6f`
    (nanoseconds to milliseconds); `cudaEventDestroy(e)` -> `0`.
Why
    SYCL 2020 has no standalone timing events; the profiling information of commands on a queue created
    with `enable_profiling` (GP201) is the standard way to time device work.
Example
    cudaEventRecord(start); k<<<g, b>>>(x); cudaEventRecord(stop); cudaEventElapsedTime(&ms, start, stop);
Translated to
    start = gpuport_queue().single_task([] {}); ...; stop = gpuport_queue().single_task([] {});
    ms = (stop.get_profiling_info<...command_end>() - start.get_profiling_info<...command_end>()) * 1e-6f;
Safety
    review: the marker kernels add a launch each; timings include them (microseconds).
References
    SYCL 2020 specification, 4.6.6 (event), 4.6.6.2 (event profiling).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._queue import queue_of, wrap

END = "get_profiling_info<sycl::info::event_profiling::command_end>()"


def _goto_bodies(ctx: RuleContext) -> list[Node]:
    """Function bodies that hold a `goto`."""
    return [
        body
        for fn in ts.captures("(function_definition) @f", ctx.root).get("f", [])
        if (body := fn.child_by_field_name("body")) is not None
        and ts.captures("(goto_statement) @g", body).get("g")
    ]


_DECLARES = "(declaration) @d (field_declaration) @d (parameter_declaration) @d (for_range_loop) @d"


def _event_names(ctx: RuleContext) -> frozenset[str]:
    """Variables, members and loop variables the file declares as `cudaEvent_t` (arrays included)."""
    out: set[str] = set()
    for decl in ts.captures(_DECLARES, ctx.root).get("d", []):
        t = decl.child_by_field_name("type")
        if t is None or ctx.text(t) != "cudaEvent_t":
            continue
        for first in decl.children_by_field_name("declarator"):
            d: Node | None = first
            while d is not None and d.type in ("init_declarator", "array_declarator"):
                d = d.child_by_field_name("declarator")
            if d is not None and d.type in ("identifier", "field_identifier"):
                out.add(ctx.text(d))
    return frozenset(out)


def _last_name(ctx: RuleContext, node: Node) -> str | None:
    """The variable an lvalue names: `e`, `ctx.copy_event` -> `copy_event`, `events[i]` -> `events`."""
    while node.type in (
        "subscript_expression",
        "parenthesized_expression",
        "field_expression",
        "array_declarator",
    ):
        if node.type == "field_expression":
            node = node.child_by_field_name("field") or node
            break
        inner = node.child_by_field_name(
            {"subscript_expression": "argument", "array_declarator": "declarator"}.get(node.type, "-")
        )
        node = inner if inner is not None else node.named_children[0]
    return ctx.text(node) if node.type in ("identifier", "field_identifier") else None


class Events(Rule):
    code = "GP214"
    name = "events"
    targets = frozenset({"sycl"})
    summary = "Translate CUDA events to sycl::event profiling on marker commands."

    def _hoisted(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """`cudaEvent_t a, b;` in a function with a `goto` moves to the top of the body: a sycl::event has a
        constructor, and C++ forbids jumping past the initialisation of such a variable (a CUDA event
        is a pointer; C-style `goto error_exit` code jumps over its declaration)."""
        for body in _goto_bodies(ctx):
            for decl in body.named_children:
                if decl.type != "declaration":
                    continue
                t = decl.child_by_field_name("type")
                if t is None or ctx.text(t) != "cudaEvent_t":
                    continue
                if any(d.type == "init_declarator" for d in decl.children_by_field_name("declarator")):
                    continue
                line_start = ctx.source.rfind(b"\n", 0, decl.start_byte) + 1
                start, end = decl.start_byte, decl.end_byte
                if ctx.source[line_start:start].strip() == b"" and ctx.source[end : end + 1] == b"\n":
                    start, end = line_start, end + 1
                names = ctx.slice(t.end_byte, decl.end_byte)
                at = body.start_byte + 1
                yield self.converted(
                    decl.start_byte,
                    decl.end_byte,
                    "`cudaEvent_t` declaration moved to the top of the function (a `goto` jumps past it)",
                    [Edit(at, at, f"\n  sycl::event{names}"), Edit(start, end, "")],
                    family="events",
                    symbol="cudaEvent_t",
                )

    def _null_events(self, ctx: RuleContext, names: frozenset[str]) -> Iterator[Diagnostic]:
        """The null event: a `sycl::event` is a value, neither set to nor compared with `nullptr`."""
        for null in ts.captures("(null) @n (identifier) @n (number_literal) @n", ctx.root).get("n", []):
            parent = null.parent
            if null.type == "identifier" and ctx.text(null) != "NULL":
                continue
            if null.type == "number_literal" and ctx.text(null) != "0":
                continue  # `cudaEvent_t e = 0;`: CUDA's events are pointers, 0 the null one
            if parent is None or ctx.is_claimed(null.start_byte, null.end_byte):
                continue
            if parent.type == "initializer_list" and parent.parent is not None:
                parent = parent.parent  # `cudaEvent_t evs[2] = {nullptr, nullptr}`
            if parent.type in ("init_declarator", "field_declaration", "assignment_expression"):
                target = (
                    parent.child_by_field_name("left")
                    if parent.type == "assignment_expression"
                    else parent.child_by_field_name("declarator")
                )
                if target is None or _last_name(ctx, target) not in names:
                    continue
                yield self.converted(
                    null.start_byte,
                    null.end_byte,
                    "the null event -> a default `sycl::event`",
                    [Edit(null.start_byte, null.end_byte, "sycl::event()")],
                    family="events",
                    symbol="cudaEvent_t",
                )
            elif parent.type == "binary_expression":
                op = parent.child_by_field_name("operator")
                left, right = parent.child_by_field_name("left"), parent.child_by_field_name("right")
                other = right if left == null else left
                if op is None or ctx.text(op) not in ("==", "!=") or other is None:
                    continue
                if _last_name(ctx, other) not in names:
                    continue
                value = "true" if ctx.text(op) == "!=" else "false"
                yield self.converted(
                    parent.start_byte,
                    parent.end_byte,
                    f"event compared with the null event -> `{value}` (a sycl::event always exists)",
                    [Edit(parent.start_byte, parent.end_byte, value)],
                    family="events",
                    symbol="cudaEvent_t",
                    safety=Safety.REVIEW,
                )

    def _truth_tests(self, ctx: RuleContext, names: frozenset[str]) -> Iterator[Diagnostic]:
        """`if ( e )`, `if ( !e )`, `e && ...`: whether an event was created. A sycl::event always exists
        (and has no conversion to bool), so the test is `true` (`false` negated); what it guarded
        (`cudaEventDestroy(e)`) is a no-op here anyway."""
        for node in ts.captures(
            "(condition_clause) @c (unary_expression) @c (binary_expression) @c", ctx.root
        ).get("c", []):
            if node.type == "condition_clause":
                operands = [node.child_by_field_name("value")]
            elif node.type == "unary_expression":
                op = node.child_by_field_name("operator")
                if op is None or ctx.text(op) != "!":
                    continue
                operands = [node.child_by_field_name("argument")]
            else:
                op = node.child_by_field_name("operator")
                if op is None or ctx.text(op) not in ("&&", "||"):
                    continue
                operands = [node.child_by_field_name("left"), node.child_by_field_name("right")]
            for operand in operands:
                inner = operand
                while (
                    inner is not None and inner.type == "parenthesized_expression" and inner.named_child_count
                ):
                    inner = inner.named_children[0]
                if inner is None or inner.type not in (
                    "identifier",
                    "field_expression",
                    "subscript_expression",
                ):
                    continue
                if _last_name(ctx, inner) not in names or ctx.is_claimed(inner.start_byte, inner.end_byte):
                    continue
                negated = node.type == "unary_expression"
                target = node if negated else inner
                value = "false" if negated else "true"
                yield self.converted(
                    target.start_byte,
                    target.end_byte,
                    f"event tested as a pointer -> `{value}` (a sycl::event always exists)",
                    [Edit(target.start_byte, target.end_byte, value)],
                    family="events",
                    symbol="cudaEvent_t",
                    safety=Safety.REVIEW,
                )

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"goto" in ctx.source:
            yield from self._hoisted(ctx)
        names = _event_names(ctx) if b"cudaEvent_t" in ctx.source else frozenset()
        if names:
            yield from self._null_events(ctx, names)
            yield from self._truth_tests(ctx, names)
        for occ in ctx.occurrences:
            if not occ.name.startswith("cudaEvent") or ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            args = [call.arg_text(ctx, i).strip() for i in range(len(call.args))]
            new: str | None = None
            value = "0"
            if occ.name in ("cudaEventCreate", "cudaEventCreateWithFlags", "cudaEventDestroy") and args:
                new = "0"
            elif occ.name == "cudaEventRecord" and args:
                q = queue_of(ctx, call, 1)
                new = f"{args[0]} = {q}single_task([] {{}})"
            elif occ.name == "cudaEventSynchronize" and len(args) == 1:
                new = f"{args[0]}.wait()"
            elif occ.name == "cudaEventElapsedTime" and len(args) == 3:
                # `&ms`, or a pointer the caller was given (the CUDA Handbook's `float *msHtoD`)
                out = args[0]
                ms = (
                    out[1:].strip()
                    if out.startswith("&")
                    else f"*{out}"
                    if re.fullmatch(r"\w+", out)
                    else f"*({out})"
                )
                a, b = (x if re.fullmatch(r"[\w.]+", x) else f"({x})" for x in args[1:])
                new = f"{ms} = ({b}.{END} - {a}.{END}) * 1e-6f"
            elif occ.name == "cudaEventQuery" and len(args) == 1:
                new = (
                    f"({args[0]}.get_info<sycl::info::event::command_execution_status>() == "
                    "sycl::info::event_command_status::complete ? 0 : 600)"  # cudaErrorNotReady
                )
            if new is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{occ.name}` not translated", family="events", symbol=occ.name
                )
                continue
            if new == "0":
                edits = [Edit(call.start, call.end, new)]
                stmt = call.node.parent if call.node is not None else None
                body = stmt.parent if stmt is not None else None
                if (
                    stmt is not None
                    and stmt.type == "expression_statement"
                    and body is not None
                    and (body.type not in ("compound_statement", "translation_unit"))
                ):
                    edits = [Edit(stmt.start_byte, stmt.end_byte, "{}")]  # `if (e) cudaEventDestroy(e);`
                elif stmt is not None and stmt.type == "expression_statement":
                    # nothing to do in SYCL: drop the statement (and its line when it stands alone)
                    start, end = stmt.start_byte, stmt.end_byte
                    line_start = ctx.source.rfind(b"\n", 0, start) + 1
                    if ctx.source[line_start:start].strip() == b"" and ctx.source[end : end + 1] == b"\n":
                        start, end = line_start, end + 1
                    edits = [Edit(start, end, "")]
            elif occ.name == "cudaEventQuery":
                edits = [Edit(call.start, call.end, new)]  # the expression is the status itself
            else:
                edits = wrap(ctx, occ, call, [Edit(call.start, call.end, new)], value)
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> sycl::event",
                edits,
                family="events",
                symbol=occ.name,
                safety=Safety.REVIEW,
            )
