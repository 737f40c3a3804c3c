"""GP263 kernel-pointers: kernels launched through a function pointer get a host launcher each.

What it does
    When a file launches through a function-pointer variable (`void (*kernel)(float *, int);`
    `kernel = &copy;` `kernel<<<grid, threads>>>(d, n);`, or an array of them), every kernel of the file
    used as a value (`&copy`, `copy` in an assignment, a comparison or an initializer) gets a host function
    `gpuport_launch_copy(sycl::range<3> grid, sycl::range<3> block, size_t shmem, sycl::queue &q, float *d,
    int n)` defined right after it, which launches it as GP203 would (local accessors, device globals,
    the nd_item). The value uses name the launcher instead; the pointer's type gains the four leading
    parameters; a launch through the pointer becomes a call `kernel(G, B, shmem, Q, d, n)`.
Why
    A SYCL kernel is a lambda submitted to a queue, not a function whose address can be stored: each
    translated kernel also gained parameters of its own (the nd_item, its shared memory), so one pointer
    type cannot hold them. Host launchers with the CUDA parameter list have one type again, and the
    program's choice of kernel at run time (benchmarks that time several variants) keeps working.
Example
    void (*kernel)(float *, int) = &scale;
    kernel<<<blocks, 256>>>(d, n);
Translated to
    void (*kernel)(sycl::range<3>, sycl::range<3>, size_t, sycl::queue &, float *, int) = &gpuport_launch_scale;
    kernel(sycl::range<3>(1, 1, blocks), sycl::range<3>(1, 1, 256), 0, gpuport_queue(), d, n);
Safety
    safe. Kernels that are templates, defined in another file, defined after a use, or with unnamed
    parameters are reported (the pointer launch is then left to GP203, which reports it too).
References
    SYCL 2020 specification, 4.9.4.2 (parallel_for), 4.9.1.4 (nd_range).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._generic_launch import (
    BUILTIN_LAUNCHERS,
    kernel_arguments,
    launch_callees,
    launched_parameter,
    launchers_of,
    template_arguments,
)
from ._launch import LAUNCH, implicit_args, to_range
from ._model import QUEUE, Function, Model, model, render
from ._queue import stream_queue
from ._signature import implicit_index
from ._subgroup import subgroup_attribute
from ._type_names import sycl_type_text

LAUNCH_PARAMS = "sycl::range<3>, sycl::range<3>, size_t, sycl::queue &"
_CAST = "(call_expression function: (template_function) arguments: (argument_list)) @c"


def _param_type(param: str) -> str:
    """`GTYPE *matrix_const_gpu` -> `GTYPE *`: a parameter's type ("" when it does not end in its name)."""
    m = re.fullmatch(r"(.*?[\s*&])[A-Za-z_]\w*\s*", param)
    return m.group(1).strip() if m else ""


def launcher_name(kernel: str) -> str:
    return f"gpuport_launch_{kernel}"


def _declared_name(node: Node) -> Node | None:
    """The identifier a (possibly nested) declarator declares."""
    n: Node | None = node
    while n is not None and n.type != "identifier":
        inner = n.child_by_field_name("declarator")
        if inner is None:
            inner = next(
                (c for c in n.named_children if c.type.endswith("declarator") or c.type == "identifier"), None
            )
        n = inner
    return n


def _pointer_declarators(ctx: RuleContext) -> dict[str, list[Node]]:
    """Function-pointer variables and parameters of the file (`void (*k)(float *)`,
    `void (*ks[2])(float *)`): name -> the parameter lists of their function declarators."""
    out: dict[str, list[Node]] = {}
    for decl in ts.captures("(declaration) @d (parameter_declaration) @d", ctx.root).get("d", []):
        for d in decl.children_by_field_name("declarator"):
            fd = d.child_by_field_name("declarator") if d.type == "init_declarator" else d
            if fd is None or fd.type != "function_declarator":
                continue
            inner = fd.child_by_field_name("declarator")
            if inner is None or inner.type != "parenthesized_declarator":
                continue  # `void f(float *)`: a function prototype, not a pointer
            params = fd.child_by_field_name("parameters")
            name = _declared_name(inner)
            if params is not None and name is not None:
                out.setdefault(ctx.text(name), []).append(params)
    return out


def _callee_variable(ctx: RuleContext, fn: Node) -> str | None:
    """`kernel` for a launch of `kernel` or `kernels[i]`."""
    if fn.type == "identifier":
        return ctx.text(fn)
    if fn.type == "subscript_expression":
        arg = fn.child_by_field_name("argument")
        if arg is not None and arg.type == "identifier":
            return ctx.text(arg)
    return None


def _is_value_use(ctx: RuleContext, node: Node) -> bool:
    """An identifier naming a kernel used as a value (not called, launched or declared)."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("function_declarator", "template_function", "qualified_identifier"):
        return False
    if parent.type == "call_expression" and parent.child_by_field_name("function") == node:
        return False
    if parent.type == "pointer_expression":
        parent = parent.parent  # `&copy`
    if parent is not None and parent.type == "argument_list":
        call = parent.parent
        fn = call.child_by_field_name("function") if call is not None else None
        if fn is not None and ctx.text(fn).startswith("cuda"):
            return False  # `cudaFuncGetAttributes(&a, k)`: the runtime call takes the kernel itself
    return parent is not None and parent.type in (
        "assignment_expression",
        "binary_expression",
        "init_declarator",
        "initializer_list",
        "argument_list",
        "return_statement",
        "conditional_expression",
    )


class KernelPointers(Rule):
    code = "GP263"
    name = "kernel-pointers"
    targets = frozenset({"sycl"})
    summary = "Kernels launched through function pointers get host launchers with one pointer type."
    # `__global__`: a file passing its kernels to another file's generic launcher has no launch itself
    triggers = (b"<<<", b"__global__")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        yield from self._overload_casts(ctx, m)
        done = yield from self._generic(ctx, m)
        pointers = _pointer_declarators(ctx) if b"<<<" in ctx.source else None
        if not pointers:
            return
        launches = []
        for match in ts.matches(LAUNCH, ctx.root):
            fn = match["fn"][0]
            var = _callee_variable(ctx, fn)
            if var is not None and var in pointers and var not in m.functions:
                launches.append(match)
        if not launches:
            return
        kernels = {f.name: f for f in m.functions.values() if f.kernel}
        uses: dict[str, list[Node]] = {}
        for node in ts.captures("(identifier) @i", ctx.root).get("i", []):
            name = ctx.text(node)
            if name in kernels and _is_value_use(ctx, node):
                uses.setdefault(name, []).append(node)
        bad = False
        for name, nodes in sorted(uses.items()):
            k = kernels[name]
            reason = self._unsupported(ctx, k, nodes)
            text = None
            if name in done and not reason:
                text = ""  # written for a generic launcher (above)
            elif not reason:
                text, reason = self._launcher(ctx, m, k)
            if text is None:
                bad = True
                yield self.unconverted(
                    nodes[0].start_byte,
                    nodes[0].end_byte,
                    f"kernel `{name}` used through a function pointer: {reason}",
                    family="launch",
                    symbol=name,
                )
                continue
            end = k.node.end_byte
            yield self.converted(
                nodes[0].start_byte,
                nodes[0].end_byte,
                f"kernel `{name}` used as a value -> its host launcher `{launcher_name(name)}`",
                [
                    *([Edit(end, end, "\n\n" + text)] if text else []),
                    *(Edit(n.start_byte, n.end_byte, launcher_name(name)) for n in nodes),
                ],
                family="launch",
                symbol=name,
            )
        if bad:
            return  # the pointer keeps its type; GP203 reports the launches through it
        for var, lists in sorted(pointers.items()):
            if not any(_callee_variable(ctx, mt["fn"][0]) == var for mt in launches):
                continue
            for params in lists:
                yield self._pointer_type(ctx, var, params)
        for match in launches:
            yield self._pointer_launch(ctx, match)

    def _overload_casts(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """`static_cast<void (*)(int, float *)>(k)`, which picks one overload of a kernel (qulacs passes it to
        its occupancy helper): the kernels gained the nd_item, so the pointer type gains it too, where
        their parameter lists have it, and the pointers to the device globals they read. A kernel with
        shared memory is left to the report."""
        if b"_cast<" not in ctx.source or b"__global__" not in ctx.source:
            return
        kernels = {f.name for f in m.functions.values() if f.kernel}
        for call in ts.captures(_CAST, ctx.root).get("c", []):
            fn = call.child_by_field_name("function")
            args = call.child_by_field_name("arguments")
            name = fn.child_by_field_name("name") if fn is not None else None
            if (
                fn is None
                or name is None
                or args is None
                or ctx.text(name) not in ("static_cast", "reinterpret_cast")
            ):
                continue
            given = [a for a in args.named_children if a.type != "comment"]
            if len(given) != 1 or given[0].type != "identifier" or ctx.text(given[0]) not in kernels:
                continue
            target = [k for k in m.functions.values() if k.kernel and k.name == ctx.text(given[0])]
            if any(k.shared or k.shared_in for k in target):
                continue
            if any(implicit_index(k.params_node) is not None for k in target):
                continue  # the nd_item sits before defaulted parameters: not at the end of every overload
            # what every overload gained at its end: the nd_item, then a pointer per device global it reads
            gained = {
                tuple(
                    ["const sycl::nd_item<3> &"]
                    + [_param_type(m.globals[g].param) for g in k.globals_used if g in m.globals]
                )
                for k in target
            }
            types = next(iter(gained)) if len(gained) == 1 else ()
            plists = ts.captures("(abstract_function_declarator parameters: (parameter_list) @p)", fn).get(
                "p", []
            )
            if len(plists) != 1 or not types or not all(types):
                continue
            plist = plists[0]
            empty = not [c for c in plist.named_children if c.type != "comment"]
            at = plist.end_byte - 1
            yield self.converted(
                plist.start_byte,
                plist.end_byte,
                f"cast picking an overload of kernel `{ctx.text(given[0])}`: the pointer type gains the nd_item",
                [Edit(at, at, ("" if empty else ", ") + ", ".join(types))],
                family="launch",
                symbol=ctx.text(given[0]),
            )

    def _generic(self, ctx: RuleContext, m: Model) -> Generator[Diagnostic, None, set[str]]:
        """Generic launchers (_generic_launch): the launch of a parameter inside one calls the host
        launcher it is given; the kernels this file passes to one get a host launcher each. Returns
        the kernels given a launcher."""
        done: set[str] = set()
        local = launchers_of(ctx)
        launchers = {**dict(ctx.options.kernel_launchers), **local, **BUILTIN_LAUNCHERS}
        pointers = None
        for fn in launch_callees(ctx) if local else []:
            call = fn.parent
            cfg = (
                next((c for c in call.children if c.type == "kernel_call_syntax"), None)
                if call is not None
                else None
            )
            args = call.child_by_field_name("arguments") if call is not None else None
            if call is None or cfg is None or args is None:
                continue
            if (
                fn.type != "identifier"
                or ctx.text(fn) in m.functions
                or ctx.is_claimed(call.start_byte, call.end_byte)
            ):
                continue
            if launched_parameter(ctx, fn) is None:
                continue
            if pointers is None:
                pointers = _pointer_declarators(ctx)
            if ctx.text(fn) in pointers:
                continue  # a function-pointer parameter: the pointer path below
            yield self._pointer_launch(ctx, {"fn": [fn], "cfg": [cfg], "args": [args], "call": [call]})
        kernels = {f.name: f for f in m.functions.values() if f.kernel}
        uses: dict[str, list[Node]] = {}
        for _call, name_node in kernel_arguments(ctx, launchers):
            name = ctx.text(name_node)
            if name in kernels and not ctx.is_claimed(name_node.start_byte, name_node.end_byte):
                uses.setdefault(name, []).append(name_node)
        for name, nodes in sorted(uses.items()):
            k = kernels[name]
            text, reason = (
                (None, "the kernel is defined after a use")
                if any(n.start_byte < k.node.end_byte for n in nodes)
                else self._launcher(ctx, m, k, generic=True)
            )
            if text is None:
                yield self.unconverted(
                    nodes[0].start_byte,
                    nodes[0].end_byte,
                    f"kernel `{name}` passed to a generic launcher: {reason}",
                    family="launch",
                    symbol=name,
                )
                continue
            done.add(name)
            end = (
                k.node.parent.end_byte if k.template_params and k.node.parent is not None else k.node.end_byte
            )
            yield self.converted(
                nodes[0].start_byte,
                nodes[0].end_byte,
                f"kernel `{name}` passed to a generic launcher -> its host launcher `{launcher_name(name)}`",
                [
                    Edit(end, end, "\n\n" + text),
                    *(Edit(n.start_byte, n.end_byte, launcher_name(name)) for n in nodes),
                ],
                family="launch",
                symbol=name,
            )
        return done

    def _pointer_type(self, ctx: RuleContext, var: str, params: Node) -> Diagnostic:
        """`(float *, int)` -> `(sycl::range<3>, sycl::range<3>, size_t, sycl::queue &, float *, int)`."""
        written = [c for c in params.named_children if c.type != "comment"]
        empty = not written or ctx.text(params).replace(" ", "") == "(void)"
        new = f"({LAUNCH_PARAMS})" if empty else f"({LAUNCH_PARAMS}, "
        edit = Edit(params.start_byte, params.end_byte if empty else params.start_byte + 1, new)
        return self.converted(
            params.start_byte,
            params.end_byte,
            f"kernel pointer `{var}` -> pointer to host launchers",
            [edit],
            family="launch",
            symbol=var,
        )

    def _unsupported(self, ctx: RuleContext, k: Function, nodes: list[Node]) -> str | None:
        if k.template_params:
            return "a template kernel has no single launcher"
        if any(n.start_byte < k.node.end_byte for n in nodes):
            return "the kernel is defined after a use"
        return None

    def _launcher(
        self, ctx: RuleContext, m: Model, k: Function, generic: bool = False
    ) -> tuple[str | None, str | None]:
        """(the launcher's definition, None), or (None, why it cannot be written). A kernel passed by
        value is called with every argument (through a pointer, CUDA applies no defaults), so the
        launcher drops the kernel's default arguments; a template kernel gets a template launcher."""
        params_node = k.params_node
        if params_node is None:
            return None, "its parameter list is not understood"
        params: list[str] = []
        names: list[str] = []
        for p in params_node.named_children:
            if p.type == "comment":
                continue
            if p.type == "variadic_parameter_declaration" and generic:
                ident = next(iter(ts.captures("(identifier) @i", p).get("i", [])), None)
                if ident is None:
                    return None, "an unnamed parameter pack"
                params.append(render(ctx, p.start_byte, p.end_byte))
                names.append(ctx.text(ident) + "...")
                continue
            if p.type not in ("parameter_declaration", "optional_parameter_declaration") or (
                p.type == "optional_parameter_declaration" and not generic
            ):
                return None, "a parameter list with defaults or variadics"
            declarator = p.child_by_field_name("declarator")
            ident = _declared_name(declarator) if declarator is not None else None
            if ident is None:
                if ctx.text(p).strip() == "void":
                    continue
                return None, "an unnamed parameter"
            type_text = (
                ctx.slice(p.start_byte, declarator.start_byte).strip() if declarator is not None else ""
            )
            type_text = sycl_type_text(type_text, ctx.declared_names) or type_text
            params.append(f"{type_text} {render(ctx, declarator.start_byte, declarator.end_byte)}")  # type: ignore[union-attr]
            names.append(ctx.text(ident))
        targs = template_arguments(ctx, k.node) if k.template_params else ""
        if k.template_params and not targs:
            return None, "its template parameters are not understood"
        got = implicit_args(
            ctx,
            m,
            k.name,
            k.name,
            k,
            [t.removesuffix("...") for t in targs[1:-1].split(", ")] if targs else [],
            "gpuport_shmem",
        )
        if isinstance(got, str):
            return None, got
        locals_, extras, captures = got
        cap = "=" + "".join(", " + c for c in captures)
        attr = subgroup_attribute(ctx, k.name)
        at = implicit_index(params_node)
        at = len(names) if at is None or at > len(names) else at
        args = ", ".join([*names[:at], "item", *extras, *names[at:]])
        head = ", ".join(
            [
                "sycl::range<3> gpuport_grid",
                "sycl::range<3> gpuport_block",
                "size_t gpuport_shmem",
                "sycl::queue &gpuport_q",
                *params,
            ]
        )
        body = "".join(f"    {loc}\n" for loc in locals_)
        template = ""
        if targs:
            plist = k.node.parent.child_by_field_name("parameters")  # type: ignore[union-attr]
            template = f"template {render(ctx, plist.start_byte, plist.end_byte)}\n"  # type: ignore[union-attr]
        how = "passed to a generic launcher" if generic else "launched through a kernel pointer"
        text = (
            f"// {k.name} {how} (GP263)\n"
            f"{template}inline void {launcher_name(k.name)}({head}) {{\n"
            f"  gpuport_q.submit([&](sycl::handler &cgh) {{\n"
            f"{body}"
            f"    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), "
            f"[{cap}](sycl::nd_item<3> item){attr} {{ {k.name}{targs}({args}); }});\n"
            "  });\n"
            "}"
        )
        return text, None

    def _pointer_launch(self, ctx: RuleContext, match: dict[str, list[Node]]) -> Diagnostic:
        fn, cfg, args, call = match["fn"][0], match["cfg"][0], match["args"][0], match["call"][0]
        config = [c for c in cfg.named_children if c.type != "comment"]
        if not 2 <= len(config) <= 4:
            return self.unconverted(
                fn.start_byte, cfg.end_byte, "launch through a kernel pointer not understood", family="launch"
            )
        shmem = render(ctx, config[2].start_byte, config[2].end_byte) if len(config) > 2 else "0"
        queue = QUEUE
        if len(config) > 3:
            q = stream_queue(
                ctx, ctx.text(config[3]), render(ctx, config[3].start_byte, config[3].end_byte), call
            )
            queue = "*" + q.removesuffix("->") if q.endswith("->") else q.removesuffix(".")
        lead = f"{to_range(ctx, config[0])}, {to_range(ctx, config[1])}, {shmem}, {queue}"
        has_args = bool([c for c in args.named_children if c.type != "comment"])
        return self.converted(
            call.start_byte,
            call.end_byte,
            f"launch through kernel pointer `{ctx.text(fn)}` -> call of the host launcher it holds",
            [Edit(cfg.start_byte, args.start_byte + 1, "(" + lead + (", " if has_args else ""))],
            family="launch",
            symbol=ctx.text(fn),
        )
