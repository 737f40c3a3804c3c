"""The SYCL tree pass for kernels launched in a file other than the one that defines them.

A kernel's SYCL form takes more than its CUDA parameters: the nd_item, one local accessor per
`__shared__` variable (created at the launch), and the sub-group size its warp code needs on the launch's
lambda. A launch in another file (`main.cu` launching a kernel of `kernels.cu` through a header, or a
driver that `#include`s its kernel file) must provide them exactly as a launch in the same file does.
This pass reads every file that defines such a kernel and hands its facts to the files that launch it
(Options.project_kernels); GP203 builds the launch from them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ... import parse as ts
from ...context import RuleContext
from ...includes import build_graph
from ...options import Options, ProjectKernel
from ...tables import load_tables
from ._model import model, wrapper_classes
from ._subgroup import subgroup_attribute
from .device_globals import project_options as globals_options

_KERNEL_FILE = re.compile(rb"__global__")
_NEEDS_LAUNCH_HELP = re.compile(
    rb"__shared__|__shfl|__ballot|__any|__all|__activemask|warpSize|__reduce_|tiled_partition|__constant__"
    rb"|__device__[^(){};]*[;=\[]"  # a device global variable (no parenthesis: not a function)
)
_PROTOTYPE = re.compile(rb"__global__[^;{}()]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*;")
_LAUNCH = re.compile(rb"\b([A-Za-z_]\w*)\s*(?:<[^<>;{}]*>\s*)?<<<")


def kernel_facts(rel: str, data: bytes, options: Options) -> list[ProjectKernel]:
    ctx = RuleContext(data, ts.parse(data), options, load_tables(), rel)
    m = model(ctx)
    found = []
    for f in m.functions.values():
        if not f.kernel:
            continue
        shared = tuple((s.name, s.elem_type, tuple(s.dims), s.dynamic) for s in [*f.shared, *f.shared_in])
        attr = subgroup_attribute(ctx, f.name)
        if shared or attr or f.globals_used:
            info = tuple(
                (g, m.globals[g].scope, bool(m.globals[g].dims)) for g in f.globals_used if g in m.globals
            )
            found.append(
                ProjectKernel(
                    f.name,
                    tuple(f.template_params),
                    shared,
                    attr,
                    tuple(f.globals_used),
                    rel,
                    globals_info=info,
                )
            )
    return found


_WRAPPER_FILE = re.compile(rb"extern\s+__shared__")


def _wrapper_options(
    contents: dict[str, bytes], options: Options, out: dict[str, Options]
) -> dict[str, Options]:
    """The tree's shared-memory wrapper classes (`SharedMemory<T>` in sharedmem.cuh), handed to every
    other file that names one, so its kernels take the local accessor the header's class stood for."""
    names: dict[str, str] = {}
    for rel, data in contents.items():
        if b"__shared__" in data and _WRAPPER_FILE.search(data) and (b"struct" in data or b"class" in data):
            ctx = RuleContext(data, ts.parse(data), options, load_tables(), rel)
            for name in wrapper_classes(ctx):
                names.setdefault(name, rel)
    if not names:
        return out
    for rel, data in contents.items():
        used = tuple(sorted(n for n, where in names.items() if where != rel and n.encode() in data))
        if used:
            out[rel] = replace(out.get(rel, options), shared_wrappers=used)
    return out


def project_options(contents: dict[str, bytes], options: Options) -> dict[str, Options]:
    """Per file: the device globals and functions of other files (device_globals.project_options) and
    the kernels of other files that it launches."""
    out = globals_options(contents, options)
    if options.target != "sycl":
        return out
    out = _wrapper_options(contents, options, out)
    base = replace(options, project_globals=(), project_functions=(), project_kernels=())
    kernels: dict[str, list[ProjectKernel]] = {}
    for rel, data in contents.items():
        seen = out.get(rel)
        # a kernel file reading a global another file defines (`d_common` of the driver that includes it)
        reads_project_globals = seen is not None and bool(seen.project_globals)
        if _KERNEL_FILE.search(data) and (_NEEDS_LAUNCH_HELP.search(data) or reads_project_globals):
            # with the globals this file sees (a driver's `__constant__` that the kernel file reads)
            facts_options = replace(seen, project_kernels=()) if seen is not None else base
            for k in kernel_facts(rel, data, facts_options):
                kernels.setdefault(k.name, []).append(k)
    if not kernels:
        return out
    graph = None
    for rel, data in contents.items():
        if b"<<<" not in data and b"__global__" not in data:
            continue
        # Files that launch the kernel, and files that declare it (a prototype in a header).
        named = {m.group(1).decode("ascii") for m in _LAUNCH.finditer(data)}
        if b"__global__" in data:
            named |= {m.group(1).decode("ascii") for m in _PROTOTYPE.finditer(data)}
        wanted = tuple(
            ks[0]
            for name, ks in sorted(kernels.items())
            if name in named and len(ks) == 1 and ks[0].defined_in != rel
        )
        if any(k.globals_used for k in wanted):
            if graph is None:
                graph = build_graph(contents)
            included = graph.closure(rel, quoted_only=True)
            wanted = tuple(
                replace(k, globals_visible=True) if k.globals_used and k.defined_in in included else k
                for k in wanted
            )
        if wanted:
            out[rel] = replace(out.get(rel, options), project_kernels=wanted)
    return out
