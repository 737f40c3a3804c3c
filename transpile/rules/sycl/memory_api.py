"""GP210 memory-api: CUDA allocation, copy and synchronisation calls become USM on the queue.

What it does
    `cudaMalloc(&p, n)` -> `p = (T *)sycl::malloc_device(n, gpuport_queue())` (T from p's declaration with
    its CUDA type names translated, `curandState` -> `gpuport_rand_state`; else, or when a CUDA name in it
    has no known translation, `std::remove_reference_t<decltype(p)>`, as `decltype(a[0])` is a
    reference); `cudaMallocManaged`
    -> `sycl::malloc_shared`; `cudaMallocHost`/`cudaHostAlloc` -> `sycl::malloc_host`;
    `cudaFree`/`cudaFreeHost` -> `sycl::free(p, gpuport_queue())`; `cudaMemcpy(d, s, n, kind)` ->
    `gpuport_queue().memcpy(d, s, n).wait()`; `cudaMemcpyAsync(d, s, n, kind, st)` ->
    `st->memcpy(d, s, n)`; `cudaMemset[Async]` -> `.memset(...)`; `cudaDeviceSynchronize()` ->
    `gpuport_queue().wait()`; `cudaStreamSynchronize(st)` -> `st->wait()`; a stream variable that may hold 0 (CUDA's default
    stream: a parameter, a global, a local initialised with a value) is used as
    `(st ? *st : gpuport_queue())`. Used as an expression
    (`CUDA_CHECK(cudaMalloc(...))`) the result is wrapped as `(..., 0)` so it still yields a success code.
    Pitched copies are GP249's, prefetches and advice GP250's, mapped host memory GP251's.
Why
    Unified shared memory on one in-order queue is the SYCL 2020 counterpart of CUDA's pointer-based
    memory model and default stream. Errors surface as SYCL exceptions, not return codes.
Example
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
Translated to
    CUDA_CHECK((gpuport_queue().memcpy(d_x, x.data(), n * sizeof(float)).wait(), 0));
Safety
    safe. The copy direction argument is dropped (USM pointers know where they live). `cudaHostAlloc`
    flags are dropped: host USM is always device-accessible (mapped) and usable by every device of the
    context (portable); write-combining is only a performance hint.
References
    SYCL 2020 specification, 4.8 (USM), 4.6.5.2 (queue shortcut functions).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tree_sitter import Node

from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import QUEUE, _walk, declarator_name, enclosing_function, render, variable_type
from ._type_names import sycl_type_text

ALLOC = {
    "cudaMalloc": "malloc_device",
    "cudaMallocManaged": "malloc_shared",
    "cudaMallocHost": "malloc_host",
    "cudaHostAlloc": "malloc_host",
}
DEFAULT_STREAMS = frozenset(
    {"0", "NULL", "nullptr", "cudaStreamDefault", "cudaStreamLegacy", "cudaStreamPerThread"}
)
# A handler's answer: the edits and their safety, or None when the call is not understood.
_Result = tuple[list[Edit], Safety] | None
_Handler = Callable[[RuleContext, Occurrence, CallSite], _Result]
_ADDR = re.compile(r"^\s*(?:\(\s*void\s*\*\s*\*\s*\)\s*|reinterpret_cast<\s*void\s*\*\s*\*\s*>\s*\(\s*)?&\s*")
# `(void **)(&p)`: the address in parentheses after the cast (cuda-samples' dct8x8)
_ADDR_PAREN = re.compile(r"^\s*\(\s*void\s*\*\s*\*\s*\)\s*\(\s*&\s*(?=[^()]*\)\s*$)")
# A pointer to the pointer, optionally cast to `void **`: an identifier or member (`pp`, `s.pp`, `s->pp`).
# Arithmetic on such a pointer (`pI0 + level`, `bufs + 2 * i`): no calls, assignments or increments.
_PTR_EXPR = re.compile(
    r"^(?:\(\s*void\s*\*\s*\*\s*\)\s*)?(?P<p>[A-Za-z_][\w.>\- ]*(?:\s*[+-]\s*[\w.\[\]* ]+)+)$"
)
_PTR_PTR = re.compile(
    r"^(?:\(\s*void\s*\*\s*\*\s*\)\s*)?(?P<p>[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*)$"
)


def may_be_default_stream(ctx: RuleContext, name: str, at: Node | None) -> bool:
    """Whether stream variable `name`, used at `at`, may hold 0 (CUDA's default stream): a parameter
    (callers pass 0, often through a default argument), a variable declared outside the function (a
    global or a member, zero-initialised until created), or a local initialised with something other
    than a call (`cudaStream_t s = 0;`). A local declared without an initialiser is taken to be created
    by `cudaStreamCreate` before use, as CUDA code does."""
    fn = enclosing_function(at) if at is not None else None
    if fn is None:
        return True
    for node in _walk(fn):
        if node.start_byte >= at.start_byte:  # type: ignore[union-attr]
            break
        if node.type == "parameter_declaration":
            for d in node.children_by_field_name("declarator"):
                got = declarator_name(ctx, d)
                if got is not None and got[0] == name:
                    return True
        elif node.type == "declaration":
            for d in node.children_by_field_name("declarator"):
                got = declarator_name(ctx, d)
                if got is None or got[0] != name or got[1] or got[2]:
                    continue
                value = d.child_by_field_name("value") if d.type == "init_declarator" else None
                return value is not None and value.type != "call_expression"
    return True


def stream_queue(ctx: RuleContext, text: str, rendered: str, at: Node | None) -> str:
    """The queue, followed by the member access to call on it, for a CUDA stream expression `text`
    (`rendered`: its translated text): `gpuport_queue().` for the default stream, `s->` for a created
    stream, `(s ? *s : gpuport_queue()).` for a variable that may hold 0, which CUDA reads as the
    default stream (a null `sycl::queue *` would be dereferenced)."""
    text = text.strip()
    if text in DEFAULT_STREAMS:
        return QUEUE + "."
    if re.fullmatch(r"[A-Za-z_]\w*", text):
        if may_be_default_stream(ctx, text, at):
            return f"({text} ? *{text} : {QUEUE})."
        return f"{text}->"
    return f"({rendered})->"


def queue_of(ctx: RuleContext, call: CallSite, i: int) -> str:
    """The queue expression for stream argument i ("gpuport_queue()." when absent or default)."""
    if i >= len(call.args):
        return QUEUE + "."
    return stream_queue(ctx, call.arg_text(ctx, i), render(ctx, *call.args[i]), call.node)


@dataclass(frozen=True)
class Target:
    """Where an out-argument's pointer goes: the call becomes `<lead><ptr> = <cast>value<close>`."""

    start: int  # span of the pointer expression kept in place
    end: int
    lead: str  # "" for `&p`, "*" for a pointer-to-pointer argument `pp`, "*(" for `pp + i`
    cast: str
    close: str

    @property
    def after(self) -> str:
        """What follows the pointer expression before ` = `: the `)` that closes a lead of `*(`."""
        return ")" if self.lead.endswith("(") else ""


def assign_target(ctx: RuleContext, occ: Occurrence, call: CallSite, i: int) -> Target | None:
    """For an out-argument `&p` (or `(void **)&p`, `reinterpret_cast<void **>(&p)`), or a pointer to the
    pointer `pp` (`(void **)pp`), at argument i: the span of `p` / `pp` and the cast that turns a `void *`
    into the pointer's type. T comes from the declaration, else `std::remove_reference_t<decltype(p)>`
    (decltype of an lvalue expression such as `d_q[0]` or `*pp` is a reference)."""
    a0s, a0e = call.args[i]
    text = ctx.slice(a0s, a0e)
    m = _ADDR.match(text)
    paren = _ADDR_PAREN.match(text)
    lead = ""
    if paren:
        start = a0s + paren.end()
        inner = text[paren.end() : len(text.rstrip()) - 1]
        end = start + len(inner.rstrip())
    elif m:
        start = a0s + m.end()
        end = a0e - (1 if text.startswith("reinterpret_cast") else 0)
    else:
        m = _PTR_PTR.match(text)
        e = _PTR_EXPR.match(text) if not m else None
        if m:
            start, end, lead = a0s + m.start("p"), a0s + m.end("p"), "*"
        elif e:
            # `cudaMalloc(pI0 + level, n)`: a pointer to the pointer computed in place
            start, end, lead = a0s + e.start("p"), a0s + e.end("p"), "*("
        else:
            return None
    target = ctx.slice(start, end).strip()
    if lead == "*(":
        return Target(start, end, lead, f"static_cast<std::remove_reference_t<decltype(*({target}))>>(", ")")
    if re.fullmatch(r"[A-Za-z_]\w*", target) and occ.node is not None:
        got = variable_type(ctx, target, occ.node)
        # The type text is copied into generated code, so its CUDA names are translated here; one this
        # pack cannot translate leaves the decltype spelling, which names no type.
        elem = sycl_type_text(got[0], ctx.declared_names) if got is not None else None
        if got is not None and elem is not None and got[2] == 1 + len(lead) and not got[1]:
            star = "*" if elem.endswith("*") else " *"  # `sycl::queue **`, not `sycl::queue * *`
            return Target(start, end, lead, f"({elem}{star})", "")
    return Target(start, end, lead, f"static_cast<std::remove_reference_t<decltype({lead}{target})>>(", ")")


def queue_ref(ctx: RuleContext, call: CallSite, i: int) -> str:
    """The queue for stream argument i as a `sycl::queue &` expression (`gpuport_queue()`, `*s`)."""
    q = queue_of(ctx, call, i)
    if q.endswith("->"):
        return "*" + q.removesuffix("->")
    return q.removesuffix(".")


def wrap(
    ctx: RuleContext, occ: Occurrence, call: CallSite, edits: list[Edit], value: str = "0"
) -> list[Edit]:
    """Make the rewritten call an expression yielding `value` unless it is a whole statement."""
    if (
        call.node is not None
        and call.node.parent is not None
        and call.node.parent.type == "expression_statement"
    ):
        return edits
    return [Edit(call.start, call.start, "("), *edits, Edit(call.end, call.end, f", {value})")]


class MemoryApi(Rule):
    code = "GP210"
    name = "memory-api"
    targets = frozenset({"sycl"})
    summary = "Translate CUDA memory and synchronisation calls to USM operations on the queue."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            name = occ.name
            handler: _Handler | None = None
            if name in ALLOC:
                handler = self._alloc
            elif name.startswith("cuda"):
                handler = getattr(self, "_" + name, None)
            if handler is None:
                continue
            call = call_at(ctx, occ)
            if call is None:
                continue
            got = handler(ctx, occ, call)
            if got is None:
                yield self.unconverted(
                    occ.start, occ.end, f"`{name}` call not understood", family="runtime", symbol=name
                )
                continue
            edits, safety = got
            yield self.converted(
                occ.start, occ.end, f"`{name}` -> USM", edits, family="runtime", symbol=name, safety=safety
            )
            # The dropped arguments (copy kinds, flags) are CUDA names this rule handled.
            for i in range(len(call.args)):
                s, e = call.args[i]
                if any(ed.start <= s and e <= ed.end and ed.start < ed.end for ed in edits):
                    yield self.converted(s, e, "argument dropped", family="runtime")

    def _alloc(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        if len(call.args) < 2:
            return None
        t = assign_target(ctx, occ, call, 0)
        if t is None:
            return None
        func = ALLOC[occ.name]
        b0, b1 = call.args[1]
        edits = [
            Edit(call.start, t.start, t.lead),
            Edit(t.end, b0, f"{t.after} = {t.cast}sycl::{func}("),
            Edit(b1, call.end, f", {QUEUE}){t.close}"),
        ]
        return wrap(ctx, occ, call, edits), Safety.SAFE

    def _free(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        if len(call.args) != 1:
            return None
        return wrap(
            ctx,
            occ,
            call,
            [Edit(call.start, call.open + 1, "sycl::free("), Edit(call.args[0][1], call.close, f", {QUEUE}")],
        ), Safety.SAFE

    _cudaFree = _free
    _cudaFreeHost = _free

    def _copy(
        self, ctx: RuleContext, occ: Occurrence, call: CallSite, op: str, n_args: int, stream_at: int | None
    ) -> _Result:
        if len(call.args) < n_args:
            return None
        q = queue_of(ctx, call, stream_at) if stream_at is not None else QUEUE + "."
        tail = ")" if stream_at is not None else ").wait()"
        edits = [Edit(call.start, call.open + 1, f"{q}{op}("), Edit(call.args[n_args - 1][1], call.end, tail)]
        return wrap(ctx, occ, call, edits), Safety.SAFE

    def _cudaMemcpy(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memcpy", 3, None) if len(call.args) == 4 else None

    def _cudaMemcpyAsync(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memcpy", 3, 4) if len(call.args) in (4, 5) else None

    def _cudaMemset(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memset", 3, None) if len(call.args) == 3 else None

    def _cudaMemsetAsync(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return self._copy(ctx, occ, call, "memset", 3, 3) if len(call.args) in (3, 4) else None

    def _cudaDeviceSynchronize(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        return wrap(ctx, occ, call, [Edit(call.start, call.end, f"{QUEUE}.wait()")]), Safety.SAFE

    _cudaThreadSynchronize = _cudaDeviceSynchronize

    def _cudaStreamSynchronize(self, ctx: RuleContext, occ: Occurrence, call: CallSite) -> _Result:
        if len(call.args) != 1:
            return None
        q = queue_of(ctx, call, 0)
        return wrap(ctx, occ, call, [Edit(call.start, call.end, f"{q}wait()")]), Safety.SAFE
