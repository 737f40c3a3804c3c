"""Kernel launches as SYCL sees them: the launch pattern, a launch dimension as a `sycl::range<3>`, and
what a launch of a kernel passes besides its own arguments. Shared by GP203 (kernel-launch) and GP263
(kernel-pointers); a helper module, so rules do not import each other."""

from __future__ import annotations

import re

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ._model import STREAM, STREAM_DECL, Function, Model, accessor_call, is_dim3_expr, render, variable_type
from ._syntax import base_type, declarator_name, substitute, template_param_defaults
from ._type_names import sycl_type_text

LAUNCH = (
    "(call_expression function: (_) @fn (kernel_call_syntax) @cfg arguments: (argument_list) @args) @call"
)


def to_range(ctx: RuleContext, node: Node) -> str:
    """A launch dimension (dim3 or integer expression) as a `sycl::range<3>` expression."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    cast_to = node.child_by_field_name("type") if node.type == "cast_expression" else None
    value = node.child_by_field_name("value") if cast_to is not None else None
    if (
        cast_to is not None
        and value is not None
        and ctx.text(cast_to).replace("const ", "").strip() == "dim3"
    ):
        return to_range(ctx, value)  # `(dim3)n_blocks`: the value's range (a scalar's is (1, 1, n))
    callee = node.child_by_field_name("function") if node.type == "call_expression" else None
    is_dim3_call = callee is not None and ctx.text(callee) == "dim3"
    if not is_dim3_call and is_dim3_expr(ctx, node):
        return render(ctx, node.start_byte, node.end_byte)  # already a range after GP212
    if node.type == "call_expression":
        fn = node.child_by_field_name("function")
        arglist = node.child_by_field_name("arguments")
        if fn is not None and ctx.text(fn) == "dim3" and arglist is not None:
            args = [
                render(ctx, a.start_byte, a.end_byte) for a in arglist.named_children if a.type != "comment"
            ]
            args += ["1"] * (3 - len(args))
            return f"sycl::range<3>({args[2]}, {args[1]}, {args[0]})"
    if node.type == "compound_literal_expression":
        # `{32, 4, 1}` (no type: tree-sitter's MISSING type) or `dim3{32, 4}`
        ty, value = node.child_by_field_name("type"), node.child_by_field_name("value")
        if ty is not None and value is not None and ctx.text(ty) in ("", "dim3"):
            node = value
    if node.type == "initializer_list":
        # `k<<<grid, {bx, by, 1}>>>`: a braced dim3
        args = [render(ctx, a.start_byte, a.end_byte) for a in node.named_children if a.type != "comment"]
        if 1 <= len(args) <= 3:
            args += ["1"] * (3 - len(args))
            return f"sycl::range<3>({args[2]}, {args[1]}, {args[0]})"
    if node.type == "identifier":
        t = variable_type(ctx, ctx.text(node), node)
        if t is not None and t[0].replace("const ", "") == "dim3" and not t[1] and not t[2]:
            return ctx.text(node)
    return f"sycl::range<3>(1, 1, {render(ctx, node.start_byte, node.end_byte)})"


def implicit_args(
    ctx: RuleContext,
    m: Model,
    name: str,
    fn_text: str,
    kernel: Function | None,
    targs: list[str],
    shmem: str,
    call_args: list[Node] | None = None,
) -> tuple[list[str], list[str], list[str]] | str:
    """What a launch of kernel `name` adds to the call it makes: (local accessor declarations, extra
    arguments after the nd_item, lambda captures), or the reason it cannot be launched here. Template
    parameters the launch does not write are deduced from `call_args` where they can be."""
    # The kernel's implicit launch needs: from this file's model, or from the tree's first pass when
    # the kernel is defined in another file (Options.project_kernels).
    external = next((k for k in ctx.options.project_kernels if k.name == name), None)
    tparams: list[str] = []
    shared: list[tuple[str, str, list[str], bool]] = []
    if kernel is not None:
        tparams = kernel.template_params
        shared = [(v.name, v.elem_type, v.dims, v.dynamic) for v in [*kernel.shared, *kernel.shared_in]]
    elif external is not None:
        if external.globals_used and not external.globals_visible:
            return (
                f"launch of `{fn_text}`: the kernel (in {external.defined_in}) reads device globals "
                f"({', '.join(external.globals_used)}) that this file cannot pass"
            )
        tparams = list(external.template_params)
        shared = [(n, t, list(d), dyn) for n, t, d, dyn in external.shared]
    mapping: dict[str, str] = {}
    if tparams:
        mapping = dict(zip(tparams, targs, strict=False))
        shapes = (
            param_shapes(ctx, kernel) if kernel is not None else external.param_shapes if external else ()
        )
        if call_args and len(mapping) < len(tparams):
            mapping = {**deduced(ctx, shapes, call_args, [p for p in tparams if p not in mapping]), **mapping}
        # what is neither written nor deduced takes its default (`unsigned warp_size = 32`)
        defaults = (
            template_param_defaults(ctx, kernel.node)
            if kernel is not None
            else dict(external.template_defaults)
            if external is not None
            else {}
        )
        for p in tparams:
            if p not in mapping and p in defaults:
                mapping[p] = substitute(defaults[p], mapping)
    locals_: list[str] = []
    extras: list[str] = []
    dynamic_acc: tuple[str, str] | None = None
    if shared:
        for s_name, s_elem, s_dims, s_dynamic in shared:
            elem = substitute(s_elem, mapping).replace("volatile ", "")
            dims = [substitute(d, mapping) for d in s_dims]
            unresolved = set(tparams) - set(mapping)
            words = set(re.findall(r"\b\w+\b", " ".join([elem, *dims])))
            if words & unresolved:
                return (
                    f"launch of `{fn_text}`: shared variable `{s_name}` depends on template parameters "
                    "deduced at the call; write the template arguments explicitly"
                )
            # The element type is copied into the launch (generated text), so its CUDA names
            # (`__half`, `curandState`, template arguments) are translated here.
            translated = sycl_type_text(elem, ctx.declared_names)
            if translated is None:
                return (
                    f"launch of `{fn_text}`: shared variable `{s_name}` has type `{elem}` whose CUDA "
                    "names have no SYCL translation here"
                )
            elem = translated
            acc = f"{s_name}_acc"
            if s_dynamic and dynamic_acc is not None:
                # every `extern __shared__` array of a kernel (its own and its device functions') is
                # the same memory in CUDA: one accessor, seen through each array's element type
                first_acc, first_elem = dynamic_acc
                ptr = f"&{first_acc}[0]"
                inner = "".join(f"[{d}]" for d in dims[1:])  # `T x[][N]`: a pointer to rows of N
                pointer = f"{elem} (*){inner}" if inner else f"{elem} *"
                cast = elem != first_elem or bool(inner)
                extras.append(f"reinterpret_cast<{pointer}>({ptr})" if cast else ptr)
                continue
            if s_dynamic:
                dynamic_acc = (acc, elem)
                size = f"({shmem}) / sizeof({elem})"
            elif not s_dims:
                size = "1"
            else:
                size = " * ".join(d if re.fullmatch(r"\w+", d) else f"({d})" for d in dims)
            if re.fullmatch(r"[A-Za-z_]\w*", size):
                # `acc(sycl::range<1>(J), cgh)` also reads as a function declaration with a parameter `J`
                # (g++: "declaration of J shadows template parameter"); a cast is only an expression
                size = f"static_cast<size_t>({size})"
            locals_.append(f"sycl::local_accessor<{elem}, 1> {acc}(sycl::range<1>({size}), cgh);")
            ptr = f"&{acc}[0]"  # portable: AdaptiveCpp's local_accessor lacks get_multi_ptr
            if not s_dims:
                extras.append(f"{acc}[0]")
            elif len(s_dims) == 1:
                extras.append(ptr)
            else:
                inner = "".join(f"[{d}]" for d in dims[1:])
                extras.append(f"reinterpret_cast<{elem} (*){inner}>({ptr})")
    captures: list[str] = []
    if kernel is not None:
        for g in kernel.globals_used:
            dg = m.globals[g]
            captures.append(f"{g} = {dg.accessor_call}")
            extras.append(f"*{g}" if not dg.dims else g)
    elif external is not None:
        # The kernel's file is included here: its globals' inline accessors are visible.
        for g, scope, is_array in external.globals_info:
            captures.append(f"{g} = {accessor_call(g, scope)}")
            extras.append(g if is_array else f"*{g}")
    # device printf (GP216): the command group creates the stream the kernel writes to, passed last
    if kernel.needs_stream if kernel is not None else external is not None and external.needs_stream:
        locals_.append(STREAM_DECL)
        extras.append(STREAM)
    return locals_, extras, captures


def param_shapes(ctx: RuleContext, kernel: Function) -> tuple[tuple[str, int], ...]:
    """(base type without cv, pointer depth) of each parameter of `kernel`, ("", -1) where the declarator
    is not a plain name (an array, a reference): what deduction reads (also for other files' launches,
    Options.project_kernels)."""
    params = kernel.params_node
    if params is None:
        return ()
    out: list[tuple[str, int]] = []
    for decl in (c for c in params.named_children if c.type == "parameter_declaration"):
        declarator = decl.child_by_field_name("declarator")
        shape = declarator_name(ctx, declarator) if declarator is not None else None
        if shape is None or shape[1]:
            out.append(("", -1))
            continue
        out.append((" ".join(w for w in base_type(ctx, decl).split() if w not in _CV), shape[2]))
    return tuple(out)


def deduced(
    ctx: RuleContext, shapes: tuple[tuple[str, int], ...], call_args: list[Node], wanted: list[str]
) -> dict[str, str]:
    """Template parameters deduced from a launch's arguments, as the C++ compiler would for the simple
    forms: a parameter `T *p`, `const T *const p` or `T p` (its `shapes` entry) given a variable declared
    with a type and the same pointer depth (`Real *d_values` gives `T` = `Real`). The local accessors of
    the launch are made of those types, so the launch site must name them (`computeValue<<<g, b, n>>>(...)`
    with a `T` shared array, as the CUDA samples launch it)."""
    found: dict[str, str] = {}
    for (param_type, depth), arg in zip(shapes, call_args, strict=False):
        if depth < 0 or param_type not in wanted or param_type in found:
            continue
        got = _argument_type(ctx, arg)
        if got is None or got[1] != depth:
            continue  # another pointer depth (or an array): not a form read here
        arg_type = " ".join(w for w in got[0].split() if w not in _CV)
        if arg_type:
            found[param_type] = arg_type
    return found


def _argument_type(ctx: RuleContext, arg: Node) -> tuple[str, int] | None:
    """(type, pointer depth) of a launch argument whose type is written in the source: a variable, a
    cast (`(fp_type *) d_ws`, `static_cast<T *>(p)`), or a member of a struct of this file whose every
    declaration of that name agrees (`d_i.xss` with `idx_type *xss;`)."""
    if arg.type == "identifier":
        got = variable_type(ctx, ctx.text(arg), arg)
        return (got[0], got[2]) if got is not None and not got[1] else None
    desc: Node | None = None
    if arg.type == "cast_expression":
        desc = arg.child_by_field_name("type")
    elif arg.type == "call_expression":
        fn = arg.child_by_field_name("function")
        name = fn.child_by_field_name("name") if fn is not None and fn.type == "template_function" else None
        targs = fn.child_by_field_name("arguments") if name is not None and fn is not None else None
        if (
            name is not None
            and ctx.text(name) in _CASTS
            and targs is not None
            and targs.named_child_count == 1
        ):
            desc = targs.named_children[0]
    if desc is not None and desc.type == "type_descriptor":
        depth, d = 0, desc.child_by_field_name("declarator")
        while d is not None and d.type == "abstract_pointer_declarator":
            depth, d = depth + 1, d.child_by_field_name("declarator")
        return (base_type(ctx, desc), depth) if d is None else None
    if arg.type == "field_expression":
        field = arg.child_by_field_name("field")
        return _member_type(ctx, ctx.text(field)) if field is not None else None
    return None


def _member_type(ctx: RuleContext, name: str) -> tuple[str, int] | None:
    types: set[tuple[str, int]] = set()
    for node in ts.captures("(field_declaration) @d", ctx.root).get("d", []):
        for d in node.children_by_field_name("declarator"):
            depth, leaf = 0, d
            while leaf.type == "pointer_declarator":
                inner = leaf.child_by_field_name("declarator")
                if inner is None:
                    break
                depth, leaf = depth + 1, inner
            if leaf.type == "field_identifier" and ctx.text(leaf) == name:
                types.add((base_type(ctx, node), depth))
    return types.pop() if len(types) == 1 else None


_CASTS = frozenset({"static_cast", "reinterpret_cast", "const_cast"})


_CV = frozenset({"const", "volatile"})
