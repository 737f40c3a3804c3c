"""GP209 function-qualifiers: drop CUDA function qualifiers SYCL does not need.

What it does
    Removes `__device__`, `__host__` and `__noinline__` from function declarations and definitions
    (pure virtual members and functions returning references or pointers included),
    turns `__forceinline__` into `inline` (or drops it next to an existing `inline`, `__inline__` or
    `__inline`), and removes
    `__launch_bounds__(...)`; `__align__(n)` becomes C++'s `alignas(n)`. (`__global__` is GP202's
    business, `__device__` variables GP213's.)
    The same qualifiers are dropped from macro bodies (`#define HD __host__ __device__ __forceinline__`
    becomes `#define HD inline`), so functions marked through a project's macro lose them too, and from
    extended lambdas (`[] __device__ (int i) {...}`), and from functions tree-sitter could not parse (a
    qualifier followed by a name and `(`, as in `struct __align__(2) h { __device__ h() {} }`).
    A plain `__device__` function defined in a header (not static, inline, constexpr, a template or a
    member defined in its class, nor already `__inline__`) becomes `inline`: CUDA without -rdc compiles it into each unit's device
    code alone, SYCL makes it an ordinary function, defined in every unit that includes the header.
Why
    A SYCL device function is any function called from a kernel; the single-source compiler decides
    where code runs. `__launch_bounds__` has no SYCL 2020 counterpart (a required work-group size
    attribute means something stronger).
Example
    __device__ __forceinline__ float sq(float x) { return x * x; }
Translated to
    inline float sq(float x) { return x * x; }
Safety
    safe; `__launch_bounds__` removal is marked review (register-pressure hint lost, semantics kept).
    `__device__` removed from a macro body is marked review: a macro that marks device variables (not
    functions) would leave host globals that device code cannot use (the SYCL compiler rejects them).
References
    SYCL 2020 specification, 5.8.1 (device functions).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic, Safety
from ...edits import Edit
from ...parse import QUALIFIER_WORDS
from ...tokens import Token, code_tokens
from ..base import Rule
from ._signature import remove_token

_DROPPED = ("__device__", "__host__", "__noinline__")
_QUALIFIER_BYTES = frozenset(w.encode() for w in QUALIFIER_WORDS)


def _loose_qualifiers(err: Node) -> Iterator[Node]:
    """The qualifier leaves of an ERROR region that no parsed function or declaration holds (those are the
    main pass's)."""
    todo = [err]
    while todo:
        n = todo.pop()
        for c in reversed(n.children):
            if c.type in (*_DROPPED, "__forceinline__"):
                yield c
            elif c.type not in ("function_definition", "declaration", "field_declaration"):
                todo.append(c)


def _function_follows(toks: list[Token], i: int) -> bool:
    """A name then `(` within the next few tokens (qualifiers and a return type allowed), before `;`, `=`,
    `{`: what a qualifier before a function's declarator sees."""
    for j in range(i, min(i + 8, len(toks) - 1)):
        t = toks[j]
        if t.text in (b";", b"=", b"{", b"}"):
            return False
        if t.kind == "ident" and toks[j + 1].text == b"(" and t.text not in _QUALIFIER_BYTES:
            return True
    return False


def _is_function(node: Node) -> bool:
    """A function definition or declaration, whatever wraps its declarator: `T &operator[](int) = 0;`
    and `float *row(int);` declare functions as `float f();` does. A pointer to a function
    (`float *(*pf)(int)`, its name in parentheses) is a variable: GP213's."""
    if node.type == "function_definition":
        return True
    if node.type in ("declaration", "field_declaration"):
        fn = ts.function_declarator(node)
        name = fn.child_by_field_name("declarator") if fn is not None else None
        return name is not None and name.type != "parenthesized_declarator"
    return False


_HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".inc", ".ipp", ".tpp", ".cuinl")
# GCC's and clang's other spellings of `inline` (cholla's `__inline__ __device__`): another `inline` next to
# one of them is a duplicate to the compiler.
INLINE_SPELLINGS = frozenset({"inline", "__inline__", "__inline"})
_IMPLICITLY_INLINE = frozenset({"static", "constexpr", "consteval", "extern"}) | INLINE_SPELLINGS


def _needs_inline(ctx: RuleContext, fn: Node) -> bool:
    """A plain `__device__` function defined in a header: without -rdc, CUDA compiles it into each unit's
    device code alone (no host symbol), so two units including the header link. In SYCL it is an ordinary
    function, defined once per unit: it needs `inline`. Not for `__host__ __device__` (a host definition
    in CUDA too), static, inline, constexpr, templates and members defined in their class."""
    if not ctx.path.lower().endswith(_HEADER_SUFFIXES):
        return False
    if fn.parent is not None and fn.parent.type in ("template_declaration", "field_declaration_list"):
        return False
    words = {
        ctx.text(c) for c in fn.children if c.type != "function_declarator" and c.type != "compound_statement"
    }
    return "__device__" in words and not words & ({"__host__", "__forceinline__"} | _IMPLICITLY_INLINE)


class FunctionQualifiers(Rule):
    code = "GP209"
    name = "function-qualifiers"
    targets = frozenset({"sycl"})
    summary = "Drop __device__/__host__/__forceinline__/__launch_bounds__ from functions."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        pattern = "(function_definition) @f (declaration) @f (field_declaration) @f"
        for node in ts.captures(pattern, ctx.root).get("f", []):
            if not _is_function(node):
                continue
            has_inline = any(
                ctx.text(c) in INLINE_SPELLINGS for c in node.children if c.type == "storage_class_specifier"
            )
            header_def = node.type == "function_definition" and _needs_inline(ctx, node)
            for c in node.children:
                if c.type == "__device__" and header_def:
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        "`__device__` -> `inline`: a header's device function is defined in every unit "
                        "that includes it, on the host too in SYCL",
                        [Edit(c.start_byte, c.end_byte, "inline")],
                        family="qualifier",
                        symbol=c.type,
                    )
                    has_inline = True
                elif c.type in ("__device__", "__host__", "__noinline__"):
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        f"`{c.type}` removed",
                        [remove_token(ctx, c)],
                        family="qualifier",
                        symbol=c.type,
                    )
                elif c.type == "__forceinline__":
                    edit = remove_token(ctx, c) if has_inline else Edit(c.start_byte, c.end_byte, "inline")
                    has_inline = True
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        "`__forceinline__` -> `inline`",
                        [edit],
                        family="qualifier",
                        symbol=c.type,
                    )
                elif c.type == "launch_bounds":
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        "`__launch_bounds__` removed",
                        [remove_token(ctx, c)],
                        family="qualifier",
                        symbol="__launch_bounds__",
                        safety=Safety.REVIEW,
                    )

        yield from self._macro_bodies(ctx)
        yield from self._lambdas(ctx)
        yield from self._align(ctx)
        yield from self._unparsed(ctx)

    def _unparsed(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """Qualifiers of functions tree-sitter could not parse (blocksparse's `typedef struct __align__(2)
        ehalf { __device__ __forceinline__ ehalf() {} ... }`): a qualifier left outside a parsed function,
        followed by a name and `(` before any `;`, `=` or `{`, qualifies a function and goes the same way."""
        for err in (n for n in ts.error_nodes(ctx.root) if n.type == "ERROR"):
            for leaf in _loose_qualifiers(err):
                if ctx.is_claimed(leaf.start_byte, leaf.end_byte):
                    continue
                # the tokens around this one only (a few before for `inline`, the declarator after)
                window = max(0, leaf.start_byte - 64)
                toks = code_tokens(ctx.source[window : leaf.end_byte + 512], window)
                i = next((k for k, t in enumerate(toks) if t.start == leaf.start_byte), None)
                if i is None or not _function_follows(toks, i + 1):
                    continue
                near = {t.text for t in toks[max(0, i - 3) : i + 4]}
                edit = (
                    remove_token(ctx, leaf)
                    if leaf.type != "__forceinline__" or b"inline" in near
                    else Edit(leaf.start_byte, leaf.end_byte, "inline")
                )
                yield self.converted(
                    leaf.start_byte,
                    leaf.end_byte,
                    f"`{leaf.type}` removed (unparsed function)"
                    if edit.text == ""
                    else "`__forceinline__` -> `inline` (unparsed function)",
                    [edit],
                    family="qualifier",
                    symbol=leaf.type,
                )

    def _align(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """CUDA's `__align__(n)` (`struct __align__(8) PackedShorts {...}`) is C++'s `alignas(n)`."""
        if b"__align__" not in ctx.source:
            return
        toks = code_tokens(ctx.source, 0)
        for i, t in enumerate(toks):
            if t.kind != "ident" or t.text != b"__align__" or ctx.is_claimed(t.start, t.end):
                continue
            if i + 1 >= len(toks) or toks[i + 1].text != b"(":
                continue
            yield self.converted(
                t.start,
                t.end,
                "`__align__` -> `alignas`",
                [Edit(t.start, t.end, "alignas")],
                family="qualifier",
                symbol="__align__",
            )

    def _macro_bodies(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """Qualifiers inside `#define` bodies: tree-sitter leaves those raw, so they are tokenised."""
        pattern = "(preproc_def) @d (preproc_function_def) @d"
        for d in ts.captures(pattern, ctx.root).get("d", []):
            value = d.child_by_field_name("value")
            if value is None:
                continue
            toks = code_tokens(ctx.source[value.start_byte : value.end_byte], value.start_byte)
            # a macro that only stands for qualifiers (`#define HEMI_LAUNCHABLE __global__`): its kernels
            # are plain functions in SYCL (GP202), so `__global__` goes too
            words = {t.text.decode() for t in toks}
            only_qualifiers = d.type == "preproc_def" and bool(words) and words <= QUALIFIER_WORDS
            has_inline = any(t.kind == "ident" and t.text.decode() in INLINE_SPELLINGS for t in toks)
            floor = value.start_byte  # edits stay disjoint: never strip back into the previous one
            for i, t in enumerate(toks):
                name = t.text.decode()
                if t.kind == "ident" and name == "__launch_bounds__" and t.start >= floor:
                    # `#define MGPU_LAUNCH_BOUNDS(b) __launch_bounds__(b::nt, b::occ)`: the call goes whole
                    end = _call_end(toks, i)
                    if end is not None and not ctx.is_claimed(t.start, end):
                        floor = end
                        yield self.converted(
                            t.start,
                            end,
                            "`__launch_bounds__` removed from a macro",
                            [Edit(t.start, end, "")],
                            family="qualifier",
                            symbol=name,
                            safety=Safety.REVIEW,
                        )
                    continue
                dropped = name in _DROPPED or (only_qualifiers and name == "__global__")
                if t.kind != "ident" or (not dropped and name != "__forceinline__"):
                    continue
                if ctx.is_claimed(t.start, t.end):
                    continue
                start, end = t.start, t.end
                while ctx.source[end : end + 1] in (b" ", b"\t"):
                    end += 1
                if end >= value.end_byte or ctx.source[end : end + 1] in (b"\\", b"\r", b"\n"):
                    # the body's last token: take the space before it instead (no trailing blank)
                    end = t.end
                    while start > floor and ctx.source[start - 1 : start] in (b" ", b"\t"):
                        start -= 1
                if name == "__forceinline__" and not has_inline:
                    has_inline = True
                    edit, message = Edit(t.start, t.end, "inline"), "`__forceinline__` -> `inline` in a macro"
                else:
                    edit, message = Edit(start, end, ""), f"`{name}` removed from a macro"
                floor = edit.end
                yield self.converted(
                    t.start,
                    t.end,
                    message,
                    [edit],
                    family="qualifier",
                    symbol=name,
                    safety=Safety.REVIEW if name == "__device__" else Safety.SAFE,
                )

    def _lambdas(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        """`[=] __device__ (int i) {...}`: the grammar leaves the qualifier as an ERROR in the lambda."""
        for err in ts.captures("(lambda_expression (ERROR) @e)", ctx.root).get("e", []):
            # (`[=] __host__ __device__ (...)`: the second qualifier is the grammar's keyword token, not an
            # identifier)
            for c in err.children:
                name = ctx.text(c)
                if (
                    c.type in ("identifier", name)
                    and name in _DROPPED
                    and not ctx.is_claimed(c.start_byte, c.end_byte)
                ):
                    yield self.converted(
                        c.start_byte,
                        c.end_byte,
                        f"`{name}` removed from a lambda",
                        [remove_token(ctx, c)],
                        family="qualifier",
                        symbol=name,
                    )


def _call_end(toks: list, i: int) -> int | None:  # type: ignore[type-arg]
    """The end offset of the parenthesised arguments after toks[i] (`__launch_bounds__(a, b)`)."""
    if i + 1 >= len(toks) or toks[i + 1].text != b"(":
        return None
    depth = 0
    for t in toks[i + 1 :]:
        if t.text == b"(":
            depth += 1
        elif t.text == b")":
            depth -= 1
            if depth == 0:
                return int(t.end)
    return None
