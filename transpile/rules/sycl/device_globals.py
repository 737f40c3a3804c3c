"""GP213 device-globals: `__constant__` and `__device__` variables become lazily allocated USM.

What it does
    A file-scope `__constant__ T c[N]` or `__device__ T g` (scalar or 1-D array, with or without an
    initializer) is replaced by an inline accessor `T *gpuport_symbol_c()` that allocates the object with
    `sycl::malloc_device` on first use, copies the initializer in (or zero-fills, as CUDA zero-initialises
    device globals) and returns the pointer. Kernels and device functions that use the variable get a
    parameter of the same name (`const T *c` for constant arrays, `T &g` for scalars: GP202/GP205), so
    their bodies stay unchanged; launches capture the pointer (GP203). Host calls
    `cudaMemcpyToSymbol[Async]`, `cudaMemcpyFromSymbol[Async]` and `cudaGetSymbolAddress` use the accessor;
    `cudaGetSymbolSize` gives the global's size.
    A multi-dimensional global `T g[A][B]` is passed as a pointer to its first row, `T (*g)[B]`, and
    its accessor returns that type, so `g[i][j]` reads the same.
    Across files (tree translation, `-rdc` projects): a first pass over the tree finds the globals
    defined once in a source file and seen from others (Options.project_globals). The defining file
    gets a plain, non-inline accessor (one object for the program); each `extern` declaration becomes
    the accessor's prototype; kernels in any file that use the global, directly or through a device
    function defined in another file (Options.project_functions), take it as a parameter, their
    launches pass it, and that function's prototypes and device-side calls take and pass its implicit
    parameters (the `nd_item` included). Translated alone, `extern` device globals and arrays without
    an extent are reported unconverted.
    A global with an initialiser that nothing writes, takes the address of or names whole (no symbol
    API, no pointer to it: a lookup table, a constant) stays a global, `const`:
    `__device__ static float lut[16] = {...}` becomes `static const float lut[16] = {...}`, which SYCL 2020
    kernels may read (constant-initialised), with no USM and no parameter; kernels launched from other
    files read it too. One the tree declares `extern` elsewhere stays USM.
Why
    SYCL 2020 has no device global variables (`device_global` is a oneAPI extension, not standard), so a
    global becomes memory passed explicitly, like shared memory.
Example
    __constant__ float coef[4];
    cudaMemcpyToSymbol(coef, h, sizeof(h));
Translated to
    inline float *gpuport_symbol_coef() { static float *p = ...malloc_device<float>(4, ...)...; return p; }
    gpuport_queue().memcpy(gpuport_symbol_coef(), h, sizeof(h)).wait();
Safety
    safe. `sizeof(c)` in device code now measures a pointer (reported by review only when seen).
References
    SYCL 2020 specification, 4.8.3 (USM allocation).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import (
    ITEM_PARAM,
    QUEUE,
    STREAM_PARAM,
    DeviceGlobal,
    Model,
    base_function_name,
    implicit_call_args,
    model,
    qualifiers,
    shared_param,
)
from ._queue import queue_of, wrap
from ._signature import append_args, append_params, remove_token
from ._syntax import callee_name_node


def accessor_head(g: DeviceGlobal) -> str:
    """The accessor's declarator: `T *gpuport_symbol_g()`, or a pointer to the first row for `T g[A][B]`."""
    if len(g.dims) > 1:
        return f"auto {g.accessor}() -> {g.elem_type} (*){g.inner}"
    return f"{g.elem_type} *{g.accessor}()"


def accessor_prototype(g: DeviceGlobal) -> str:
    """What an `extern` declaration of a project global becomes: the accessor's prototype."""
    return accessor_head(g) + ";"


def accessor_definition(g: DeviceGlobal) -> str:
    t = g.elem_type
    n = g.count
    if g.init is not None:
        init = g.init if g.dims else "{" + g.init + "}"
        extents = "".join(f"[{d}]" for d in g.dims[1:])
        fill = (
            f"    const {t} init[{n if len(g.dims) <= 1 else g.dims[0]}]{extents} = {init};\n"
            f"    {QUEUE}.memcpy(m, init, sizeof(init)).wait();\n"
        )
    else:
        fill = f"    {QUEUE}.memset(m, 0, {n} * sizeof({t})).wait();\n"
    # A project global's accessor is declared in other files (its `extern` declarations) and defined
    # here only: an ordinary function, one object for the whole program. Otherwise inline, per file.
    head = ("" if g.shared else "inline ") + accessor_head(g) + " {\n"
    if len(g.dims) > 1:
        # a multi-dimensional global: the accessor returns a pointer to its first row
        ret = f"  return reinterpret_cast<{t} (*){g.inner}>(p);\n"
    else:
        ret = "  return p;\n"
    return (
        f"{head}"
        f"  static {t} *p = [] {{\n"
        f"    {t} *m = sycl::malloc_device<{t}>({n}, {QUEUE});\n"
        f"{fill}"
        "    return m;\n"
        "  }();\n"
        f"{ret}"
        "}"
    )


def _sizeof_target(node: Node) -> Node | None:
    """The identifier measured by `sizeof(x)` / `sizeof x`, or None."""
    value = node.child_by_field_name("value")
    while value is not None and value.type == "parenthesized_expression" and value.named_child_count == 1:
        value = value.named_children[0]
    if value is not None and value.type == "identifier":
        return value
    ty = node.child_by_field_name("type")  # `sizeof(c_Table)` may parse as a type name
    if ty is not None and ty.type == "type_descriptor" and ty.named_child_count == 1:
        inner = ty.named_children[0]
        if inner.type == "type_identifier":
            return inner
    return None


def _locally_declared(ctx: RuleContext, node: Node, name: str) -> bool:
    """Whether a function parameter or local declaration between `node` and file scope names `name`."""
    encoded = name.encode()
    p = node.parent
    while p is not None:
        if p.type in ("function_definition", "lambda_expression", "compound_statement", "for_statement"):
            for q in ts.captures("[(parameter_declaration) (declaration)] @d", p).get("d", []):
                if q.start_byte >= node.start_byte:
                    continue
                for c in ts.captures("(identifier) @i", q).get("i", []):
                    if c.text == encoded and c.parent is not None and c.parent.type != "call_expression":
                        return True
            if p.type == "function_definition":
                return False
        p = p.parent
    return False


# A symbol argument wrapped in a one-argument macro: `HIP_SYMBOL(c)`, qulacs' `GPU_SYMBOL(c)`.
_SYMBOL_WRAPPER = re.compile(r"[A-Za-z_]\w*\s*\(\s*&?\s*((?:::)?[A-Za-z_][\w:]*)\s*\)")


class DeviceGlobals(Rule):
    code = "GP213"
    name = "device-globals"
    targets = frozenset({"sycl"})
    summary = "Turn __constant__/__device__ globals into lazily allocated USM passed to kernels."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        bad: set[str] = set()
        # Globals grouped by their declaration: `__constant__ float a, b;` is one node, two globals.
        by_decl: dict[int, list[DeviceGlobal]] = {}
        for g in m.globals.values():
            if g.decl is not None:  # None: a project global declared in a header this file includes
                by_decl.setdefault(g.decl.id, []).append(g)
        for group in by_decl.values():
            d = group[0].decl
            assert d is not None
            if all(g.extern and g.shared and g.elem_type and "" not in g.dims for g in group):
                new = "\n".join(accessor_prototype(g) for g in group)
                for i, g in enumerate(group):
                    yield self.converted(
                        d.start_byte,
                        d.end_byte,
                        f"extern device global `{g.name}` -> prototype of its accessor (defined in another file)",
                        [Edit(d.start_byte, d.end_byte, new)] if i == 0 else [],
                        family="globals",
                        symbol=g.name,
                    )
                continue
            if any(g.extern or "" in g.dims or not g.elem_type for g in group):
                for g in group:
                    bad.add(g.name)
                    yield self.unconverted(
                        d.start_byte,
                        d.end_byte,
                        f"device global `{g.name}` not converted (extern or without extent)",
                        family="globals",
                        symbol=g.name,
                    )
                continue
            new = "\n".join(accessor_definition(g) for g in group)
            for i, g in enumerate(group):
                yield self.converted(
                    d.start_byte,
                    d.end_byte,
                    f"device global `{g.name}` -> USM accessor",
                    [Edit(d.start_byte, d.end_byte, new)] if i == 0 else [],
                    family="globals",
                    symbol=g.name,
                )
            for g in group:
                for node in g.redefinitions:  # the same global defined again (`#if`/`#else` branches)
                    yield self.converted(
                        node.start_byte,
                        node.end_byte,
                        f"device global `{g.name}` -> USM accessor",
                        [Edit(node.start_byte, node.end_byte, accessor_definition(g))],
                        family="globals",
                        symbol=g.name,
                    )
        yield from self._tables(ctx, m)
        yield from self._sizeofs(ctx, m, bad)
        yield from self._qualified_uses(ctx, m)
        yield from self._external_functions(ctx, m)
        for occ in ctx.occurrences:
            if occ.name not in (
                "cudaMemcpyToSymbol",
                "cudaMemcpyToSymbolAsync",
                "cudaMemcpyFromSymbol",
                "cudaMemcpyFromSymbolAsync",
                "cudaGetSymbolAddress",
                "cudaGetSymbolSize",
            ):
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            to = "To" in occ.name
            sym_i = 1 if not to or occ.name.startswith("cudaGetSymbol") else 0
            if call is None or len(call.args) <= max(sym_i, 1):
                yield self.unconverted(occ.start, occ.end, f"`{occ.name}` not understood", family="globals")
                continue
            sym = call.arg_text(ctx, sym_i).lstrip("&").strip()
            wrapper = _SYMBOL_WRAPPER.fullmatch(sym)
            if wrapper is not None and sym not in m.globals:
                # `HIP_SYMBOL(c)`, or a project's `GPU_SYMBOL(c)` (empty under CUDA, HIP_SYMBOL under HIP)
                sym = wrapper.group(1)
            target_global = m.globals.get(sym)
            if target_global is None and "::" in sym:
                # `ns::coef` (or `::ns::coef`): the global of that name declared in that namespace
                found = m.globals.get(sym.rsplit("::", 1)[1])
                if found is not None and f"::{found.scope}{found.name}".endswith("::" + sym.lstrip(":")):
                    target_global = found
            if target_global is None or sym in bad:
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"`{occ.name}` of unknown symbol `{sym}`",
                    family="globals",
                    symbol=occ.name,
                )
                continue
            ptr = target_global.accessor_call
            if occ.name == "cudaGetSymbolSize":
                target = call.arg_text(ctx, 0).strip()
                if not target.startswith("&"):
                    yield self.unconverted(occ.start, occ.end, "`cudaGetSymbolSize` not understood")
                    continue
                # the global's bytes: its element's size times its extents
                size = " * ".join([f"sizeof(*{ptr})", *(f"({d})" for d in target_global.dims)])
                new = f"{target[1:].strip()} = {size}"
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`cudaGetSymbolSize` -> the size of `{sym}`",
                    wrap(ctx, occ, call, [Edit(call.start, call.end, new)]),
                    family="globals",
                    symbol=occ.name,
                )
                continue
            if occ.name == "cudaGetSymbolAddress":
                # `&p`, or `(void **)&p` as the runtime's `void **` parameter asks
                target = re.sub(r"^\(\s*void\s*\*\s*\*\s*\)\s*", "", call.arg_text(ctx, 0).strip())
                if not target.startswith("&"):
                    yield self.unconverted(occ.start, occ.end, "`cudaGetSymbolAddress` not understood")
                    continue
                t = target[1:].strip()
                new = f"{t} = reinterpret_cast<std::remove_reference_t<decltype({t})>>({ptr})"
                edits = wrap(ctx, occ, call, [Edit(call.start, call.end, new)])
            else:
                if len(call.args) < 3:
                    yield self.unconverted(occ.start, occ.end, f"`{occ.name}` not understood")
                    continue
                if len(call.args) >= 4 and call.arg_text(ctx, 3).strip() != "0":
                    ptr = f"(char *){ptr} + ({call.arg_text(ctx, 3)})"
                is_async = occ.name.endswith("Async")
                q = queue_of(ctx, call, 5) if is_async else QUEUE + "."
                s0, e0 = call.args[0]
                s1, e1 = call.args[1]
                s2, e2 = call.args[2]
                tail = ")" if is_async else ").wait()"
                if to:
                    edits = [Edit(call.start, e0, f"{q}memcpy({ptr}"), Edit(e2, call.end, tail)]
                else:
                    edits = [
                        Edit(call.start, call.open + 1, f"{q}memcpy("),
                        Edit(s1, e1, ptr),
                        Edit(e2, call.end, tail),
                    ]
                edits = wrap(ctx, occ, call, edits)
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> memcpy on the USM copy of `{sym}`",
                edits,
                family="globals",
                symbol=occ.name,
            )
            for i in range(3, len(call.args)):
                yield self.converted(call.args[i][0], call.args[i][1], "argument dropped", family="runtime")

    def _qualified_uses(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """`ns::scale` in a device function: the global is now the function's parameter `scale`."""
        for f in m.functions.values():
            if not f.globals_used:
                continue
            body = f.node.child_by_field_name("body")
            if body is None:
                continue
            for q in ts.captures("(qualified_identifier) @q", body).get("q", []):
                if q.parent is not None and q.parent.type == "qualified_identifier":
                    continue  # the outermost one holds the whole name
                text = ctx.text(q).replace(" ", "").lstrip(":")
                name = text.rsplit("::", 1)[-1]
                g = m.globals.get(name)
                if g is None or name not in f.globals_used or text != f"{g.scope}{name}":
                    continue
                yield self.converted(
                    q.start_byte,
                    q.end_byte,
                    f"`{text}` -> the parameter `{name}`",
                    [Edit(q.start_byte, q.end_byte, name)],
                    family="globals",
                    symbol=name,
                )

    def _tables(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """Initialised globals that are only read: `const` globals kernels read directly."""
        done: set[int] = set()
        for g in m.tables.values():
            d = g.decl
            if d is None or d.id in done:
                continue
            done.add(d.id)
            edits = [
                remove_token(ctx, c) for c in d.children if ctx.text(c) in ("__device__", "__constant__")
            ]
            words = {ctx.text(c) for c in d.children if c.type == "type_qualifier"}
            ty = d.child_by_field_name("type")
            if not words & {"const", "constexpr"} and ty is not None:
                edits.append(Edit(ty.start_byte, ty.start_byte, "const "))
            yield self.converted(
                d.start_byte,
                d.end_byte,
                f"device global `{g.name}` is only read: a `const` global kernels read directly",
                edits,
                family="globals",
                symbol=g.name,
            )

    def _sizeofs(self, ctx: RuleContext, m: Model, bad: set[str]) -> Iterator[Diagnostic]:
        """`sizeof(c_Table)` measured the global's array; the name is gone on the host and a pointer in
        kernels, so it becomes the size of the declared type (`sizeof(unsigned int[N][8])`)."""
        if not m.globals:
            return
        for node in ts.captures("(sizeof_expression) @s", ctx.root).get("s", []):
            target = _sizeof_target(node)
            if target is None:
                continue
            g = m.globals.get(ctx.text(target))
            if g is None or g.name in bad or not g.elem_type:
                continue
            if _locally_declared(ctx, target, g.name):
                continue
            new = f"sizeof({g.elem_type}{''.join(f'[{d}]' for d in g.dims)})"
            yield self.converted(
                node.start_byte,
                node.end_byte,
                f"`sizeof` of device global `{g.name}` -> size of its type",
                [Edit(node.start_byte, node.end_byte, new)],
                family="globals",
                symbol=g.name,
            )

    def _external_functions(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """Device functions defined in another file of the tree (Options.project_functions) that take
        implicit parameters there: their prototypes here take the same, their device-side calls pass them."""
        needy = {
            n: f
            for n, f in m.external.items()
            if f.needs_item or f.globals_used or f.shared or f.needs_stream
        }
        if not needy:
            return
        for decl in ts.captures("(declaration) @d", ctx.root).get("d", []):
            q = qualifiers(decl, ctx)
            if "__device__" not in q or "__global__" in q or "__host__" in q:
                continue
            fd = next((c for c in decl.named_children if c.type == "function_declarator"), None)
            params = fd.child_by_field_name("parameters") if fd is not None else None
            f = needy.get(base_function_name(ctx, decl) or "")
            if params is None or f is None:
                continue
            extra = [ITEM_PARAM] if f.needs_item else []
            extra += [shared_param(n, t, list(d)) for n, t, d, _ in f.shared]
            extra += [m.globals[g].param for g in f.globals_used if g in m.globals]
            extra += [STREAM_PARAM] if f.needs_stream else []
            yield self.converted(
                params.start_byte,
                params.start_byte + 1,
                f"declaration of `{f.name}` (defined in another file) takes {', '.join(extra)}",
                [append_params(ctx, params, extra)],
                family="globals",
                symbol=f.name,
            )
        device_nodes = [f.node for f in m.functions.values()]
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            base = callee_name_node(call)
            if base is None or ctx.text(base) not in needy:
                continue
            if not any(d.start_byte <= call.start_byte and call.end_byte <= d.end_byte for d in device_nodes):
                continue
            args = call.child_by_field_name("arguments")
            if args is None or args.type != "argument_list":
                continue
            f = needy[ctx.text(base)]
            passed = ", ".join(
                implicit_call_args(f.needs_item, [n for n, *_ in f.shared], f.globals_used, f.needs_stream)
            )
            edit = append_args(ctx, args, passed, implicit_at=f.implicit_at if f.implicit_at >= 0 else None)
            yield self.converted(
                args.end_byte - 1,
                args.end_byte,
                f"call of `{f.name}` (defined in another file) passes {passed}",
                [edit],
                family="globals",
                symbol=f.name,
            )
