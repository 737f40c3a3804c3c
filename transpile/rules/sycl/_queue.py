"""The queue and stream helpers every SYCL rule that calls the runtime shares (a helper layer module:
it imports no rule module).

`gpuport_queue()` is one program-wide in-order queue, CUDA's default stream; a `cudaStream_t` is a
`sycl::queue *`. These functions spell a stream argument as a queue expression, turn an out-argument
(`&p`) into an assignment target, and keep a rewritten call an expression where it was one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from ...calls import CallSite
from ...context import Occurrence, RuleContext
from ...edits import Edit
from ._model import QUEUE, _walk, declarator_name, enclosing_function, render, variable_type
from ._type_names import sycl_type_text

QUEUE_DEFINITION = (
    "#ifndef GPUPORT_SYCL_QUEUE\n"
    "#define GPUPORT_SYCL_QUEUE\n"
    "inline sycl::queue &gpuport_queue() {\n"
    "  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, "
    "sycl::property::queue::enable_profiling{}}};\n"
    "  return q;\n"
    "}\n"
    "#endif\n"
)
RUNTIME_HEADERS = frozenset({"cuda_runtime.h", "cuda.h", "cuda_runtime_api.h"})
DEFAULT_STREAMS = frozenset(
    {"0", "NULL", "nullptr", "cudaStreamDefault", "cudaStreamLegacy", "cudaStreamPerThread"}
)
# `&p` cast to any pointer-to-pointer type: `(void **)&p`, `(float **)&p`, and the `(void ***)&p` that
# CUDA's template `cudaMalloc(T **, size_t)` also takes (PMPP's exercises): each writes the pointer `p`.
_ADDR = re.compile(
    r"^\s*(?:\(\s*[A-Za-z_][\w:]*(?:\s+[A-Za-z_][\w:]*)*\s*\*\s*\*(?:\s*\*)*\s*\)\s*"
    r"|(?P<cast>reinterpret|const|static)_cast<\s*void\s*\*\s*\*\s*>\s*\(\s*)?&\s*"
)
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
    default stream (a null `sycl::queue *` would be dereferenced), and so for an expression that may
    yield 0 (`sp ? *sp : 0`)."""
    text = text.strip()
    if text in DEFAULT_STREAMS:
        return QUEUE + "."
    if re.fullmatch(r"[A-Za-z_]\w*", text):
        if may_be_default_stream(ctx, text, at):
            return f"({text} ? *{text} : {QUEUE})."
        return f"{text}->"
    # `sp ? *sp : 0`: an expression that may yield CUDA's default stream as 0 is tested like a variable,
    # written twice when evaluating it twice is harmless (no call, assignment or increment in it).
    if "?" in text and not _IMPURE.search(text):
        return f"(({rendered}) ? *({rendered}) : {QUEUE})."
    return f"({rendered})->"


# What makes evaluating an expression twice observable: a call, an assignment, an increment.
_IMPURE = re.compile(r"[A-Za-z_]\w*\s*\(|\+\+|--|(?<![=!<>])=(?!=)")


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
    lead: str  # "" for `&p`, "*" for a pointer-to-pointer argument `pp`, "*(" for `pp + i`, and for
    # `const_cast<void **>(&p)` "*const_cast<T *>(&"
    cast: str
    close: str

    @property
    def after(self) -> str:
        """What follows the pointer expression before ` = `: the `)` that closes a lead of `*(` (or of
        `*const_cast<T *>(&`)."""
        return ")" if self.lead.endswith(("(", "(&")) else ""


def assign_target(ctx: RuleContext, occ: Occurrence, call: CallSite, i: int) -> Target | None:
    """For an out-argument `&p` (or `(void **)&p`, `reinterpret_cast<void **>(&p)`, `const_cast<..>(&p)`), or a pointer to the
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
        end = a0e - (1 if m.group("cast") else 0)
        if m.group("cast") == "const":
            # `const_cast<void **>(&member_)` in a const method (qsim): the member is written through a
            # pointer with the const cast away, as cudaMalloc wrote it.
            target = ctx.slice(start, end).strip()
            lead = f"*const_cast<std::remove_reference_t<decltype({target})> *>(&"
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
    if lead.startswith("*const_cast"):
        return Target(start, end, lead, f"static_cast<std::remove_reference_t<decltype({target})>>(", ")")
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
