"""What the SYCL rules need to know about a CUDA file, computed once per file and shared by the rules.

The SYCL pack changes function signatures, launches and declarations together: a kernel that uses
`__shared__` memory gets pointer parameters, its launch creates `local_accessor`s; a device function that
reads `threadIdx` gets the `nd_item`, and every device-side call of it passes `item`. Each rule owns its
edits, but they must agree on one model of the file: this module builds it (kernels, device functions,
their implicit parameters, shared variables, device globals) and the rules read it.

Conventions (fixed for the whole pack, see rules/sycl/__init__.py):
- one program-wide in-order queue, `gpuport_queue()`, defined inline after the includes;
- CUDA x/y/z are SYCL dimensions 2/1/0 of a 3-D range;
- `dim3` values are `sycl::range<3>` (members `.x/.y/.z` become `[2]/[1]/[0]`);
- kernels and the device functions that need it take `const sycl::nd_item<3> &item` after their own
  parameters, then shared-memory pointers (kernels only), then device-global pointers.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from tree_sitter import Node

from ... import parse as ts
from ...context import Occurrence, RuleContext
from ...options import ProjectFunction
from ._extent_constants import inline_local_constants, inline_local_types
from ._shared_wrappers import wrapper_classes

# `X as X`: re-exported (typed strictly, a plain import is private); the rules ask this module for them.
from ._syntax import (
    _walk as _walk,
)
from ._syntax import (
    base_function_name as base_function_name,
)
from ._syntax import (
    base_type as base_type,
)
from ._syntax import (
    constructed_variable as constructed_variable,
)
from ._syntax import (
    dead_in_device_pass as dead_in_device_pass,
)
from ._syntax import (
    declarator_name as declarator_name,
)
from ._syntax import (
    dim3_vars as dim3_vars,
)
from ._syntax import (
    enclosing_function as enclosing_function,
)
from ._syntax import (
    function_name as function_name,
)
from ._syntax import (
    idents_in as idents_in,
)
from ._syntax import (
    in_code as in_code,
)
from ._syntax import (
    qualifiers as qualifiers,
)
from ._syntax import (
    reads_lane_register as reads_lane_register,
)
from ._syntax import (
    substitute as substitute,
)
from ._syntax import (
    template_param_defaults as template_param_defaults,
)
from ._syntax import (
    template_params as template_params,
)
from ._syntax import (
    variable_type as variable_type,
)
from ._warp import SHUFFLES

QUEUE = "gpuport_queue()"
ITEM_PARAM = "const sycl::nd_item<3> &item"
ITEM = "item"
# Device printf writes to a sycl::stream the launch creates (GP216): kernels and device functions that
# print take it last, as they take the nd_item first.
STREAM = "gpuport_out"
STREAM_PARAM = f"const sycl::stream &{STREAM}"
STREAM_DECL = f"sycl::stream {STREAM}(1 << 20, 1024, cgh);"  # CUDA's printf FIFO is 1 MiB too

# threadIdx.x -> item.get_local_id(2) ...
BUILTIN_VARS = {
    "threadIdx": "get_local_id",
    "blockIdx": "get_group",
    "blockDim": "get_local_range",
    "gridDim": "get_group_range",
}
DIM = {"x": "2", "y": "1", "z": "0"}
# Names whose SYCL form uses the nd_item: a function using one needs `item`. Other packs (warp idioms,
# cooperative groups) add to this set.
ITEM_NAMES: set[str] = {
    *BUILTIN_VARS,
    "warpSize",
    "__syncthreads",
    "__syncthreads_count",
    "__syncthreads_and",
    "__syncthreads_or",
    "__syncwarp",
    *SHUFFLES,
    "__ballot_sync",
    "__any_sync",
    "__all_sync",
    "__activemask",
    "__reduce_add_sync",
    "__reduce_min_sync",
    "__reduce_max_sync",
    "this_thread_block",
    "tiled_partition",
    "__reduce_and_sync",
    "__reduce_or_sync",
    "__reduce_xor_sync",
    "__match_any_sync",
    "__match_all_sync",
}
_BUILTIN_RE = re.compile(
    rb"(?<![A-Za-z0-9_])(threadIdx|blockIdx|blockDim|gridDim)\s*\.\s*([xyz])(?![A-Za-z0-9_])"
)
_IDENT_RE = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")

_FUNCTIONS = "(function_definition) @f"


@dataclass
class SharedVar:
    """One `__shared__` declaration inside a kernel."""

    name: str
    decl: Node  # the declaration node (removed from the kernel body)
    elem_type: str  # element type text, e.g. "float", "T"
    # array extents as written; [] for a scalar; [""] for `extern __shared__ T s[]`, ["", "N"] for `s[][N]`
    dims: list[str]
    dynamic: bool

    @property
    def param(self) -> str:
        return shared_param(self.name, self.elem_type, self.dims)


def shared_param(name: str, elem_type: str, dims: list[str]) -> str:
    """The kernel parameter a `__shared__` variable becomes (its local accessor's pointer or element)."""
    if not dims:
        return f"{elem_type} &{name}"
    if len(dims) == 1:
        return f"{elem_type} *{name}"
    inner = "".join(f"[{d}]" for d in dims[1:])
    return f"{elem_type} (*{name}){inner}"


def accessor_call(name: str, scope: str) -> str:
    """`gpuport_symbol_g()`, qualified from the global namespace when the global is in one (`::ns::`)."""
    return f"::{scope}gpuport_symbol_{name}()" if scope else f"gpuport_symbol_{name}()"


@dataclass
class DeviceGlobal:
    """A `__constant__` or `__device__` variable at file scope, turned into lazily allocated USM."""

    name: str
    decl: Node | None  # None: a project global (tree translation) this file uses but does not declare
    elem_type: str
    dims: list[str]
    init: str | None  # initializer text, braces included, or None
    constant: bool
    extern: bool = False  # declared `extern` here (defined in another translation unit)
    shared: bool = False  # a project global (Options.project_globals): its accessor links across files
    scope: str = ""  # the namespace it is declared in, `ns::` (its accessor is defined there)
    # the same definition again, in another preprocessor branch (`#if ...` / `#else`): rewritten alike
    redefinitions: list[Node] = field(default_factory=list)

    @property
    def accessor(self) -> str:
        return f"gpuport_symbol_{self.name}"  # (accessor_call below spells its calls)

    @property
    def accessor_call(self) -> str:
        """A call of the accessor that names it from anywhere (a launch outside the namespace)."""
        return accessor_call(self.name, self.scope)

    @property
    def param(self) -> str:
        # Not `const` even for `__constant__`: CUDA's constant variables are not const-qualified, and
        # kernels take plain pointers into them (`unsigned int *row = &c_Table[i][0];`).
        const = ""
        if not self.dims:
            return f"{const}{self.elem_type} &{self.name}"
        if len(self.dims) > 1:
            # `T g[A][B]` is passed as a pointer to its first row, so `g[i][j]` keeps working
            return f"{const}{self.elem_type} (*{self.name}){self.inner}"
        return f"{const}{self.elem_type} *{self.name}"

    @property
    def inner(self) -> str:
        """The extents after the first, as written (`[B][C]` for `T g[A][B][C]`)."""
        return "".join(f"[{d}]" for d in self.dims[1:])

    @property
    def count(self) -> str:
        return " * ".join(f"({d})" if not re.fullmatch(r"\w+", d) else d for d in self.dims) or "1"


@dataclass
class Function:
    name: str
    node: Node  # function_definition
    kernel: bool
    host_too: bool  # __host__ __device__
    template_params: list[str]
    needs_item: bool = False
    # a member of a class template (`FDWT53<W, H>::run`): the class's template parameters
    class_params: list[str] = field(default_factory=list)
    shared: list[SharedVar] = field(default_factory=list)
    # `__shared__` variables of the device functions it calls (transitively), as parameters named
    # `gp_<function>_<variable>`, extents in this function's template parameters.
    shared_in: list[SharedVar] = field(default_factory=list)
    globals_used: list[str] = field(default_factory=list)  # device globals read, transitively
    needs_stream: bool = False  # calls device printf, transitively (GP216)
    problems: list[tuple[int, int, str]] = field(default_factory=list)
    # An overloaded device function's own `__shared__` variables: the family takes them all as parameters
    # (`shared_in`, named `gp_<function>_<variable>`, as a call cannot tell which member it reaches), and
    # each declaration becomes a local bound to its parameter.
    shared_locals: list[SharedVar] = field(default_factory=list)

    @property
    def params_node(self) -> Node | None:
        decl = ts.function_declarator(self.node)
        return decl.child_by_field_name("parameters") if decl is not None else None

    def extra_params(self, model: Model) -> list[str]:
        out: list[str] = []
        if self.kernel or self.needs_item:
            out.append(ITEM_PARAM)
        out.extend(s.param for s in self.shared)
        out.extend(s.param for s in self.shared_in)
        out.extend(model.globals[g].param for g in self.globals_used)
        if self.needs_stream:
            out.append(STREAM_PARAM)
        return out

    def exported_shared(self) -> list[SharedVar]:
        """The shared variables a caller provides for this device function (own ones renamed)."""
        own = [
            SharedVar(f"gp_{self.name}_{v.name}", v.decl, v.elem_type, v.dims, v.dynamic) for v in self.shared
        ]
        return own + list(self.shared_in)

    def device_call_args(self) -> list[str]:
        """What a device-side caller passes for this function's implicit parameters."""
        shared = [v.name for v in self.exported_shared()]
        return implicit_call_args(self.needs_item, shared, self.globals_used, self.needs_stream)


def implicit_call_args(
    item: bool, shared: Iterable[str], globals_used: Iterable[str], stream: bool
) -> list[str]:
    """What a device-side call passes after its own arguments, in the order the callee's parameters take
    them (Function.extra_params): the nd_item, shared variables, device globals, the printf stream. Also for
    a device function of another file of the tree (Options.project_functions)."""
    return [*([ITEM] if item else []), *shared, *globals_used, *([STREAM] if stream else [])]


@dataclass
class Model:
    functions: dict[str, Function]
    globals: dict[str, DeviceGlobal]
    item_macros: set[str]  # macros whose body uses an nd_item builtin
    # device functions defined in other files of the tree (Options.project_functions), not in this one
    external: dict[str, ProjectFunction] = field(default_factory=dict)
    # initialised globals only ever read (lookup tables): plain `const` globals, not USM (GP213)
    tables: dict[str, DeviceGlobal] = field(default_factory=dict)

    @property
    def kernels(self) -> dict[str, Function]:
        return {n: f for n, f in self.functions.items() if f.kernel}


def model(ctx: RuleContext) -> Model:
    cached = getattr(ctx, "_sycl_model", None)
    if cached is None:
        cached = _build(ctx)
        ctx._sycl_model = cached  # type: ignore[attr-defined]
    return cached


@dataclass(frozen=True)
class BuiltinUse:
    var: str  # threadIdx ...
    dim: str  # x y z
    start: int  # of the variable name
    end: int  # after the member letter

    @property
    def sycl(self) -> str:
        return f"{ITEM}.{BUILTIN_VARS[self.var]}({DIM[self.dim]})"


def builtin_uses(ctx: RuleContext) -> list[BuiltinUse]:
    cached = getattr(ctx, "_sycl_builtins", None)
    if isinstance(cached, list):
        return cached
    out: list[BuiltinUse] = []
    own = dim3_vars(ctx) & set(BUILTIN_VARS)
    for m in _BUILTIN_RE.finditer(ctx.source):
        if in_code(ctx, m.start(1), m.end(1)):
            var = m.group(1).decode()
            if var in own:
                node = ctx.root.descendant_for_byte_range(m.start(1), m.end(1))
                fn = enclosing_function(node) if node is not None else None
                if fn is not None and not _in_device_code(ctx, node):  # type: ignore[arg-type]
                    continue  # host code's own `dim3 blockDim(8, 8)`: its members are dim3_members'
            out.append(BuiltinUse(var, m.group(2).decode(), m.start(), m.end()))
    ctx._sycl_builtins = out  # type: ignore[attr-defined]
    return out


def dim3_functions(ctx: RuleContext) -> set[str]:
    """Names of functions declared to return dim3 (`static dim3 grid_for(int n)`)."""
    cached = getattr(ctx, "_sycl_dim3_fns", None)
    if isinstance(cached, set):
        return cached
    names: set[str] = set()
    for t in ts.captures("(type_identifier) @t", ctx.root).get("t", []):
        decl = t.parent
        if ctx.text(t) != "dim3" or decl is None or decl.type not in ("function_definition", "declaration"):
            continue
        for d in decl.children_by_field_name("declarator"):
            if d.type == "function_declarator" and (
                decl.type == "function_definition" or enclosing_function(decl) is None
            ):
                name = d.child_by_field_name("declarator")
                if name is not None and name.type in ("identifier", "field_identifier"):
                    names.add(ctx.text(name))
    # Declared in a header the file includes, unless the file declares the name itself (another type).
    names |= set(ctx.options.dim3_functions) - _own_functions(ctx)
    ctx._sycl_dim3_fns = names  # type: ignore[attr-defined]
    return names


def _own_functions(ctx: RuleContext) -> set[str]:
    """Names the file declares or defines as functions (`static int grid_for(...)`)."""
    found = ts.captures("(function_declarator declarator: (identifier) @n)", ctx.root).get("n", [])
    return {ctx.text(n) for n in found}


def dim3_fields(ctx: RuleContext) -> set[str]:
    """Names of struct members declared dim3 (`struct Cfg { dim3 grid, block; }`)."""
    cached = getattr(ctx, "_sycl_dim3_fields", None)
    if isinstance(cached, set):
        return cached
    names: set[str] = set()
    for t in ts.captures("(type_identifier) @t", ctx.root).get("t", []):
        decl = t.parent
        if ctx.text(t) == "dim3" and decl is not None and decl.type == "field_declaration":
            names |= {
                ctx.text(d) for d in decl.children_by_field_name("declarator") if d.type == "field_identifier"
            }
    ctx._sycl_dim3_fields = names  # type: ignore[attr-defined]
    return names


def is_dim3_expr(ctx: RuleContext, node: Node) -> bool:
    """True when the expression's value is a dim3 (already a `sycl::range<3>` after GP212): a dim3
    variable, `dim3(...)`, a call of a function returning dim3, a dim3 struct member."""
    while node.type == "parenthesized_expression" and node.named_children:
        node = node.named_children[0]
    if node.type == "identifier":
        t = variable_type(ctx, ctx.text(node), node)
        return t is not None and t[0].replace("const ", "") == "dim3" and not t[1] and not t[2]
    if node.type == "call_expression":
        fn = node.child_by_field_name("function")
        return (
            fn is not None
            and fn.type == "identifier"
            and (ctx.text(fn) == "dim3" or ctx.text(fn) in dim3_functions(ctx))
        )
    if node.type == "field_expression":
        fld = node.child_by_field_name("field")
        return fld is not None and ctx.text(fld) in dim3_fields(ctx)
    if node.type == "cast_expression":
        to = node.child_by_field_name("type")
        return to is not None and ctx.text(to).replace("const ", "").strip() == "dim3"
    if node.type == "subscript_expression":
        # `grid[i][j]` of `dim3 grid[3][2]` (an array of gpuport_range3, GP212)
        depth = 0
        base: Node | None = node
        while base is not None and base.type == "subscript_expression":
            depth += 1
            base = base.child_by_field_name("argument")
        if base is None or base.type != "identifier":
            return False
        t = variable_type(ctx, ctx.text(base), base)
        return t is not None and t[0].replace("const ", "") == "dim3" and len(t[1]) == depth and not t[2]
    return False


def dim3_members(ctx: RuleContext) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for `v.x` member reads of dim3 values: `v[2]` (variables, struct
    members declared dim3, calls of functions returning dim3)."""
    cached = getattr(ctx, "_sycl_dim3_members", None)
    if isinstance(cached, list):
        return cached
    names = dim3_vars(ctx)
    out: list[tuple[int, int, str]] = []
    any_dim3 = bool(names or dim3_fields(ctx) or dim3_functions(ctx))
    for fe in ts.captures("(field_expression) @f", ctx.root).get("f", []) if any_dim3 else []:
        arg = fe.child_by_field_name("argument")
        fld = fe.child_by_field_name("field")
        if arg is None or fld is None:
            continue
        if arg.type == "identifier" and ctx.text(arg) not in names:
            continue
        if arg.type == "identifier" and ctx.text(arg) in BUILTIN_VARS and _in_device_code(ctx, fe):
            continue  # host code's own `dim3 gridDim(...)`; in a kernel the name is CUDA's built-in
        if arg.type != "identifier" and not (
            arg.type in ("field_expression", "call_expression", "subscript_expression")
            and is_dim3_expr(ctx, arg)
        ):
            continue
        if ctx.text(fld) not in DIM or any(c.type == "->" for c in fe.children):
            continue
        out.append((arg.end_byte, fe.end_byte, f"[{DIM[ctx.text(fld)]}]"))
    ctx._sycl_dim3_members = out  # type: ignore[attr-defined]
    return out


def _in_device_code(ctx: RuleContext, node: Node) -> bool:
    fn = enclosing_function(node)
    return fn is not None and bool({"__global__", "__device__"} & qualifiers(fn, ctx))


# The functions `<cmath>` declares (C99 names and their `f` variants), the ones a CUDA host program gets
# from the C library. CUDA-only names (`rsqrtf`, `exp10f`, `__expf`) are not among them.
_C_MATH = frozenset(
    f"{base}{suffix}"
    for base in (
        "acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 expm1 frexp ilogb "
        "ldexp log log10 log1p log2 logb modf scalbn scalbln cbrt fabs hypot pow sqrt erf erfc lgamma "
        "tgamma ceil floor nearbyint rint lrint llrint round lround llround trunc fmod remainder "
        "remquo copysign nan nextafter fdim fmax fmin fma"
    ).split()
    for suffix in ("", "f")
)
_DEVICE = {"__device__", "__global__"}


def _host_only(ctx: RuleContext, node: Node) -> bool:
    """True when the node is in host-only code: no enclosing device function, kernel or device lambda."""
    n = node.parent
    while n is not None:
        if n.type == "lambda_expression":
            return False  # an extended `[=] __device__` lambda, or one a rule moves into a kernel
        if n.type == "function_definition":
            return not (qualifiers(n, ctx) & _DEVICE)
        if n.type in ("preproc_def", "preproc_function_def"):
            return False  # a macro body may be expanded in device code
        n = n.parent
    return True  # file scope: a host initializer


# `<ctime>`'s names that CUDA's tables also hold as device functions (`clock()` reads the SM's counter in
# device code; host code that times itself calls the C library's).
_C_TIME = frozenset({"clock"})


def host_c_math(ctx: RuleContext, occ: Occurrence) -> bool:
    """True for an unqualified call of a C library math function, or of `clock`, in host-only code (GP261
    keeps it)."""
    node, entry = occ.node, occ.entry
    if node is None or occ.raw or entry is None:
        return False
    if not ((occ.name in _C_MATH and entry.family == "math") or occ.name in _C_TIME):
        return False
    return occ.parent_type != "qualified_identifier" and _host_only(ctx, node)


def _thrust_casts(ctx: RuleContext) -> list[tuple[int, int, str]]:
    """`thrust::raw_pointer_cast` in a launch's arguments (moved text): GP260's helper of that name."""
    if b"raw_pointer_cast" not in ctx.source:
        return []
    return [
        (q.start_byte, q.end_byte, "gpuport_thrust::raw_pointer_cast")
        for q in ts.captures("(qualified_identifier) @q", ctx.root).get("q", [])
        if ctx.text(q).replace(" ", "").lstrip(":") == "thrust::raw_pointer_cast"
    ]


_MIXED_HELPERS = {"min": "gpuport_min", "max": "gpuport_max", "abs": "gpuport_abs"}
_MIXED_HELPER_NAMES = frozenset(_MIXED_HELPERS.values())


def _math_calls(ctx: RuleContext) -> list[tuple[int, int, str]]:
    """Unqualified calls of math functions the tables spell `sycl::` (`ceil(n / 256.0)` in a grid size
    that becomes a `sycl::range`): moved text keeps the rename GP001 gives them in place, since nvcc's
    implicit `<cmath>` that made `::ceil` visible is gone."""
    found = []
    for occ in ctx.occurrences:
        node, entry = occ.node, occ.entry
        if node is None or entry is None or entry.family != "math" or not entry.sycl.startswith("sycl::"):
            continue
        if host_c_math(ctx, occ):
            continue  # host code keeps the C library's function (GP261)
        parent = node.parent
        if (
            parent is not None
            and parent.type == "call_expression"
            and parent.child_by_field_name("function") == node
        ):
            # CUDA's min/max/abs take mixed types; moved text cannot get GP247's casts, so it calls the
            # common-type helpers (GP247 defines them when render() used one: ctx._sycl_minmax_rendered)
            found.append((occ.start, occ.end, _MIXED_HELPERS.get(occ.name, entry.sycl)))
    return found


def _render_substitutions(ctx: RuleContext) -> tuple[list[int], list[tuple[int, int, str]]]:
    """Every substitution render() makes, sorted, with their start offsets; once per file (the three
    sources are each computed once per file)."""
    cached = getattr(ctx, "_sycl_render_subs", None)
    if cached is None:
        from ._half import half_edits  # half types/intrinsics in moved text (GP239)

        subs = sorted(
            [(b.start, b.end, b.sycl) for b in builtin_uses(ctx)]
            + dim3_members(ctx)
            + half_edits(ctx)
            + _math_calls(ctx)
            + _thrust_casts(ctx)
        )
        cached = ([s for s, _, _ in subs], subs)
        ctx._sycl_render_subs = cached  # type: ignore[attr-defined]
    return cached


def render(ctx: RuleContext, start: int, end: int) -> str:
    """Source text of [start, end) with the nd_item builtins and dim3 members translated (for text a
    rule moves or duplicates, so the rules that would have translated it in place cannot)."""
    starts, subs = _render_substitutions(ctx)
    parts: list[str] = []
    pos = start
    # Only the substitutions from `start` on (a launch renders a few bytes of a large file; walking all
    # of them for every launch made translation quadratic in file size).
    # Indexed, not sliced: a slice copies the rest of the file's substitutions at every call.
    for i in range(bisect.bisect_left(starts, start), len(subs)):
        s, e, new = subs[i]
        if s > end:
            break
        if e <= end and s >= pos:
            parts.append(ctx.slice(pos, s))
            parts.append(new)
            pos = e
            if new in _MIXED_HELPER_NAMES:
                ctx._sycl_minmax_rendered = True  # type: ignore[attr-defined]
    parts.append(ctx.slice(pos, end))
    return "".join(parts)


# -- building the model ----------------------------------------------------------------------------------


def _build(ctx: RuleContext) -> Model:
    functions: dict[str, Function] = {}
    dups: set[str] = set()
    # the members of shared-memory wrapper classes go with their classes (GP206 removes them)
    wrapped = [span for spans in wrapper_classes(ctx).values() for span in spans]
    for fn in ts.captures(_FUNCTIONS, ctx.root).get("f", []):
        q = qualifiers(fn, ctx)
        if "__global__" not in q and "__device__" not in q:
            continue
        if any(a <= fn.start_byte and fn.end_byte <= b for a, b in wrapped):
            continue
        name = base_function_name(ctx, fn)
        if name is None:
            continue
        key = name
        if name in functions:
            first = functions[name]
            if first.kernel and "__global__" in q:
                # The kernel defined again: in another preprocessor branch (`#if __CUDA_ARCH__ >= N` ...
                # `#else` stubs) or as an overload. Rewritten like the first; launches, which go by name,
                # use the first's implicit parameters, so one that needs others is reported below. (Left
                # as it was, a second translation took it for the first definition and rewrote it then.)
                again = Function(name, fn, True, "__host__" in q, template_params(ctx, fn))
                functions[f"{name}@{fn.start_byte}"] = again
                continue
            if first.kernel or "__global__" in q or first.host_too != ("__host__" in q):
                dups.add(name)  # overloaded kernels, mixed qualifiers: one model per name, flagged below
                continue
            # Another overload or explicit specialisation of a device function: a model of its own (the
            # rules translate its body), keyed apart; the family shares one set of implicit parameters,
            # as callers cannot tell which one they call.
            key = f"{name}@{fn.start_byte}"
        functions[key] = Function(name, fn, "__global__" in q, "__host__" in q, template_params(ctx, fn))
    family: dict[str, list[Function]] = {}
    for f in functions.values():
        family.setdefault(f.name, []).append(f)
        f.class_params = _class_template_params(ctx, f.node)

    # Macros whose bodies use nd_item builtins (one level of macro-in-macro is followed).
    macro_bodies: dict[str, frozenset[str]] = {}
    for d in ts.captures("(preproc_def) @d (preproc_function_def) @d", ctx.root).get("d", []):
        name_node = d.child_by_field_name("name")
        value = d.child_by_field_name("value")
        if name_node is not None and value is not None:
            macro_bodies[ctx.text(name_node)] = idents_in(ctx, value)
    item_macros = {m for m, ids in macro_bodies.items() if ids & ITEM_NAMES}
    item_macros |= {m for m, ids in macro_bodies.items() if ids & item_macros}

    globals_ = _device_globals(ctx)
    tables = read_only_tables(ctx, globals_)
    for name in tables:
        del globals_[name]
    external = {p.name: p for p in ctx.options.project_functions if p.name not in family}
    _add_project_globals(ctx, globals_, external)

    # Direct uses and calls per function (the name sets built once: once per function made it quadratic).
    calls: dict[str, set[str]] = {}
    global_names, external_names, family_names = set(globals_), set(external), set(family)
    for key, f in functions.items():
        body = f.node.child_by_field_name("body")
        ids = idents_in(ctx, body) if body is not None else frozenset()
        f.needs_item = f.kernel or bool(ids & (ITEM_NAMES | item_macros)) or reads_lane_register(ctx, body)
        direct = ids & global_names
        if direct:
            # a parameter or local of the same name hides the global (ggml's `warp_reduce_sum(float2 a)`
            # beside another file's `__device__ const float a`)
            direct -= _param_names(ctx, f) | (_local_names(ctx, body) if body is not None else set())
        f.globals_used = sorted(direct)
        # device printf (not in a __host__ __device__ function: its host pass has no stream, GP216 reports it)
        f.needs_stream = not f.host_too and "printf" in ids and calls_printf(ctx, body)
        for callee in sorted(ids & external_names):  # defined in another file of the tree
            f.needs_item = f.needs_item or external[callee].needs_item
            f.needs_stream = f.needs_stream or external[callee].needs_stream
            f.globals_used = sorted({*f.globals_used, *external[callee].globals_used})
            have = {v.name for v in f.shared_in}
            for s_name, s_type, s_dims, s_dyn in external[callee].shared:  # provided by the kernel
                if s_name not in have:
                    f.shared_in.append(SharedVar(s_name, f.node, s_type, list(s_dims), s_dyn))
        calls[key] = family_names & ids
        if f.kernel or (not f.host_too and len(family[f.name]) == 1 and name_count(ctx, f) <= 1):
            # `extern __shared__` in a device function is the calling kernel's dynamic shared memory: it
            # travels up like static shared variables, and the launch passes the one dynamic block.
            f.shared = _shared_vars(ctx, f)
        elif not f.host_too and len(family[f.name]) > 1 and b"__shared__" in (f.node.text or b""):
            f.shared = _shared_vars(ctx, f)
    for members in family.values():
        # (kernels keep their own: a launch goes by name to the first's, and GP202 reports the others)
        if len(members) > 1 and not any(m.kernel for m in members) and any(m.shared for m in members):
            _family_shared(members)
    _propagate_shared(ctx, functions, calls)
    # Transitive closure over the file's call graph (a call may reach any member of the callee's family).
    changed = True
    while changed:
        changed = False
        for key, f in functions.items():
            for g in [g for callee in sorted(calls[key] | {f.name}) for g in family[callee]]:
                if g.needs_item and not f.needs_item:
                    f.needs_item = changed = True
                if g.needs_stream and not f.needs_stream:
                    f.needs_stream = changed = True
                missing = [x for x in g.globals_used if x not in f.globals_used]
                if missing:
                    f.globals_used = sorted({*f.globals_used, *missing})
                    changed = True
    for f in functions.values():
        if f.kernel:
            f.needs_item = True
            named = functions.get(f.name)
            if named is not None and named is not f and _launch_needs(named) != _launch_needs(f):
                f.problems.append(
                    (
                        f.node.start_byte,
                        f.node.end_byte,
                        "defined again with other shared memory, template parameters or device globals "
                        "than its first definition, whose launch arguments every launch by this name gets",
                    )
                )
        if f.name in dups and not f.kernel and (f.needs_item or f.globals_used or f.needs_stream):
            f.host_too = True  # treated like a host-device function: reported, not rewritten
            f.problems.append(
                (
                    f.node.start_byte,
                    f.node.end_byte,
                    "device function overloaded with different qualifiers (or a kernel's name) that needs "
                    "the nd_item or device globals: not rewritten",
                )
            )
        elif f.host_too and (f.needs_item or f.globals_used or f.needs_stream):
            f.problems.append(
                (
                    f.node.start_byte,
                    f.node.end_byte,
                    "a __host__ __device__ function that uses the nd_item or device globals cannot be split "
                    "automatically",
                )
            )
    return Model(functions, globals_, item_macros, external, tables)


def _family_shared(members: list[Function]) -> None:
    """Overloads of one device function (llm.c's `blockReduce<f>(v)` and `blockReduce<f>(v, sync, oob)`)
    with `__shared__` variables: every member takes the union, named `gp_<function>_<variable>`, so every
    call passes the same arguments whichever member it reaches. Kept only for static variables whose type
    and extents name none of the member's template parameters (the caller's arguments would differ by
    member); otherwise the declarations stay and are reported."""
    union: dict[str, SharedVar] = {}
    problem = None
    for m in members:
        if m.host_too:
            problem = "overloaded with a __host__ __device__ function"
        for v in m.shared:
            words = set(_IDENT_RE.findall(" ".join([v.elem_type, *v.dims]).encode()))
            if v.dynamic or {p.encode() for p in [*m.template_params, *m.class_params]} & words:
                problem = "dynamic, or shaped by the function's template parameters"
            name = f"gp_{m.name}_{v.name}"
            prev = union.setdefault(name, SharedVar(name, v.decl, v.elem_type, list(v.dims), v.dynamic))
            if (prev.elem_type, prev.dims) != (v.elem_type, v.dims):
                problem = f"`{v.name}` declared with other types or extents in another overload"
    if problem is not None:
        for m in members:
            for v in m.shared:
                m.problems.append(
                    (
                        v.decl.start_byte,
                        v.decl.end_byte,
                        f"shared memory of an overloaded device function: {problem}",
                    )
                )
            m.shared = []
        return
    for m in members:
        m.shared_locals, m.shared = m.shared, []
        m.shared_in = [*union.values(), *(v for v in m.shared_in if v.name not in union)]


def calls_printf(ctx: RuleContext, body: Node | None) -> bool:
    """Whether `body` calls `printf` itself (not through a macro, whose other uses may be host code)."""
    if body is None:
        return False
    return any(
        ctx.text(c.child_by_field_name("function") or c) == "printf"
        for c in ts.captures("(call_expression) @c", body).get("c", [])
    )


def _launch_needs(f: Function) -> tuple[object, ...]:
    """What a launch of `f` passes besides its own arguments (kernel_launch builds it from the first
    definition of a name): local memory, template parameters, device globals."""
    shared = [(v.name, v.elem_type, tuple(v.dims), v.dynamic) for v in [*f.shared, *f.shared_in]]
    return (shared, tuple(f.template_params), tuple(f.globals_used), f.needs_stream)


def name_count(ctx: RuleContext, f: Function) -> int:
    """How many functions of the file (definitions and declarations) have f's name; counted once per file."""
    counts: Counter[str | None] | None = getattr(ctx, "_sycl_name_counts", None)
    if counts is None:
        counts = Counter(function_name(ctx, fn) for fn in ts.captures(_FUNCTIONS, ctx.root).get("f", []))
        ctx._sycl_name_counts = counts  # type: ignore[attr-defined]
    return counts[f.name]


def _calls_of(ctx: RuleContext, caller: Function, callee: str) -> Iterator[Node]:
    """The `function` node of every call of `callee` in caller's body: `f(...)`, `f<T>(...)` or
    `X<A>::f(...)`."""
    body = caller.node.child_by_field_name("body")
    for call in ts.captures("(call_expression) @c", body).get("c", []) if body is not None else []:
        fn = call.child_by_field_name("function")
        if fn is None:
            continue
        name = (
            fn.child_by_field_name("name") if fn.type in ("template_function", "qualified_identifier") else fn
        )
        if name is not None and name.type == "template_function" and fn.type == "qualified_identifier":
            name = name.child_by_field_name("name")  # `detail::BlockReduce1<FP1>(...)` (qsim)
        if name is not None and name.type == "identifier" and ctx.text(name) == callee:
            yield fn


def _call_template_args(ctx: RuleContext, caller: Function, callee: str) -> list[list[str] | None]:
    """The explicit template argument lists of each unqualified call of `callee` in caller's body (None:
    none)."""
    out: list[list[str] | None] = []
    for fn in _calls_of(ctx, caller, callee):
        if fn.type == "qualified_identifier":
            inner = fn.child_by_field_name("name")  # a namespace-qualified template call
            if inner is None or inner.type != "template_function":
                continue  # `X<A>::f()`: the class's arguments (_call_class_args)
            fn = inner
        if fn.type == "template_function":
            targs = fn.child_by_field_name("arguments")
            if targs is not None:
                out.append([ctx.text(a) for a in targs.named_children])
        elif fn.type == "identifier":
            out.append(None)
    return out


def _class_template_params(ctx: RuleContext, fn: Node) -> list[str]:
    """The template parameters of the class template `fn` is defined in, or []."""
    n = fn.parent
    while n is not None and n.type in ("field_declaration_list", "template_declaration"):
        if n.type == "field_declaration_list":
            cls = n.parent
            if cls is not None and cls.type in ("class_specifier", "struct_specifier"):
                return template_params(ctx, cls)
            return []
        n = n.parent
    return []


def _call_class_args(ctx: RuleContext, caller: Function, callee: str) -> list[list[str] | None]:
    """The class template arguments of each call of member `callee` in caller's body: `X<a, b>::callee()`
    gives [a, b]; an unqualified call gives None."""
    out: list[list[str] | None] = []
    for fn in _calls_of(ctx, caller, callee):
        if fn.type == "qualified_identifier":
            scope = fn.child_by_field_name("scope")
            targs = scope.child_by_field_name("arguments") if scope is not None else None
            if scope is not None and scope.type == "template_type" and targs is not None:
                out.append([ctx.text(a) for a in targs.named_children])
            else:
                out.append(None)
        elif fn.type == "identifier":
            out.append(None)
    return out


def _propagate_shared(ctx: RuleContext, functions: dict[str, Function], calls: dict[str, set[str]]) -> None:
    """Give every caller of a device function with `__shared__` variables matching parameters: the
    kernel at the top of the chain allocates them at its launch (GP203)."""
    for _ in range(len(functions) + 1):
        changed = False
        for key, g in functions.items():
            for callee in sorted(calls[key]):
                c = functions[callee]
                exported = c.exported_shared()
                if not exported or c is g:
                    continue
                mapping: dict[str, str] = {}
                if c.class_params:
                    # `FDWT53<WIN_SX, WIN_SY>::run(...)`: the shared variable's type names the class's
                    # parameters, which the caller gives in the call's scope (a call from inside the
                    # class, unqualified, has them as they are)
                    scoped = _call_class_args(ctx, g, callee)
                    if len({tuple(u) if u else None for u in scoped}) != 1:
                        g.problems.append(
                            (
                                g.node.start_byte,
                                g.node.end_byte,
                                f"`{callee}`'s shared memory needs identical class template arguments "
                                "at every call",
                            )
                        )
                        continue
                    if scoped[0]:
                        mapping.update(zip(c.class_params, scoped[0], strict=False))
                if c.template_params:
                    uses = _call_template_args(ctx, g, callee)
                    if len({tuple(u) if u else None for u in uses}) != 1 or not uses[0]:
                        g.problems.append(
                            (
                                g.node.start_byte,
                                g.node.end_byte,
                                f"`{callee}`'s shared memory needs explicit, "
                                "identical template arguments at every call",
                            )
                        )
                        continue
                    mapping.update(zip(c.template_params, uses[0], strict=False))
                    # Parameters the call leaves to deduction or defaults (`BlockReduce1<FP1>(n, op1, ...)`,
                    # `unsigned warp_size = 32`): a default is what the call gets; a deduced parameter
                    # must not shape the shared memory, which the launch declares without the call's types.
                    for name, default in template_param_defaults(ctx, c.node).items():
                        mapping.setdefault(name, substitute(default, mapping))
                    unmapped = set(c.template_params) - set(mapping)
                    if any(
                        re.search(rf"\b{re.escape(u)}\b", " ".join([v.elem_type, *v.dims]))
                        for v in exported
                        for u in unmapped
                    ):
                        g.problems.append(
                            (
                                g.node.start_byte,
                                g.node.end_byte,
                                f"`{callee}`'s shared memory depends on template parameters its calls "
                                "leave to deduction; give them explicitly",
                            )
                        )
                        continue
                have = {v.name for v in g.shared_in}
                for v in exported:
                    if v.name in have:
                        continue
                    g.shared_in.append(
                        SharedVar(
                            v.name,
                            v.decl,
                            substitute(v.elem_type, mapping),
                            [substitute(d, mapping) for d in v.dims],
                            v.dynamic,
                        )
                    )
                    changed = True
        if not changed:
            return


_TAGGED_REFS = frozenset({"struct_specifier", "class_specifier", "union_specifier", "enum_specifier"})


def _wrapper_names(ctx: RuleContext) -> set[str]:
    return set(wrapper_classes(ctx)) | set(ctx.options.shared_wrappers)


def _wrapper_type(ctx: RuleContext, node: Node | None, names: set[str]) -> str | None:
    """The element type `X` of `Wrapper<X>` when `node` is that type (or `Wrapper<X>()`), else None."""
    if node is not None and node.type == "call_expression":
        args = node.child_by_field_name("arguments")
        if args is not None and args.named_child_count == 0:
            node = node.child_by_field_name("function")
    if node is not None and node.type == "compound_literal_expression":
        node = node.child_by_field_name("type")
    if node is None or node.type not in ("template_type", "template_function"):
        return None
    name = node.child_by_field_name("name")
    targs = node.child_by_field_name("arguments")
    if name is None or targs is None or ctx.text(name) not in names or targs.named_child_count != 1:
        return None
    return ctx.text(targs.named_children[0])


def _wrapper_vars(ctx: RuleContext, f: Function, body: Node, names: set[str]) -> list[SharedVar]:
    """`SharedMemory<T> smem;` and `T *s = SharedMemory<T>();` in a kernel: dynamic shared memory of T."""
    out: list[SharedVar] = []
    for node in _walk(body):
        if node.type != "declaration":
            continue
        decls = node.children_by_field_name("declarator")
        elem = _wrapper_type(ctx, node.child_by_field_name("type"), names)
        if elem is not None and len(decls) == 1 and decls[0].type == "identifier":
            out.append(SharedVar(ctx.text(decls[0]), node, elem, [""], True))
            continue
        if len(decls) != 1 or decls[0].type != "init_declarator":
            continue
        value = decls[0].child_by_field_name("value")
        while value is not None and value.type in ("cast_expression", "parenthesized_expression"):
            value = value.child_by_field_name("value") or (
                value.named_children[-1] if value.named_children else None
            )
        elem = _wrapper_type(ctx, value, names)
        target = decls[0].child_by_field_name("declarator")
        if elem is None or target is None or target.type != "pointer_declarator":
            continue
        inner = target.child_by_field_name("declarator")
        if inner is None or inner.type != "identifier":
            continue
        pointee = " ".join(
            ctx.text(c) for c in node.children if c.type not in ("init_declarator", ";", "type_qualifier")
        )
        out.append(SharedVar(ctx.text(inner), node, pointee or elem, [""], True))
    return out


def _shared_vars(ctx: RuleContext, f: Function) -> list[SharedVar]:
    out: list[SharedVar] = []
    body = f.node.child_by_field_name("body")
    if body is None:
        return out
    wrappers = _wrapper_names(ctx)
    if wrappers:
        out.extend(_wrapper_vars(ctx, f, body, wrappers))
    # (the qualifier below is that word as written)
    declared_here = b"__shared__" in ctx.source[body.start_byte : body.end_byte]
    for node in _walk(body) if declared_here else ():
        if node.type != "declaration":
            continue
        if not any(c.type == "type_qualifier" and ctx.text(c) == "__shared__" for c in node.children):
            continue
        if not f.host_too and dead_in_device_pass(ctx, node, body):
            continue  # an older architecture's declaration (`#if __CUDA_ARCH__ <= 130`): never compiled
        extern = any(ctx.text(c) == "extern" for c in node.children if c.type == "storage_class_specifier")
        decls = node.children_by_field_name("declarator")
        elem = " ".join(
            ctx.text(c)
            for c in node.children
            if c.type
            in (
                "primitive_type",
                "type_identifier",
                "sized_type_specifier",
                "template_type",
                "qualified_identifier",
            )
            or (c.type == "type_qualifier" and ctx.text(c) in ("volatile",))
            # `__shared__ struct cartesian s[N];`: a tagged type named, not defined, here
            or (c.type in _TAGGED_REFS and c.child_by_field_name("body") is None)
        )
        if not decls or not elem:
            f.problems.append((node.start_byte, node.end_byte, "shared declaration not understood"))
            continue
        gots = [declarator_name(ctx, d) for d in decls]
        if any(g is None for g in gots) or any(d.type == "init_declarator" for d in decls):
            f.problems.append((node.start_byte, node.end_byte, "shared declaration not understood"))
            continue
        for got in gots:
            assert got is not None
            # `__shared__ float *rowAddr;`: a shared pointer, one per block like any shared variable
            typed = f"{elem} {'*' * got[2]}" if got[2] else elem
            out.extend(_shared_var(ctx, f, body, node, got, typed, extern))
    out.extend(_file_scope_shared(ctx, f, body, {s.name for s in out}))
    return out


def _file_scope_shared(ctx: RuleContext, f: Function, body: Node, have: set[str]) -> list[SharedVar]:
    """`__shared__ float tile[N];` declared at file scope (CUDA allows it; one per block like any
    shared variable): a shared variable of every kernel that uses it."""
    found = getattr(ctx, "_sycl_file_shared", None)
    if found is None:
        found = {}
        if b"__shared__" in ctx.source:
            for decl, _scope in file_scope_declarations(ctx.root):
                if any(c.type == "type_qualifier" and ctx.text(c) == "__shared__" for c in decl.children):
                    for d in decl.children_by_field_name("declarator"):
                        got = declarator_name(ctx, d)
                        if got is not None and d.type != "init_declarator":
                            found[got[0]] = (decl, got)
        ctx._sycl_file_shared = found  # type: ignore[attr-defined]
    if not found:
        return []
    used = idents_in(ctx, body) & set(found)
    out: list[SharedVar] = []
    for name in sorted(used - have):
        decl, got = found[name]
        elem = base_type(ctx, decl).replace("volatile ", "").strip()
        if not elem:
            continue
        typed = f"{elem} {'*' * got[2]}" if got[2] else elem
        out.extend(_shared_var(ctx, f, body, decl, got, typed, False))
    return out


def _shared_var(
    ctx: RuleContext,
    f: Function,
    body: Node,
    node: Node,
    got: tuple[str, list[str], int],
    elem: str,
    extern: bool,
) -> list[SharedVar]:
    out: list[SharedVar] = []
    name, dims, _ = got
    # `extern __shared__ T x[]`, or `T x[][N]` (rows of N: the dynamic block seen as a 2-D array)
    if extern and (dims[:1] != [""] or "" in dims[1:]):
        f.problems.append(
            (node.start_byte, node.end_byte, "extern shared variable that is not T x[] or T x[][N]")
        )
        return out
    if not extern and any(d == "" for d in dims):
        f.problems.append((node.start_byte, node.end_byte, "shared array without extent"))
        return out
    # Extents must be computable at the launch site: the kernel's own constants are inlined, and no
    # other name local to the kernel may remain.
    dims = inline_local_constants(ctx, body, node, dims)
    local_names = _local_names(ctx, body)
    used = {m.group().decode() for d in dims for m in _IDENT_RE.finditer(d.encode())}
    if used & local_names:
        f.problems.append(
            (
                node.start_byte,
                node.end_byte,
                f"shared array extent uses names local to the kernel ({', '.join(sorted(used & local_names))})",
            )
        )
        return out
    if not extern:  # one slot per warp -> one per sub-group, whatever its size (GP233)
        from ._warp import warp_slot_dims

        dims = warp_slot_dims(ctx, f.node, name, dims)
    from ._type_names import sycl_type_text  # `__half tile[..]` -> a sycl::half parameter and accessor

    elem = inline_local_types(ctx, body, node, elem)
    elem = sycl_type_text(elem, ctx.declared_names) or elem
    out.append(SharedVar(name, node, elem, dims, extern))
    return out


def _param_names(ctx: RuleContext, f: Function) -> set[str]:
    params = f.params_node
    names: set[str] = set()
    for p in params.named_children if params is not None else []:
        d = p.child_by_field_name("declarator")
        got = declarator_name(ctx, d) if d is not None else None
        if got is not None:
            names.add(got[0])
    return names


def _local_names(ctx: RuleContext, body: Node) -> set[str]:
    names: set[str] = set()
    for node in _walk(body):
        if node.type == "declaration":
            for d in node.children_by_field_name("declarator"):
                got = declarator_name(ctx, d)
                if got is not None:
                    names.add(got[0])
    return names


# Nodes whose children are still at file scope: conditional blocks (include guards, `#ifdef
# __CUDACC__`), `extern "C" { }` and namespaces (their bodies).
_FILE_SCOPE_BLOCKS = frozenset(
    {"preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "preproc_elifdef", "linkage_specification",
     "namespace_definition", "declaration_list"}
)  # fmt: skip


def file_scope_declarations(root: Node) -> Iterator[tuple[Node, str]]:
    """The declarations at file scope with the namespace they sit in (`"a::b::"`, or `""`), including
    those inside include guards, conditional blocks and `extern "C"` blocks (a header's `__constant__`
    table sits inside its include guard). Anonymous namespaces add nothing to the scope."""
    stack: list[tuple[Node, str]] = [(c, "") for c in reversed(root.children)]
    while stack:
        node, scope = stack.pop()
        if node.type == "declaration":
            yield node, scope
        elif node.type in _FILE_SCOPE_BLOCKS:
            kids = node.children
            inner = scope
            if node.type in ("namespace_definition", "linkage_specification"):
                body = node.child_by_field_name("body")
                kids = body.children if body is not None else []
                name = node.child_by_field_name("name")
                if node.type == "namespace_definition" and name is not None:
                    inner = scope + (name.text or b"").decode("utf-8", "replace") + "::"
            stack.extend((c, inner) for c in reversed(kids))


def _device_globals(ctx: RuleContext) -> dict[str, DeviceGlobal]:
    out: dict[str, DeviceGlobal] = {}
    for decl, scope in file_scope_declarations(ctx.root):
        kinds = {c.type for c in decl.children} | {
            ctx.text(c) for c in decl.children if c.type == "type_qualifier"
        }
        constant = "__constant__" in kinds
        if not constant and "__device__" not in kinds:
            continue
        decls = decl.children_by_field_name("declarator")
        if not decls or any(d.type == "function_declarator" for d in decls):
            continue
        gots = [declarator_name(ctx, d) for d in decls]
        if any(got is None or got[2] for got in gots):
            continue  # a pointer or a declarator not understood: the whole declaration stays
        elem = " ".join(
            ctx.text(c)
            for c in decl.children
            if c.type
            in (
                "primitive_type",
                "type_identifier",
                "sized_type_specifier",
                "template_type",
                "qualified_identifier",
            )
        )
        extern = any(ctx.text(c) == "extern" for c in decl.children if c.type == "storage_class_specifier")
        from ._type_names import sycl_type_text  # library/half element types, as declarations elsewhere

        elem = sycl_type_text(elem, ctx.declared_names) or elem
        # `__constant__ float a, b, c;` declares one global per declarator; they share the declaration
        # node, which the rule replaces with all their accessors at once.
        for d, got in zip(decls, gots, strict=True):
            assert got is not None
            name, dims, _ = got
            init_node = d.child_by_field_name("value") if d.type == "init_declarator" else None
            if dims[:1] == [""] and init_node is not None and init_node.type == "initializer_list":
                # `__constant__ float m[] = {...}`: the extent is the initializer's element count.
                dims = [str(sum(1 for c in init_node.named_children if c.type != "comment")), *dims[1:]]
            init = ctx.text(init_node) if init_node is not None else None
            first = out.get(name)
            if (
                first is not None
                and first.decl is not None
                and len(decls) == 1
                and (first.elem_type, first.dims, first.init, first.constant, first.extern, first.scope)
                == (elem, dims, init, constant, extern, scope)
            ):
                first.redefinitions.append(decl)
                continue
            out[name] = DeviceGlobal(name, decl, elem, dims, init, constant, extern, scope=scope)
    return out


_WRITE_PARENTS = frozenset({"update_expression"})


def read_only_tables(ctx: RuleContext, globals_: dict[str, DeviceGlobal]) -> dict[str, DeviceGlobal]:
    """The globals defined here with an initialiser that nothing writes, takes the address of, or names
    whole (the symbol API, a pointer argument): lookup tables and constants (bitsandbytes'
    `__device__ static float nf4_dequantization_lut[16] = {...}`, ggml's `__device__ const float a`).
    SYCL 2020 lets kernels read a `const` global that is constant-initialised, so they stay globals, with
    no USM and no parameter: a kernel launched from another file reads them too. Every declarator of the
    declaration must qualify (they share one declaration), and a global the tree shares across files
    (`extern` elsewhere: Options.project_globals) stays USM."""
    shared = {g.name for g in ctx.options.project_globals}
    candidates = {
        n: g
        for n, g in globals_.items()
        if g.decl is not None
        and g.init is not None
        and not g.extern
        and not g.redefinitions
        and n not in shared
        and "" not in g.dims
    }
    if not candidates:
        return {}
    written: set[str] = set()
    pattern = re.compile(
        rb"(?<![A-Za-z0-9_])(" + b"|".join(re.escape(n.encode()) for n in candidates) + rb")(?![A-Za-z0-9_])"
    )
    root = ctx.root
    for m in pattern.finditer(ctx.source):
        name = m.group(1).decode()
        g = candidates[name]
        assert g.decl is not None
        if g.decl.start_byte <= m.start() < g.decl.end_byte or name in written:
            continue
        node = root.descendant_for_byte_range(m.start(), m.end())
        if node is None:
            continue
        if node.type in ("comment", "string_literal", "raw_string_literal", "char_literal", "string_content"):
            continue
        if node.type != "identifier" or not _only_read(node, bool(g.dims)):
            written.add(name)
    by_decl: dict[int, list[str]] = {}
    for n, g in globals_.items():
        if g.decl is not None:
            by_decl.setdefault(g.decl.id, []).append(n)
    return {
        n: g
        for n, g in candidates.items()
        if n not in written and all(o in candidates and o not in written for o in by_decl[g.decl.id])  # type: ignore[union-attr]
    }


def _only_read(node: Node, array: bool) -> bool:
    """The identifier `node` names its global only to read it: an element (`t[i]`, `t[i][j]`), a member, a
    scalar's value, or `sizeof`."""
    n = node
    if n.parent is not None and n.parent.type == "qualified_identifier":
        n = n.parent
    p = n.parent
    if p is None:
        return False
    if p.type == "sizeof_expression":
        return True
    if array:
        if p.type != "subscript_expression" or p.child_by_field_name("argument") != n:
            return False
        while (
            p.parent is not None
            and p.parent.type == "subscript_expression"
            and (p.parent.child_by_field_name("argument") == p)
        ):
            p = p.parent
        n, p = p, p.parent
    while p is not None and p.type == "field_expression" and p.child_by_field_name("argument") == n:
        n, p = p, p.parent
    if p is None:
        return True
    if p.type == "assignment_expression" and p.child_by_field_name("left") == n:
        return False
    if p.type in _WRITE_PARENTS:
        return False
    if p.type == "pointer_expression" and (p.children[0].text or b"") == b"&":
        return False
    return True


def _add_project_globals(
    ctx: RuleContext, globals_: dict[str, DeviceGlobal], external: dict[str, ProjectFunction]
) -> None:
    """Tree translation: mark this file's project globals (shared accessor), complete its `extern`
    declarations from the definition, and add the ones it uses without declaring them (declared in a
    header it includes, or used by a device function of another file that it calls)."""
    project = {g.name: g for g in ctx.options.project_globals}
    if not project:
        return
    for name, g in globals_.items():
        p = project.get(name)
        if p is None or p.in_header or (not g.extern and p.defined_in != ctx.path):
            continue  # a definition here of a global the project defines elsewhere: left as it was
        g.shared = True
        if g.extern:
            g.elem_type, g.dims, g.constant = p.elem_type, list(p.dims), p.constant
    wanted = {g for f in external.values() for g in f.globals_used}
    for name, p in project.items():
        if name in globals_ or p.defined_in == ctx.path:
            continue
        if name in wanted or re.search(
            rb"(?<![A-Za-z0-9_])" + re.escape(name.encode()) + rb"(?![A-Za-z0-9_])", ctx.source
        ):
            globals_[name] = DeviceGlobal(
                name,
                None,
                p.elem_type,
                list(p.dims),
                None,
                p.constant,
                extern=not p.in_header,
                shared=not p.in_header,
                scope=p.scope,
            )


def indent_of(ctx: RuleContext, offset: int) -> str:
    line_start = ctx.source.rfind(b"\n", 0, offset) + 1
    m = re.match(rb"[ \t]*", ctx.source[line_start:offset])
    return m.group().decode() if m else ""
