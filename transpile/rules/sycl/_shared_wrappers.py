"""Shared-memory wrapper classes: the CUDA idiom for dynamic shared memory of a template type.

`SharedMemory<T>` with `operator T *()` (the CUDA samples' sharedmem.cuh), `SharedMem<T>::getPointer()`
(SHOC): classes whose member functions only hand out `extern __shared__` memory. A kernel that declares
one takes a dynamic local accessor instead (GP206), so the classes go. The family has two more shapes,
both in the CUDA samples' cudasharedmem.h, that go with it:

- an abstract primary template whose members are only pure virtual functions
  (`virtual __device__ T &operator[](int i) = 0;`), there so that only the specialisations compile;
- specialisations stamped out by a function-like macro (`#define BUILD_SHAREDMEMORY_TYPE(t, n)
  template <> struct SharedMemory<t> {... extern __shared__ t n[]; ...}`, then
  `BUILD_SHAREDMEMORY_TYPE(int, s_int);`): the macro and its invocations go. Tree-sitter leaves macro
  bodies raw and misparses the invocations, so both are tokenised.
"""

from __future__ import annotations

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...tokens import Token, code_tokens

Span = tuple[int, int]

# Where a macro's name is not an invocation at file scope: its own definition, other directives, code.
_NOT_FILE_SCOPE = frozenset(
    {"preproc_def", "preproc_function_def", "preproc_call", "compound_statement", "field_declaration_list"}
)


def wrapper_classes(ctx: RuleContext) -> dict[str, list[Span]]:
    """The file's shared-memory wrapper classes: name -> the byte spans that define them (template
    declarations, class definitions, macros stamping out specialisations and their invocations), each
    to be removed whole."""
    cached = getattr(ctx, "_sycl_wrappers", None)
    if isinstance(cached, dict):
        return cached
    found: dict[str, list[Span]] = {}
    abstract: dict[str, list[Span]] = {}
    if b"__shared__" in ctx.source and b"extern" in ctx.source:
        for cls in ts.captures("[(struct_specifier) (class_specifier)] @c", ctx.root).get("c", []):
            body = cls.child_by_field_name("body")
            name = cls.child_by_field_name("name")
            base = (
                name.child_by_field_name("name")
                if name is not None and name.type == "template_type"
                else name
            )
            if body is None or base is None:
                continue
            if _hands_out_shared(body):
                found.setdefault(ctx.text(base), []).append(_class_span(ctx, cls))
            elif _pure_virtual_only(ctx, body):
                abstract.setdefault(ctx.text(base), []).append(_class_span(ctx, cls))
        for cls_name, spans in _macro_wrappers(ctx).items():
            found.setdefault(cls_name, []).extend(spans)
        # an abstract primary is a wrapper only where its specialisations are: else it is some other
        # interface, left alone
        for cls_name, spans in abstract.items():
            if cls_name in found:
                found[cls_name].extend(spans)
    ctx._sycl_wrappers = found  # type: ignore[attr-defined]
    return found


def _hands_out_shared(body: Node) -> bool:
    """Member functions only, each of them declaring `extern __shared__` memory."""
    fns = [c for c in body.named_children if c.type in ("function_definition", "template_declaration")]
    if not fns or any(c.type == "field_declaration" for c in body.named_children):
        return False  # data members (or declarations): not a pure handle
    return all(b"extern" in (c.text or b"") and b"__shared__" in (c.text or b"") for c in fns)


def _pure_virtual_only(ctx: RuleContext, body: Node) -> bool:
    """Every member a pure virtual function declaration (`virtual T &operator*() = 0;`)."""
    members = [c for c in body.named_children if c.type != "comment"]
    if not members:
        return False
    for m in members:
        if m.type != "field_declaration" or ts.function_declarator(m) is None:
            return False
        if not any(c.type == "virtual" for c in m.children):
            return False
        default = m.child_by_field_name("default_value")
        if default is None or ctx.text(default) != "0":
            return False
    return True


def _class_span(ctx: RuleContext, cls: Node) -> Span:
    """The class with its template header (or the declaration it is the type of) and its `;`."""
    outer = cls.parent
    while outer is not None and outer.type not in ("template_declaration", "declaration", "translation_unit"):
        outer = outer.parent
    node = outer if outer is not None and outer.type in ("template_declaration", "declaration") else cls
    end = node.end_byte
    if ctx.source[end : end + 1] == b";":
        end += 1
    return node.start_byte, end


def _macro_wrappers(ctx: RuleContext) -> dict[str, list[Span]]:
    """Function-like macros whose body is one wrapper specialisation, with their file-scope invocations."""
    out: dict[str, list[Span]] = {}
    for d in ts.captures("(preproc_function_def) @d", ctx.root).get("d", []):
        macro, value = d.child_by_field_name("name"), d.child_by_field_name("value")
        if macro is None or value is None:
            continue
        toks = [t for t in code_tokens(ctx.source[value.start_byte : value.end_byte]) if t.text != b"\\"]
        cls = _specialised_class(toks)
        if cls is not None:
            out.setdefault(cls, []).append((d.start_byte, d.end_byte))
            out[cls].extend(_invocations(ctx, macro.text or b""))
    return out


def _specialised_class(toks: list[Token]) -> str | None:
    """`template <> struct NAME<...> {...}` handing out `extern __shared__` memory: NAME, else None."""
    text = [t.text for t in toks]
    if text[:3] != [b"template", b"<", b">"] or len(text) < 7 or text[3] not in (b"struct", b"class"):
        return None
    if toks[4].kind != "ident" or text[5] != b"<" or text[-1] not in (b"}", b";"):
        return None
    if b"__global__" in text:
        return None
    if not any(a == b"extern" and b == b"__shared__" for a, b in zip(text, text[1:], strict=False)):
        return None
    return text[4].decode()


def _invocations(ctx: RuleContext, macro: bytes) -> list[Span]:
    """`MACRO(args);` at file scope: the name, its balanced parentheses and the `;` after them."""
    toks = code_tokens(ctx.source)
    spans: list[Span] = []
    for i, t in enumerate(toks):
        if t.text != macro or i + 1 >= len(toks) or toks[i + 1].text != b"(" or not _file_scope(ctx, t):
            continue
        depth, j = 0, i + 1
        while j < len(toks):
            depth += {b"(": 1, b")": -1}.get(toks[j].text, 0)
            if depth == 0:
                break
            j += 1
        if j == len(toks):
            continue  # unbalanced: not an invocation we can take out whole
        end = toks[j + 1].end if j + 1 < len(toks) and toks[j + 1].text == b";" else toks[j].end
        spans.append((t.start, end))
    return spans


def _file_scope(ctx: RuleContext, tok: Token) -> bool:
    node: Node | None = ctx.root.descendant_for_byte_range(tok.start, tok.end)
    while node is not None:
        if node.type in _NOT_FILE_SCOPE:
            return False
        node = node.parent
    return True
