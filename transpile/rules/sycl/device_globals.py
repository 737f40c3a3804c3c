"""GP213 device-globals: `__constant__` and `__device__` variables become lazily allocated USM.

What it does
    A file-scope `__constant__ T c[N]` or `__device__ T g` (scalar or 1-D array, with or without an
    initializer) is replaced by an inline accessor `T *gpuport_symbol_c()` that allocates the object with
    `sycl::malloc_device` on first use, copies the initializer in (or zero-fills, as CUDA zero-initialises
    device globals) and returns the pointer. Kernels and device functions that use the variable get a
    parameter of the same name (`const T *c` for constant arrays, `T &g` for scalars: GP202/GP205), so
    their bodies stay unchanged; launches capture the pointer (GP203). Host calls
    `cudaMemcpyToSymbol[Async]`, `cudaMemcpyFromSymbol[Async]` and `cudaGetSymbolAddress` use the accessor.
    A multi-dimensional global `T g[A][B]` is passed as a pointer to its first row, `T (*g)[B]`, and
    its accessor returns that type, so `g[i][j]` reads the same. `extern` device globals (defined in
    another translation unit) and arrays without an extent are reported unconverted.
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

from collections.abc import Iterator

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import QUEUE, DeviceGlobal, model
from .memory_api import queue_of, wrap


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
    if len(g.dims) > 1:
        # a multi-dimensional global: the accessor returns a pointer to its first row
        row = f"{t} (*){g.inner}"
        head = f"inline auto {g.accessor}() -> {row} {{\n"
        ret = f"  return reinterpret_cast<{row}>(p);\n"
    else:
        head = f"inline {t} *{g.accessor}() {{\n"
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


class DeviceGlobals(Rule):
    code = "GP213"
    name = "device-globals"
    targets = frozenset({"sycl"})
    summary = "Turn __constant__/__device__ globals into lazily allocated USM passed to kernels."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        bad: set[str] = set()
        for g in m.globals.values():
            d = g.decl
            extern = any(ctx.text(c) == "extern" for c in d.children if c.type == "storage_class_specifier")
            if extern or "" in g.dims or not g.elem_type:
                bad.add(g.name)
                yield self.unconverted(
                    d.start_byte,
                    d.end_byte,
                    f"device global `{g.name}` not converted (extern or without extent)",
                    family="globals",
                    symbol=g.name,
                )
                continue
            yield self.converted(
                d.start_byte,
                d.end_byte,
                f"device global `{g.name}` -> USM accessor",
                [Edit(d.start_byte, d.end_byte, accessor_definition(g))],
                family="globals",
                symbol=g.name,
            )
        for occ in ctx.occurrences:
            if occ.name not in (
                "cudaMemcpyToSymbol",
                "cudaMemcpyToSymbolAsync",
                "cudaMemcpyFromSymbol",
                "cudaMemcpyFromSymbolAsync",
                "cudaGetSymbolAddress",
            ):
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            call = call_at(ctx, occ)
            to = "To" in occ.name
            sym_i = 0 if to or occ.name == "cudaGetSymbolAddress" else 1
            if occ.name == "cudaGetSymbolAddress":
                sym_i = 1
            if call is None or len(call.args) <= max(sym_i, 1):
                yield self.unconverted(occ.start, occ.end, f"`{occ.name}` not understood", family="globals")
                continue
            sym = call.arg_text(ctx, sym_i).lstrip("&").strip()
            target_global = m.globals.get(sym)
            if target_global is None or sym in bad:
                yield self.unconverted(
                    occ.start,
                    occ.end,
                    f"`{occ.name}` of unknown symbol `{sym}`",
                    family="globals",
                    symbol=occ.name,
                )
                continue
            ptr = f"{target_global.accessor}()"
            if occ.name == "cudaGetSymbolAddress":
                target = call.arg_text(ctx, 0).strip()
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
