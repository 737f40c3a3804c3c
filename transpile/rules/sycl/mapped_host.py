"""GP251 mapped-host: zero-copy host memory (`cudaHostGetDevicePointer`, `cudaHostRegister`).

What it does
    `cudaHostGetDevicePointer(&d, h, 0)` (also `(void **)&d`) -> `d = (T *)h`: memory from
    `cudaHostAlloc`/`cudaMallocHost` is `sycl::malloc_host` memory (GP210), which kernels may dereference
    through the host pointer itself. `cudaHostRegister(p, n, flags)` and `cudaHostUnregister(p)` -> nothing
    (the statement is removed; in an expression, `0`), unless the registered memory is meant for kernels
    (the `cudaHostRegisterMapped` flag, or its pointer passed to `cudaHostGetDevicePointer`): then the
    call is reported unconverted, as is that `cudaHostGetDevicePointer`. `cudaSetDeviceFlags
    (cudaDeviceMapHost)` is GP237's (a no-op).
Why
    SYCL 2020 host USM is always accessible from the device and has one address for host and device, so a
    "device pointer" of mapped host memory is the host pointer. SYCL 2020 has no way to make memory the
    program already allocated device-accessible (host-pointer registration is a oneAPI extension); for
    registration done only to speed up copies, dropping it keeps the program correct: `queue::memcpy`
    accepts any host memory.
Example
    CUDA_CHECK(cudaHostAlloc(&h, bytes, cudaHostAllocMapped));
    CUDA_CHECK(cudaHostGetDevicePointer((void **)&d, h, 0));
Translated to
    CUDA_CHECK((h = (float *)sycl::malloc_host(bytes, gpuport_queue()), 0));
    CUDA_CHECK((d = (float *)h, 0));
Safety
    `cudaHostGetDevicePointer`: safe for memory from `cudaHostAlloc`/`cudaMallocHost`. Dropping
    `cudaHostRegister`: review: the pages stay pageable, so copies from them are not asynchronous, and a
    kernel that dereferences the registered pointer directly (valid CUDA on unified-addressing systems)
    would fault.
References
    CUDA Runtime API, memory management (cudaHostAlloc, cudaHostGetDevicePointer, cudaHostRegister);
    SYCL 2020 specification, 4.8.2 (kinds of unified shared memory), 4.8.3 (malloc_host).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ..base import Rule
from ._memory_helpers import drop_statement
from ._queue import assign_target, wrap

NAMES = frozenset({"cudaHostGetDevicePointer", "cudaHostRegister", "cudaHostUnregister"})


def _key(text: str) -> str:
    """A pointer argument with casts and spaces removed, to match the same pointer in two calls."""
    text = re.sub(r"\(\s*(?:const\s+)?\w+\s*\*\s*\)", "", text)
    return re.sub(r"\s+", "", text)


class MappedHost(Rule):
    code = "GP251"
    name = "mapped-host"
    targets = frozenset({"sycl"})
    summary = "Translate cudaHostGetDevicePointer (host USM pointer) and drop cudaHostRegister."
    triggers = tuple(n.encode() for n in sorted(NAMES))

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        declared = ctx.declared_names
        sites: list[tuple[Occurrence, CallSite]] = []
        for occ in ctx.occurrences:
            if occ.name not in NAMES or occ.name in declared or ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            call = call_at(ctx, occ)
            if call is not None:
                sites.append((occ, call))
        # Pointers whose registration must be kept: kernels are meant to use them.
        mapped = {
            _key(c.arg_text(ctx, 1)) for o, c in sites if o.name == "cudaHostGetDevicePointer" and c.args[1:]
        }
        registered_for_kernels = {
            _key(c.arg_text(ctx, 0))
            for o, c in sites
            if o.name == "cudaHostRegister"
            and len(c.args) == 3
            and ("Mapped" in c.arg_text(ctx, 2) or _key(c.arg_text(ctx, 0)) in mapped)
        }
        for occ, call in sites:
            name, start, end = occ.name, occ.start, occ.end
            if name == "cudaHostGetDevicePointer":
                t = assign_target(ctx, occ, call, 0) if len(call.args) == 3 else None
                if t is not None and _key(call.arg_text(ctx, 1)) in registered_for_kernels:
                    yield self.unconverted(
                        start,
                        end,
                        "`cudaHostGetDevicePointer` of memory registered with `cudaHostRegister`: SYCL 2020 "
                        "cannot make existing host memory device-accessible; allocate it with "
                        "`cudaHostAlloc` (sycl::malloc_host) instead",
                        family="runtime",
                        symbol=name,
                    )
                    continue
                if t is None:
                    yield self.unconverted(
                        start, end, f"`{name}` call not understood", family="runtime", symbol=name
                    )
                    continue
                s1, e1 = call.args[1]
                simple = re.fullmatch(r"[A-Za-z_]\w*", ctx.slice(s1, e1)) is not None
                open_, shut = ("", "") if simple else ("(", ")")
                edits = wrap(
                    ctx,
                    occ,
                    call,
                    [
                        Edit(call.start, t.start, t.lead),
                        Edit(t.end, s1, f"{t.after} = {t.cast}{open_}"),
                        Edit(e1, call.end, f"{shut}{t.close}"),
                    ],
                )
                yield self.converted(
                    start,
                    end,
                    "`cudaHostGetDevicePointer` -> the host USM pointer",
                    edits,
                    family="runtime",
                    symbol=name,
                )
                continue
            arity = 3 if name == "cudaHostRegister" else 1
            if len(call.args) != arity:
                yield self.unconverted(
                    start, end, f"`{name}` call not understood", family="runtime", symbol=name
                )
                continue
            if name == "cudaHostRegister" and _key(call.arg_text(ctx, 0)) in registered_for_kernels:
                yield self.unconverted(
                    start,
                    end,
                    "`cudaHostRegister` for kernel access not converted: SYCL 2020 cannot make existing host "
                    "memory device-accessible; allocate it with `cudaHostAlloc` (sycl::malloc_host) instead",
                    family="runtime",
                    symbol=name,
                )
                continue
            parent = call.node.parent if call.node is not None else None
            if parent is not None and parent.type == "expression_statement":
                edits = [drop_statement(ctx, parent)]
            else:
                edits = [Edit(call.start, call.end, "0")]
            yield self.converted(
                start,
                end,
                f"`{name}` dropped: copies accept any host memory (pages stay pageable)",
                edits,
                family="runtime",
                symbol=name,
                safety=Safety.REVIEW if name == "cudaHostRegister" else Safety.SAFE,
            )
            for s, e in call.args:
                yield self.converted(s, e, "argument dropped", family="runtime")
