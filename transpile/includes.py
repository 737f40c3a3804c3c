"""The include graph of a source tree: which file includes which, as a compiler would find them.

One lexical pass over every C/C++ file of a tree gives each file's `#include "..."` and `#include <...>`
lines resolved to files of the same tree. The tree driver uses it for what no single file can decide:

- a header included by CUDA code is CUDA, whatever its extension (nvcc compiles it as CUDA);
- a file renamed by the translation (`kernels.cu` -> `kernels.cpp` for SYCL) is included by its new name
  everywhere;
- whether a file already gets the target's runtime header through the headers it includes.

Resolution follows the compilers' order for a quoted include: the including file's folder, then the tree
root; then, for either form, a unique file of that name anywhere in the tree (projects pass their own
folders with -I, which a tree translation does not see). Ambiguous names resolve to nothing.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^">\n]+)[">]', re.MULTILINE)

# Headers that bring CUDA's (or HIP's) whole runtime with them, as a file may spell them before or after
# translation: what nvcc includes implicitly is there once one of these is.
RUNTIME_HEADERS = frozenset(
    {"cuda.h", "cuda_runtime.h", "device_functions.h", "hip/hip_runtime.h", "hip_runtime.h"}
)
COOP_HEADERS = frozenset({"cooperative_groups.h", "hip/hip_cooperative_groups.h"})


@dataclass(frozen=True)
class IncludeEdge:
    spelled: str  # the path as written between the quotes or brackets
    target: str  # the tree-relative path it resolves to
    offset: int  # where the directive starts in the including file
    system: bool = False  # `<...>` rather than `"..."`

    @property
    def project_path(self) -> bool:
        """A `<dir/file.h>` that spells a tree file's path (or its tail): the project's own header, not a
        library's that happens to share a file name (a bare `<common.h>` resolves by name alone)."""
        return "/" in self.spelled and (
            self.target == self.spelled or self.target.endswith("/" + self.spelled)
        )


@dataclass
class IncludeGraph:
    files: frozenset[str]
    edges: dict[str, list[IncludeEdge]] = field(default_factory=dict)

    def included_by(self, roots: Iterable[str], quoted_only: bool = False) -> set[str]:
        """Every file reached from `roots` through includes (the roots excluded unless reached);
        `quoted_only`: through `#include "..."` lines alone, and `<dir/file.h>` lines that name a tree file
        by its path (faiss's `<faiss/gpu/utils/PtxUtils.cuh>`: a project header found through `-I`)."""
        seen: set[str] = set()
        todo = list(roots)
        while todo:
            for e in self.edges.get(todo.pop(), []):
                if quoted_only and e.system and not e.project_path:
                    continue
                if e.target not in seen:
                    seen.add(e.target)
                    todo.append(e.target)
        return seen

    def closure(self, rel: str, quoted_only: bool = False) -> set[str]:
        """`rel` and every file it includes, transitively."""
        return {rel} | self.included_by([rel], quoted_only)

    def includers_of(self, targets: Iterable[str]) -> set[str]:
        """`targets` and every file that includes one of them, directly or not (one walk backwards)."""
        back: dict[str, list[str]] = {}
        for rel, edges in self.edges.items():
            for e in edges:
                back.setdefault(e.target, []).append(rel)
        seen = set(targets)
        todo = list(seen)
        while todo:
            for rel in back.get(todo.pop(), []):
                if rel not in seen:
                    seen.add(rel)
                    todo.append(rel)
        return seen


def resolve(
    rel: str, inc: str, files: frozenset[str] | set[str], by_name: dict[str, list[str]]
) -> str | None:
    here = posixpath.dirname(rel)
    for cand in (posixpath.normpath(posixpath.join(here, inc)), posixpath.normpath(inc)):
        if cand in files:
            return cand
    same = by_name.get(posixpath.basename(inc), [])
    if len(same) == 1:
        return same[0]
    # `<cusp/convert.h>` found through an include folder (-Iinclude): the one tree file whose path ends
    # with the spelled path, when the file name alone is ambiguous (cusp/detail/host/convert.h).
    if "/" in inc:
        tail = [f for f in same if f.endswith("/" + posixpath.normpath(inc))]
        if len(tail) == 1:
            return tail[0]
    return None


def spellings(data: bytes) -> set[str]:
    """Every path the file's `#include` lines name, as written."""
    if b"include" not in data:
        return set()
    return {m.group(2).decode("utf-8", "surrogateescape").strip() for m in _INCLUDE.finditer(data)}


def build_graph(contents: dict[str, bytes]) -> IncludeGraph:
    files = frozenset(contents)
    by_name: dict[str, list[str]] = {}
    for rel in sorted(files):
        by_name.setdefault(posixpath.basename(rel), []).append(rel)
    graph = IncludeGraph(files)
    for rel, data in contents.items():
        if b"include" not in data:
            continue
        found = []
        for m in _INCLUDE.finditer(data):
            spelled = m.group(2).decode("utf-8", "surrogateescape").strip()
            target = resolve(rel, spelled, files, by_name)
            if target is not None and target != rel:
                found.append(IncludeEdge(spelled, target, m.start(), m.group(1) == b"<"))
        if found:
            graph.edges[rel] = found
    return graph


def renamed_spelling(spelled: str, old: str, new: str) -> str:
    """The include spelling that names `new` where `spelled` named `old` (only the file name changes)."""
    old_base, new_base = posixpath.basename(old), posixpath.basename(new)
    if posixpath.basename(spelled) != old_base:
        return spelled
    return spelled[: len(spelled) - len(old_base)] + new_base


_EXTERN_C_OPEN = re.compile(rb'extern\s+"C"\s*\{')
_EXTERN_C_CLOSE = re.compile(rb"^\s*\}\s*(?://[^\n]*)?$", re.MULTILINE)


def inside_extern_c(data: bytes, offset: int) -> bool:
    """Whether the directive at `offset` sits in an `extern "C" {` block, the way C headers wrap
    themselves (`#ifdef __cplusplus` / `extern "C" {` / `#endif` ... `}`): more such openings before it
    than lone closing braces between the first opening and it."""
    opens = [m.start() for m in _EXTERN_C_OPEN.finditer(data, 0, offset)]
    if not opens:
        return False
    closes = len(_EXTERN_C_CLOSE.findall(data, opens[0], offset))
    return len(opens) > closes


_IDENT = re.compile(rb"[A-Za-z_]\w*")
_EXTERN_C_ONE = re.compile(rb'extern\s+"C"\s+(?!\{)([^;{]*)')


def extern_c_names(data: bytes) -> set[str]:
    """Names declared with C linkage in `data`: every identifier inside an `extern "C" {` block (to its
    matching brace; comments and strings are not told apart: more names, never fewer) and in a single
    `extern "C" int f(...)` declaration's head. Over-approximate by design: it decides only whether a C
    file's own definition of a name gets `extern "C"`, which is right for any name a header declares so."""
    names: set[str] = set()
    if b'"C"' not in data:
        return names
    for m in _EXTERN_C_OPEN.finditer(data):
        depth, i = 1, m.end()
        while depth and i < len(data):
            c = data[i]
            depth += (c == 0x7B) - (c == 0x7D)
            i += 1
        names.update(t.decode() for t in _IDENT.findall(data, m.end(), i))
    for m in _EXTERN_C_ONE.finditer(data):
        names.update(t.decode() for t in _IDENT.findall(m.group(1)))
    return names


def with_cpp_linkage(directive: str) -> str:
    """An include of a C++ header (HIP's) restored to C++ linkage inside an `extern "C"` block."""
    return f'#ifdef __cplusplus\nextern "C++" {{\n#endif\n{directive}#ifdef __cplusplus\n}}\n#endif\n'
