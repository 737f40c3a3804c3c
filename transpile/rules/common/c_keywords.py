"""GP314 c-keywords: C's `_Bool` and GNU C's `__auto_type`, in headers C++ translation units include.

What it does
    In a file that spells `_Bool` or `__auto_type` in code, inserts once, before the top-level declaration
    of the first use, a definition that exists only for C++:
    `#if defined(__cplusplus) && !defined(_Bool)` / `#define _Bool bool` / `#endif`
    (and `#define __auto_type auto` the same way). The uses are left as written.
Why
    C projects (BART) share headers between `.c` files, compiled as C, and `.cu` files. nvcc's front end
    accepts the C keyword `_Bool` and GNU C's `__auto_type` in C++ mode; clang (hipcc, DPC++,
    AdaptiveCpp) and g++ reject both under -std=c++17. Renaming them would break the same headers'
    C compiles (`bool` needs <stdbool.h> there before C23), so the C++ meaning comes from a macro
    that C never sees.
Example
    extern _Bool debug_logging;
Translated to
    #if defined(__cplusplus) && !defined(_Bool)
    #define _Bool bool
    #endif
    extern _Bool debug_logging;
Safety
    safe: C's `_Bool` and C++'s `bool` are the same type to both compilers, and `__auto_type x = e;`
    deduces as `auto x = e;` does for the single-variable declarations GNU C allows.
References
    C11 6.2.5 (_Bool); GCC manual, "Typeof" (__auto_type); GCC's and clang's <stdbool.h>, which define
    `_Bool` as `bool` for C++ as a GNU extension.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ...tokens import ident_starts
from ..base import Rule

# C spelling -> the C++ it means
KEYWORDS = {"_Bool": "bool", "__auto_type": "auto"}
_WORD = re.compile(rb"\b(_Bool|__auto_type)\b")
# Containers a definition may be inserted inside of (at the start of one of their children's lines).
_SCOPES = frozenset(
    {"translation_unit", "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "declaration_list"}
)


def definition(word: str) -> str:
    return f"#if defined(__cplusplus) && !defined({word})\n#define {word} {KEYWORDS[word]}\n#endif\n"


class CKeywords(Rule):
    code = "GP314"
    name = "c-keywords"
    targets = frozenset({"hip", "sycl"})
    summary = "Give C's _Bool and GNU C's __auto_type their C++ meaning (a macro only C++ sees)."
    triggers = (b"_Bool", b"__auto_type")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        firsts: dict[str, int] = {}
        # identifier tokens in code: comments and string/char literals are skipped by the tokenizer
        code = ident_starts(ctx.source)
        for m in _WORD.finditer(ctx.source):
            word = m.group(1).decode()
            if word in firsts or m.start() not in code:
                continue
            node = ctx.root.descendant_for_byte_range(m.start(), m.end())
            if node is None or node.type in ("comment", "system_lib_string"):
                # what the tokenizer reads as code: a `//` comment continued by a backslash-newline, and a
                # header name (`#include <sys/_Bool.h>`)
                continue
            if node.type == "preproc_arg" or _in_directive(node):
                continue  # `#define bool _Bool`, `#ifdef _Bool`: the project's own preprocessor handling
            firsts[word] = m.start()
        for word, at in sorted(firsts.items(), key=lambda kv: kv[1]):
            if ctx.is_claimed(at, at + len(word)):
                continue
            if f"#define {word} {KEYWORDS[word]}".encode() in ctx.source:
                continue  # defined already (this rule's output translated again, or the project's own)
            line = _line_start(ctx.source, _top_level(ctx.root, at).start_byte)
            yield self.converted(
                at,
                at + len(word),
                f"`{word}` is C; C++ gets `#define {word} {KEYWORDS[word]}` (only where __cplusplus is defined)",
                [Edit(line, line, definition(word))],
                family="language",
                symbol=word,
            )


def _top_level(root: Node, at: int) -> Node:
    node = root.descendant_for_byte_range(at, at)
    while node is not None and node.parent is not None and node.parent.type not in _SCOPES:
        node = node.parent
    return node if node is not None else root


def _line_start(source: bytes, offset: int) -> int:
    return source.rfind(b"\n", 0, offset) + 1


def _in_directive(node: Node) -> bool:
    n: Node | None = node
    while n is not None:
        if n.type in ("preproc_def", "preproc_function_def", "preproc_call") or (
            n.type in ("preproc_ifdef", "preproc_if", "preproc_elif")
            and n.child_by_field_name("name") is node
        ):
            return True
        n = n.parent
    return False
