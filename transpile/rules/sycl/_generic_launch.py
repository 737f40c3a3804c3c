"""Generic launchers: functions that launch a kernel they are given (`template <typename K, typename...
Args> void launch(K kernel, dim3 g, dim3 b, Args... args) { kernel<<<g, b>>>(args...); }`).

Such a launcher cannot pass what each kernel's SYCL form needs (the nd_item where its parameters have it,
its local memory), since it does not know the kernel. So the kernels given to it become host launchers
(GP263), and the launch inside it calls the launcher it was given, as a launch through a kernel pointer
does. A kernel passed by value is called through a pointer in CUDA too, so its callers give every
argument (default arguments are not part of a function's type): the host launcher needs no defaults. This module finds both ends: the launchers of a file (the tree pass hands those of other files over
as Options.kernel_launchers) and the kernels passed to them.
"""

from __future__ import annotations

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ._syntax import enclosing_function

# CUDA's own generic launch (CUDA 12's C++ overload): `cudaLaunchKernelEx(&config, kernel, args...)`.
BUILTIN_LAUNCHERS = {"cudaLaunchKernelEx": 1}


def _parameter_names(ctx: RuleContext, fn: Node) -> list[str]:
    decl = ts.function_declarator(fn)
    params = decl.child_by_field_name("parameters") if decl is not None else None
    names: list[str] = []
    for p in params.named_children if params is not None else []:
        if p.type == "comment":
            continue
        if ts.captures("(function_declarator) @f", p).get("f"):
            names.append("")  # a function pointer (`void (*k)(float *)`): GP263's pointer path
            continue
        ids = [
            n
            for n in ts.captures("(identifier) @i", p).get("i", [])
            if p.type != "optional_parameter_declaration" or n.end_byte <= _default_start(p)
        ]
        names.append(ctx.text(ids[-1]) if ids else "")
    return names


def _default_start(p: Node) -> int:
    d = p.child_by_field_name("default_value")
    return d.start_byte if d is not None else p.end_byte


def function_name(ctx: RuleContext, fn: Node) -> str | None:
    decl = ts.function_declarator(fn)
    name = decl.child_by_field_name("declarator") if decl is not None else None
    if name is None:
        return None
    return ctx.text(name).split("::")[-1]


def launched_parameter(ctx: RuleContext, callee: Node) -> int | None:
    """The index of the enclosing function's parameter a launch's callee names, if it names one."""
    if callee.type != "identifier":
        return None
    fn = enclosing_function(callee)
    if fn is None:
        return None
    names = _parameter_names(ctx, fn)
    text = ctx.text(callee)
    return names.index(text) if text in names else None


def launchers_of(ctx: RuleContext) -> dict[str, int]:
    """The file's functions that launch one of their parameters: name -> that parameter's index."""
    out: dict[str, int] = {}
    if b"<<<" not in ctx.source:
        return out
    for callee in launch_callees(ctx):
        at = launched_parameter(ctx, callee)
        fn = enclosing_function(callee)
        name = function_name(ctx, fn) if fn is not None and at is not None else None
        if name is not None and at is not None:
            out.setdefault(name, at)
    return out


def launch_callees(ctx: RuleContext) -> list[Node]:
    """The callee of every `<<<...>>>` launch, from the tree's index (no walk of its own)."""
    out = []
    for cfg in ts.captures("(kernel_call_syntax) @k", ctx.root).get("k", []):
        call = cfg.parent
        fn = (
            call.child_by_field_name("function")
            if call is not None and call.type == "call_expression"
            else None
        )
        if fn is not None:
            out.append(fn)
    return out


def kernel_name_node(node: Node) -> Node | None:
    """The name node of a kernel given as a value: `k`, `&k`, `k<T, 4>`, `ns::k<T>`."""
    while node.type in ("pointer_expression", "parenthesized_expression") and node.named_child_count == 1:
        node = node.named_children[-1]
    while node.type == "qualified_identifier":
        inner = node.child_by_field_name("name")
        if inner is None:
            return None
        node = inner
    if node.type == "template_function":
        node = node.child_by_field_name("name") or node
    return node if node.type == "identifier" else None


def kernel_arguments(ctx: RuleContext, launchers: dict[str, int]) -> list[tuple[Node, Node]]:
    """(call, name node) for each argument given to a generic launcher at its kernel's position."""
    out: list[tuple[Node, Node]] = []
    if not launchers or not any(n.encode() in ctx.source for n in launchers):
        return out
    for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
        fn = call.child_by_field_name("function")
        if fn is None:
            continue
        if fn.type == "template_function":
            fn = fn.child_by_field_name("name") or fn
        at = launchers.get(ctx.text(fn).split("::")[-1])
        args = call.child_by_field_name("arguments")
        if at is None or args is None or args.type != "argument_list":
            continue
        given = [a for a in args.named_children if a.type != "comment"]
        if at < len(given) and (name := kernel_name_node(given[at])) is not None:
            out.append((call, name))
    return out


def template_arguments(ctx: RuleContext, fn: Node) -> str:
    """`<T, N, Ts...>`: the function template's own parameters as arguments ("" for a plain function)."""
    parent = fn.parent
    if parent is None or parent.type != "template_declaration":
        return ""
    plist = parent.child_by_field_name("parameters")
    names: list[str] = []
    for p in plist.named_children if plist is not None else []:
        if p.type == "comment":
            continue
        ids = [
            c
            for c in sorted(ts.captures("(type_identifier) @i (identifier) @i", p).get("i", []), key=_start)
            if p.type not in ("optional_parameter_declaration", "optional_type_parameter_declaration")
            or c.end_byte <= _template_default_start(p)
        ]
        if not ids:
            return ""
        name = ids[-1] if p.type in ("parameter_declaration", "optional_parameter_declaration") else ids[0]
        names.append(ctx.text(name) + ("..." if p.type.startswith("variadic") else ""))
    return "<" + ", ".join(names) + ">"


def _start(n: Node) -> int:
    return n.start_byte


def _template_default_start(p: Node) -> int:
    d = p.child_by_field_name("default_value") or p.child_by_field_name("default_type")
    return d.start_byte if d is not None else p.end_byte
