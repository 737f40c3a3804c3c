"""GP205 device-function-item: device functions that need the `nd_item` (or device globals) take it.

What it does
    A `__device__` function whose body uses `threadIdx`, `__syncthreads()`, warp functions (or a macro
    that does), or calls such a function (transitively, over the file's call graph), gets a trailing
    `const sycl::nd_item<3> &item` parameter; one that reads a device global (GP213) gets a pointer to it.
    Every call of it from a kernel or device function passes `item` (and the globals) along. Overloads
    and explicit specialisations (`template <> float coef<float>(int)`) of one name take the union of
    what the family needs, as a call cannot tell which member it reaches; forward declarations and the
    primary template's declaration get the same parameters.
Why
    In SYCL the work-item's position is an argument, not a global; passing it down keeps the call
    structure of the CUDA code.
Example
    __device__ int lane() { return threadIdx.x % 32; }
    __global__ void k(int *o) { o[0] = lane(); }
Translated to
    int lane(const sycl::nd_item<3> &item) { return item.get_local_id(2) % 32; }
    void k(int *o, const sycl::nd_item<3> &item) { o[0] = lane(item); }
Safety
    safe within one file. Functions declared in a header and defined in another file are not seen:
    their calls keep the old arity and fail to compile (reported by the compiler, never silently wrong).
    `__host__ __device__` functions that need `item` are reported unconverted.
References
    SYCL 2020 specification, 4.9.1.5 (nd_item).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from ._model import Function, base_function_name, model, qualifiers
from ._signature import append_args, append_params, implicit_index
from ._syntax import callee_name_node


class DeviceFunctionItem(Rule):
    code = "GP205"
    name = "device-function-item"
    targets = frozenset({"sycl"})
    summary = "Pass the nd_item (and device globals) to device functions that need them."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        needy = {n: f for n, f in m.functions.items() if not f.kernel and f.device_call_args()}
        for f in needy.values():
            if f.host_too:
                for start, _end, why in f.problems:
                    yield self.unconverted(start, start + 1, f"`{f.name}`: {why}", family="device")
                continue
            params = f.params_node
            if params is None:
                continue
            yield self.converted(
                params.start_byte,
                params.start_byte + 1,
                f"`{f.name}` takes {', '.join(f.device_call_args())}",
                [append_params(ctx, params, f.extra_params(m)[0 if f.needs_item else 0 :])],
                family="device",
                symbol=f.name,
            )
        if not needy:
            return
        yield from self._prototypes(ctx, needy)
        device_nodes = [f.node for f in m.functions.values()]
        for call in ts.captures("(call_expression) @c", ctx.root).get("c", []):
            base = callee_name_node(call)
            if base is None:
                continue
            callee = needy.get(ctx.text(base))
            if callee is None or callee.host_too:
                continue
            if not any(d.start_byte <= call.start_byte and call.end_byte <= d.end_byte for d in device_nodes):
                continue
            args = call.child_by_field_name("arguments")
            if args is None or args.type != "argument_list":
                continue
            extra = ", ".join(callee.device_call_args())
            edit = append_args(ctx, args, extra, implicit_at=implicit_index(callee.params_node))
            yield self.converted(
                args.end_byte - 1,
                args.end_byte,
                f"call of `{callee.name}` passes {extra}",
                [edit],
                family="device",
                symbol=callee.name,
            )

    def _prototypes(self, ctx: RuleContext, needy: Mapping[str, Function]) -> Iterator[Diagnostic]:
        """Declarations without a body (forward declarations, the primary template of explicit
        specialisations) get the same parameters as the definitions, or they would name another overload."""
        m = model(ctx)
        for decl in ts.captures("(declaration) @d", ctx.root).get("d", []):
            q = qualifiers(decl, ctx)
            if "__device__" not in q or "__global__" in q or "__host__" in q:
                continue
            fd = next((c for c in decl.named_children if c.type == "function_declarator"), None)
            params = fd.child_by_field_name("parameters") if fd is not None else None
            name = base_function_name(ctx, decl)
            f = needy.get(name or "")
            if params is None or f is None or f.host_too:
                continue
            yield self.converted(
                params.start_byte,
                params.start_byte + 1,
                f"declaration of `{f.name}` takes {', '.join(f.device_call_args())}",
                [append_params(ctx, params, f.extra_params(m))],
                family="device",
                symbol=f.name,
            )
