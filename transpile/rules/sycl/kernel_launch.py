"""GP203 kernel-launch: `k<<<grid, block, shmem, stream>>>(args)` becomes `parallel_for` over an nd_range.

What it does
    Rewrites a launch as `Q.parallel_for(sycl::nd_range<3>(G * B, B), [=](sycl::nd_item<3> item) {
    k(args, item); })` where `Q` is `gpuport_queue()` (CUDA's default stream) or `stream->` for a
    `cudaStream_t` (a `sycl::queue *`); a stream variable that may hold 0, CUDA's default stream (a
    parameter, a global, a local initialised with a value), gives `(stream ? *stream : gpuport_queue()).`.
    G, B are `sycl::range<3>` with CUDA x/y/z in dimensions 2/1/0: an integer `n` becomes
    `sycl::range<3>(1, 1, n)`, `dim3(a, b)` becomes `sycl::range<3>(1, b, a)`, a `dim3` variable (already a `sycl::range<3>`, GP212) stays. When the kernel
    uses `__shared__` memory the launch becomes `Q.submit([&](sycl::handler &cgh) { ... })` creating one
    `sycl::local_accessor` per shared variable (dynamic shared memory sized from the launch's byte count)
    and passing their pointers. Device globals (GP213) are captured by pointer. Arguments that are not
    plain values (calls, `->`, subscripts) are evaluated on the host, once, as lambda init-captures,
    as CUDA evaluates them before the launch.
Why
    SYCL has no launch syntax; an nd_range kernel is the exact counterpart of a CUDA grid of blocks.
Example
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, d_x, d_y);
Translated to
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 255) / 256) *
        sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) {
        saxpy(n, 2.0f, d_x, d_y, item); });
Safety
    safe. The grid/block expressions are written twice, so they must be free of side effects (they are in
    practice; a launch whose configuration calls a function is reported for review). Launches in macro
    bodies are not rewritten (reported by GP003 through the names they contain).
References
    SYCL 2020 specification, 4.9.4.2 (parallel_for), 4.7.6.11 (local_accessor), 4.9.1.4 (nd_range).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._model import (
    QUEUE,
    Function,
    Model,
    accessor_call,
    indent_of,
    is_dim3_expr,
    model,
    render,
    variable_type,
)
from ._queue import stream_queue
from ._subgroup import subgroup_attribute
from ._type_names import sycl_type_text

_LAUNCH = (
    "(call_expression function: (_) @fn (kernel_call_syntax) @cfg arguments: (argument_list) @args) @call"
)
_SIMPLE_ARG = frozenset(
    {
        "identifier",
        "number_literal",
        "true",
        "false",
        "nullptr",
        "null",
        "binary_expression",
        "unary_expression",
        "parenthesized_expression",
        "cast_expression",
        "field_expression",
        "conditional_expression",
        "sizeof_expression",
        "type_descriptor",
        "primitive_type",
        "pointer_expression",
        "qualified_identifier",
        "char_literal",
    }
)


def to_range(ctx: RuleContext, node: Node) -> str:
    """A launch dimension (dim3 or integer expression) as a `sycl::range<3>` expression."""
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


def _simple(node: Node) -> bool:
    stack = [node]
    while stack:
        n = stack.pop()
        if (
            n.is_named
            and n.type not in _SIMPLE_ARG
            and n.type
            not in (
                "comment",
                "field_identifier",
                "type_identifier",
                "sized_type_specifier",
                "abstract_pointer_declarator",
                "type_qualifier",
                "string_literal",
            )
        ):
            return False
        if n.type == "field_expression" and any(c.type == "->" for c in n.children):
            return False
        if n.type == "pointer_expression" and n.children and n.children[0].type == "*":
            return False
        stack.extend(n.children)
    return True


def substitute(text: str, mapping: dict[str, str]) -> str:
    if not mapping:
        return text
    return re.sub(r"\b[A-Za-z_]\w*\b", lambda m: mapping.get(m.group(), m.group()), text)


class KernelLaunch(Rule):
    code = "GP203"
    name = "kernel-launch"
    targets = frozenset({"sycl"})
    summary = "Rewrite <<<...>>> launches as parallel_for over a sycl::nd_range<3>."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        yield from self._macro_launches(ctx)
        for match in ts.matches(_LAUNCH, ctx.root):
            yield from self._launch(
                ctx, m, match["fn"][0], match["cfg"][0], match["args"][0], match["call"][0]
            )

    def _macro_launches(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """A launch inside a macro body (`#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)`) cannot
        be rewritten: its kernel is a macro parameter, and whatever the kernel gained (the nd_item, local
        accessors) the expansion would not pass. Reported, so the build does not fail silently."""
        if b"<<<" not in ctx.source:
            return
        for node in ts.captures("[(preproc_def) (preproc_function_def)] @d", ctx.root).get("d", []):
            value = node.child_by_field_name("value")
            if value is None or b"<<<" not in (value.text or b""):
                continue
            at = value.start_byte + (value.text or b"").index(b"<<<")
            yield self.unconverted(
                at,
                at + 3,
                "kernel launch inside a macro body: not translated (expand the macro at its uses, or launch "
                "with sycl::queue::parallel_for in the macro by hand)",
                family="launch",
                symbol="<<<",
            )

    def _launch(
        self, ctx: RuleContext, m: Model, fn: Node, cfg: Node, args: Node, call: Node
    ) -> Iterator[Diagnostic]:
        config = [c for c in cfg.named_children if c.type != "comment"]
        fn_text = ctx.text(fn)
        if not 2 <= len(config) <= 4:
            yield self.unconverted(
                fn.start_byte, cfg.end_byte, f"launch of `{fn_text}` not understood", family="launch"
            )
            return
        callee = fn  # as written, qualification included
        base = fn
        targs: list[str] = []
        named = fn
        if fn.type == "qualified_identifier":
            # `ns::scale<float><<<...>>>`: the kernel is the innermost name
            last = fn.child_by_field_name("name")
            while last is not None and last.type == "qualified_identifier":
                last = last.child_by_field_name("name")
            if last is not None and last.type == "template_function":
                named = last
        if named.type == "template_function":
            name_node = named.child_by_field_name("name")
            if name_node is not None:
                base = name_node
            tal = named.child_by_field_name("arguments")
            targs = (
                [ctx.text(a) for a in tal.named_children if a.type != "comment"] if tal is not None else []
            )
        name = ctx.text(base).split("::")[-1]
        kernel: Function | None = m.functions.get(name)
        grid = to_range(ctx, config[0])
        block = to_range(ctx, config[1])
        shmem = render(ctx, config[2].start_byte, config[2].end_byte) if len(config) > 2 else "0"
        if len(config) > 3:
            rendered = render(ctx, config[3].start_byte, config[3].end_byte)
            queue = stream_queue(ctx, ctx.text(config[3]), rendered, call)
        else:
            queue = QUEUE + "."

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
                yield self.unconverted(
                    fn.start_byte,
                    fn.end_byte,
                    f"launch of `{fn_text}`: the kernel (in {external.defined_in}) reads device globals "
                    f"({', '.join(external.globals_used)}) that this file cannot pass",
                    family="launch",
                    symbol=name,
                )
                return
            tparams = list(external.template_params)
            shared = [(n, t, list(d), dyn) for n, t, d, dyn in external.shared]
        mapping: dict[str, str] = {}
        if tparams:
            mapping = dict(zip(tparams, targs, strict=False))
        locals_: list[str] = []
        extras: list[str] = []
        if shared:
            for s_name, s_elem, s_dims, s_dynamic in shared:
                elem = substitute(s_elem, mapping).replace("volatile ", "")
                dims = [substitute(d, mapping) for d in s_dims]
                unresolved = set(tparams) - set(mapping)
                words = set(re.findall(r"\b\w+\b", " ".join([elem, *dims])))
                if words & unresolved:
                    yield self.unconverted(
                        fn.start_byte,
                        fn.end_byte,
                        f"launch of `{fn_text}`: shared variable `{s_name}` depends on template parameters "
                        "deduced at the call; write the template arguments explicitly",
                        family="launch",
                        symbol=name,
                    )
                    return
                # The element type is copied into the launch (generated text), so its CUDA names
                # (`__half`, `curandState`, template arguments) are translated here.
                translated = sycl_type_text(elem, ctx.declared_names)
                if translated is None:
                    yield self.unconverted(
                        fn.start_byte,
                        fn.end_byte,
                        f"launch of `{fn_text}`: shared variable `{s_name}` has type `{elem}` whose CUDA "
                        "names have no SYCL translation here",
                        family="launch",
                        symbol=name,
                    )
                    return
                elem = translated
                acc = f"{s_name}_acc"
                if s_dynamic:
                    size = f"({shmem}) / sizeof({elem})"
                elif not s_dims:
                    size = "1"
                else:
                    size = " * ".join(d if re.fullmatch(r"\w+", d) else f"({d})" for d in dims)
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
        call_args = [c for c in args.named_children if c.type != "comment"]
        edits: list[Edit] = []
        for i, a in enumerate(call_args):
            if not _simple(a):
                pname = f"arg{i}"
                captures.append(f"{pname} = {render(ctx, a.start_byte, a.end_byte)}")
                edits.append(Edit(a.start_byte, a.end_byte, pname))
        cap = "=" + "".join(", " + c for c in captures)
        nd = f"sycl::nd_range<3>({grid} * {block}, {block})"
        kname = render(ctx, callee.start_byte, callee.end_byte)
        tail_args = ", ".join(["item", *extras])
        ind = indent_of(ctx, call.start_byte)
        # Kernels keeping raw 32-lane warp code need that sub-group size (GP230-GP244 decide which).
        attr = subgroup_attribute(ctx, name) if kernel is not None or external is None else external.attribute
        if locals_:
            head = (
                f"{queue}submit([&](sycl::handler &cgh) {{\n"
                + "".join(f"{ind}  {loc}\n" for loc in locals_)
                + f"{ind}  cgh.parallel_for({nd}, [{cap}](sycl::nd_item<3> item){attr} {{\n{ind}    {kname}("
            )
            tail = f"); }});\n{ind}}})"
        else:
            head = f"{queue}parallel_for({nd}, [{cap}](sycl::nd_item<3> item){attr} {{ {kname}("
            tail = "); })"
        sep = ", " if call_args else ""
        edits.append(Edit(fn.start_byte, args.start_byte + 1, head))
        edits.append(Edit(args.end_byte - 1, args.end_byte, sep + tail_args + tail))
        safety = Safety.SAFE
        if any(
            n.type == "call_expression" and ctx.text(n.child_by_field_name("function") or n) != "dim3"
            for c in config[:2]
            for n in _descendants(c)
        ):
            safety = Safety.REVIEW
        yield self.converted(
            fn.start_byte,
            cfg.end_byte,
            f"launch of `{fn_text}` -> parallel_for",
            edits,
            family="launch",
            symbol=name,
            safety=safety,
        )


def _descendants(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)
