"""GP206 shared-memory: `__shared__` variables of a kernel become `local_accessor`s made at the launch.

What it does
    Removes each `__shared__ T x[N]` (or `[N][M]`, or scalar `__shared__ T x`, or dynamic
    `extern __shared__ T x[]` or `T x[][M]`) declaration from the kernel body. GP202 adds a matching parameter
    (`T *x`, `T (*x)[M]`, `T &x`) and GP203 creates a `sycl::local_accessor<T, 1>` of the right size in a
    `submit` at each launch (dynamic: the launch's byte count / `sizeof(T)`) and passes its pointer (`&acc[0]`), so
    the body's `x[i]`, `x[i][j]` stay as written; `sizeof(x)` of a static array becomes its size
    (`(N * sizeof(*x))`), which the pointer's would not be, and a range-for over it iterates the array
    (`*reinterpret_cast<T (*)[N]>(x)`). A device function's (static) shared variables become
    its parameters too; every caller gets a matching `gp_<function>_<variable>` parameter and passes it
    on, so the kernel at the top creates the accessor (a templated device function's extents are
    resolved through the explicit template arguments of its calls). An extent written with the
    function's own constants (`constexpr unsigned gsize = 1 << G;`) gets their initialisers instead,
    cast to their types (_extent_constants.py). Dynamic shared memory in device functions, and extents
    that use other names local to the function, are reported unconverted.
    Overloads of one device function (llm.c's two `blockReduce`s) all take the union of the family's
    static shared variables as `gp_<function>_<variable>` parameters, as a call cannot tell which one it
    reaches; each declaration becomes a local bound to its parameter (`float *shared_val =
    gp_blockReduce_shared_val;`). A declaration in a branch nvcc's sm_90 device pass never takes
    (`#if __CUDA_ARCH__ <= 130`, GP264) does not shape the kernel and is removed.
    Shared-memory wrapper classes (`SharedMemory<T>`, their abstract primary and macro-made
    specialisations: _shared_wrappers.py) are removed; a variable of one is the dynamic accessor's pointer.
Why
    SYCL 2020 has no `__shared__` storage class: work-group local memory is allocated through an accessor
    at command-group scope.
Example
    __global__ void k(float *o) { __shared__ float t[32][33]; ... t[ty][tx] = ...; }
Translated to
    void k(float *o, const sycl::nd_item<3> &item, float (*t)[33]) { ... t[ty][tx] = ...; }
Safety
    safe.
References
    SYCL 2020 specification, 4.7.6.11 (local_accessor), 4.9.4.2.2 (local memory).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import Function, Model, SharedVar, model, shared_param
from ._shared_wrappers import wrapper_classes
from ._syntax import dead_in_device_pass, enclosing_function
from ._type_names import sycl_type_text


def _declared_as_template(decl: Node) -> bool:
    ty = decl.child_by_field_name("type")
    return ty is not None and ty.type == "template_type"


class SharedMemory(Rule):
    code = "GP206"
    name = "shared-memory"
    targets = frozenset({"sycl"})
    summary = "Move __shared__ variables to local_accessors created at the launch site."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        handled: set[int] = set()
        yield from self._wrappers(ctx, m)
        for f in m.functions.values():
            for s in f.shared:
                d = s.decl
                if d.start_byte in handled:
                    continue  # `__shared__ T a[N], b[N];`: one declaration, several variables
                start, end = _whole_lines(ctx, d)
                handled.add(d.start_byte)
                yield self.converted(
                    d.start_byte,
                    d.end_byte,
                    f"`__shared__ {s.name}` -> local_accessor parameter"
                    + ("" if f.kernel else " (the calling kernels allocate it)"),
                    [Edit(start, end, "")],
                    family="shared",
                    symbol=s.name,
                )
            yield from self._array_sizes(ctx, f)
        for f in m.functions.values():
            yield from self._family_locals(ctx, f, handled)
        wrapped = [span for spans in wrapper_classes(ctx).values() for span in spans]
        for q in ts.captures("(type_qualifier) @q", ctx.root).get("q", []):
            if any(a <= q.start_byte < b for a, b in wrapped):
                continue
            if ctx.text(q) != "__shared__" or q.parent is None or q.parent.start_byte in handled:
                continue
            if self._dead(ctx, m, q.parent):
                # `#if __CUDA_ARCH__ <= 130` around `extern __shared__ float s[]`: sm_90 never compiles it,
                # and the model left it out; it goes like the live declarations do.
                yield self.converted(
                    q.parent.start_byte,
                    q.parent.end_byte,
                    "`__shared__` declaration under a `__CUDA_ARCH__` test that sm_90 never takes: removed",
                    [Edit(*_whole_lines(ctx, q.parent), "")],
                    family="shared",
                    symbol="__shared__",
                )
                continue
            yield self.unconverted(
                q.start_byte,
                q.end_byte,
                "`__shared__` variable not in a kernel body (or not understood)",
                family="shared",
                symbol="__shared__",
            )

    def _array_sizes(self, ctx: RuleContext, f: Function) -> Iterator[Diagnostic]:
        """`sizeof(tile)` of a static shared array, which is a pointer parameter now: the array's size,
        `(64 * sizeof(*tile))` (else `memset(tile, 0, sizeof(tile))` clears 8 bytes, silently)."""
        static = {s.name: s for s in f.shared if not s.dynamic and s.dims and all(s.dims)}
        arrays = {name: v.dims[0] for name, v in static.items()}
        if not arrays:
            return
        # `for (float v : tile)`: a range-for needs the array type back
        for loop in ts.captures("(for_range_loop) @l", f.node).get("l", []):
            rng = loop.child_by_field_name("right")
            var = static.get(ctx.text(rng)) if rng is not None and rng.type == "identifier" else None
            elem = sycl_type_text(var.elem_type, ctx.declared_names) if var is not None else None
            if var is None or rng is None or elem is None:
                continue
            extents = "".join(f"[{d}]" for d in var.dims)
            yield self.converted(
                rng.start_byte,
                rng.end_byte,
                f"range-for over shared array `{var.name}` (a pointer parameter now) -> over the array",
                [Edit(rng.start_byte, rng.end_byte, f"*reinterpret_cast<{elem} (*){extents}>({var.name})")],
                family="shared",
                symbol=var.name,
            )
        for node in ts.captures("(sizeof_expression) @s", f.node).get("s", []):
            inner = ctx.text(node)[len("sizeof") :].strip()
            while inner.startswith("(") and inner.endswith(")"):
                inner = inner[1:-1].strip()
            if inner not in arrays:
                continue
            extent = arrays[inner]
            extent = extent if extent.isidentifier() or extent.isdigit() else f"({extent})"
            yield self.converted(
                node.start_byte,
                node.end_byte,
                f"`sizeof({inner})` of a shared array passed as a pointer -> the array's size",
                [Edit(node.start_byte, node.end_byte, f"({extent} * sizeof(*{inner}))")],
                family="shared",
                symbol=inner,
            )

    def _family_locals(self, ctx: RuleContext, f: Function, handled: set[int]) -> Iterator[Diagnostic]:
        """An overloaded device function's `__shared__` variables are the family's parameters: each
        declaration becomes locals bound to them (`float *shared_val = gp_blockReduce_shared_val;`)."""
        by_decl: dict[int, list[SharedVar]] = {}
        for v in f.shared_locals:
            by_decl.setdefault(v.decl.start_byte, []).append(v)
        for vs in by_decl.values():
            d = vs[0].decl
            handled.add(d.start_byte)
            text = " ".join(
                f"{shared_param(v.name, v.elem_type, v.dims)} = gp_{f.name}_{v.name};" for v in vs
            )
            yield self.converted(
                d.start_byte,
                d.end_byte,
                f"`__shared__ {', '.join(v.name for v in vs)}` -> the overloaded `{f.name}`'s local_accessor "
                "parameter (the calling kernels allocate it)",
                [Edit(d.start_byte, d.end_byte, text)],
                family="shared",
                symbol=vs[0].name,
            )

    @staticmethod
    def _dead(ctx: RuleContext, m: Model, decl: Node) -> bool:
        fn = enclosing_function(decl)
        f = next((f for f in m.functions.values() if f.node == fn), None)
        if fn is None or f is None or f.host_too:
            return False
        body = fn.child_by_field_name("body")
        return body is not None and dead_in_device_pass(ctx, decl, body)

    def _wrappers(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """The shared-memory wrapper idiom: the classes go (each kernel's dynamic local accessor replaces
        them), and `smem.getPointer()` on a wrapper variable is the variable itself, now a pointer."""
        for name, spans in wrapper_classes(ctx).items():
            for start, end in spans:
                yield self.converted(
                    start,
                    end,
                    f"shared-memory wrapper `{name}` removed (kernels take a local accessor instead)",
                    [Edit(start, end, "")],
                    family="shared",
                    symbol=name,
                )
        for f in m.functions.values():
            wrapper_vars = {s.name for s in f.shared if s.dynamic and _declared_as_template(s.decl)}
            if not wrapper_vars:
                continue
            for call in ts.captures("(call_expression) @c", f.node).get("c", []):
                fn = call.child_by_field_name("function")
                args = call.child_by_field_name("arguments")
                if fn is None or fn.type != "field_expression" or args is None or args.named_child_count:
                    continue
                obj = fn.child_by_field_name("argument")
                if obj is None or obj.type != "identifier" or ctx.text(obj) not in wrapper_vars:
                    continue
                yield self.converted(
                    call.start_byte,
                    call.end_byte,
                    f"`{ctx.text(call)}` -> `{ctx.text(obj)}` (the local accessor's pointer)",
                    [Edit(call.start_byte, call.end_byte, ctx.text(obj))],
                    family="shared",
                )


def _whole_lines(ctx: RuleContext, d: Node) -> tuple[int, int]:
    """A declaration's span, widened to its whole line when it stands alone on it."""
    start, end = d.start_byte, d.end_byte
    line_start = ctx.source.rfind(b"\n", 0, start) + 1
    if ctx.source[line_start:start].strip() == b"" and ctx.source[end : end + 1] == b"\n":
        return line_start, end + 1
    return start, end
