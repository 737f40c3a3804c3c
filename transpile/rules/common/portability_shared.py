"""Helpers shared by the portability rules (GP301-GP310): no rule lives here.

The portability rules look for code that assumes NVIDIA's 32-lane warp. They share a few questions about
the syntax tree: is this expression a thread index, which function encloses this node, is this integer
literal a given number, and is this literal a full 32-bit lane mask.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext

# The CUDA `*_sync` warp functions; the lane mask is always their first argument.
MASK_FUNCTIONS = frozenset(
    {
        "__shfl_sync",
        "__shfl_up_sync",
        "__shfl_down_sync",
        "__shfl_xor_sync",
        "__ballot_sync",
        "__any_sync",
        "__all_sync",
        "__uni_sync",
        "__match_any_sync",
        "__match_all_sync",
        "__reduce_add_sync",
        "__reduce_min_sync",
        "__reduce_max_sync",
        "__reduce_and_sync",
        "__reduce_or_sync",
        "__reduce_xor_sync",
        "__syncwarp",
    }
)
# A full 32-lane mask spelled as a literal: 0xffffffff (any case, unsigned/long suffixes).
FULL_MASK_32 = re.compile(r"0[xX][fF]{8}[uUlL]{0,3}")
# Integer literal with optional suffixes: 32, 32u, 0x20.
_INT = re.compile(r"(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)[uUlLzZ]{0,3}")

_THREAD_BUILTINS = frozenset({"threadIdx", "blockIdx", "blockDim"})
_INIT_QUERY = "(init_declarator declarator: (identifier) @name value: (_) @value)"
_ASSIGN_QUERY = "(assignment_expression left: (identifier) @name right: (_) @value)"


def _parse_int(text: str) -> int | None:
    m = _INT.fullmatch(text.strip())
    if not m:
        return None
    digits = m.group(1)
    if digits.lower().startswith("0x"):
        return int(digits, 16)
    if len(digits) > 1 and digits.startswith("0"):
        return int(digits, 8)
    return int(digits)


def int_macros(ctx: RuleContext) -> dict[str, int]:
    """Object-like macros of this file whose body is an integer literal (`#define WARP_SIZE 32`)."""
    cached: dict[str, int] | None = ctx.__dict__.get("_portability_int_macros")
    if cached is not None:
        return cached
    found: dict[str, int] = {}
    for m in ts.matches("(preproc_def name: (identifier) @name value: (preproc_arg) @value)", ctx.root):
        value = _parse_int(ctx.text(m["value"][0]))
        if value is not None:
            found[ctx.text(m["name"][0])] = value
    ctx.__dict__["_portability_int_macros"] = found
    return found


def int_value(ctx: RuleContext, node: Node | None) -> int | None:
    """The value of an integer literal node, or of a macro defined as one; parentheses allowed."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    if node is None:
        return None
    if node.type == "number_literal":
        return _parse_int(ctx.text(node))
    if node.type == "identifier":
        return int_macros(ctx).get(ctx.text(node))
    return None


def is_full_mask_32(ctx: RuleContext, node: Node) -> bool:
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node.type == "number_literal" and FULL_MASK_32.fullmatch(ctx.text(node)) is not None


def identifiers_in(node: Node) -> list[Node]:
    """Every identifier node under `node` (itself included)."""
    found: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "identifier":
            found.append(n)
        stack.extend(n.children)
    return found


def enclosing_function(node: Node) -> Node | None:
    parent = node.parent
    while parent is not None:
        if parent.type in ("function_definition", "lambda_expression"):
            return parent
        parent = parent.parent
    return None


def _mentions_thread_builtin(ctx: RuleContext, node: Node, names: frozenset[str] = frozenset()) -> bool:
    return any((t := ctx.text(n)) in _THREAD_BUILTINS or t in names for n in identifiers_in(node))


def thread_vars(ctx: RuleContext, function: Node | None) -> frozenset[str]:
    """Names of variables in `function` computed from threadIdx/blockIdx/blockDim (directly or through
    another such variable): `int tid = threadIdx.x;`, `int i = blockIdx.x * blockDim.x + tid;`."""
    if function is None:
        return frozenset()
    # Cached on the context (one per file): several rules ask about the same functions.
    cache: dict[int, frozenset[str]] = ctx.__dict__.setdefault("_portability_thread_vars", {})
    key = function.start_byte
    if key in cache:
        return cache[key]
    pairs: list[tuple[str, Node]] = []
    for pattern in (_INIT_QUERY, _ASSIGN_QUERY):
        for m in ts.matches(pattern, function):
            pairs.append((ctx.text(m["name"][0]), m["value"][0]))
    names: set[str] = set()
    changed = True
    while changed:  # a fixed point: tid -> lane -> ... (a handful of rounds at most)
        changed = False
        frozen = frozenset(names)
        for name, value in pairs:
            if name not in names and _mentions_thread_builtin(ctx, value, frozen):
                names.add(name)
                changed = True
    result = frozenset(names)
    cache[key] = result
    return result


def is_thread_index(ctx: RuleContext, node: Node) -> bool:
    """True when `node` is computed from the thread/block index (so `% 32` on it is a lane id)."""
    return _mentions_thread_builtin(ctx, node, thread_vars(ctx, enclosing_function(node)))


def callee_name(ctx: RuleContext, call: Node) -> str:
    """The plain name a call_expression calls (`f` for `f(x)`, `f<T>(x)`, `ns::f(x)`), else ""."""
    fn = call.child_by_field_name("function")
    while fn is not None and fn.type in ("qualified_identifier", "template_function"):
        fn = fn.child_by_field_name("name")
    return ctx.text(fn) if fn is not None and fn.type == "identifier" else ""


def call_args(call: Node) -> list[Node]:
    args = call.child_by_field_name("arguments")
    if args is None or args.type != "argument_list":
        return []
    return [c for c in args.named_children if c.type != "comment"]


def lane_word(target: str) -> str:
    """How the target names the thing a CUDA warp is."""
    return (
        "wavefront (64 lanes on CDNA, 32 on RDNA)"
        if target == "hip"
        else "sub-group (size set by the device)"
    )
