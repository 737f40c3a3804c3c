"""Files translated without a syntax tree, and include lines found by the lexical scan.

A file with no CUDA name and no rule trigger word gives the HIP pack nothing to do but map or report its
includes, so the engine skips the parse (most of the time per file). These tests hold that shortcut to
the parsed translation: same output, same diagnostics (GP004 aside: it needs the parse it skips).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from gpuport.transpile import parse as ts
from gpuport.transpile.context import RuleContext, lexical_includes
from gpuport.transpile.engine import translate_source
from gpuport.transpile.options import Options
from gpuport.transpile.tables import load_tables
from tree_sitter import Tree

import gpuport

REPO = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    p
    for root in (REPO / "tests" / "golden", REPO / "bench" / "suite", REPO / "tests" / "projects")
    for p in root.rglob("*")
    if p.suffix in {".cu", ".cuh", ".h", ".hpp", ".cpp"} and p.is_file()
)
# Headers shaped like CCCL's: a namespace macro the grammar cannot parse around the include lines.
PLAIN_HEADER = b"""// a library header with nothing CUDA-specific but its includes
#pragma once
#include <cuda/std/cstdint>
#include <cuda_runtime.h>
#include "local.h"

_LIB_BEGIN_NAMESPACE

template <class T>
struct wrapper { T value; };

_LIB_END_NAMESPACE
"""


@contextmanager
def counted_parses() -> Iterator[list[bytes]]:
    """Record every parse the engine asks for (the real parser still runs)."""
    real_parse = ts.parse
    calls: list[bytes] = []

    def parse(source: bytes, qualifier_macros: Iterable[str] | None = None) -> Tree:
        calls.append(source)
        return real_parse(source, qualifier_macros)

    ts.parse = parse  # type: ignore[assignment]
    try:
        yield calls
    finally:
        ts.parse = real_parse  # type: ignore[assignment]


def _key(result: object) -> list[tuple[str, int, int, str, str]]:
    return [
        (d.code, d.start, d.end, d.status.value, d.message)
        for d in result.diagnostics  # type: ignore[attr-defined]
        if d.code != "GP004"
    ]


def test_tree_free_path_equals_parsed_translation_on_every_test_source() -> None:
    options = Options(target="hip", hip_version=(5, 2))
    parsed_files = 0
    tree_free_files = 0
    for path in SOURCES:
        data = path.read_bytes()
        with counted_parses() as calls:
            fast = translate_source(data, options, path.name)
        full = translate_source(data, options, path.name, tree_free=False)
        assert fast.output == full.output, path
        assert _key(fast) == _key(full), path
        if calls:
            parsed_files += 1
        else:
            tree_free_files += 1
    # Both paths are exercised (a vacuous pass would prove nothing).
    assert parsed_files > 100 and tree_free_files > 0, (parsed_files, tree_free_files)


def test_plain_header_is_not_parsed_and_its_includes_are_still_mapped() -> None:
    with counted_parses() as calls:
        fast = translate_source(PLAIN_HEADER, Options(target="hip"), "lib.h")
    assert calls == []
    assert fast.output == PLAIN_HEADER.replace(b"<cuda_runtime.h>", b"<hip/hip_runtime.h>")
    assert [(d.code, d.symbol, d.status.value) for d in fast.diagnostics] == [
        ("GP003", "cuda/std/cstdint", "unconverted"),
        ("GP002", "cuda_runtime.h", "converted"),
    ]
    full = translate_source(PLAIN_HEADER, Options(target="hip"), "lib.h", tree_free=False)
    assert full.output == fast.output and _key(full) == _key(fast)


def test_include_inside_an_unparsable_region_is_mapped_in_a_parsed_file() -> None:
    # The CUDA call forces a parse; the unknown namespace macro folds the include into an ERROR region.
    code = PLAIN_HEADER.decode() + "void sync() { cudaDeviceSynchronize(); }\n"
    result = gpuport.translate(code, to="hip")
    assert "#include <hip/hip_runtime.h>" in result.code and "hipDeviceSynchronize()" in result.code
    assert "cuda_runtime.h" not in result.code


@pytest.mark.parametrize(
    "text",
    [
        b"/* a comment that\n#include <cuda_runtime.h>\n*/\n",  # inside a block comment
        b'const char* s = R"(\n#include <cuda_runtime.h>\n)";\n',  # inside a raw string
        b"#define X \\\n#include <cuda_runtime.h>\n",  # a continued line
        b"#include <cuda_runtime.h\n",  # unterminated
    ],
)
def test_lexical_scan_declines_ambiguous_text(text: bytes) -> None:
    assert lexical_includes(text) is None


def test_lexical_includes_agree_with_the_tree() -> None:
    tables = load_tables()
    options = Options(target="hip")
    compared = 0
    for path in SOURCES:
        data = path.read_bytes()
        lexical = lexical_includes(data)
        if lexical is None:
            continue
        ctx = RuleContext(data, ts.parse(data), options, tables, path.name)
        ctx.lexical_includes = None  # ask the tree: the path taken where the scan declines a file
        tree_found = [
            (i.path, i.start, i.end, i.system, i.directive_start, i.directive_end) for i in ctx.includes
        ]
        lexical_found = {
            (i.path, i.start, i.end, i.system, i.directive_start, i.directive_end) for i in lexical
        }
        # Every include the tree sees, the scan sees with the same spans (it may see more: ERROR regions).
        assert set(tree_found) <= lexical_found, path
        compared += len(tree_found)
    assert compared > 200
