"""The SYCL tree pass: what a file's translation needs from the other files of its tree (Options), read
before any file is translated. It sits above the rules and imports helpers only.

Device globals and device functions shared across files (GP213 reads the facts) are below; first, kernels
launched in a file other than the one that defines them.

A kernel's SYCL form takes more than its CUDA parameters: the nd_item, one local accessor per
`__shared__` variable (created at the launch), and the sub-group size its warp code needs on the launch's
lambda. A launch in another file (`main.cu` launching a kernel of `kernels.cu` through a header, or a
driver that `#include`s its kernel file) must provide them exactly as a launch in the same file does.
This pass reads every file that defines such a kernel and hands its facts to the files that launch it
(Options.project_kernels); GP203 builds the launch from them.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field, replace

from ... import parse as ts
from ...context import RuleContext
from ...includes import build_graph
from ...options import Options, ProjectFunction, ProjectGlobal, ProjectKernel
from ...tables import load_tables
from ._generic_launch import launchers_of
from ._launch import param_shapes
from ._model import base_function_name, idents_in, model, qualifiers, template_param_defaults
from ._shared_wrappers import wrapper_classes
from ._signature import implicit_index
from ._subgroup import subgroup_attribute

_KERNEL_FILE = re.compile(rb"__global__")
_NEEDS_LAUNCH_HELP = re.compile(
    rb"__shared__|__shfl|__ballot|__any|__all|__activemask|warpSize|__reduce_|tiled_partition|__constant__"
    rb"|__device__[^(){};]*[;=\[]"  # a device global variable (no parenthesis: not a function)
    rb"|\.\.\.[ \t]*[A-Za-z_]\w*[ \t]*\)"  # a parameter pack last (`args_t... args)`): the nd_item goes before it
    rb"|\bprintf\b"  # device printf: the launch creates a sycl::stream
)
_PROTOTYPE = re.compile(rb"__global__[^;{}()]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*;")
_LAUNCH = re.compile(rb"\b([A-Za-z_]\w*)\s*(?:<[^<>;{}]*>\s*)?<<<")


def kernel_facts(rel: str, data: bytes, options: Options) -> list[ProjectKernel]:
    ctx = RuleContext(data, None, options, load_tables(), rel)
    m = model(ctx)
    macros = _number_macros(ctx)
    found = []
    for f in m.functions.values():
        if not f.kernel:
            continue
        shared = tuple(
            (s.name, s.elem_type, tuple(_expand_macros(d, macros) for d in s.dims), s.dynamic)
            for s in [*f.shared, *f.shared_in]
        )
        attr = subgroup_attribute(ctx, f.name)
        at = implicit_index(f.params_node)
        if shared or attr or f.globals_used or at is not None or f.needs_stream:
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
                    globals_params=tuple(m.globals[g].param for g in f.globals_used if g in m.globals),
                    implicit_at=-1 if at is None else at,
                    param_shapes=param_shapes(ctx, f),
                    template_defaults=tuple(template_param_defaults(ctx, f.node).items()),
                    needs_stream=f.needs_stream,
                )
            )
    return found


# A macro whose value is an integer expression (`#define LANES 2`, `#define TILE (BLOCK * 2)`).
_NUMBER_EXPR = re.compile(r"[\w\s()+\-*/%<>&|^~?:]+")
_WORD = re.compile(r"\b[A-Za-z_]\w*\b")


def _number_macros(ctx: RuleContext) -> dict[str, str]:
    """The kernel file's object-like macros with integer-expression values: a shared array sized with
    one (bitsandbytes' `__shared__ float q[LANES][257]`, `LANES` defined in kernels.cu) is allocated by a
    launch in another file, which does not see the macro."""
    out: dict[str, str] = {}
    for d in ts.captures("(preproc_def) @d", ctx.root).get("d", []):
        name, value = d.child_by_field_name("name"), d.child_by_field_name("value")
        if name is None or value is None:
            continue
        text = ctx.text(value).strip()
        if text and _NUMBER_EXPR.fullmatch(text):
            out.setdefault(ctx.text(name), text)
    return out


def _expand_macros(extent: str, macros: dict[str, str]) -> str:
    for _ in range(8):  # macros defined from macros, a few levels deep
        new = _WORD.sub(lambda m: f"({macros[m.group()]})" if m.group() in macros else m.group(), extent)
        if new == extent:
            break
        extent = new
    return extent


_WRAPPER_FILE = re.compile(rb"extern\s+__shared__")


def _wrapper_options(
    contents: dict[str, bytes], options: Options, out: dict[str, Options]
) -> dict[str, Options]:
    """The tree's shared-memory wrapper classes (`SharedMemory<T>` in sharedmem.cuh), handed to every
    other file that names one, so its kernels take the local accessor the header's class stood for."""
    names: dict[str, str] = {}
    for rel, data in contents.items():
        if b"__shared__" in data and _WRAPPER_FILE.search(data) and (b"struct" in data or b"class" in data):
            ctx = RuleContext(data, None, options, load_tables(), rel)
            for name in wrapper_classes(ctx):
                names.setdefault(name, rel)
    if not names:
        return out
    for rel, data in contents.items():
        used = tuple(sorted(n for n, where in names.items() if where != rel and n.encode() in data))
        if used:
            out[rel] = replace(out.get(rel, options), shared_wrappers=used)
    return out


def _launcher_options(
    contents: dict[str, bytes], options: Options, out: dict[str, Options]
) -> dict[str, Options]:
    """The tree's generic launchers (functions launching a kernel parameter), handed to every other file
    that names one: the kernels it passes them become host launchers."""
    found: dict[str, tuple[str, int]] = {}
    for rel, data in contents.items():
        if b"<<<" in data:
            ctx = RuleContext(data, None, options, load_tables(), rel)
            for name, at in launchers_of(ctx).items():
                found.setdefault(name, (rel, at))
    if not found:
        return out
    for rel, data in contents.items():
        used = tuple(
            sorted((n, at) for n, (where, at) in found.items() if where != rel and n.encode() in data)
        )
        if used:
            out[rel] = replace(out.get(rel, options), kernel_launchers=used)
    return out


def project_options(contents: dict[str, bytes], options: Options) -> dict[str, Options]:
    """Per file: the device globals and functions of other files (globals_options, below) and
    the kernels of other files that it launches."""
    out = globals_options(contents, options)
    if options.target != "sycl":
        return out
    out = _wrapper_options(contents, options, out)
    out = _launcher_options(contents, options, out)
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


# -- the tree's first pass: device globals and device functions shared across files (-rdc) --------------

_MAY_DECLARE = re.compile(rb"__device__|__constant__")
# Only a tree with an `extern` device global or a device function prototype has cross-file device state.
_CROSS_FILE = re.compile(rb"\bextern\s+(?:[\w:<>]+\s+)*?(?:__device__|__constant__)|__device__[^;{}#]*\)\s*;")
_SOURCE_SUFFIXES = frozenset({".cu", ".cpp", ".cc", ".cxx", ".c"})
# Files with device code, or host code copying to a device global (`cudaMemcpyToSymbol(Q, ...)` in
# main.cu for a `__constant__ Q` its header defines).
_DEVICE_OR_SYMBOL = re.compile(rb"__device__|__global__|__constant__|cuda\w*Symbol\w*\(")


@dataclass
class _FileFacts:
    defines: dict[str, ProjectGlobal] = field(default_factory=dict)
    externs: set[str] = field(default_factory=set)
    # device function name -> (needs the nd_item, device globals it uses, identifiers in its bodies, calls
    # device printf: takes the sycl::stream)
    functions: dict[str, tuple[bool, set[str], set[str], bool]] = field(default_factory=dict)
    # device function name -> the shared variables its callers provide (ProjectFunction.shared)
    shared: dict[str, tuple[tuple[str, str, tuple[str, ...], bool], ...]] = field(default_factory=dict)
    implicit_at: dict[str, int] = field(default_factory=dict)  # _signature.implicit_index, when not last
    declared: set[str] = field(default_factory=set)  # device globals and functions declared or defined
    define_at: dict[str, int] = field(default_factory=dict)  # global -> where its definition starts
    tables: set[str] = field(default_factory=set)  # defined here, only read: `const` globals (Model.tables)


@dataclass
class _Needs:
    """What a device function needs from its callers, closed over the calls it makes across files."""

    item: bool  # the nd_item
    used: set[str]  # project device globals
    calls: set[str]  # identifiers in its body (the functions it may call)
    stream: bool = False  # device printf: the sycl::stream


def _file_facts(rel: str, data: bytes, options: Options) -> _FileFacts:
    ctx = RuleContext(data, None, options, load_tables(), rel)
    m = model(ctx)
    facts = _FileFacts()
    facts.tables = set(m.tables)
    # (a table is still a definition: another file's `extern` makes it shared, and then it stays USM)
    for g in [*m.globals.values(), *m.tables.values()]:
        facts.declared.add(g.name)
        if g.extern:
            facts.externs.add(g.name)
        elif g.elem_type and "" not in g.dims:
            facts.defines[g.name] = ProjectGlobal(
                g.name, g.elem_type, tuple(g.dims), g.constant, rel, scope=g.scope
            )
            facts.define_at[g.name] = g.decl.start_byte if g.decl is not None else 0
    for f in m.functions.values():
        facts.declared.add(f.name)
        if f.kernel or f.host_too:
            continue
        body = f.node.child_by_field_name("body")
        ids = idents_in(ctx, body) if body is not None else set()
        needs, used, seen, prints = facts.functions.get(f.name, (False, set(), set(), False))
        facts.functions[f.name] = (
            needs or f.needs_item,
            used | set(f.globals_used),
            seen | ids,
            prints or f.needs_stream,
        )
        at = implicit_index(f.params_node)
        if at is not None:
            facts.implicit_at[f.name] = at
        exported = tuple((v.name, v.elem_type, tuple(v.dims), v.dynamic) for v in f.exported_shared())
        if exported and not f.template_params:
            facts.shared[f.name] = exported
    for decl in ts.captures("(declaration) @d", ctx.root).get("d", []):
        if "__device__" in qualifiers(decl, ctx) and any(
            c.type == "function_declarator" for c in decl.named_children
        ):
            facts.declared.add(base_function_name(ctx, decl) or "")
    return facts


def globals_options(contents: dict[str, bytes], options: Options) -> dict[str, Options]:
    """Per file of a tree (tree-relative path -> its bytes), the options carrying the project's device
    globals and cross-file device functions that file sees through its includes (SYCL only). Files that
    see none are left out: they translate as single files do."""
    if options.target != "sycl":
        return {}
    # Cross-file state needs an `extern` global or a device prototype, or a device function defined in one
    # file (a header) and called from another that includes it: at least two files with device code.
    # a qualifier macro of the tree (`#define MGPU_DEVICE __device__`) marks device code as the word does
    macros = [name.encode() for name, _ in options.qualifier_macros]

    def device_code(pattern: re.Pattern[bytes], d: bytes) -> bool:
        return bool(pattern.search(d)) or any(m in d for m in macros)

    if not any(_CROSS_FILE.search(d) for d in contents.values()) and (
        sum(1 for d in contents.values() if device_code(_DEVICE_OR_SYMBOL, d)) < 2
    ):
        return {}
    base = replace(options, project_globals=(), project_functions=())
    facts = {rel: _file_facts(rel, d, base) for rel, d in contents.items() if device_code(_MAY_DECLARE, d)}
    # Globals defined exactly once, in a source file (a header's definition is one per including file).
    definers: dict[str, list[ProjectGlobal]] = {}
    for f in facts.values():
        for g in f.defines.values():
            definers.setdefault(g.name, []).append(g)
    candidates = {
        n: gs[0]
        for n, gs in definers.items()
        if len(gs) == 1 and posixpath.splitext(gs[0].defined_in)[1].lower() in _SOURCE_SUFFIXES
    }
    # Device functions defined in exactly one file: what they need, closed over calls across files.
    where: dict[str, list[str]] = {}
    for rel, f in facts.items():
        for name in f.functions:
            where.setdefault(name, []).append(rel)
    info: dict[str, _Needs] = {}
    shared_of: dict[str, tuple[tuple[str, str, tuple[str, ...], bool], ...]] = {}
    implicit_at: dict[str, int] = {}
    for n, rels in where.items():
        if len(rels) == 1:
            item, used, calls, prints = facts[rels[0]].functions[n]
            info[n] = _Needs(item, used & set(candidates), calls, prints)
            shared_of[n] = facts[rels[0]].shared.get(n, ())
            implicit_at[n] = facts[rels[0]].implicit_at.get(n, -1)
    changed = True
    while changed:
        changed = False
        for entry in info.values():
            for callee in entry.calls & set(info):
                other = info[callee]
                if (
                    (other.item and not entry.item)
                    or not other.used <= entry.used
                    or (other.stream and not entry.stream)
                ):
                    entry.item = entry.item or other.item
                    entry.stream = entry.stream or other.stream
                    entry.used = entry.used | other.used
                    changed = True
    # A global is shared when another file can reach it: an `extern` declaration, or a device function
    # using it that is declared in a file other than its own.
    externs = set().union(*(f.externs for f in facts.values()))
    reached = {
        g
        for n, e in info.items()
        for rel, f in facts.items()
        if n in f.declared and rel != where[n][0]
        for g in e.used
    }
    shared = {n: g for n, g in candidates.items() if n in externs or n in reached}
    # Globals defined once and not shared through `extern`: a file that includes the defining file sees
    # their inline accessors, and so does a file the defining file includes (a driver that defines
    # `__constant__ params d_common;` and then `#include "kernel.cu"`: one translation unit).
    in_headers = {
        n: replace(gs[0], in_header=True)
        for n, gs in definers.items()
        if len(gs) == 1 and n not in shared and n not in facts[gs[0].defined_in].tables
    }
    if (
        not shared
        and not in_headers
        and not any(e.item or e.stream for e in info.values())
        and not any(shared_of.values())
    ):
        return {}
    # What each file sees: the names declared in it and in the files it includes, transitively.
    graph = build_graph(contents)
    # The files a defining file includes after the definition: only their code can name the global (a
    # header that every source includes first, such as ggml's common.cuh, cannot see any source's).
    after_def: dict[str, set[str]] = {}
    for n, g in in_headers.items():
        at = facts[g.defined_in].define_at.get(n, 0)
        later = [e.target for e in graph.edges.get(g.defined_in, []) if not e.system and e.offset > at]
        after_def[n] = set(later) | graph.included_by(later, quoted_only=True)
    out: dict[str, Options] = {}
    for rel in contents:
        seen = graph.closure(rel, quoted_only=True)
        visible = set().union(*(facts[r].declared for r in seen if r in facts))
        funcs = tuple(
            ProjectFunction(
                n,
                e.item,
                tuple(sorted(e.used & set(shared))),
                shared_of[n],
                implicit_at[n],
                needs_stream=e.stream,
            )
            for n, e in sorted(info.items())
            if n in visible
            and where[n][0] != rel
            and (e.item or e.used & set(shared) or shared_of[n] or e.stream)
        )
        names = (visible | {g for f in funcs for g in f.globals_used}) & set(shared)
        from_headers = [
            g
            for n, g in sorted(in_headers.items())
            if g.defined_in != rel and n not in names and (g.defined_in in seen or rel in after_def[n])
        ]
        if names or funcs or from_headers:
            out[rel] = replace(
                options,
                project_globals=tuple(shared[n] for n in sorted(names)) + tuple(from_headers),
                project_functions=funcs,
            )
    return out
