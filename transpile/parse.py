"""Parsing CUDA source with tree-sitter.

One parser per process: building a `Parser` is cheap, but the grammar object is shared, and workers in a
process pool each get their own through this module's lazy globals.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import tree_sitter_cuda
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

_LANGUAGE: Language | None = None
_PARSER: Parser | None = None
_QUERIES: dict[str, Query] = {}


def language() -> Language:
    global _LANGUAGE
    if _LANGUAGE is None:
        _LANGUAGE = Language(tree_sitter_cuda.language())
    return _LANGUAGE


def parse(source: bytes, qualifier_macros: Iterable[str] | None = None) -> Tree:
    """Parse CUDA/C++ source bytes. Never raises on bad syntax: errors become ERROR nodes.

    A file that does not parse is parsed once more with its statement-like macro lines blanked out
    (`PERF_BEGIN` and `PERF_END("x", w, h)` alone on a line, no `;`: the preprocessor makes them
    statements, the grammar reads them as the start of a declaration and loses the launch below), and
    that tree is kept when it has fewer errors. Blanking keeps every offset, so the tree's nodes still
    point into the original text, which is what rules read and rewrite; the blanked lines are raw text
    to them, as unparsed regions are.
    """
    global _PARSER
    if _PARSER is None:
        _PARSER = Parser(language())
    tree = _PARSER.parse(source)
    if not tree.root_node.has_error:
        return tree
    best, weight = tree, _error_weight(tree.root_node)
    original = source
    # `#if` lines inside a call's or declaration's parentheses (an argument or parameter that exists in
    # one configuration: convolutionFFT2D's `kernelX\n#if (USE_TEXTURE)\n, texFloat\n#endif`): the
    # grammar reads the directive as part of an expression. Blanked, the list parses as the union of its
    # branches, and edits that append to it go after the directives (see _signature.append_*).
    if _CONDITIONAL.search(source):
        masked = mask_conditionals_in_parens(source)
        if masked is not None:
            other = _PARSER.parse(masked)
            other_weight = _error_weight(other.root_node)
            if other_weight < weight:
                best, weight, source = other, other_weight, masked
    # Conditional branches that are not whole constructs (`#ifdef HIP\n void f(int a) {\n#else\n void
    # f(int a, int b) {\n#endif`, an `if (i < n) {` in one branch and a bare `{` in the other): the grammar
    # sees both branches at once, unbalanced, and often loses the whole file. One branch of each such
    # group is kept, the others and the directives blanked: the tree is one configuration's.
    if best.root_node.has_error and _CONDITIONAL.search(original):
        masked = mask_unbalanced_branches(original)
        if masked is not None:
            other = _PARSER.parse(masked)
            other_weight = _error_weight(other.root_node)
            if other_weight < weight:
                best, weight, source = other, other_weight, masked
    # An attribute macro between a qualifier and the declaration (moderngpu's `__global__
    # MGPU_LAUNCH_BOUNDS(launch_box) void k(...)`, a `__launch_bounds__` in disguise): the grammar cannot
    # place the call; blanked, the function parses and its qualifiers and parameters are rewritten.
    if best.root_node.has_error and _QUALIFIER_MACRO.search(source):
        masked = _QUALIFIER_MACRO.sub(lambda m: m.group(1) + b" " * len(m.group(2)), source)
        other = _PARSER.parse(masked)
        other_weight = _error_weight(other.root_node)
        if other_weight < weight:
            best, weight, source = other, other_weight, masked
    # Macros that stand for qualifiers (`#define MGPU_DEVICE __device__`, here or in a header:
    # `qualifier_macros`) before a declaration: the grammar reads the name as a type and the real type as
    # an error. Blanked, the function parses; the rules read the macro's qualifiers from the text
    # (_syntax.qualifiers with a context).
    # (None: the file's own, found here; a RuleContext passes its own set, which already holds them)
    names = sorted(qualifier_macro_defs(source) if qualifier_macros is None else qualifier_macros)
    if best.root_node.has_error and names:
        pattern = re.compile(
            rb"(?<![\w#])(?:" + b"|".join(re.escape(n.encode()) for n in names) + rb")(?=[ \t\r\n]+[A-Za-z_])"
        )
        masked = _mask_outside_directives(pattern, source)
        if masked != source:
            other = _PARSER.parse(masked)
            other_weight = _error_weight(other.root_node)
            if other_weight < weight:
                best, weight, source = other, other_weight, masked
    if best.root_node.has_error and _STATEMENT_MACRO.search(source):
        masked = _STATEMENT_MACRO.sub(lambda m: b" " * len(m.group(0)), source)
        other = _PARSER.parse(masked)
        if _error_weight(other.root_node) < weight:
            return other
    return best


# The words a qualifier macro may stand for (and nothing else): CUDA's function qualifiers and C++'s.
QUALIFIER_WORDS = frozenset(
    {
        "__device__",
        "__host__",
        "__global__",
        "__forceinline__",
        "__noinline__",
        "inline",
        "static",
        "__inline__",
    }
)
_CUDA_QUALIFIERS = frozenset({"__device__", "__host__", "__global__"})
_OBJECT_DEFINE = re.compile(
    rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+([^\n\\(]*?)[ \t]*$", re.MULTILINE
)


def qualifier_macro_defs(data: bytes) -> dict[str, frozenset[str]]:
    """Object-like macros a file defines as CUDA function qualifiers (`#define MGPU_DEVICE __device__`,
    `#define HD __host__ __device__`): name -> the qualifiers. A name defined several ways (nvcc's branch
    and a host compiler's empty one) gets the union: the CUDA branch is the one translated."""
    out: dict[str, frozenset[str]] = {}
    if b"__device__" not in data and b"__global__" not in data:
        return out
    for m in _OBJECT_DEFINE.finditer(data):
        words = set(m.group(2).decode("utf-8", "replace").split())
        if words and words <= QUALIFIER_WORDS and words & _CUDA_QUALIFIERS:
            name = m.group(1).decode()
            out[name] = out.get(name, frozenset()) | frozenset(words)
    return out


_API_NAME = re.compile(rb"(?:cuda|cublas|curand|cufft|cusparse|cusolver)[A-Z]\w*")


def api_alias_defs(data: bytes) -> dict[str, str]:
    """Object-like macros a file defines as one CUDA API name (qulacs' `#define gpuMalloc cudaMalloc`, in
    a portability header that says `hipMalloc` under its HIP branch): alias -> the CUDA name."""
    out: dict[str, str] = {}
    if b"define" not in data:
        return out
    for m in _OBJECT_DEFINE.finditer(data):
        body = m.group(2).strip()
        if _API_NAME.fullmatch(body):
            out[m.group(1).decode()] = body.decode()
    return out


# Prefixes of CUDA's C APIs that a project's error-check macro may paste onto its argument.
PASTE_PREFIXES = frozenset({"cuda", "cu", "cublas", "cufft", "curand", "cusparse", "cusolverDn", "nvrtc"})
_FUNCTION_DEFINE = re.compile(
    rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\([ \t]*([A-Za-z_]\w*)[ \t]*\)((?:[^\n]*\\\r?\n)*[^\n]*)",
    re.MULTILINE,
)


def _pastes(body: bytes, param: bytes) -> Iterator[re.Match[bytes]]:
    """`PREFIX ## param` in a macro body: group 1 is the prefix."""
    return re.finditer(rb"\b([A-Za-z_]\w*)[ \t]*##[ \t]*" + re.escape(param) + rb"\b", body)


def paste_macro_defs(data: bytes) -> dict[str, str]:
    """Function-like macros a file defines that paste a CUDA API prefix onto their argument (the CUDA
    Handbook's `#define cuda( fn ) ... (cuda##fn) ...`, called `cuda(Malloc(&p, n))`): name -> prefix."""
    out: dict[str, str] = {}
    if b"##" not in data:
        return out
    for m in _FUNCTION_DEFINE.finditer(data):
        for p in _pastes(m.group(3), m.group(2)):
            prefix = p.group(1).decode()
            if prefix in PASTE_PREFIXES:
                out[m.group(1).decode()] = prefix
    return out


def paste_spans(data: bytes, names: Iterable[str]) -> list[tuple[int, int, str]]:
    """In every definition of the macros `names` (whatever prefix it pastes: a dual-source project's HIP
    side pastes `hip##fn`), the `PREFIX ##` before the parameter: (start, end, prefix)."""
    wanted = {n.encode() for n in names}
    spans: list[tuple[int, int, str]] = []
    for m in _FUNCTION_DEFINE.finditer(data):
        if m.group(1) in wanted:
            base = m.start(3)
            for p in _pastes(m.group(3), m.group(2)):
                spans.append((base + p.start(), base + p.end() - len(m.group(2)), p.group(1).decode()))
    return spans


def paste_call_sites(data: bytes, macros: dict[str, str]) -> dict[int, str]:
    """Where calls of paste macros name a CUDA API by its suffix (`cuda(Malloc(&p, n))`): the suffix's
    offset -> the whole CUDA name (`cudaMalloc`)."""
    sites: dict[int, str] = {}
    for name, prefix in macros.items():
        pattern = re.compile(rb"\b" + re.escape(name.encode()) + rb"[ \t]*\([ \t\r\n]*([A-Z]\w*)[ \t]*\(")
        for m in pattern.finditer(data):
            sites[m.start(1)] = prefix + m.group(1).decode()
    return sites


def _mask_outside_directives(pattern: re.Pattern[bytes], source: bytes) -> bytes:
    """`pattern`'s matches blanked with spaces, except on preprocessor lines (the `#define` itself)."""
    out = bytearray(source)
    for m in pattern.finditer(source):
        line_start = source.rfind(b"\n", 0, m.start()) + 1
        if source[line_start : m.start()].lstrip().startswith(b"#"):
            continue
        out[m.start() : m.end()] = b" " * (m.end() - m.start())
    return bytes(out)


_QUALIFIER_MACRO = re.compile(
    rb"(\b(?:__global__|__device__|__host__)[ \t]+)([A-Z][A-Z0-9_]*[ \t]*\((?:[^()\n]|\([^()\n]*\))*\))"
)
_CONDITIONAL = re.compile(rb"^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|else|endif)\b", re.MULTILINE)
# What can hide a parenthesis: comments, string and character literals, and whole directive lines (with
# their continuations); the parentheses themselves, and what ends a statement.
_PAREN_TOKENS = re.compile(
    rb"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|^[ \t]*#(?:[^\n]*\\\r?\n)*[^\n]*|[(){};]",
    re.MULTILINE | re.DOTALL,
)


def mask_conditionals_in_parens(source: bytes) -> bytes | None:
    """`source` with every conditional directive line that sits inside parentheses blanked (offsets kept),
    or None when there is none."""
    # One flag per open parenthesis: still inside one expression. A `;` or a brace after it means it is
    # not a call's or declaration's list (a `for` header, a lambda) or never closes (`printf("..."` in
    # `#if` dead code, as in Mandelbrot): directives there are left alone.
    open_: list[bool] = []
    spans: list[tuple[int, int]] = []
    for m in _PAREN_TOKENS.finditer(source):
        tok = m.group(0)
        if tok == b"(":
            open_.append(True)
        elif tok == b")":
            if open_:
                open_.pop()
        elif tok in (b";", b"{", b"}"):
            if open_:
                open_[-1] = False
        elif open_ and open_[-1] and tok.lstrip(b" \t").startswith(b"#") and _CONDITIONAL.match(tok):
            spans.append(m.span())
    if not spans:
        return None
    out = bytearray(source)
    for a, b in spans:
        out[a:b] = re.sub(rb"[^\n]", b" ", source[a:b])
    return bytes(out)


_DIRECTIVE_LINE = re.compile(
    rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b((?:[^\n]*\\\r?\n)*[^\n]*)", re.MULTILINE
)
_BALANCE_TOKENS = re.compile(
    rb"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|^[ \t]*#(?:[^\n]*\\\r?\n)*[^\n]*|[(){}]",
    re.MULTILINE | re.DOTALL,
)
# A branch for a HIP (AMD) build: in dual-source code it is HIP already, so the CUDA branch is the one
# a translation (to either target) must parse.
_HIP_CONDITION = re.compile(rb"HIP|__HIPCC__|_AMD_|\bAMD_|_AMD\b")


def _balance(text: bytes) -> tuple[int, int]:
    """Net (braces, parentheses) opened by `text`, outside comments, literals and directive lines."""
    braces = parens = 0
    for m in _BALANCE_TOKENS.finditer(text):
        tok = m.group(0)
        if tok == b"{":
            braces += 1
        elif tok == b"}":
            braces -= 1
        elif tok == b"(":
            parens += 1
        elif tok == b")":
            parens -= 1
    return braces, parens


@dataclass(frozen=True)
class _Group:
    """One `#if`/`#ifdef`/`#ifndef` ... `#endif` group: its branches' directive lines (start, end, kind,
    condition) and its `#endif` line."""

    branches: tuple[tuple[int, int, bytes, bytes], ...]
    endif: tuple[int, int]

    def bodies(self) -> list[tuple[int, int]]:
        ends = [d[0] for d in self.branches[1:]] + [self.endif[0]]
        return [(d[1], end) for d, end in zip(self.branches, ends, strict=True)]

    def hip_branch(self) -> int | None:
        """The index of the branch a HIP build takes, when the group tests for one (`#ifdef
        __HIP_PLATFORM_AMD__` -> 0; the `#else` of `#ifndef USE_HIP` -> 1)."""
        kind, cond = self.branches[0][2], self.branches[0][3]
        if not _HIP_CONDITION.search(cond) or b"!" in cond:
            return None
        if kind != b"ifndef":
            return 0
        return next((i for i, d in enumerate(self.branches) if d[2] == b"else"), None)


def _conditional_groups(source: bytes) -> Iterator[_Group]:
    """The file's conditional groups, each when its `#endif` is reached (inner groups first); an `#else`
    or `#endif` without its `#if` is skipped."""
    stack: list[list[tuple[int, int, bytes, bytes]]] = []
    for m in _DIRECTIVE_LINE.finditer(source):
        kind = m.group(1)
        if kind in (b"if", b"ifdef", b"ifndef"):
            stack.append([(m.start(), m.end(), kind, m.group(2))])
        elif stack and kind in (b"elif", b"else"):
            stack[-1].append((m.start(), m.end(), kind, m.group(2) if kind == b"elif" else b""))
        elif stack:
            yield _Group(tuple(stack.pop()), (m.start(), m.end()))


def groups_holding(source: bytes, pattern: re.Pattern[bytes]) -> list[tuple[int, int]]:
    """The directive lines (`#if`, `#elif`, `#else`, as byte spans) of every conditional group one of whose
    branch bodies `pattern` matches in: one pass over the file's groups."""
    return [
        (start, end)
        for g in _conditional_groups(source)
        if any(pattern.search(source, a, b) for a, b in g.bodies())
        for start, end, _kind, _cond in g.branches
    ]


def hip_branch_spans(source: bytes) -> list[tuple[int, int]]:
    """The bodies of conditional branches for a HIP build (`#ifdef __HIP_PLATFORM_AMD__`, `#if
    defined(GGML_USE_HIP)`, the `#else` of `#ifndef USE_HIP`), as byte spans: dual-source code's HIP
    side."""
    return [g.bodies()[i] for g in _conditional_groups(source) if (i := g.hip_branch()) is not None]


# Macros the HIP compiler itself defines: a branch testing one is taken by every HIP build. Other HIP-looking
# macros (`GGML_USE_HIP`, `USE_ROCM`) are a project's build switches, set only by its own HIP build.
HIP_COMPILER_MACROS = frozenset({b"__HIPCC__", b"__HIP__", b"__HIP_PLATFORM_AMD__", b"__HIP_PLATFORM_HCC__"})
_SIMPLE_TEST = re.compile(rb"\s*(!?)\s*(?:defined\s*\(?\s*(\w+)\s*\)?|(\w+))\s*")


def _defined_test(group: _Group) -> tuple[bytes, bool] | None:
    """A group whose test is whether one macro is defined (`#ifdef X`, `#ifndef X`, `#if defined(X)`,
    `#if !defined(X)`): (X, negated). None for anything else, `#if X` included (its value decides)."""
    kind, cond = group.branches[0][2], group.branches[0][3]
    m = _SIMPLE_TEST.fullmatch(cond) if kind in (b"if", b"ifdef", b"ifndef") else None
    if m is None or (kind != b"if" and (m.group(1) or m.group(2))):
        return None
    if kind == b"if" and m.group(3) is not None:
        return None
    return m.group(2) or m.group(3), kind == b"ifndef" or bool(m.group(1))


def untaken_branch_spans(
    source: bytes, target: str, defines: frozenset[bytes] = frozenset()
) -> list[tuple[int, int]]:
    """Bodies of conditional branches a build of the translation for `target` ("hip" or "sycl") never
    compiles, as far as a single-macro test decides it: `#if 0`; a CUDA library header's guard
    (guarded_branch_spans); for HIP, the branches not taken on a test of a macro the HIP compiler defines
    (`#ifdef __HIPCC__ ... #else <CUDA side>`) and the HIP side of a project's own switch that the build does
    not define (`#ifdef GGML_USE_HIP`); for SYCL, every HIP side; for both, the CPU side of a CUDA-off switch
    the flags do not set (`#ifdef NO_CUDA`, cuda_off_branch_spans). Anything more complex counts as taken.
    `defines` are the macros the task's flags define (-DNAME)."""
    spans: list[tuple[int, int]] = []
    for g in _conditional_groups(source):
        kind, cond = g.branches[0][2], g.branches[0][3]
        bodies = g.bodies()
        if kind == b"if" and cond.strip() == b"0":
            spans.append(bodies[0])
            continue
        test = _defined_test(g)
        if test is None:
            continue
        name, negated = test
        if name in CUDA_LIBRARY_GUARDS and not negated:
            spans.append((g.branches[0][0], bodies[0][1]))  # as guarded_branch_spans: the test, then its body
            continue
        if _CUDA_OFF.fullmatch(name) and name not in defines:
            spans += cuda_off_sides(g, negated)
            continue
        if not _HIP_CONDITION.search(name):
            continue
        # A SYCL build defines no HIP macro; a HIP build, the compiler's and those the task's flags set.
        defined = target == "hip" and (name in HIP_COMPILER_MACROS or name in defines)
        # The first branch is taken when the test holds, and then no later one is; when it does not hold,
        # the first is dead and which later one is taken depends on their own tests.
        if defined != negated:
            spans += bodies[1:]
        else:
            spans.append(bodies[0])
    return spans


_DEFINE_LINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", re.MULTILINE)


def self_disabled_spans(source: bytes) -> list[tuple[int, int]]:
    """Branch bodies the file switches off itself, whatever the build's flags: `#if 0`, and `#ifndef X`
    (`#if !defined(X)`) after the file's own `#define X` (an online judge's template: `#define NO_IMPORT`,
    then `#ifndef NO_IMPORT` around its includes). An include guard defines its macro after its test."""
    defines = [(m.start(), m.group(1)) for m in _DEFINE_LINE.finditer(source)]
    spans: list[tuple[int, int]] = []
    for g in _conditional_groups(source):
        kind, cond = g.branches[0][2], g.branches[0][3]
        test = _defined_test(g)
        if (kind == b"if" and cond.strip() == b"0") or (
            test is not None
            and test[1]
            and any(at < g.branches[0][0] and name == test[0] for at, name in defines)
        ):
            spans.append(g.bodies()[0])
    return spans


# nvcc's own macros, true for every file it compiles; any other name's value is unknown here.
_NVCC_NAMES = frozenset({b"__CUDACC__", b"__NVCC__"})
_CONDITION_TOKEN = re.compile(rb"\s*(defined\s*\(\s*\w+\s*\)|defined\s+\w+|\w+|&&|\|\||!=|[!()]|\S)")


def nvcc_condition(cond: bytes) -> bool | None:
    """The value of an `#if` condition for nvcc, where it depends only on `__CUDACC__` / `__NVCC__` being
    defined (oskar's `#if !(defined(__VECTOR_TYPES_H__) || defined(__CUDACC__))`: False), else None.
    Other names are unknown (None); `!`, `&&`, `||` and parentheses combine them as three-valued logic, and
    any other operator makes the whole unknown."""
    tokens = [t.group(1) for t in _CONDITION_TOKEN.finditer(cond)]
    pos = 0

    def primary() -> bool | None:
        nonlocal pos
        if pos >= len(tokens):
            raise ValueError
        tok = tokens[pos]
        pos += 1
        if tok == b"!":
            v = primary()
            return None if v is None else not v
        if tok == b"(":
            v = disjunction()
            if pos >= len(tokens) or tokens[pos] != b")":
                raise ValueError
            pos += 1
            return v
        if tok.startswith(b"defined"):
            return True if re.sub(rb"defined|[\s()]", b"", tok) in _NVCC_NAMES else None
        if tok in _NVCC_NAMES:
            return True
        if tok.isdigit():
            return tok.strip(b"0") != b""
        if re.fullmatch(rb"\w+", tok):
            return None
        raise ValueError

    def chain(operator: bytes, operand: Callable[[], bool | None], absorbing: bool) -> bool | None:
        """`a && b && ...` (absorbing False) or `a || b || ...` (absorbing True), three-valued."""
        nonlocal pos
        v = operand()
        while pos < len(tokens) and tokens[pos] == operator:
            pos += 1
            w = operand()
            v = absorbing if absorbing in (v, w) else None if None in (v, w) else not absorbing
        return v

    def conjunction() -> bool | None:
        return chain(b"&&", primary, False)

    def disjunction() -> bool | None:
        return chain(b"||", conjunction, True)

    try:
        value = disjunction()
    except ValueError:
        return None
    return value if pos == len(tokens) else None


# A project's switch for a build without CUDA (`NO_CUDA`, Caffe's `CPU_ONLY`): the side it guards is the CPU
# build's, where a project may define stand-ins under CUDA's own names (the CUDA Handbook's chCUDA.h:
# `#define cudaMemcpyHostToDevice 0`, `struct cudaDeviceProp { int major; ... }`). The CUDA build does not
# take it, so a translation's build does not either, and nothing there is CUDA left unconverted.
_CUDA_OFF = re.compile(rb"(?:\w+_)?(?:NO_?CUDA|CPU_ONLY|WITHOUT_CUDA|DISABLE_CUDA|CUDA_DISABLED)")


def cuda_off_sides(group: _Group, negated: bool) -> list[tuple[int, int]]:
    """The bodies of `group` a build without its CUDA-off macro skips: the `#ifdef NO_CUDA` body, or what
    follows the `#ifndef NO_CUDA` body (its `#else`)."""
    bodies = group.bodies()
    return bodies[1:] if negated else bodies[:1]


def cuda_off_branch_spans(source: bytes) -> list[tuple[int, int]]:
    """The CPU-build sides of single-macro tests of a CUDA-off switch (`#ifdef NO_CUDA`, `#ifndef CPU_ONLY
    ... #else`), as byte spans: code no CUDA build, and so no translation's build, compiles."""
    spans: list[tuple[int, int]] = []
    for g in _conditional_groups(source):
        test = _defined_test(g)
        if test is not None and _CUDA_OFF.fullmatch(test[0]):
            spans += cuda_off_sides(g, test[1])
    return spans


# Include guards of CUDA library headers that keep their name in a translation (no target header defines
# them): a branch `#ifdef CUBLAS_API_H_` (cuda-samples' helper_cuda.h: the library's error strings) is
# compiled only when that CUDA header came first, which never happens in a HIP or SYCL build.
CUDA_LIBRARY_GUARDS = frozenset(
    {b"CUBLAS_API_H_", b"_CUFFT_H_", b"CUSOLVER_COMMON_H_", b"NVJPEGAPI", b"NV_NPPIDEFS_H", b"CUSPARSEAPI",
     b"CURAND_H_", b"__cuda_cuda_h__", b"CUDNN_H_", b"NV_NVTX_H", b"CUBLAS_V2_H_", b"__NVRTC_H__"}
)  # fmt: skip


def guarded_branch_spans(
    source: bytes, guards: frozenset[bytes] = CUDA_LIBRARY_GUARDS
) -> list[tuple[int, int]]:
    """The `#ifdef G` / `#if defined(G)` branches (the first branch of a group: its directive line and
    body) whose macro G is one of `guards`: code a build compiles only when the header defining G was
    included first."""
    spans = []
    for g in _conditional_groups(source):
        kind, cond = g.branches[0][2], g.branches[0][3].strip()
        m = re.fullmatch(rb"defined\s*\(?\s*(\w+)\s*\)?", cond) if kind == b"if" else None
        name = cond.split()[0] if kind == b"ifdef" and cond.split() else (m.group(1) if m else b"")
        if name in guards:
            spans.append((g.branches[0][0], g.bodies()[0][1]))  # the test itself, then its body
    return spans


def condition_operand_spans(source: bytes) -> list[tuple[int, int]]:
    """The byte spans of `#ifdef`/`#ifndef`/`#if`/`#elif` directive lines: names there are tested, not
    used."""
    return [
        m.span()
        for m in _DIRECTIVE_LINE.finditer(source)
        if m.group(1) in (b"if", b"ifdef", b"ifndef", b"elif")
    ]


def _blank(out: bytearray, a: int, b: int) -> None:
    out[a:b] = re.sub(rb"[^\n]", b" ", bytes(out[a:b]))


def mask_unbalanced_branches(source: bytes) -> bytes | None:
    """`source` with each conditional group whose branches are not whole constructs (a branch opens or
    closes a brace or parenthesis it does not close or open) reduced to one branch: its directive lines
    and the other branches blanked, offsets kept. The branch kept is the first one not for a HIP build.
    None when no group needs it."""
    out = bytearray(source)
    changed = False
    for group in _conditional_groups(source):
        bodies = group.bodies()
        # (inner groups are masked already: their balance is read from `out`)
        if all(_balance(bytes(out[a:b])) == (0, 0) for a, b in bodies):
            continue
        hip = group.hip_branch()
        keep = next((i for i in range(len(bodies)) if i != hip), -1)
        changed = True
        for a, b, _, _ in group.branches:
            _blank(out, a, b)
        _blank(out, *group.endif)
        for i, (a, b) in enumerate(bodies):
            if i != keep:
                _blank(out, a, b)
    return bytes(out) if changed else None


# An upper-case macro alone on its line, called or not, with no `;`: a statement or declaration macro.
_STATEMENT_MACRO = re.compile(
    rb"^[ \t]*[A-Z][A-Z0-9_]*[A-Z0-9](?:[ \t]*\([^;{}\n]*\))?[ \t]*(?://[^\n]*)?$", re.MULTILINE
)


def _error_weight(root: Node) -> int:
    """How much of a tree is broken: the bytes its outermost ERROR nodes cover, and one per MISSING."""
    return sum(max(1, n.end_byte - n.start_byte) if n.is_error else 1 for n in error_nodes(root))


def query(pattern: str) -> Query:
    """A compiled tree-sitter query, cached by its text (compiling costs more than running)."""
    q = _QUERIES.get(pattern)
    if q is None:
        q = Query(language(), pattern)
        _QUERIES[pattern] = q
    return q


def captures(pattern: str, node: Node) -> dict[str, list[Node]]:
    """Run a query over `node`; returns capture name -> nodes in document order.

    Over a whole tree, a pattern of plain `(type) @name` items whose types are all INDEXED is answered
    from one index per tree (root_index): a query over a whole tree costs about as much as parsing it,
    and the SYCL pack asks some twenty such questions of every file."""
    if node.parent is None:
        atoms = _simple_atoms(pattern)
        if atoms is not None:
            return _from_index(root_index(node), atoms)
    result = QueryCursor(query(pattern)).captures(node)
    for nodes in result.values():
        nodes.sort(key=lambda n: n.start_byte)
    return result


# Node types the whole-tree index holds: those the rules ask of whole trees. Collecting them costs one
# query over the tree, about as much as asking for any one of them.
INDEXED = (
    "binary_expression",
    "call_expression",
    "declaration",
    "field_declaration",
    "field_expression",
    "for_statement",
    "function_definition",
    "init_declarator",
    "kernel_call_syntax",
    "parameter_declaration",
    "preproc_def",
    "preproc_function_def",
    "qualified_identifier",
    "type_identifier",
    "type_qualifier",
)
_INDEX_PATTERN = " ".join(f"({t}) @{t}" for t in INDEXED)
_ATOM = re.compile(r"\s*\((\w+)\)\s*@(\w+)")
_ATOMS: dict[str, list[tuple[str, str]] | None] = {}
# The last tree's index, with its root node: holding the node keeps its tree alive, so an equal root is
# the same tree. A tuple assigned in one step, so a reader sees one tree's root and index together.
_INDEX: tuple[Node, dict[str, list[Node]]] | None = None


def _simple_atoms(pattern: str) -> list[tuple[str, str]] | None:
    """[(node type, capture name)] when the pattern is only `(type) @name` items of INDEXED types."""
    if pattern in _ATOMS:
        return _ATOMS[pattern]
    atoms: list[tuple[str, str]] | None = []
    pos = 0
    while atoms is not None and pattern[pos:].strip():
        m = _ATOM.match(pattern, pos)
        if m is None or m.group(1) not in INDEXED:
            atoms = None
        else:
            atoms.append((m.group(1), m.group(2)))
            pos = m.end()
    _ATOMS[pattern] = atoms
    return atoms


def root_index(root: Node) -> dict[str, list[Node]]:
    """Node type -> every node of that type in the tree under `root`, in document order (INDEXED types)."""
    global _INDEX
    cached = _INDEX
    if cached is not None and cached[0] == root:
        return cached[1]
    found = QueryCursor(query(_INDEX_PATTERN)).captures(root)
    for nodes in found.values():
        nodes.sort(key=lambda n: n.start_byte)
    _INDEX = (root, found)
    return found


def _from_index(index: dict[str, list[Node]], atoms: list[tuple[str, str]]) -> dict[str, list[Node]]:
    result: dict[str, list[Node]] = {}
    for kind, name in atoms:
        nodes = index.get(kind)
        if nodes:
            result.setdefault(name, []).extend(nodes)
    if len(atoms) > 1:
        for nodes in result.values():  # several types under one name: document order, outer node first
            nodes.sort(key=lambda n: (n.start_byte, -n.end_byte))
    return result


def matches(pattern: str, node: Node) -> list[dict[str, list[Node]]]:
    """Run a query; one dict of captures per match (for patterns whose captures belong together)."""
    return [m for _, m in QueryCursor(query(pattern)).matches(node)]


def function_declarator(node: Node) -> Node | None:
    """The `function_declarator` under a function definition or declaration, through the pointer,
    reference and qualifier declarators that wrap it; None when there is none."""
    decl = node.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        inner = decl.child_by_field_name("declarator")
        if inner is None and decl.type == "reference_declarator" and decl.named_children:
            inner = decl.named_children[-1]  # the grammar gives `&f()`'s declarator no field name
        decl = inner
    return decl


def text(node: Node) -> str:
    raw = node.text
    return raw.decode("utf-8", "replace") if raw is not None else ""


def has_error(tree: Tree) -> bool:
    return tree.root_node.has_error


def _braced_launch_dimension(node: Node) -> bool:
    """`k<<<grid, {32, 4, 1}>>>`: the grammar wants a type before a braced list there and reports a
    MISSING one, but the braced dim3 is valid CUDA C++ (the launch rules read the list)."""
    parent = node.parent
    return (
        node.is_missing
        and parent is not None
        and parent.type == "compound_literal_expression"
        and parent.parent is not None
        and parent.parent.type == "kernel_call_syntax"
    )


def error_nodes(root: Node) -> list[Node]:
    """Outermost ERROR and MISSING nodes, in document order.

    The last tree's answer is kept (like root_index): parse() weighs a tree's errors and GP001 then
    reports the same tree's; a fresh list each time, as callers may keep it."""
    global _ERRORS
    cached = _ERRORS
    if cached is not None and cached[0] == root:
        return list(cached[1])
    found = _error_nodes(root)
    _ERRORS = (root, found)
    return list(found)


_ERRORS: tuple[Node, list[Node]] | None = None


def _error_nodes(root: Node) -> list[Node]:
    found: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.has_error:
            continue
        if node.is_error or node.is_missing:
            if not _braced_launch_dimension(node):
                found.append(node)
            continue
        stack.extend(reversed(node.children))
    return found
