"""What every rule sees: the source, its syntax tree, the options, the tables, and shared indexes.

The expensive questions ("where are the CUDA names, outside comments and strings?") are answered once
here and cached, so each rule stays a small query over them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from tree_sitter import Node, Tree

from . import parse as ts
from .diagnostics import Diagnostic
from .options import Options
from .tables import Entry, Tables
from .tokens import ident_starts

# Leaf node types that spell an identifier in code.
IDENT_TYPES = frozenset(
    {"identifier", "type_identifier", "namespace_identifier", "field_identifier", "statement_identifier"}
)
# Leaf or small node types whose text is a literal or comment: never rewritten.
LITERAL_TYPES = frozenset(
    {
        "comment",
        "string_literal",
        "string_content",
        "raw_string_literal",
        "raw_string_content",
        "raw_string_delimiter",
        "char_literal",
        "character",
        "escape_sequence",
        "system_lib_string",
        "concatenated_string",
        "number_literal",
    }
)

# CUDA's naming conventions. An identifier matching these that no table knows and the user's code does
# not declare is reported as an unconverted CUDA reference: better a false alarm than silence.
CUDA_NAME = re.compile(
    r"(?:cuda[A-Z]\w*|CUDA_\w+|CUDART_\w+|cu[A-Z][a-z]\w*|CU_\w+|CU[A-Z]+_[A-Z0-9_]+\b|"
    r"cublas\w*|CUBLAS\w*|curand\w*|CURAND\w*|cufft\w*|CUFFT\w*|cusparse\w*|CUSPARSE\w*|"
    r"cusolver\w*|CUSOLVER\w*|cudnn\w*|CUDNN\w*|nvrtc\w*|NVRTC\w*|nvtx\w*|__nv_\w+)"
)
_IDENT_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_WORD = re.compile(rb"[A-Za-z_]\w*")
# bytes.translate table: identifier bytes stay, every other byte becomes a space.
_TO_SPACE = bytes(c if c in _IDENT_CHARS else 0x20 for c in range(256))
# CUDA_NAME over a space-separated list of tokens.
_CUDA_TOKEN = re.compile(rb"(?<![\w])(?:" + CUDA_NAME.pattern.encode("ascii") + rb")(?![\w])")
_INCLUDE = re.compile(rb"^[ \t]*#[ \t]*include\b", re.MULTILINE)
# What follows `#include` on its line: a <path>, a "path" or a macro name, then only a comment or nothing.
_INCLUDE_LINE = re.compile(
    rb"[ \t]*(?:<(?P<system>[^<>\"\n]*)>|\"(?P<quoted>[^<>\"\n]*)\"|(?P<macro>[A-Za-z_]\w*))[ \t]*(?:$|//|/\*)",
    re.MULTILINE,
)

# Tagged types: `struct X { ... }` declares X; `struct X v;` (no body) only refers to it.
_TAGGED = frozenset({"struct_specifier", "class_specifier", "union_specifier", "enum_specifier"})
# Parent node type -> the field that holds the name it declares.
_DECLARING_FIELDS = {
    "preproc_def": "name",
    "preproc_function_def": "name",
    "function_declarator": "declarator",
    "struct_specifier": "name",
    "class_specifier": "name",
    "union_specifier": "name",
    "enum_specifier": "name",
    "type_definition": "declarator",
    "init_declarator": "declarator",
    "declaration": "declarator",
    "enumerator": "name",
    "alias_declaration": "name",
    "pointer_declarator": "declarator",
    "array_declarator": "declarator",
    "field_declaration": "declarator",
    "parameter_declaration": "declarator",
    "reference_declarator": "declarator",
}


def include_guard(root: Node) -> Node | None:
    """The `#ifndef X / #define X ... #endif` block that wraps the whole file, if any (comments and
    blank lines around it allowed)."""
    kids = [c for c in root.children if c.type != "comment"]
    if len(kids) != 1 or kids[0].type != "preproc_ifdef":
        return None
    guard = kids[0]
    name = guard.child_by_field_name("name")
    if name is None or guard.children[0].type != "#ifndef":
        return None
    first = next((c for c in guard.named_children if c != name and c.type != "comment"), None)
    if first is None or first.type != "preproc_def":
        return None
    defined = first.child_by_field_name("name")
    if defined is None or defined.text != name.text:
        return None
    if any(c.type in ("preproc_else", "preproc_elif") for c in guard.children):
        return None
    return guard


def _after_operator_keyword(source: bytes, start: int) -> bool:
    """Whether the identifier at `start` follows the keyword `operator` (a conversion operator's type)."""
    # Walk back over the whitespace before `start` (the bytes bytes.rstrip() strips) rather than slicing
    # the file up to it: this runs for every member-name occurrence.
    end = start
    while end > 0 and source[end - 1] in b" \t\n\r\x0b\x0c":
        end -= 1
    return source.endswith(b"operator", 0, end) and (end == 8 or source[end - 9] not in _IDENT_CHARS)


def _macro_parameter(node: Node, name: str) -> bool:
    """Whether `name` at `node` is a parameter of the function-like macro it sits in (in the parameter
    list or the body): those names belong to the macro, whatever a table says about them."""
    parent = node.parent
    if node.type == "identifier" and parent is not None and parent.type == "preproc_params":
        return True
    if node.type != "preproc_arg" or parent is None or parent.type != "preproc_function_def":
        return False
    params = parent.child_by_field_name("parameters")
    if params is None:
        return False
    encoded = name.encode("ascii")
    return any(p.type == "identifier" and p.text == encoded for p in params.named_children)


def _defines_macro(node: Node) -> bool:
    parent = node.parent
    return (
        parent is not None
        and parent.type in ("preproc_def", "preproc_function_def")
        and (parent.child_by_field_name("name") == node)
    )


@dataclass(frozen=True)
class Occurrence:
    """One use of a CUDA-looking name in code (not in a comment or string literal)."""

    name: str
    start: int
    end: int
    node: Node | None  # the identifier node; None when found by tokenising raw text (macro body, ERROR)
    entry: Entry | None  # the table entry, None for an unknown CUDA-looking name

    @property
    def raw(self) -> bool:
        return self.node is None

    @property
    def parent_type(self) -> str:
        parent = self.node.parent if self.node is not None else None
        return parent.type if parent is not None else ""


# CUDA's C APIs (runtime, driver, libraries) live in the global namespace: such a name qualified by a
# namespace (`nvinfer1::pluginInternal::cublasStatus_t`, TensorRT's stand-in) is the project's own.
_C_API_NAME = re.compile(
    r"(?:cuda|cublas|cudnn|curand|cufft|cusparse|cusolver|nvrtc|nccl|cu[A-Z])\w*"
    r"|(?:CUDA|CUBLAS|CUBLASLT|CUDNN|CURAND|CUFFT|CUSPARSE|CUSOLVER|NVRTC|NCCL|CU)_\w*"
)


def _in_project_namespace(node: Node, name: str, symbols: Mapping[str, Entry]) -> bool:
    """`node` names a C-API-shaped `name` inside a namespace (`ns::cudaX`; `::cudaX` is CUDA's, and so is
    `cudaError_t::cudaSuccess`, an enumerator qualified by its CUDA enum type)."""
    parent = node.parent
    if parent is None or parent.type != "qualified_identifier" or parent.child_by_field_name("name") != node:
        return False
    scope = parent.child_by_field_name("scope")
    if scope is None or _C_API_NAME.fullmatch(name) is None:
        return False
    scope_entry = symbols.get(scope.text.decode("utf-8", "replace")) if scope.text is not None else None
    return scope_entry is None or scope_entry.kind != "type"


@dataclass(frozen=True)
class Include:
    path: str  # as written between <> or ""
    start: int  # byte range of the path text only (inside the delimiters)
    end: int
    system: bool  # <...>
    # The whole directive, from `#` to the end of its line (newline included, as tree-sitter spans it).
    directive_start: int
    directive_end: int


_NVCC_MACROS = (b"__CUDACC__", b"__NVCC__")


def _outside_nvcc(ctx: RuleContext, node: Node) -> bool:
    """True inside the branch nvcc skips: `#ifndef __CUDACC__ ...` or the `#else` of `#ifdef __CUDACC__`
    (host fallbacks a header defines for other compilers; the CUDA names there are CUDA's own)."""
    if b"__CUDACC__" not in ctx.source and b"__NVCC__" not in ctx.source:
        return False
    child, n = node, node.parent
    while n is not None:
        in_else = child.type in ("preproc_else", "preproc_elif", "preproc_elifdef")
        if n.type == "preproc_ifdef":
            name = n.child_by_field_name("name")
            if name is not None and (name.text or b"") in _NVCC_MACROS:
                negated = (n.children[0].text or b"").replace(b" ", b"").endswith(b"ifndef")
                return negated != in_else
        elif n.type in ("preproc_if", "preproc_elif"):
            # `#if !(defined(__VECTOR_TYPES_H__) || defined(__CUDACC__))` (oskar's stand-in float2 for
            # other compilers): false for nvcc whatever the other name.
            cond = n.child_by_field_name("condition")
            text = cond.text or b"" if cond is not None else b""
            if any(m in text for m in _NVCC_MACROS):
                value = ts.nvcc_condition(text)
                if value is not None:
                    return value == in_else
        child, n = n, n.parent
    return False


# A project's test for a HIP build (`BNB_HIP`, `GGML_USE_HIP`, `__HIP_PLATFORM_AMD__`, `__HIPCC__`), alone
# or as `defined(...)`: what a file declares in that branch is for hipcc, not nvcc.
# The name may hold digits before HIP (ctranslate2's `CT2_USE_HIP`).
_HIP_TEST = re.compile(rb"\s*(?:defined\s*\(?\s*)?(?![0-9])\w*HIP\w*\s*\)?\s*")


_MACRO_DEFINITIONS = frozenset({"preproc_def", "preproc_function_def"})
_MACRO_BODIES = "[(preproc_def value: (preproc_arg) @v) (preproc_function_def value: (preproc_arg) @v)]"


def _hip_branch(ctx: RuleContext, node: Node) -> bool:
    """True inside the branch a HIP build takes (`#if BNB_HIP`, `#ifdef GGML_USE_HIP`, the `#else` of
    `#ifndef USE_HIP`): a dual-source file's definitions there (bitsandbytes' `__floats2bfloat162_rn` for
    ROCm) are not nvcc's, and for SYCL the CUDA names they define are CUDA's own everywhere else. (A HIP
    translation keeps treating the functions and types defined there as the project's: its build may take
    that branch; the macros it renames through, `#define cudaError_t hipError_t`, are not.)"""
    if b"HIP" not in ctx.source:
        return False
    child, n = node, node.parent
    while n is not None:
        in_else = child.type in ("preproc_else", "preproc_elif", "preproc_elifdef")
        if n.type == "preproc_ifdef":
            name = n.child_by_field_name("name")
            if name is not None and _HIP_TEST.fullmatch(name.text or b""):
                negated = (n.children[0].text or b"").replace(b" ", b"").endswith(b"ifndef")
                return negated == in_else
        elif n.type in ("preproc_if", "preproc_elif") and not in_else:
            cond = n.child_by_field_name("condition")
            if cond is not None and _HIP_TEST.fullmatch(cond.text or b""):
                return True
        child, n = n, n.parent
    return False


def _namespace_forward_declaration(tag: Node) -> bool:
    """`struct cublasContext;` alone, directly in a named namespace: it declares a type of that namespace
    (TensorRT's cuBLAS stand-ins in `nvinfer1::pluginInternal`); CUDA's C types live in the global one."""
    body = tag.parent  # tree-sitter puts `struct X;` straight in the namespace's declaration_list
    if body is not None and body.type == "declaration":
        if body.child_by_field_name("declarator") is not None:
            return False
        body = body.parent
    namespace = body.parent if body is not None else None
    return (
        body is not None
        and body.type == "declaration_list"
        and namespace is not None
        and namespace.type == "namespace_definition"
        and namespace.child_by_field_name("name") is not None
    )


def _declaration_of(node: Node | None) -> Node | None:
    """The declaration whose declared name `node` is (a macro, function, type or variable), or None."""
    parent = node.parent if node is not None else None
    if parent is None:
        return None
    field = _DECLARING_FIELDS.get(parent.type)
    return parent if field is not None and parent.child_by_field_name(field) == node else None


def hip_branch_declaration(ctx: RuleContext, node: Node | None) -> bool:
    """The name a declaration declares (a macro, function, type or variable), inside a HIP build's branch."""
    declaration = _declaration_of(node)
    return declaration is not None and _hip_branch(ctx, declaration)


def _not_the_projects(ctx: RuleContext, declaration: Node) -> bool:
    """A declaration in a HIP build's branch that does not make its CUDA name the project's: any of them
    for SYCL (bitsandbytes' ROCm `__floats2bfloat162_rn`); for HIP only the macros a HIP switch renames
    through (cholla's `#ifdef O_HIP / #define cudaError_t hipError_t`), so the uses are renamed and the
    translation compiles with or without the switch. Functions and types defined there stay the project's
    for HIP: they stand in for what HIP lacks."""
    if ctx.options.target != "sycl" and declaration.type not in _MACRO_DEFINITIONS:
        return False
    return _hip_branch(ctx, declaration)


def _hip_side_definition(ctx: RuleContext, node: Node | None) -> bool:
    """The name such a declaration declares: left as written, not an occurrence."""
    declaration = _declaration_of(node)
    return declaration is not None and _not_the_projects(ctx, declaration)


# Macros that give the CUDA toolkit's version: a definition under a test of them stands in for a CUDA
# function older toolkits lack (llm.c's `__ldcs` for bfloat16 before CUDA 12).
_TOOLKIT_VERSION_MACROS = (
    b"__CUDACC_VER_MAJOR__",
    b"__CUDACC_VER_MINOR__",
    b"CUDART_VERSION",
    b"CUDA_VERSION",
)


def _toolkit_polyfill(ctx: RuleContext, node: Node) -> bool:
    """True inside `#if`/`#elif` whose condition tests the toolkit's version: the file declares the function
    only for toolkits that lack it, and every other use of the name is CUDA's own. (Macros under such tests
    stay declared: `#define CUBLAS_COMPUTE_32F CUDA_R_32F` names the macro, not CUDA's enumerator.)"""
    if not any(m in ctx.source for m in _TOOLKIT_VERSION_MACROS):
        return False
    n = node.parent
    while n is not None:
        if n.type in ("preproc_if", "preproc_elif"):
            cond = n.child_by_field_name("condition")
            text = cond.text or b"" if cond is not None else b""
            if any(m in text for m in _TOOLKIT_VERSION_MACROS):
                return True
        n = n.parent
    return False


@dataclass
class RuleContext:
    source: bytes
    # The syntax tree, parsed on first use when not given: a file with nothing but include lines to
    # translate never needs one (the engine's tree-free path).
    parsed: Tree | None
    options: Options
    tables: Tables
    path: str = "<string>"
    # Set by the engine when the file is translated without a syntax tree: includes come from
    # lexical_includes() and no rule that needs structure runs.
    tree_free: bool = False
    _claimed_starts: list[int] = field(default_factory=list)
    _claimed_ends: list[int] = field(default_factory=list)

    @property
    def tree(self) -> Tree:
        if self.parsed is None:
            self.parsed = ts.parse(self.source, self.qualifier_macros)
        return self.parsed

    @cached_property
    def qualifier_macros(self) -> dict[str, frozenset[str]]:
        """Macros standing for CUDA function qualifiers, defined here or (tree translation) in another
        file of the tree: name -> qualifiers (`MGPU_DEVICE` -> {`__device__`})."""
        out = dict(ts.qualifier_macro_defs(self.source))
        for name, words in self.options.qualifier_macros:
            out[name] = out.get(name, frozenset()) | frozenset(words)
        return out

    @cached_property
    def api_aliases(self) -> dict[str, str]:
        """SYCL: macros standing for one CUDA API name that has no plain SYCL rename (a structural rewrite,
        `#define gpuMalloc cudaMalloc`, or none), defined here or (tree translation) in another file:
        alias -> CUDA name. A use of the alias is an occurrence of that name, so the rule rewrites the call
        where it is written (or the report names the use); a renamed name needs none of this (the macro's
        body is renamed)."""
        if self.options.target != "sycl":
            return {}
        found = {**dict(self.options.api_aliases), **ts.api_alias_defs(self.source)}
        symbols = self.tables.symbols
        return {
            a: c
            for a, c in found.items()
            if c in symbols and symbols[c].sycl_name() is None and a not in symbols
        }

    @cached_property
    def paste_macros(self) -> dict[str, str]:
        """Macros pasting a CUDA prefix onto their argument (`#define cuda( fn ) ... (cuda##fn)`), defined
        here or (tree translation) in another file: name -> prefix (parse.paste_macro_defs)."""
        if b"##" not in self.source and not self.options.paste_macros:
            return {}
        return {**dict(self.options.paste_macros), **ts.paste_macro_defs(self.source)}

    @cached_property
    def paste_sites(self) -> dict[int, str]:
        """Calls of those macros that name an API by its suffix (`cuda(Malloc(&p, n))`): the suffix's
        offset -> the CUDA name it stands for (`cudaMalloc`). GP313 drops the paste from the macro, so the
        suffix is an occurrence of that name and the rules translate the call."""
        return ts.paste_call_sites(self.source, self.paste_macros) if self.paste_macros else {}

    @property
    def root(self) -> Node:
        return self.tree.root_node

    @property
    def target(self) -> str:
        return self.options.target

    def text(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")

    def slice(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8", "surrogateescape")

    # -- claimed ranges: a rule that handled a span claims it, later rules leave it alone -------------

    def claim(self, diagnostic: Diagnostic) -> None:
        i = bisect.bisect_left(self._claimed_starts, diagnostic.start)
        self._claimed_starts.insert(i, diagnostic.start)
        self._claimed_ends.insert(i, diagnostic.end)

    def is_claimed(self, start: int, end: int) -> bool:
        """True if [start, end) lies inside a span some earlier rule claimed."""
        i = bisect.bisect_right(self._claimed_starts, start)
        # Claimed spans may nest; scan back over the few that start at or before `start`.
        for j in range(i - 1, max(-1, i - 64), -1):
            if self._claimed_ends[j] >= end:
                return True
        return False

    # -- indexes ---------------------------------------------------------------------------------------

    @cached_property
    def dead_branches(self) -> list[tuple[int, int]]:
        """Spans of `#ifdef CUBLAS_API_H_`-style branches (parse.guarded_branch_spans): code compiled only
        after a CUDA library header, so never in a translation; and the CPU side of a CUDA-off switch
        (`#ifdef NO_CUDA`, parse.cuda_off_branch_spans), whose stand-ins carry CUDA's names. Names there
        are not left unconverted."""
        if b"#if" not in self.source:
            return []
        return ts.guarded_branch_spans(self.source, self._library_guards) + self._cuda_off_branches

    @cached_property
    def _library_guards(self) -> frozenset[bytes]:
        """The CUDA library guards whose branches stay dead in this target: those the tables rename to a
        target header's guard (HIP: `CUBLAS_API_H_` -> hipblas.h's `HIPBLAS_H`) guard live code."""
        kept = set()
        for guard in ts.CUDA_LIBRARY_GUARDS:
            entry = self.tables.symbols.get(guard.decode())
            spelled = None
            if entry is not None:
                spelled = entry.hip_name() if self.target == "hip" else entry.sycl_name()
            if spelled is None or spelled == entry.cuda:  # type: ignore[union-attr]
                kept.add(guard)
        return frozenset(kept)

    def in_dead_branch(self, pos: int) -> bool:
        return any(a <= pos < b for a, b in self.dead_branches)

    @cached_property
    def _cuda_off_branches(self) -> list[tuple[int, int]]:
        """The CPU side of CUDA-off switches (`#ifdef NO_CUDA`): `occurrences` leaves them out, so no rule
        translates, reports or counts as declared the stand-ins a project defines there under CUDA's names."""
        return ts.cuda_off_branch_spans(self.source) if b"#if" in self.source else []

    @cached_property
    def declared_names(self) -> frozenset[str]:
        """CUDA-looking names this file declares itself (macros, functions, types, variables).

        A declaration of such a name is itself an occurrence, so looking at the parents of the
        occurrences' nodes is enough; no walk over the whole tree is needed.
        """
        found: set[str] = set()
        for occ in self.occurrences:
            node = occ.node
            parent = node.parent if node is not None else None
            if node is None or parent is None:
                continue
            field = _DECLARING_FIELDS.get(parent.type)
            if field is None:
                continue
            if parent.child_by_field_name(field) == node:
                if (
                    parent.type in _TAGGED
                    and parent.child_by_field_name("body") is None
                    and not _namespace_forward_declaration(parent)
                ):
                    continue  # `struct cudaDeviceProp p;` names CUDA's struct; it does not declare one
                if _outside_nvcc(self, parent) or _not_the_projects(self, parent):
                    continue  # `#ifndef __CUDACC__ inline float rsqrtf(...)`: never compiled by nvcc
                if (
                    parent.type == "function_declarator"
                    and occ.entry is not None
                    and _toolkit_polyfill(self, parent)
                ):
                    # `#if __CUDACC_VER_MAJOR__ < 12 __device__ T __ldcs(...)`: CUDA's name elsewhere. A name
                    # no table knows is the project's under any test (ggml's `cublas_get_error_str`).
                    continue
                found.add(occ.name)
        return frozenset(found)

    @cached_property
    def identifiers(self) -> frozenset[bytes]:
        """Every identifier-shaped token of the raw text (comments and strings included), as bytes.

        Found by mapping every non-identifier byte to a space and splitting: two C-speed passes, several
        times faster than a regex scan, which matters because every file pays it.
        """
        return identifier_tokens(self.source)

    @cached_property
    def _token_text(self) -> bytes:
        # The distinct tokens joined by spaces: much shorter than the source, and an identifier-shaped word
        # occurs in the source exactly when it occurs in one of them.
        return b" ".join(self.identifiers)

    def mentioned(self, words: tuple[tuple[bytes, bytes | None], ...]) -> frozenset[bytes]:
        """Which of `words` appear anywhere in the raw text. Each comes with its longest identifier-shaped
        piece: that piece must be in some token, which the short token list answers first; only words
        that are more than that piece need a search of the whole text."""
        tokens = self._token_text
        source = self.source
        return frozenset(
            w for w, piece in words if (piece is None or piece in tokens) and (w == piece or w in source)
        )

    @cached_property
    def candidate_names(self) -> list[str]:
        """Names of this file that a table knows or that look like CUDA's, in no particular order."""
        known, shaped = table_and_cuda_names(self.identifiers, self.tables.symbol_bytes)
        return [t.decode("ascii") for t in known] + [t.decode("ascii") for t in shaped]

    @cached_property
    def occurrences(self) -> list[Occurrence]:
        """Every use of a table name or CUDA-looking name in code, in document order."""
        aliases = self.api_aliases
        names = self.candidate_names + [a for a in aliases if a.encode() in self.identifiers]
        pasted = self.paste_sites
        if not names and not pasted:
            return []
        symbols = self.tables.symbols
        source = self.source
        positions: list[tuple[int, str]] = []
        find = source.find
        for name in names:
            raw_name = name.encode("ascii")
            size = len(raw_name)
            pos = find(raw_name)
            while pos != -1:
                end = pos + size
                # Whole identifiers only: `my_cudaMalloc` and `cudaMallocHost` do not contain `cudaMalloc`.
                if (pos == 0 or source[pos - 1] not in _IDENT_CHARS) and (
                    end == len(source) or source[end] not in _IDENT_CHARS
                ):
                    positions.append((pos, name))
                pos = find(raw_name, end)
        for pos in pasted:
            m = _WORD.match(source, pos)
            if m is not None:
                positions.append((pos, m.group(0).decode("ascii")))
        positions.sort()
        raw_cache: dict[tuple[int, int], set[int]] = {}
        child_spans: dict[tuple[int, int], list[tuple[int, int]]] = {}
        result: list[Occurrence] = []
        root = self.root
        cuda_off = self._cuda_off_branches
        # The project's pasting macros are its own names, even one that CUDA also has (a handbook's
        # `curand(fn)` error check beside cuRAND's device `curand(&state)`).
        own_macros = self.paste_macros if pasted else {}
        for start, name in positions:
            if cuda_off and any(a <= start < b for a, b in cuda_off):
                continue  # `#ifdef NO_CUDA`: the CPU build's stand-ins carry CUDA's names; no CUDA here
            if name in own_macros and start not in pasted:
                continue
            end = start + len(name)
            node = root.descendant_for_byte_range(start, end)
            if node is None:
                continue
            kind = node.type
            if _macro_parameter(node, name):
                continue  # `#define IN_RANGE(x, min, max)`: the macro's own names, not CUDA's `min`
            meant = pasted.get(start) or (aliases.get(name, name) if aliases else name)
            if kind in IDENT_TYPES and node.start_byte == start and node.end_byte == end:
                if name in aliases and _defines_macro(node):
                    continue  # the alias's own `#define`
                if _in_project_namespace(node, name, symbols):
                    continue  # `nvinfer1::pluginInternal::cublasStatus_t`: the project's stand-in
                if in_error_region(node) and _raw_not_a_use(source, start, end, symbols.get(meant)):
                    continue  # a region the grammar could not parse: read as raw text is
                if kind == "field_identifier" and _after_operator_keyword(source, start):
                    # `__host__ __device__ operator cudaExtent() const`: tree-sitter-cuda reads the
                    # conversion's type as a member name; it is a type, so no member-name filter applies.
                    node = None
                elif (
                    kind == "field_identifier"
                    and node.parent is not None
                    and node.parent.type == "field_initializer"
                    and (entry := symbols.get(meant)) is not None
                    and entry.kind == "type"
                ):
                    # `: cuFloatComplex(z)` in a constructor's initializer list names a base class (cusp's
                    # complex<float> derives from cuFloatComplex): a type, renamed with the base specifier.
                    node = None
                result.append(Occurrence(meant, start, end, node, symbols.get(meant)))
                continue
            if kind in LITERAL_TYPES or _inside_literal(node):
                continue
            # Raw text (macro body, #pragma, ERROR region, keyword-like leaf): tokenise it to be sure
            # this is an identifier token and not part of a comment or string inside the raw text.
            span = _raw_window(node, start, end, child_spans)
            starts = raw_cache.get(span)
            if starts is None:
                starts = ident_starts(source[span[0] : span[1]], span[0])
                raw_cache[span] = starts
            if start in starts:
                entry = symbols.get(meant)
                if _raw_not_a_use(source, start, end, entry):
                    continue
                ident_node = node if (node.start_byte == start and node.end_byte == end) else None
                result.append(Occurrence(meant, start, end, ident_node, entry))
        if b"HIP" in source:
            # A dual-source file's own definition of a CUDA name for HIP builds stays as written, and the
            # name's uses elsewhere are CUDA's and translated (_not_the_projects says which definitions).
            result = [o for o in result if not _hip_side_definition(self, o.node)]
        return result

    @cached_property
    def macro_bodies(self) -> list[Node]:
        """The bodies (`preproc_arg`) of the file's `#define`s, object- and function-like, in document order:
        raw text to the grammar, which rules that act inside macros read (Thrust's back-end in
        CTranslate2's `THRUST_CALL`, launches in jetson-utils' `LAUNCH_WARP`). The definition is the
        body's parent."""
        if b"define" not in self.source:
            return []
        return ts.captures(_MACRO_BODIES, self.root).get("v", [])

    @cached_property
    def top_level_includes(self) -> list[Include]:
        """The includes at file scope (not inside #if blocks or ERROR regions): where the SYCL prelude and
        the inline helper blocks of several rules anchor."""
        root = self.root
        # A header wrapped whole in an include guard (`#ifndef X_H / #define X_H ... #endif`) has its
        # header block inside the guard: that is its file scope.
        scope = include_guard(root) or root
        found = []
        for inc in self.includes:
            node = root.descendant_for_byte_range(inc.directive_start, inc.directive_start + 1)
            while node is not None and node.type != "preproc_include":
                node = node.parent
            if node is not None and node.parent is not None and node.parent in (root, scope):
                found.append(inc)
        # Includes after the file's first code are not its header block (`#include <polybench.c>` at
        # the end of a driver, a kernel file included mid-way): anchoring after them would put the
        # prelude below the code that uses it.
        code = next(
            (
                c.start_byte
                for c in scope.named_children
                if not c.type.startswith("preproc") and c.type not in ("comment", "identifier")
            ),
            None,
        )
        early = [inc for inc in found if code is None or inc.directive_start < code]
        return early or found

    @cached_property
    def lexical_includes(self) -> list[Include] | None:
        return lexical_includes(self.source)

    @cached_property
    def includes(self) -> list[Include]:
        """The file's include lines with a path a table could know (`<...>` or `"..."`).

        Found by the lexical scan, which also sees include lines tree-sitter folded into an ERROR region
        (after a macro it could not parse); from the tree only where the scan declines the file.
        """
        found = self._all_includes
        own = self.options.project_headers
        # The project's own header named like CUDA's (`"cuda.h"` beside the file) is no CUDA include: no
        # rule maps, removes or anchors on it as one.
        return [i for i in found if i.system or i.path not in own] if own else found

    @cached_property
    def _all_includes(self) -> list[Include]:
        lexical = self.lexical_includes
        if lexical is not None or self.tree_free:
            return lexical or []
        result: list[Include] = []
        root = self.root
        for m in _include_lines(self.source):
            node = root.descendant_for_byte_range(m.start(), m.start() + 1)
            while node is not None and node.type != "preproc_include":
                node = node.parent
            if node is None:
                continue  # inside a comment, string or raw text
            path_node = node.child_by_field_name("path")
            if path_node is None:
                continue
            raw = self.text(path_node)
            if len(raw) < 2 or raw[0] not in '<"' or raw[-1] not in '>"':
                continue  # a macro as include path: nothing to map
            result.append(
                Include(
                    raw[1:-1],
                    path_node.start_byte + 1,
                    path_node.end_byte - 1,
                    raw[0] == "<",
                    node.start_byte,
                    node.end_byte,
                )
            )
        return result

    @cached_property
    def _line_starts(self) -> list[int]:
        return line_starts(self.source)


def lexical_includes(source: bytes) -> list[Include] | None:
    """The file's `#include <...>`/`"..."` lines found without a parse, or None when the text around one
    is ambiguous without a parse (an open block comment or raw string before it, a continued line).

    The includes of files translated without a tree, and those tree-sitter folded into ERROR regions;
    tests check it agrees with the tree's includes.
    """
    result: list[Include] = []
    raw_string = source.find(b'R"')
    last_open = last_close = -1
    scanned = 0
    for m in _include_lines(source):
        pos = m.start()
        if raw_string != -1 and raw_string < pos:
            return None
        # The latest comment opener and closer before this line, each stretch of text searched once.
        opened = source.rfind(b"/*", scanned, pos)
        closed = source.rfind(b"*/", scanned, pos)
        last_open = opened if opened != -1 else last_open
        last_close = closed if closed != -1 else last_close
        scanned = pos
        if last_open > last_close:
            return None
        if pos >= 2 and source[pos - 2 : pos].rstrip(b"\r\n").endswith(b"\\"):
            return None
        line = _INCLUDE_LINE.match(source, m.end())
        if line is None:
            return None
        if line.group("macro") is not None:
            continue  # `#include SOME_MACRO`: nothing a table can map (the tree's path skips it too)
        group = "system" if line.group("system") is not None else "quoted"
        path = line.group(group).decode("utf-8", "surrogateescape")
        hash_at = source.index(b"#", pos)
        newline = source.find(b"\n", line.end())
        end = len(source) if newline == -1 else newline + 1
        result.append(Include(path, line.start(group), line.end(group), group == "system", hash_at, end))
    return result


def _include_lines(source: bytes) -> Iterator[re.Match[bytes]]:
    """The `#include` directives' starts (the same matches as _INCLUDE.finditer), found by searching for
    the word first: a C-speed search instead of trying the regex at every line of large headers."""
    find = source.find
    at = find(b"include")
    while at != -1:
        line_start = source.rfind(b"\n", 0, at) + 1
        m = _INCLUDE.match(source, line_start)
        if m is not None and m.end() == at + len(b"include"):
            yield m
        at = find(b"include", at + 7)


def _inside_literal(node: Node) -> bool:
    parent = node.parent
    depth = 0
    while parent is not None and depth < 3:
        if parent.type in LITERAL_TYPES:
            return True
        parent = parent.parent
        depth += 1
    return False


# Words after which a name followed by `(` is called, not declared (`return min(a, b)`).
_EXPRESSION_WORDS = frozenset(
    b"return case else throw co_return co_yield co_await sizeof new delete do goto typeid decltype alignof "
    b"noexcept not and or xor bitand bitor compl not_eq and_eq or_eq xor_eq define".split()
)
_FUNCTION_KINDS = frozenset({"function", "device-function"})


def in_error_region(node: Node) -> bool:
    """True under an ERROR node (the grammar's best guess at a region it could not parse)."""
    p = node.parent
    while p is not None:
        if p.type == "ERROR":
            return True
        p = p.parent
    return False


def in_other_scope(source: bytes, start: int) -> bool:
    """True where the name at `start` is qualified by a named scope (`half_float::half`, `std::min`,
    `numeric_limits<T>::min`): another namespace's or class's member, never a CUDA global (the tables
    hold unqualified names). A bare `::name` is the global one."""
    i = start
    while i > 0 and source[i - 1] in b" \t":
        i -= 1
    if source[i - 2 : i] != b"::":
        return False
    j = i - 2
    while j > 0 and source[j - 1] in b" \t":
        j -= 1
    return j > 0 and (source[j - 1] in _IDENT_CHARS or source[j - 1] == ord(">"))


def _raw_not_a_use(source: bytes, start: int, end: int, entry: Entry | None) -> bool:
    """In raw text (a region the grammar could not parse, read token by token): True where the name is
    not CUDA's. `half_float::half` and `std::min` name another scope's member (tables hold unqualified
    names only); `half min() noexcept {` after a type name declares the project's own function."""
    if in_other_scope(source, start):
        return True
    if entry is None or entry.kind not in _FUNCTION_KINDS:
        return False
    k = end
    while k < len(source) and source[k] in b" \t":
        k += 1
    if source[k : k + 1] != b"(":
        return False
    before = re.search(rb"([A-Za-z_]\w*)[ \t]*$", source[max(0, start - 80) : start])
    if before is None or before.group(1) in _EXPRESSION_WORDS or before.group(1)[0:1].isdigit():
        return False
    return True


def _raw_window(
    node: Node, start: int, end: int, spans: dict[tuple[int, int], list[tuple[int, int]]]
) -> tuple[int, int]:
    """The raw text around [start, end) that must be tokenised to tell whether it is an identifier.

    For a leaf that is the leaf. For a node with children the name lies in a gap between two children
    (text the grammar skipped, such as a line parse() blanked): children end and begin at token
    boundaries, so the gap tokenises as it would inside the whole node, and a file-sized node is not
    tokenised whole for every such gap. A child that cuts into the name falls back to the whole node.
    `spans` caches each node's child spans (found here by bisection: tree-sitter's first_child_for_byte
    gives an unusable node past the last child).
    """
    whole = (node.start_byte, node.end_byte)
    if node.child_count == 0:
        return whole
    kids = spans.get(whole)
    if kids is None:
        kids = [(c.start_byte, c.end_byte) for c in node.children]
        spans[whole] = kids
    i = bisect.bisect_right(kids, (start, end))  # the children that start at or before the name
    low = kids[i - 1][1] if i else whole[0]
    high = kids[i][0] if i < len(kids) else whole[1]
    if low > start or high < end:
        return whole
    return (low, high)


def identifier_tokens(source: bytes) -> frozenset[bytes]:
    """The distinct identifier-shaped tokens of raw text (comments and strings included)."""
    return frozenset(source.translate(_TO_SPACE).split())


def table_and_cuda_names(tokens: frozenset[bytes], known: frozenset[bytes]) -> tuple[set[bytes], list[bytes]]:
    """Of a file's tokens: those a table knows, and the others shaped like CUDA's names (CUDA_NAME)."""
    in_tables = tokens & known
    if len(in_tables) == len(tokens):
        return set(in_tables), []
    return set(in_tables), _CUDA_TOKEN.findall(b" ".join(tokens - in_tables))


def line_starts(source: bytes) -> list[int]:
    starts = [0]
    find = source.find
    pos = find(b"\n")
    while pos != -1:
        starts.append(pos + 1)
        pos = find(b"\n", pos + 1)
    return starts


def _line_col(starts: list[int], offset: int) -> tuple[int, int]:
    i = bisect.bisect_right(starts, offset) - 1
    return i + 1, offset - starts[i] + 1
