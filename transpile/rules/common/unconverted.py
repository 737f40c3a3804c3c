"""GP003 unconverted-cuda: report CUDA references that no rule translated.

What it does
    Runs after every other rule. Each use of a CUDA API name (a table entry, or a name following CUDA's
    conventions such as `cudaFoo`, `cuBar`, `CUBLAS_X`, `__nv_y`) that no rule handled, and each CUDA
    header no rule mapped, is reported as unconverted and counted. Names the file (or, for a tree, any
    file of the tree) declares itself, such as a project's own `CUDA_CHECK` macro, are not CUDA's, nor
    are variables that borrow a CUDA name (stb_image's `__m128i int1`, a macro body's `int y0 = y;`); an
    unknown capitalised name called like a function (`CUBLAS_CHECK(...)`) whose definition is outside the
    input is the project's too: one warning per file says so, and it is not counted.
Why
    Never silently wrong: what the rules cannot translate stays in place, marked, and the exit code tells
    scripts that something remains. The LLM fallback takes these regions.
Example
    cudaMemcpyBatchAsync(dsts, srcs, sizes, count, attrs, attrIdxs, numAttrs, &failIdx, stream);
Translated to
    unchanged, with: GP003 `cudaMemcpyBatchAsync` is not in the HIP tables
Safety
    reports only; changes nothing.
References
    DESIGN.md, "Never silently wrong".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...parse import condition_operand_spans, hip_branch_spans
from ..base import Rule

# Include paths that belong to the CUDA toolkit or its libraries.
CUDA_HEADER = re.compile(
    r"(?:cuda|cu[a-z]+|cublas\w*|curand\w*|cufft\w*|cusparse\w*|cusolver\w*|cudnn\w*|nvrtc|nvtx\w*|"
    r"cooperative_groups|thrust|cub|nv|cuComplex|sm_\d+_\w+|device_\w+|texture_\w+|surface_\w+|vector_\w+)"
    r"(?:[/_.]|$)"
)


# An unknown CUDA-looking name in capitals called like a function: a project's checking macro.
_USER_MACRO = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_CALLED = re.compile(rb"[ \t]*\(")


def family_of(name: str) -> str:
    lowered = name.lower().lstrip("_")
    for fam in ("cublas", "curand", "cufft", "cusparse", "cusolver", "cudnn", "nvrtc", "nvtx"):
        if lowered.startswith(fam):
            return fam
    if lowered.startswith("nv_"):
        return "device"
    if name.startswith(("cu", "CU_")) and not name.startswith(("cuda", "CUDA")):
        return "driver"
    return "runtime"


_FUNCTION_KINDS = frozenset({"function", "device-function"})


def _not_a_function_use(node: Node | None) -> bool:
    """A table's function name that the parse shows as anything but a call or `&f`: a variable of the
    project's (`TI j0 = 0`, `float x0, x1, y0, y1;`, `dsdeq(y0, y1, yOff)`). Uses the parse did not read
    (macro bodies) stay CUDA's."""
    if node is None or node.type != "identifier":
        return False
    parent = node.parent
    if parent is None or parent.type == "call_expression":
        return False
    if parent.type == "pointer_expression" and (parent.children[0].text or b"") == b"&":
        return False  # `&sinf`: the function itself, passed on
    return True


_SPACE = b" \t\r\n\\"
_DECLARATOR_END = frozenset(b"=;,[)")


# `TYPE NAME =` / `TYPE *NAME;` in a macro body: a declaration of NAME (the word before is no keyword).
_MACRO_DECL = re.compile(rb"\b([A-Za-z_]\w*)[\s*&]+([A-Za-z_]\w*)\s*(?:=[^=]|;|,|\[)")
_NOT_TYPES = frozenset({b"return", b"case", b"goto", b"else", b"do", b"throw", b"sizeof", b"new", b"delete"})


def _macro_variables(ctx: RuleContext) -> list[tuple[int, int, frozenset[str]]]:
    """Per macro definition: its body's span and the names its body declares as variables. Macro bodies
    are raw text to the parser, so the file's declarations do not show them, and a body's own variable
    may share a name with a CUDA function (`int y0 = y;`, stb_image's `dct_trn64`)."""
    out = []
    for m in re.finditer(rb"^[ \t]*#[ \t]*define\b(?:[^\n]*\\\n)*[^\n]*", ctx.source, re.MULTILINE):
        body = m.group()
        names = frozenset(
            d.group(2).decode("ascii") for d in _MACRO_DECL.finditer(body) if d.group(1) not in _NOT_TYPES
        )
        if names:
            out.append((m.start(), m.end(), names))
    return out


def _macro_locals(ctx: RuleContext) -> frozenset[str]:
    """Unknown CUDA-looking names that a macro body declares as variables: the name follows a type of
    the tables (`cudaError_t cudaStatus = call;`) and is followed by `=`, `;`, `,`, `[` or `)`. Macro
    bodies are raw text to the parser, so the file's declarations do not show them."""
    found: set[str] = set()
    source = ctx.source
    symbols = ctx.tables.symbols
    for occ in ctx.occurrences:
        if occ.entry is not None or occ.node is not None:
            continue
        after = occ.end
        while after < len(source) and source[after] in _SPACE:
            after += 1
        if after >= len(source) or source[after] not in _DECLARATOR_END:
            continue
        before = occ.start
        while before > 0 and source[before - 1] in _SPACE:
            before -= 1
        m = _TRAILING_IDENT.search(source, max(0, before - 128), before)
        if m is None:
            continue
        entry = symbols.get(m.group().decode("ascii"))
        if entry is not None and entry.kind == "type":
            found.add(occ.name)
    return frozenset(found)


_TRAILING_IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*\Z")
_TYPE_DECLARATIONS = frozenset(
    {"alias_declaration", "type_definition", "struct_specifier", "class_specifier", "enum_specifier"}
)


def _declared_in_namespace(node: Node) -> bool:
    """`node` is the name a type declaration inside a namespace declares (CUDA declares none in one)."""
    parent = node.parent
    if parent is None or parent.type not in _TYPE_DECLARATIONS:
        return False
    if parent.child_by_field_name("name") != node and parent.child_by_field_name("declarator") != node:
        return False
    up = parent.parent
    while up is not None:
        if up.type == "namespace_definition":
            return True
        up = up.parent
    return False


class Unconverted(Rule):
    code = "GP003"
    name = "unconverted-cuda"
    targets = frozenset({"hip", "sycl"})
    summary = "Report CUDA references that no rule translated."
    tree_free_ok = True  # acts only at CUDA names and include lines

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        target = ctx.target.upper()
        user = ctx.options.user_names
        declared: frozenset[str] | None = None
        macros_said: set[str] = set()
        macro_locals: frozenset[str] | None = None
        hip_spans: list[tuple[int, int]] | None = None
        tested: list[tuple[int, int]] | None = None
        macro_vars: list[tuple[int, int, frozenset[str]]] | None = None
        for occ in ctx.occurrences:
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if ctx.is_claimed(occ.start, occ.end):
                continue
            if occ.node is None and ctx.target == "sycl" and b"HIP" in ctx.source:
                # raw text in the branch a HIP build takes (`#ifdef __HIP_PLATFORM_AMD__`), which the
                # grammar did not read: HIP code already, never compiled for SYCL
                if hip_spans is None:
                    hip_spans = hip_branch_spans(ctx.source)
                if any(a <= occ.start < b for a, b in hip_spans):
                    continue
            if occ.node is not None and _declared_in_namespace(occ.node):
                continue  # `namespace trt { using cublasStatus_t = Status; }`: the project's own type
            if occ.entry is not None and occ.entry.kind in _FUNCTION_KINDS and _not_a_function_use(occ.node):
                continue  # faiss's `TI j0 = 0`: the project's variable, named like the Bessel function
            if occ.entry is None and b"#if" in ctx.source:
                if tested is None:
                    tested = condition_operand_spans(ctx.source)
                if any(a <= occ.start < b for a, b in tested):
                    continue  # `#ifdef CUDA_DRIVER_API`: a project's configuration macro, only tested
            if occ.entry is None:
                if declared is None:
                    declared = ctx.declared_names
                if occ.name in declared or occ.name in user:
                    continue
                if macro_locals is None:
                    macro_locals = _macro_locals(ctx)
                if occ.name in macro_locals:
                    continue  # `cudaError_t cudaStatus = call;` in a macro body: the macro's own variable
                if _USER_MACRO.fullmatch(occ.name) and _CALLED.match(ctx.source, occ.end):
                    # `CUDA_CHECK(...)`: CUDA has no function-like macros of that shape; it is the
                    # project's own, defined in a header outside the input. Said once, not counted.
                    if occ.name not in macros_said:
                        macros_said.add(occ.name)
                        yield self.warning(
                            occ.start,
                            occ.end,
                            f"`{occ.name}` looks like the project's own macro (not in the tables, not defined in "
                            "the input): left as it is; translate the header that defines it too",
                            family="user-macro",
                            symbol=occ.name,
                        )
                    continue
                family = family_of(occ.name)
                message = f"`{occ.name}` is not in the {target} tables"
            else:
                if occ.entry.sycl_name() is not None or (
                    ctx.target == "hip" and occ.entry.hip_name() is not None
                ):
                    continue  # a plain rename the rename rule will have made
                if declared is None:
                    declared = ctx.declared_names
                if occ.name in declared:
                    continue  # stb_image's `__m128i int1 = ...`: the file's own variable, named like CUDA's type
                if occ.node is None:
                    if macro_vars is None:
                        macro_vars = _macro_variables(ctx)
                    if any(a <= occ.start < b and occ.name in names for a, b, names in macro_vars):
                        continue  # `int16x8_t y0 = y;` in a macro body: the macro's variable, not Bessel's y0
                family = occ.entry.family
                # the row's word for this target: SYCL's reason (`- reason`), not the HIP-side note
                why = occ.entry.note if ctx.target == "hip" else occ.entry.sycl_unsupported
                note = f": {why}" if why else ""
                message = f"`{occ.name}` has no {target} translation{note}"
            yield self.unconverted(occ.start, occ.end, message, family=family, symbol=occ.name)
        for inc in ctx.includes:
            if ctx.tables.header(inc.path) is not None or ctx.is_claimed(inc.start, inc.end):
                continue  # the include rule's business
            # Only <...> includes: a quoted "kernels.cuh" is the project's own header, and so is a
            # `<dir/file.h>` a tree translation found in the tree (Options.project_headers).
            if ctx.target == "hip" and inc.path.startswith("thrust/"):
                continue  # rocThrust keeps every Thrust include path, internal headers too
            if inc.system and CUDA_HEADER.match(inc.path) and inc.path not in ctx.options.project_headers:
                yield self.unconverted(
                    inc.start,
                    inc.end,
                    f"header <{inc.path}> is not in the {target} tables",
                    family="headers",
                    symbol=inc.path,
                )
