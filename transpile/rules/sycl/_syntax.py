"""Questions about a CUDA file's syntax tree that the SYCL model and the warp analyses share (the lowest
helper layer: it imports no other module of this pack): function names and qualifiers, declarations and
their types, whether a byte range is code, the identifiers of a node, inline PTX reading lane registers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import LITERAL_TYPES, RuleContext
from ...tokens import code_identifiers, tokenize

_QUALIFIER_TYPES = frozenset({"__global__", "__device__", "__host__", "__forceinline__", "__noinline__"})


# -- helpers over nodes ----------------------------------------------------------------------------------


def qualifiers(node: Node, ctx: RuleContext | None = None) -> set[str]:
    """A declaration's CUDA qualifiers; with a context, also those its qualifier macros stand for
    (`MGPU_DEVICE void f()`: the parse blanked the macro, the text still names it)."""
    out = {c.type for c in node.children if c.type in _QUALIFIER_TYPES}
    if ctx is not None and ctx.qualifier_macros:
        macros = ctx.qualifier_macros
        declarator = node.child_by_field_name("declarator")
        # the blanked macro lies before the node: from the end of what precedes it (the template's
        # parameter list, the previous declaration) to the declarator
        before = node.prev_sibling
        start = (
            before.end_byte
            if before is not None
            else node.parent.start_byte
            if node.parent
            else node.start_byte
        )
        head = ctx.source[start : declarator.start_byte if declarator is not None else node.end_byte]
        for word in head.split():
            got = macros.get(word.decode("utf-8", "replace"))
            if got:
                out |= got & _QUALIFIER_TYPES
    return out


def function_name(ctx: RuleContext, fn: Node) -> str | None:
    decl = ts.function_declarator(fn)
    if decl is None:
        return None
    name = decl.child_by_field_name("declarator")
    return ctx.text(name) if name is not None else None


def base_function_name(ctx: RuleContext, fn: Node) -> str | None:
    """The function's name without explicit template arguments: `coeff<float>` (a specialisation) -> `coeff`."""
    decl = ts.function_declarator(fn)
    name = decl.child_by_field_name("declarator") if decl is not None else None
    if name is not None and name.type == "template_function":
        name = name.child_by_field_name("name")
    return ctx.text(name) if name is not None else None


def callee_name_node(call: Node) -> Node | None:
    """The name a call names, however it is spelled: `f(...)`, `f<T>(...)`, `X<A>::f(...)`, `ns::f(...)`,
    `obj.f(...)`, `obj.f<true>(...)`, `p->f(...)` (an identifier or field_identifier node), or None (a call
    through an expression)."""
    fn = call.child_by_field_name("function")
    if fn is None:
        return None
    if fn.type == "qualified_identifier":
        fn = fn.child_by_field_name("name") or fn
    elif fn.type == "field_expression":
        fn = fn.child_by_field_name("field") or fn
    if fn.type in ("template_function", "template_method"):
        fn = fn.child_by_field_name("name") or fn
    return fn if fn.type in ("identifier", "field_identifier") else None


def template_params(ctx: RuleContext, fn: Node) -> list[str]:
    parent = fn.parent
    if parent is None or parent.type != "template_declaration":
        return []
    plist = parent.child_by_field_name("parameters")
    names: list[str] = []
    for p in plist.named_children if plist is not None else []:
        ids = [c for c in _walk(p) if c.type in ("type_identifier", "identifier")]
        if ids:
            names.append(ctx.text(ids[-1]) if p.type == "parameter_declaration" else ctx.text(ids[0]))
    return names


def template_param_defaults(ctx: RuleContext, fn: Node) -> dict[str, str]:
    """The default arguments of fn's template parameters (`unsigned warp_size = 32` -> {"warp_size": "32"})."""
    parent = fn.parent
    if parent is None or parent.type != "template_declaration":
        return {}
    plist = parent.child_by_field_name("parameters")
    out: dict[str, str] = {}
    for p in plist.named_children if plist is not None else []:
        if p.type == "optional_parameter_declaration":
            name, default = p.child_by_field_name("declarator"), p.child_by_field_name("default_value")
        elif p.type == "optional_type_parameter_declaration":
            name, default = p.child_by_field_name("name"), p.child_by_field_name("default_type")
        else:
            continue
        if name is not None and default is not None:
            out[ctx.text(name)] = ctx.text(default)
    return out


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def enclosing_function(node: Node) -> Node | None:
    n = node.parent
    while n is not None:
        if n.type == "function_definition":
            return n
        n = n.parent
    return None


def declarator_name(ctx: RuleContext, decl: Node) -> tuple[str, list[str], int] | None:
    """(name, array extents, pointer depth) of a declarator; None when it is not a plain variable."""
    dims: list[str] = []
    depth = 0
    n: Node | None = decl
    while n is not None:
        if n.type == "identifier":
            return ctx.text(n), dims, depth
        if n.type == "init_declarator":
            n = n.child_by_field_name("declarator")
        elif n.type == "array_declarator":
            size = n.child_by_field_name("size")
            dims.insert(0, ctx.text(size) if size is not None else "")
            n = n.child_by_field_name("declarator")
        elif n.type == "pointer_declarator":
            depth += 1
            n = n.child_by_field_name("declarator")
        elif n.type == "reference_declarator":
            n = n.named_children[0] if n.named_children else None
        else:
            return None
    return None


def base_type(ctx: RuleContext, decl: Node) -> str:
    """The declaration's type text without storage classes and CUDA qualifiers (`const` kept)."""
    parts: list[str] = []
    for c in decl.children:
        if c.type in ("type_qualifier",) and ctx.text(c) in ("const", "volatile", "unsigned", "signed"):
            parts.append(ctx.text(c))
        elif c.type in (
            "primitive_type",
            "type_identifier",
            "sized_type_specifier",
            "template_type",
            "qualified_identifier",
            "struct_specifier",
        ):
            parts.append(ctx.text(c))
    return " ".join(parts)


# A declaration's type made of C's arithmetic words only (`unsigned int`, `const size_t`): a local of it
# shadows a file's dim3 of the same name.
_SCALAR_TYPE = re.compile(
    r"(?:(?:const|volatile|signed|unsigned|short|long|int|char|bool|float|double|size_t|ssize_t|ptrdiff_t|"
    r"u?int(?:8|16|32|64)_t)\s*)+"
)


def variable_type(ctx: RuleContext, name: str, at: Node) -> tuple[str, list[str], int] | None:
    """Type text, array extents and pointer depth of variable `name` as seen at `at`, when found by
    looking through the enclosing function's parameters and declarations, then file-scope declarations."""
    fn = enclosing_function(at)
    if fn is not None:
        # the function's own declaration first: `unsigned int block` here, whatever `dim3 block` another
        # function of the file declares (qulacs launched with such a block as if it were a dim3)
        got = _declared_types(ctx, fn).get(name)
        if got is not None and (got[0].replace("const ", "") == "dim3" or _SCALAR_TYPE.fullmatch(got[0])):
            return got[0], list(got[1]), got[2]
    if name in dim3_vars(ctx):
        return "dim3", [], 0
    for scope in [fn, None] if fn is not None else [None]:
        got = _declared_types(ctx, scope).get(name)
        if got is not None:
            return got[0], list(got[1]), got[2]
    return None


_DECLARATIONS = "(parameter_declaration) @d (declaration) @d (field_declaration) @d"


def _declared_types(ctx: RuleContext, fn: Node | None) -> dict[str, tuple[str, list[str], int]]:
    """Name -> (type, extents, pointer depth) of its first declaration with a type, in function `fn` or
    (None) anywhere in the file: collected once per scope, not once per name asked.

    The file-wide scope holds the declarations inside other functions too (a parameter `tile` of one
    function names the type of another's `tile` when the latter's own declaration did not parse as
    one): what this lookup has always answered, as its test for the file scope (`scope is ctx.root`,
    a new node object each time) never held."""
    cache: dict[tuple[int, int] | None, dict[str, tuple[str, list[str], int]]] | None = getattr(
        ctx, "_sycl_declared_types", None
    )
    if cache is None:
        cache = {}
        ctx._sycl_declared_types = cache  # type: ignore[attr-defined]
    key = (fn.start_byte, fn.end_byte) if fn is not None else None
    found = cache.get(key)
    if found is not None:
        return found
    found = {}
    for node in ts.captures(_DECLARATIONS, fn if fn is not None else ctx.root).get("d", []):
        for d in node.children_by_field_name("declarator"):
            got = declarator_name(ctx, d)
            if got is not None and got[0] not in found:
                t = base_type(ctx, node)
                if t:
                    found[got[0]] = (t, got[1], got[2])
    cache[key] = found
    return found


def in_code(ctx: RuleContext, start: int, end: int) -> bool:
    """True when [start, end) is code: not inside a comment or string (tokenising raw regions)."""
    node = ctx.root.descendant_for_byte_range(start, end)
    if node is None:
        return False
    if node.type in LITERAL_TYPES:
        return False
    p = node.parent
    for _ in range(3):
        if p is None:
            break
        if p.type in LITERAL_TYPES:
            return False
        p = p.parent
    if node.start_byte == start and node.end_byte == end:
        return True
    # raw text (macro body, ERROR): tokenise it
    return any(
        t.kind == "ident" and t.start == start
        for t in tokenize(ctx.source[node.start_byte : node.end_byte], node.start_byte)
    )


def idents_in(ctx: RuleContext, node: Node) -> frozenset[str]:
    """Identifier tokens in a node's code (raw regions tokenised). Cached per byte range: the model and
    the warp analyses ask about every function body, each several times."""
    cache: dict[tuple[int, int], frozenset[str]] | None = getattr(ctx, "_sycl_idents", None)
    if cache is None:
        cache = {}
        ctx._sycl_idents = cache  # type: ignore[attr-defined]
    key = (node.start_byte, node.end_byte)
    found = cache.get(key)
    if found is None:
        found = frozenset(t.decode() for t in code_identifiers(ctx.source[key[0] : key[1]]))
        cache[key] = found
    return found


_LANE_REGISTER = re.compile(rb"%%?(laneid|lanemask_(lt|le|gt|ge|eq))\b")


def reads_lane_register(ctx: RuleContext, body: Node | None) -> bool:
    """True when inline PTX in the body reads %laneid or a %lanemask_* register (GP244 rewrites it with
    the sub-group's lane id, which needs the nd_item)."""
    if body is None or b"asm" not in ctx.source[body.start_byte : body.end_byte]:
        return False
    return any(
        _LANE_REGISTER.search(ctx.source[a.start_byte : a.end_byte])
        for a in ts.captures("(gnu_asm_expression) @a", body).get("a", [])
    )


def dim3_vars(ctx: RuleContext) -> set[str]:
    """Names declared with type dim3 anywhere in the file (they become sycl::range<3>)."""
    cached = getattr(ctx, "_sycl_dim3", None)
    if isinstance(cached, set):
        return cached
    names: set[str] = set()
    for t in ts.captures("(type_identifier) @t", ctx.root).get("t", []):
        decl = t.parent
        if ctx.text(t) != "dim3" or decl is None:
            continue
        for d in decl.children_by_field_name("declarator"):
            if d.type == "function_declarator" and enclosing_function(decl) is not None:
                constructed = constructed_variable(ctx, d)
                if constructed is not None:
                    names.add(constructed)
                continue
            got = declarator_name(ctx, d)
            if got is not None and not got[1] and not got[2]:
                names.add(got[0])
    ctx._sycl_dim3 = names  # type: ignore[attr-defined]
    return names


def constructed_variable(ctx: RuleContext, declarator: Node) -> str | None:
    """The name in `T name(args)` inside a function body: tree-sitter parses it as a function declaration
    (C++'s "most vexing parse"), but in a block it is all but always a variable constructed from args.
    Callers check that the declaration is in a block."""
    if declarator.type != "function_declarator":
        return None
    inner = declarator.child_by_field_name("declarator")
    return ctx.text(inner) if inner is not None and inner.type == "identifier" else None


# nvcc's device pass, as the SYCL translation reads it (GP264): `__CUDA_ARCH__` is sm_90, the H200 the
# runs are measured on and CUDA 12.8's newest data-centre part.
ARCH = "__CUDA_ARCH__"
ARCH_VALUE = 900

_PP_BINARY: dict[str, Callable[[int, int], int]] = {
    "<": lambda a, b: int(a < b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "&&": lambda a, b: int(bool(a) and bool(b)),
    "||": lambda a, b: int(bool(a) or bool(b)),
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
}


def arch_condition(ctx: RuleContext, cond: Node) -> int | None:
    """The value of a preprocessor condition in nvcc's sm_90 device pass, when it depends on nothing but
    `__CUDA_ARCH__` and literals (`__CUDA_ARCH__ <= 130`, `defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700`);
    None when any other name decides it."""
    t = cond.type
    if t == "number_literal":
        digits = ctx.text(cond).rstrip("uUlL")
        try:
            return int(digits, 8 if digits.startswith("0") and digits.isdigit() and len(digits) > 1 else 0)
        except ValueError:
            return None  # a float or malformed literal: not decided here
    if t == "identifier":
        return ARCH_VALUE if ctx.text(cond) == ARCH else None
    if t == "preproc_defined":
        names = [ctx.text(c) for c in cond.named_children if c.type == "identifier"]
        return 1 if names == [ARCH] else None
    if t == "parenthesized_expression" and cond.named_child_count == 1:
        return arch_condition(ctx, cond.named_children[0])
    if t == "unary_expression":
        op, arg = cond.child_by_field_name("operator"), cond.child_by_field_name("argument")
        value = arch_condition(ctx, arg) if arg is not None else None
        if value is None or op is None:
            return None
        return {"!": int(not value), "-": -value, "+": value}.get(ctx.text(op))
    if t == "binary_expression":
        op_node = cond.child_by_field_name("operator")
        left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
        if op_node is None or left is None or right is None:
            return None
        symbol = ctx.text(op_node)
        a, b = arch_condition(ctx, left), arch_condition(ctx, right)
        # `0 && X` and `1 || X` are decided whatever X is
        if symbol == "&&" and 0 in (a, b):
            return 0
        if symbol == "||" and ((a is not None and a != 0) or (b is not None and b != 0)):
            return 1
        fn = _PP_BINARY.get(symbol)
        return None if fn is None or a is None or b is None else fn(a, b)
    return None


def dead_in_device_pass(ctx: RuleContext, node: Node, stop: Node) -> bool:
    """Whether `node` sits in a branch of a `#if`/`#elif`/`#ifdef __CUDA_ARCH__` chain (below `stop`) that
    nvcc's sm_90 device pass never compiles: `extern __shared__ float s[]` under shoc's
    `#if __CUDA_ARCH__ <= 130`, whose `#else` declares the same name another way."""
    child, n = node, node.parent
    while n is not None and n != stop:
        if n.type in ("preproc_if", "preproc_elif", "preproc_ifdef"):
            alternative = n.child_by_field_name("alternative")
            in_alternative = alternative is not None and child == alternative
            if n.type == "preproc_ifdef":
                name = n.child_by_field_name("name")
                value = 1 if name is not None and ctx.text(name) == ARCH else None
                if value is not None and ctx.text(n.children[0]).replace(" ", "").endswith("ifndef"):
                    value = 0
            else:
                c = n.child_by_field_name("condition")
                value = arch_condition(ctx, c) if c is not None and child != c else None
            if value is not None and bool(value) == in_alternative:
                return True
        child, n = n, n.parent
    return False


def substitute(text: str, mapping: dict[str, str]) -> str:
    """`text` with each whole word that `mapping` names replaced (a template's parameters by its arguments:
    `T (*tile)[BLOCK + 1]` with {T: float, BLOCK: 8} -> `float (*tile)[8 + 1]`)."""
    if not mapping:
        return text
    return re.sub(r"\b[A-Za-z_]\w*\b", lambda m: mapping.get(m.group(), m.group()), text)
