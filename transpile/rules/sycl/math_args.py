"""GP247 math-arg-types: math calls whose argument types SYCL's built-ins would not accept get casts.

What it does
    Works out the C++ type of each argument of `min`/`max` (CUDA's overloads), `std::min`/`std::max` and
    the float (`sqrtf`, `fmaxf`, ...) and double (`sqrt`, `fmax`, ...) math functions, from literals,
    declarations, number macros (`#define N 256`), enumerators, casts, `sizeof`, `std::vector`/`std::array`
    elements, math calls' results (`fabs(float)` is float) and the arithmetic between them, both as CUDA sees it and as the translation will (`threadIdx.x` is `unsigned int` in CUDA, its translation `item.get_local_id(2)` is
    `size_t`). When all are known, the type CUDA computes in is the usual arithmetic conversion of the
    argument types (`min(unsigned, int)` compares as `unsigned`, `min(float, double)` as `double`), the
    parameter type for `...f` functions (`float`) and `double` for the others when an integer or a
    `double` is among the arguments. Every argument whose translated type differs gets a cast to that
    type: an integer literal gets a suffix (`0u`, `2.0f`), a `double` literal that a `float` holds exactly
    gets an `f`, anything else a `static_cast<T>(...)`. When a type is unknown (a call, a template
    parameter), an argument whose type only the translation changed (`threadIdx.x`) is cast back to its
    CUDA type. A `min`/`max` argument of a type narrower than int (`(int8_t)x`, a `short`) is cast to
    `int`: CUDA promotes it, SYCL's template deduces the narrow type. A call needing no cast is left to the
    table rename (GP001) or GP217.
Why
    CUDA's device `min`/`max` have mixed-type overloads and its math functions take any arithmetic
    argument through implicit conversions. SYCL 2020's `sycl::min`, `sycl::fmax`, `sycl::sqrt` are
    templates over one `genfloat`/`geninteger` type: `sycl::min(size_t, int)` or `sycl::sqrt(int)` do not
    compile, and the `nd_item` queries return `size_t` where CUDA's built-ins are `unsigned int`, so even
    same-typed CUDA calls (`min(threadIdx.x, 32u)`, `std::min(threadIdx.x, n)`) mix types afterwards.
Example
    int lo = min(threadIdx.x * kItems, la + lb); float r = sqrtf(n); float y = fmaxf(x, 0.0);
Translated to
    int lo = sycl::min(static_cast<unsigned int>(item.get_local_id(2) * kItems), static_cast<unsigned int>(la + lb));
    float r = sycl::sqrt(static_cast<float>(n)); float y = sycl::fmax(x, 0.0f);
Safety
    safe: each cast is the conversion CUDA applies implicitly (literal suffixes only where the value is
    unchanged). A name is typed from the declaration visible where it is used (block, loop, parameters,
    file scope); a name not found that way (a member, a name from a header) is unknown and gets no cast.
References
    C++17 [expr] 8/11 (usual arithmetic conversions); CUDA Math API (integer min/max overloads); SYCL 2020
    specification, 4.17.5 (math functions), 4.17.6 (integer functions), 4.17.7 (common functions).
"""

from __future__ import annotations

import bisect
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from ... import parse as ts
from ...calls import CallSite, call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import BUILTIN_VARS, DIM, base_type, constructed_variable, declarator_name, dim3_vars

# Canonical arithmetic types (LP64), by the spellings a program may use. Types narrower than int are
# given as int: integer promotion happens before any arithmetic or overload matching.
_INT = "int"
# What a value of a type narrower than int is after translation, where nothing promotes it: SYCL's
# `sycl::min(T, T)` deduces T from the argument as written, so `sycl::min(15, (int8_t)x)` finds no T
# although CUDA's `min(int, int)` takes both. A distinct name makes the argument differ from `int`, and
# so be cast; arithmetic on it promotes it (`common`).
_NARROW = "narrow int"
_CANON: dict[str, str] = {
    "bool": _INT,
    "char": _INT,
    "signed char": _INT,
    "unsigned char": _INT,
    "short": _INT,
    "short int": _INT,
    "unsigned short": _INT,
    "unsigned short int": _INT,
    "int": _INT,
    "signed": _INT,
    "signed int": _INT,
    "unsigned": "unsigned int",
    "unsigned int": "unsigned int",
    "long": "long",
    "long int": "long",
    "signed long": "long",
    "unsigned long": "unsigned long",
    "unsigned long int": "unsigned long",
    "long long": "long long",
    "long long int": "long long",
    "unsigned long long": "unsigned long long",
    "unsigned long long int": "unsigned long long",
    "size_t": "unsigned long",
    "ptrdiff_t": "long",
    "int8_t": _INT,
    "int16_t": _INT,
    "uint8_t": _INT,
    "uint16_t": _INT,
    "int32_t": _INT,
    "uint32_t": "unsigned int",
    "int64_t": "long",
    "uint64_t": "unsigned long",
    "float": "float",
    "double": "double",
}
_RANK = {"int": 0, "long": 1, "long long": 2}
_FLOATS = ("float", "double")
_SUFFIX = {
    "unsigned int": "u",
    "long": "l",
    "unsigned long": "ul",
    "long long": "ll",
    "unsigned long long": "ull",
}
# Math functions with an integer or pointer parameter, or CUDA overloads taking an int (pow(float, int)):
# their arguments are not all of the function's floating type.
_MIXED_PARAMS = frozenset(
    {"ldexp", "scalbn", "scalbln", "jn", "yn", "frexp", "remquo", "modf", "sincos", "sincospi", "nan",
     "norm", "rnorm", "powi"}
)  # fmt: skip
_ARITH_OPS = frozenset({"+", "-", "*", "/", "%", "&", "|", "^"})
# Containers whose subscript gives their element type.
_CONTAINER = re.compile(r"(?:std::)?(?:vector|array)\s*<\s*([A-Za-z_][\w ]*?)\s*(?:,[^<>]*)?>")


@dataclass(frozen=True)
class Typed:
    cuda: str  # canonical type in CUDA
    sycl: str  # canonical type after translation (differs for the nd_item queries: size_t)
    spelling: str  # how the program spells the CUDA type (`size_t`, `uint32_t`), for the casts we write


def canonical(text: str) -> str | None:
    words = [w for w in text.replace("std::", "").split() if w not in ("const", "volatile", "register")]
    return _CANON.get(" ".join(words))


def common(a: str, b: str) -> str:
    """The usual arithmetic conversions of two canonical types (LP64)."""
    a, b = (_INT if t == _NARROW else t for t in (a, b))
    if "double" in (a, b):
        return "double"
    if "float" in (a, b):
        return "float"
    if a == b:
        return a
    ua, ub = a.startswith("unsigned "), b.startswith("unsigned ")
    ra, rb = _RANK[a.removeprefix("unsigned ")], _RANK[b.removeprefix("unsigned ")]
    if ua == ub:
        return a if ra >= rb else b
    u, s, ru, rs = (a, b, ra, rb) if ua else (b, a, rb, ra)
    if ru >= rs:
        return u
    # the signed type is wider: it holds every unsigned value unless both are 64-bit (long, long long)
    if ru == 0:
        return s
    return "unsigned " + s


def _common_typed(a: Typed, b: Typed) -> Typed:
    cuda = common(a.cuda, b.cuda)
    wide = [t.spelling for t in (a, b) if t.cuda == cuda and not _narrower_than_int(t.spelling)]
    spelling = wide[0] if wide else cuda  # a promoted `short` computes as `int`
    return Typed(cuda, common(a.sycl, b.sycl), spelling)


def _literal(text: str) -> str | None:
    """The type of a number literal (C++ rules: a decimal integer is signed, a hex/octal one may be
    unsigned); None for `long double` literals and anything unusual."""
    t = text.replace("'", "").lower()
    m = re.fullmatch(r"(0x[0-9a-f]+|0b[01]+|0[0-7]*|[1-9][0-9]*)([ul]*)", t)
    if m:
        digits, suffix = m.groups()
        decimal = digits[0] != "0" or digits == "0"
        value = int(digits, 0) if not re.fullmatch(r"0[0-7]+", digits) else int(digits, 8)
        return _int_type(value, suffix, decimal)
    if re.fullmatch(r"([0-9]*\.[0-9]*(e[+-]?[0-9]+)?|[0-9]+e[+-]?[0-9]+)f?", t) and t not in (".", ".f"):
        return "float" if t.endswith("f") else "double"
    return None


def _int_type(value: int, suffix: str, decimal: bool) -> str | None:
    unsigned = "u" in suffix
    longs = suffix.count("l")
    for base in ("int", "long", "long long")[min(longs, 2) :]:
        bits = 32 if base == "int" else 64
        if not unsigned and value < 2 ** (bits - 1):
            return base
        if (unsigned or not decimal) and value < 2**bits:
            return "unsigned " + base
    return None


def type_of(ctx: RuleContext, node: Node) -> Typed | None:
    """The arithmetic type of an expression, in CUDA and after translation; None when unknown."""
    kind = node.type
    if kind == "number_literal":
        t = _literal(ctx.text(node))
        return Typed(t, t, t) if t else None
    if kind in ("char_literal", "true", "false"):
        return Typed(_INT, _INT, _INT)
    if kind == "parenthesized_expression":
        inner = node.named_children
        return type_of(ctx, inner[0]) if len(inner) == 1 else None
    if kind == "identifier":
        got = declared_type(ctx, ctx.text(node), node)
        if got is None:
            return _constants(ctx).get(ctx.text(node))
        if got[1] or got[2]:
            return None
        return _named(got[0])
    if kind == "subscript_expression":
        base = node.child_by_field_name("argument")
        if base is None or base.type != "identifier":
            return None
        got = declared_type(ctx, ctx.text(base), node)
        if got is None:
            return None
        if len(got[1]) + got[2] == 1:
            return _named(got[0])
        container = _CONTAINER.fullmatch(got[0]) if not got[1] and not got[2] else None
        return _named(container.group(1)) if container else None  # `std::vector<float> h; h[i]`
    if kind == "field_expression":
        arg, fld = node.child_by_field_name("argument"), node.child_by_field_name("field")
        if arg is None or fld is None or ctx.text(fld) not in DIM:
            return None
        name = ctx.text(arg)
        if name in BUILTIN_VARS or (arg.type == "identifier" and name in dim3_vars(ctx)):
            return Typed("unsigned int", "unsigned long", "unsigned int")
        return None
    if kind == "cast_expression":
        cast_type = node.child_by_field_name("type")
        return _named(ctx.text(cast_type)) if cast_type is not None else None
    if kind == "sizeof_expression":
        return Typed("unsigned long", "unsigned long", "size_t")
    if kind == "binary_expression":
        op = node.child_by_field_name("operator")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if op is None or left is None or right is None:
            return None
        o = ctx.text(op)
        if o in ("==", "!=", "<", ">", "<=", ">=", "&&", "||"):
            return Typed(_INT, _INT, _INT)
        lt = type_of(ctx, left)
        if o in ("<<", ">>"):
            return lt
        rt = type_of(ctx, right)
        if o not in _ARITH_OPS or lt is None or rt is None:
            return None
        return _common_typed(lt, rt)
    if kind == "unary_expression":
        op = node.child_by_field_name("operator")
        arg = node.child_by_field_name("argument")
        if op is None or arg is None:
            return None
        if ctx.text(op) == "!":
            return Typed(_INT, _INT, _INT)
        return type_of(ctx, arg) if ctx.text(op) in ("-", "+", "~") else None
    if kind == "update_expression":
        arg = node.child_by_field_name("argument")
        return type_of(ctx, arg) if arg is not None else None
    if kind == "conditional_expression":
        a, b = node.child_by_field_name("consequence"), node.child_by_field_name("alternative")
        ta = type_of(ctx, a) if a is not None else None
        tb = type_of(ctx, b) if b is not None else None
        return _common_typed(ta, tb) if ta and tb else None
    if kind == "call_expression":
        fn = node.child_by_field_name("function")
        result = _math_result(ctx, node)
        if result is not None:
            return result
        if fn is not None and fn.type == "template_function":
            fn_name = fn.child_by_field_name("name")
            targs = fn.child_by_field_name("arguments")
            if (
                fn_name is not None
                and targs is not None
                and ctx.text(fn_name) in ("static_cast", "std::static_cast")
            ):
                return _named(ctx.text(targs)[1:-1])
    return None


def _math_result(ctx: RuleContext, call: Node) -> Typed | None:
    """The type a CUDA math call returns: `float` for the `...f` functions, and for the others the type
    C++'s overloads pick from the arguments (`fabs(float)` is float; with a double or an integer among
    them, double). None for other calls or unknown arguments."""
    fn = call.child_by_field_name("function")
    if fn is None:
        return None
    name = ctx.text(fn).removeprefix("std::")
    if name in _MIXED_PARAMS or not (name.isidentifier()):
        return None
    symbols = ctx.tables.symbols
    if name.endswith("f") and name[:-1] in symbols and symbols[name[:-1]].family == "math":
        return Typed("float", "float", "float")
    if name + "f" not in symbols or name not in symbols or symbols[name].family != "math":
        return None
    arglist = call.child_by_field_name("arguments")
    args = [a for a in arglist.named_children if a.type != "comment"] if arglist is not None else []
    types = [type_of(ctx, a) for a in args]
    if not types or any(t is None for t in types):
        return None
    t = "float" if all(t is not None and t.cuda == "float" for t in types) else "double"
    return Typed(t, t, t)


def declared_type(ctx: RuleContext, name: str, at: Node) -> tuple[str, list[str], int] | None:
    """(type text, array extents, pointer depth) of the declaration of `name` visible at `at`: the
    innermost enclosing block, loop or function parameter list that declares it before `at`, then file
    scope. None when not found (a member, a name from a header): unknown, never a guess."""
    n = at
    while n.parent is not None:
        scope = n.parent
        candidates: list[Node] = []
        if scope.type in ("compound_statement", "translation_unit", "declaration_list"):
            # The nearest earlier declaration of the name wins, looked up in the block's index.
            ends, found = _block_declarations(ctx, scope).get(name, ((), ()))
            i = bisect.bisect_right(ends, n.start_byte)
            if i:
                return found[i - 1]
        elif scope.type == "for_statement":
            candidates = [c for c in scope.children if c.type == "declaration" and c.end_byte <= n.start_byte]
        elif scope.type == "for_range_loop" and n == scope.child_by_field_name("body"):
            candidates = [scope]
        elif scope.type in ("function_definition", "lambda_expression"):
            decl = scope.child_by_field_name("declarator")
            while decl is not None and decl.type not in (
                "function_declarator",
                "abstract_function_declarator",
            ):
                decl = decl.child_by_field_name("declarator")
            params = decl.child_by_field_name("parameters") if decl is not None else None
            candidates = list(params.named_children) if params is not None else []
        for c in candidates:
            for d in c.children_by_field_name("declarator"):
                got = declarator_name(ctx, d)
                if got is None and scope.type == "compound_statement":
                    constructed = constructed_variable(ctx, d)  # `std::vector<float> h(n);` in a block
                    got = (constructed, [], 0) if constructed is not None else None
                if got is not None and got[0] == name:
                    t = base_type(ctx, c)
                    return (t, got[1], got[2]) if t else None
        n = scope
    return None


_Declared = tuple[str, list[str], int] | None


def _block_declarations(ctx: RuleContext, block: Node) -> dict[str, tuple[list[int], list[_Declared]]]:
    """Name -> (ends, results) of the block's declarations of that name, in order: where each ends and
    what declared_type answers when it is the nearest. Built once per block (a lookup per name used
    scanned every earlier declaration of the block: quadratic in a long function)."""
    cache: dict[tuple[int, int, str], dict[str, tuple[list[int], list[_Declared]]]] | None = getattr(
        ctx, "_sycl_block_declarations", None
    )
    if cache is None:
        cache = {}
        ctx._sycl_block_declarations = cache  # type: ignore[attr-defined]
    key = (block.start_byte, block.end_byte, block.type)
    index = cache.get(key)
    if index is not None:
        return index
    index = {}
    for c in block.children:
        if c.type != "declaration":
            continue
        seen: set[str] = set()
        for d in c.children_by_field_name("declarator"):
            got = declarator_name(ctx, d)
            if got is None and block.type == "compound_statement":
                constructed = constructed_variable(ctx, d)  # `std::vector<float> h(n);` in a block
                got = (constructed, [], 0) if constructed is not None else None
            if got is None or got[0] in seen:
                continue  # the first declarator of a name in a declaration answers
            seen.add(got[0])
            t = base_type(ctx, c)
            ends, results = index.setdefault(got[0], ([], []))
            ends.append(c.end_byte)
            results.append((t, got[1], got[2]) if t else None)
    cache[key] = index
    return index


def _constants(ctx: RuleContext) -> dict[str, Typed]:
    """Object-like macros defined as one number literal (`#define N 256`) and unscoped enumerators
    (`enum { kTile = 128 }`, type int): names whose type `variable_type` cannot see."""
    cached = getattr(ctx, "_sycl_math_constants", None)
    if isinstance(cached, dict):
        return cached
    out: dict[str, Typed] = {}
    for d in ts.captures("(preproc_def) @d", ctx.root).get("d", []):
        name, value = d.child_by_field_name("name"), d.child_by_field_name("value")
        if name is None or value is None:
            continue
        t = _literal(ctx.text(value).strip())
        if t is not None:
            out[ctx.text(name)] = Typed(t, t, t)
    for e in ts.captures("(enum_specifier) @e", ctx.root).get("e", []):
        if any(c.type in ("class", "struct") for c in e.children) or e.child_by_field_name("base"):
            continue  # scoped or with an underlying type: not plain int
        for n in ts.captures("(enumerator name: (identifier) @n)", e).get("n", []):
            out.setdefault(ctx.text(n), Typed(_INT, _INT, _INT))
    ctx._sycl_math_constants = out  # type: ignore[attr-defined]
    return out


def _named(text: str) -> Typed | None:
    t = canonical(text)
    if t is None:
        return None
    spelling = " ".join(w for w in text.split() if w not in ("const", "volatile", "register"))
    narrow = t == _INT and canonical(text.replace("std::", "")) == _INT and _narrower_than_int(spelling)
    return Typed(t, _NARROW if narrow else t, spelling)


def _narrower_than_int(spelling: str) -> bool:
    words = spelling.replace("std::", "").split()
    return bool(words) and (
        words[-1] in ("bool", "char", "short", "int8_t", "int16_t", "uint8_t", "uint16_t")
        or ("short" in words)
    )


def _cast(ctx: RuleContext, node: Node, have: Typed, want: str, spelling: str) -> list[Edit]:
    """Edits that give argument `node` (of translated type have.sycl) the type `want`."""
    if node.type == "number_literal":
        text = ctx.text(node)
        plain = text.replace("'", "")
        if re.fullmatch(r"[1-9][0-9]*|0", plain):
            if want in _SUFFIX:
                return [Edit(node.end_byte, node.end_byte, _SUFFIX[want])]
            if want in _FLOATS and int(plain) < 2**24:
                return [Edit(node.end_byte, node.end_byte, ".0f" if want == "float" else ".0")]
        if want == "float" and have.cuda == "double" and _exact_float(plain):
            return [Edit(node.end_byte, node.end_byte, "f")]
    target = spelling if canonical(spelling) == want and not _narrower_than_int(spelling) else want
    if node.type == "parenthesized_expression":
        return [Edit(node.start_byte, node.start_byte, f"static_cast<{target}>")]
    return [
        Edit(node.start_byte, node.start_byte, f"static_cast<{target}>("),
        Edit(node.end_byte, node.end_byte, ")"),
    ]


def _exact_float(text: str) -> bool:
    try:
        value = float(text.rstrip("lLfF"))
    except ValueError:
        return False
    return bool(struct.unpack("f", struct.pack("f", value))[0] == value)


MINMAX_HELPER = """#ifndef GPUPORT_MINMAX
#define GPUPORT_MINMAX
// CUDA's min/max take mixed argument types (compared in their common type); sycl::min/max take one.
// CUDA's abs takes floats too; sycl::abs takes integers only.
template <typename A, typename B> inline std::common_type_t<A, B> gpuport_min(A a, B b) {
  return sycl::min(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <typename A, typename B> inline std::common_type_t<A, B> gpuport_max(A a, B b) {
  return sycl::max(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <typename T> inline T gpuport_abs(T x) {
  if constexpr (std::is_floating_point_v<T>) return sycl::fabs(x); else return sycl::abs(x);
}
#endif
"""


def _same_text_types(ctx: RuleContext, nodes: list[Node]) -> bool:
    """Arguments that are the same kind of expression on the same array or object (`s[i]`, `s[i + k]`;
    `p.x`, `p.y`) have one type whatever it is: `sycl::min` takes them as they are."""
    a, b = nodes
    if a.type != b.type:
        return False
    if a.type == "subscript_expression":
        x, y = a.child_by_field_name("argument"), b.child_by_field_name("argument")
        return x is not None and y is not None and ctx.text(x) == ctx.text(y)
    if a.type == "identifier":
        return ctx.text(a) == ctx.text(b)
    return False


def _first_mixed_use(ctx: RuleContext) -> int:
    """The first `min`/`max`/`abs` call of the file (the helper must come before every one it serves)."""
    return min(o.start for o in ctx.occurrences if o.name in ("min", "max", "abs"))


class MathArgTypes(Rule):
    code = "GP247"
    name = "math-arg-types"
    targets = frozenset({"sycl"})
    summary = "Cast math arguments to the type CUDA computes in where SYCL's built-ins need one type."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        ctx._sycl_minmax_helper = False  # type: ignore[attr-defined]  # per file, not on the rule
        yield from self._calls(ctx)
        if getattr(ctx, "_sycl_minmax_helper", False) or getattr(ctx, "_sycl_minmax_rendered", False):
            from ._placement import block_edit

            # its own edit group: a call's rewrite may be dropped (claimed by a rule that moves the text
            # and renders it, GP203) without losing the helper the rendered text still calls
            at = _first_mixed_use(ctx)
            yield self.converted(
                at,
                at,
                "inline gpuport_min/max/abs helpers (CUDA's mixed-type overloads)",
                [block_edit(ctx, at, MINMAX_HELPER)],
                family="math",
            )

    def _calls(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            entry = occ.entry
            if entry is None or entry.family != "math" or occ.node is None or occ.raw:
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            parent = occ.node.parent
            if parent is not None and parent.type == "template_function":
                continue  # `std::min<uint64_t>(a, b)`: the template argument already fixes the type
            qualified = occ.parent_type == "qualified_identifier"
            if qualified and not self._std(ctx, occ.node):
                continue
            call = call_at(ctx, occ)
            if call is None or call.node is None or not call.args:
                continue
            diag = self._check(ctx, occ, call, qualified)
            if diag is not None:
                yield diag

    def _builtin_over_user(self, ctx: RuleContext, occ: Occurrence) -> Diagnostic | None:
        """`min(f, b)` with two known arithmetic arguments in a file that declares its own `min`
        overloads (helper_math.h's `int2 min(int2, int2)`): GP001 leaves a declared name to the file, but
        for arithmetic arguments CUDA calls its own built-in overload (a user function of that exact
        signature would clash with it under nvcc), which the translation must name."""
        if occ.name not in ctx.declared_names or occ.entry is None:
            return None  # GP001 renames it
        if _defined_as_macro(ctx, occ.name):
            return None  # `#define min(a, b) ...` (cuda-samples): the preprocessor's call, not CUDA's
        new_name = occ.entry.sycl_name()
        if new_name is None or new_name == occ.name:
            return None
        return self.converted(
            occ.start,
            occ.end,
            f"`{occ.name}` of arithmetic arguments is CUDA's built-in, not the file's overload -> `{new_name}`",
            [Edit(occ.start, occ.end, new_name)],
            family="math",
            symbol=occ.name,
        )

    def _mixed(
        self, ctx: RuleContext, occ: Occurrence, nodes: list[Node], types: list[Typed | None]
    ) -> Diagnostic:
        """`min(blocks, 768 * prop.multiProcessorCount)` with a type we cannot work out: CUDA's overloads
        take mixed types, `sycl::min` does not, so the call goes through a small template that converts
        both to their common type first (what CUDA's mixed overloads compute in)."""
        helper = f"gpuport_{occ.name}"
        edits = [Edit(occ.start, occ.end, helper)]
        for node, t in zip(nodes, types, strict=True):
            if t is not None and t.sycl != t.cuda:
                edits += _cast(ctx, node, t, t.cuda, t.spelling)
        ctx._sycl_minmax_helper = True  # type: ignore[attr-defined]
        return self.converted(
            occ.start,
            occ.end,
            f"`{occ.name}` with argument types not known here -> `{helper}` (typed when compiled)",
            edits,
            family="math",
            symbol=occ.name,
        )

    @staticmethod
    def _std(ctx: RuleContext, node: Node) -> bool:
        parent = node.parent
        scope = parent.child_by_field_name("scope") if parent is not None else None
        return scope is not None and ctx.text(scope) == "std"

    def _check(self, ctx: RuleContext, occ: Occurrence, call: CallSite, qualified: bool) -> Diagnostic | None:
        name = occ.name
        arglist = call.node.child_by_field_name("arguments") if call.node is not None else None
        if arglist is None:
            return None
        nodes = [c for c in arglist.named_children if c.type != "comment"]
        types = [type_of(ctx, n) for n in nodes]
        want: str | None = None
        spelling = ""
        if name == "abs" and not qualified and len(nodes) == 1 and types[0] is None:
            return self._mixed(ctx, occ, nodes, types)  # float or integer: decided when compiled
        if name == "abs" and not qualified and len(nodes) == 1 and types[0] is not None:
            if types[0].cuda not in _FLOATS:
                # sycl::abs is the integer one: GP001's rename, or ours where the file's own overloads
                # of the name keep GP001 away
                return self._builtin_over_user(ctx, occ)
            # CUDA's abs(float)/abs(double) are <cmath> overloads; sycl::abs takes integers only.
            return self.converted(
                occ.start,
                occ.end,
                f"`abs` of a {types[0].cuda} -> sycl::fabs",
                [Edit(occ.start, occ.end, "sycl::fabs")],
                family="math",
                symbol=name,
            )
        if name in ("min", "max"):
            if len(nodes) != 2:
                return None
            a, b = types
            if a is not None and b is not None:
                common = _common_typed(a, b)
                if common is None:
                    return None
                want, spelling = common.cuda, common.spelling
            elif not qualified and not _same_text_types(ctx, nodes):
                return self._mixed(ctx, occ, nodes, types)
        elif qualified:
            return None  # other std:: math functions take their arguments as C++ does
        elif name.endswith("f") and name[:-1] in ctx.tables.symbols and name[:-1] not in _MIXED_PARAMS:
            want = spelling = "float"
        elif name + "f" in ctx.tables.symbols and name not in _MIXED_PARAMS:
            known = [t for t in types if t is not None]
            if len(known) != len(types) or all(t.cuda == "float" for t in known):
                return None
            want = spelling = "double"
        else:
            return None
        edits: list[Edit] = []
        for node, t in zip(nodes, types, strict=True):
            if t is None:
                continue
            if want is None:
                # unknown common type: undo only what the translation changed (size_t nd_item queries)
                if t.sycl != t.cuda:
                    edits += _cast(ctx, node, t, t.cuda, t.spelling)
            elif t.sycl != want:
                edits += _cast(ctx, node, t, want, spelling)
        if not edits:
            return None if qualified or want is None else self._builtin_over_user(ctx, occ)
        if not qualified:
            new_name = occ.entry.sycl_name() if occ.entry is not None else None
            if new_name is None:
                return None
            edits.insert(0, Edit(occ.start, occ.end, new_name))
        what = (
            f"`{name}` arguments cast to `{want}`" if want else f"`{name}` arguments cast to their CUDA types"
        )
        return self.converted(occ.start, occ.end, what, edits, family="math", symbol=name)


def _defined_as_macro(ctx: RuleContext, name: str) -> bool:
    """The file `#define`s `name` (a declaration GP001 already leaves alone): every later call of it is
    the macro's expansion, which `sycl::` in front of it would break (`sycl::((a < b) ? a : b)`)."""
    for occ in ctx.occurrences:
        parent = occ.node.parent if occ.name == name and occ.node is not None else None
        if parent is not None and parent.type in ("preproc_def", "preproc_function_def"):
            if parent.child_by_field_name("name") == occ.node:
                return True
    return False
