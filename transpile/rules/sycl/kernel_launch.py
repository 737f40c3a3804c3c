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
    and passing their pointers (of a template kernel launched without template arguments, the types
    are deduced from the arguments: `T *p` given a `Real *` variable makes a `Real` accessor). Device globals (GP213) are captured by pointer. Arguments that are not
    plain values (calls, `->`, subscripts) are evaluated on the host, once, as lambda init-captures,
    as CUDA evaluates them before the launch. A pack a generic launcher forwards
    (`std::forward<Args>(args)...`) is passed as `args...`, which `[=]` copies (a kernel takes copies;
    an init-capture of a pack is C++20); another pack expansion is reported. Template parameters neither
    written nor deduced take their defaults (`unsigned warp_size = 32`), also for a kernel of another file.
    A use of HIP's launch macro, `hipLaunchKernelGGL(k, grid, block, shmem, stream, args...)` (portable
    trees define it for their CUDA build as a `<<<...>>>` launch), is the same launch and is rewritten the
    same way; that CUDA definition is removed.
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
    practice; a launch whose configuration calls a function is reported for review). Launches in other
    macro bodies are not rewritten (reported).
References
    SYCL 2020 specification, 4.9.4.2 (parallel_for), 4.7.6.11 (local_accessor), 4.9.1.4 (nd_range).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from tree_sitter import Node, Tree

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit, line_end_kept
from ..base import Rule
from ._launch import LAUNCH, implicit_args, to_range
from ._model import (
    QUEUE,
    Function,
    Model,
    indent_of,
    model,
    render,
)
from ._queue import stream_queue
from ._signature import implicit_index
from ._subgroup import subgroup_attribute

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


def _forwarded_pack(ctx: RuleContext, expansion: Node) -> str | None:
    """The pack name of `std::forward<Args>(args)...` or `std::move(args)...`, else None."""
    inner = expansion.named_children[0] if expansion.named_children else None
    if inner is None or inner.type != "call_expression":
        return None
    fn, arglist = inner.child_by_field_name("function"), inner.child_by_field_name("arguments")
    if fn is None or arglist is None:
        return None
    callee = ctx.text(fn).replace(" ", "")
    if not (callee.startswith("std::forward<") or callee in ("std::move", "std::forward")):
        return None
    args = [c for c in arglist.named_children if c.type != "comment"]
    return ctx.text(args[0]) if len(args) == 1 and args[0].type == "identifier" else None


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


class KernelLaunch(Rule):
    code = "GP203"
    name = "kernel-launch"
    targets = frozenset({"sycl"})
    summary = "Rewrite <<<...>>> launches as parallel_for over a sycl::nd_range<3>."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        yield from self._macro_launches(ctx, m)
        for match in ts.matches(LAUNCH, ctx.root):
            call = match["call"][0]
            if ctx.is_claimed(call.start_byte, call.end_byte):
                continue  # a launch through a kernel pointer (GP263)
            args = match["args"][0]
            cfg = match["cfg"][0]
            yield from self._launch(
                ctx,
                m,
                match["fn"][0],
                [c for c in cfg.named_children if c.type != "comment"],
                [c for c in args.named_children if c.type != "comment"],
                call,
                head_end=args.start_byte + 1,
                close=args.end_byte - 1,
                reported_end=cfg.end_byte,
            )
        if GGL.encode() in ctx.source:
            yield from self._ggl_launches(ctx, m)

    def _ggl_launches(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """`hipLaunchKernelGGL(k, grid, block, shmem, stream, args...)`: HIP's launch macro, which portable
        CUDA trees use everywhere and define for their CUDA build as `k<<<grid, block, shmem,
        stream>>>(args...)` (cholla's gpu.hpp). Its meaning is fixed by HIP, so each use is a launch."""
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            fn, arglist = call.child_by_field_name("function"), call.child_by_field_name("arguments")
            if fn is None or arglist is None or fn.type != "identifier" or ctx.text(fn) != GGL:
                continue
            if ctx.is_claimed(call.start_byte, call.end_byte):
                continue
            items = [c for c in arglist.named_children if c.type != "comment"]
            kernel = items[0] if items else None
            if kernel is not None and kernel.type == "call_expression":
                # HIP_KERNEL_NAME(k<T>): the macro HIP spells a template kernel's name with
                inner = kernel.child_by_field_name("arguments")
                wrapped = [c for c in inner.named_children if c.type != "comment"] if inner else []
                if ctx.text(kernel.child_by_field_name("function") or kernel) == "HIP_KERNEL_NAME" and (
                    len(wrapped) == 1
                ):
                    kernel = wrapped[0]
            if len(items) < 5 or kernel is None or kernel.type not in _KERNEL_NAMES:
                yield self.unconverted(
                    call.start_byte,
                    fn.end_byte,
                    f"`{GGL}` launch not understood (expected: kernel name, grid, block, shared bytes, "
                    "stream, kernel arguments)",
                    family="launch",
                    symbol=GGL,
                )
                continue
            call_args = items[5:]
            yield from self._launch(
                ctx,
                m,
                kernel,
                items[1:5],
                call_args,
                call,
                head_end=call_args[0].start_byte if call_args else arglist.end_byte - 1,
                close=arglist.end_byte - 1,
                reported_end=arglist.end_byte,
                head_start=call.start_byte,
            )

    def _launches_in_body(self, ctx: RuleContext, m: Model, value: Node) -> Iterator[Diagnostic]:
        """The launches of one macro body whose kernel the file knows (jetson-utils'
        `#define LAUNCH_WARP(type) gpuWarp<type><<<grid, block, 0, stream>>>(...)`: only the template
        argument is the macro's), rewritten as anywhere else, on a parse of the body alone. Nothing when
        any launch of the body names a kernel the file does not define (a macro parameter), or the body
        pastes tokens: then the whole body is reported."""
        text = value.text or b""
        if b"##" in text:
            return
        tree = _body_tree(ctx.source, value.start_byte, value.end_byte)
        if tree is None:
            return
        found = []
        for match in ts.matches(LAUNCH, tree.root_node):
            fn = match["fn"][0]
            named = fn.child_by_field_name("name") if fn.type == "template_function" else fn
            if named is None or named.type != "identifier" or m.functions.get(ctx.text(named)) is None:
                return
            found.append(match)
        out: list[Diagnostic] = []
        for match in found:
            args, cfg = match["args"][0], match["cfg"][0]
            for d in self._launch(
                ctx,
                m,
                match["fn"][0],
                [c for c in cfg.named_children if c.type != "comment"],
                [c for c in args.named_children if c.type != "comment"],
                match["call"][0],
                head_end=args.start_byte + 1,
                close=args.end_byte - 1,
                reported_end=cfg.end_byte,
            ):
                if d.status != "converted":
                    return
                # A macro body is one logical line: continue the lines the rewrite breaks.
                edits = tuple(replace(e, text=e.text.replace("\n", " \\\n")) for e in d.edits)
                out.append(replace(d, edits=edits, message=d.message + " (in a macro body)"))
        yield from out

    def _macro_launches(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """Launches inside macro bodies: rewritten when the file defines the kernel (_launches_in_body);
        reported when the kernel is a macro parameter (`#define LAUNCH(k, g, b, ...) k<<<g, b>>>(...)`),
        since whatever the kernel gained (the nd_item, local accessors) the expansion would not pass.
        A CUDA build's definition of HIP's launch macro is removed (its uses are launches)."""
        if b"<<<" not in ctx.source:
            return
        for value in ctx.macro_bodies:
            node = value.parent
            if node is None or b"<<<" not in (value.text or b""):
                continue
            name = node.child_by_field_name("name")
            if name is not None and ctx.text(name) == GGL:
                # A CUDA build's definition of HIP's launch macro: its uses are launches here
                # (_ggl_launches), so the `<<<` it holds goes too.
                end = line_end_kept(ctx.source, node.end_byte)
                yield self.converted(
                    node.start_byte,
                    end,
                    f"CUDA definition of `{GGL}` removed: its uses are parallel_for launches",
                    [Edit(node.start_byte, end, f"// gpuport: the CUDA definition of {GGL} was here")],
                    family="launch",
                    symbol=GGL,
                )
                continue
            done = list(self._launches_in_body(ctx, m, value))
            if done:
                yield from done
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
        self,
        ctx: RuleContext,
        m: Model,
        fn: Node,
        config: list[Node],
        call_args: list[Node],
        call: Node,
        *,
        head_end: int,
        close: int,
        reported_end: int,
        head_start: int | None = None,
    ) -> Iterator[Diagnostic]:
        """One launch: kernel `fn`, its configuration and arguments. The text from `head_start` (the
        kernel name's start by default) to `head_end` (where the kernel's arguments begin) becomes the
        parallel_for's head, and the closing parenthesis at `close` its tail."""
        fn_text = ctx.text(fn)
        if not 2 <= len(config) <= 4:
            yield self.unconverted(
                fn.start_byte, reported_end, f"launch of `{fn_text}` not understood", family="launch"
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

        external = next((k for k in ctx.options.project_kernels if k.name == name), None)
        if kernel is None and external is None and name in _translated_kernels(ctx):
            # SYCL output translated again: the kernel was translated (it takes the nd_item) and this
            # launch was left, reported, the first time. Rewriting it now would pass the nd_item alone,
            # without the local memory or template arguments that stopped the first translation.
            yield self.unconverted(
                fn.start_byte,
                fn.end_byte,
                f"launch of `{fn_text}`: the function already takes a `sycl::nd_item` (translated "
                "before; its launch was left then)",
                family="launch",
                symbol=name,
            )
            return
        got = implicit_args(ctx, m, name, fn_text, kernel, targs, shmem, call_args)
        if isinstance(got, str):
            yield self.unconverted(fn.start_byte, fn.end_byte, got, family="launch", symbol=name)
            return
        locals_, extras, captures = got
        edits: list[Edit] = []
        by_ref = _reference_params(ctx, kernel) if kernel is not None else set()
        for i, a in enumerate(call_args):
            if i in by_ref and a.type in _LVALUES:
                # `__global__ void k(Data &d)` launched with a host object in managed memory: the kernel
                # lambda's copy would be const (and a copy); pass the object's address and dereference
                pname = f"arg{i}"
                captures.append(f"{pname} = &({render(ctx, a.start_byte, a.end_byte)})")
                edits.append(Edit(a.start_byte, a.end_byte, f"*{pname}"))
            elif a.type == "parameter_pack_expansion" and _simple(a.named_children[0]):
                pass  # `args...`: `[=]` copies the whole pack (an init-capture of a pack is C++20)
            elif a.type == "parameter_pack_expansion" and (pack := _forwarded_pack(ctx, a)) is not None:
                # `std::forward<Args>(args)...`: a kernel takes copies whatever the launcher forwards, and
                # `[=]` copies the pack itself
                edits.append(Edit(a.start_byte, a.end_byte, f"{pack}..."))
            elif a.type == "parameter_pack_expansion":
                yield self.unconverted(
                    a.start_byte,
                    a.end_byte,
                    "a pack expansion of an expression as launch argument: a lambda cannot capture it "
                    "before C++20; pass the pack itself",
                    family="launch",
                    symbol=name,
                )
                return
            elif not _simple(a):
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
        edits.append(Edit(fn.start_byte if head_start is None else head_start, head_end, head))
        if kernel is not None:
            at = implicit_index(kernel.params_node)
        else:
            at = external.implicit_at if external is not None and external.implicit_at >= 0 else None
        if at is not None and len(call_args) > at:
            # `k<f>(f, n, a, b)` of `k(func_t f, int n, args_t... args)` (or of a kernel with defaulted
            # parameters given): the nd_item goes where the kernel's parameters have it (_signature)
            edits.append(Edit(call_args[at].start_byte, call_args[at].start_byte, tail_args + ", "))
            edits.append(Edit(close, close + 1, tail))
        else:
            edits.append(Edit(close, close + 1, sep + tail_args + tail))
        safety = Safety.SAFE
        if any(
            n.type == "call_expression" and ctx.text(n.child_by_field_name("function") or n) != "dim3"
            for c in config[:2]
            for n in _descendants(c)
        ):
            safety = Safety.REVIEW
        yield self.converted(
            fn.start_byte,
            reported_end,
            f"launch of `{fn_text}` -> parallel_for",
            edits,
            family="launch",
            symbol=name,
            safety=safety,
        )


_BODY_HEAD = b"void gpuport_macro_body(){"


def _body_tree(source: bytes, start: int, end: int) -> Tree | None:
    """A parse of source[start:end] (a macro body) as the statements of a function, whose nodes keep the
    file's byte offsets: everything before the body is blank but for an opening function head, the line
    continuations are blanks of the same length, and `;}` closes it after."""
    if start < len(_BODY_HEAD):
        return None
    body = source[start:end].replace(b"\\\r\n", b"   ").replace(b"\\\n", b"  ")
    buf = b" " * (start - len(_BODY_HEAD)) + _BODY_HEAD + body + b";}"
    return ts.parse(buf)


_LVALUES = frozenset({"identifier", "field_expression", "subscript_expression", "pointer_expression"})

# HIP's launch macro (hip_runtime.h): hipLaunchKernelGGL(kernel, grid, block, shared bytes, stream, args...)
GGL = "hipLaunchKernelGGL"
# What a launched kernel's name can be: `k`, `ns::k`, `k<T>`
_KERNEL_NAMES = frozenset({"identifier", "qualified_identifier", "template_function"})


def _reference_params(ctx: RuleContext, kernel: Function) -> set[int]:
    """Indexes of the kernel's non-const lvalue-reference parameters (`Data &d`)."""
    params = kernel.params_node
    out: set[int] = set()
    if params is None:
        return out
    decls = [
        c
        for c in params.named_children
        if c.type in ("parameter_declaration", "optional_parameter_declaration")
    ]
    for i, d in enumerate(decls):
        declarator = d.child_by_field_name("declarator")
        if (
            declarator is None
            or declarator.type != "reference_declarator"
            or ctx.text(declarator).startswith("&&")
        ):
            continue
        if any(c.type == "type_qualifier" and ctx.text(c) == "const" for c in d.children):
            continue
        out.add(i)
    return out


def _descendants(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)


def _translated_kernels(ctx: RuleContext) -> frozenset[str]:
    """Names of the functions defined here that are not kernels but take a `sycl::nd_item`: kernels a
    translation already rewrote (a `<<<...>>>` launch of one is our own output's, left on purpose)."""
    cached = getattr(ctx, "_sycl_translated_kernels", None)
    if isinstance(cached, frozenset):
        return cached
    names = set()
    for fn in ts.captures("(function_definition) @f", ctx.root).get("f", []):
        decl = ts.function_declarator(fn)
        params = decl.child_by_field_name("parameters") if decl is not None else None
        name = decl.child_by_field_name("declarator") if decl is not None else None
        if params is None or name is None or b"nd_item" not in (params.text or b""):
            continue
        if "__global__" in {ctx.text(c) for c in fn.children}:
            continue
        names.add(ctx.text(name).split("::")[-1])
    found = frozenset(names)
    ctx._sycl_translated_kernels = found  # type: ignore[attr-defined]
    return found
