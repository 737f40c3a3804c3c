"""Few-shot examples for a prompt, taken from the verified corpus (the pipeline's SQLite store).

The store (dataset/store.py) keeps, per task, the CUDA files (`tasks.files`, JSON {path: text}) and, per
(task, target) pair, the translated files (`pairs.translated_files`) with the verification level reached.
Only pairs that reached at least `compiles` are used: an example the compiler never accepted would teach
the model mistakes.

Examples are function-sized: a function defined in both the CUDA file and its translation (matched by
name) is one candidate unit. Units are ranked by Jaccard similarity between their identifier set and the
query's (the CUDA API names in the diagnostics count double by being added as a second, prefixed copy),
so a region calling `cudaMemcpy2DAsync` gets an example that used it.

The store is read read-only and defensively: a missing file, an older or newer schema, or broken JSON
gives no examples, never an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..transpile import parse as ts

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_EXAMPLE_LINES = 60
_MIN_LEVEL = "compiles"  # dataset.store.LEVELS


@dataclass(frozen=True)
class Example:
    cuda: str
    translated: str
    target: str
    source: str  # "task NAME function FN" or "builtin"
    score: float = 0.0


def identifiers(text: str) -> set[str]:
    return set(_IDENT.findall(text))


def jaccard(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def _functions(text: str) -> dict[str, str]:
    """Function name -> its full definition text, for the top-level function definitions of a file."""
    data = text.encode("utf-8", "surrogateescape")
    tree = ts.parse(data)
    found: dict[str, str] = {}
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "function_definition":
            decl = node.child_by_field_name("declarator")
            while decl is not None and decl.type != "function_declarator":
                decl = decl.child_by_field_name("declarator")
            name_node = decl.child_by_field_name("declarator") if decl is not None else None
            if name_node is not None:
                name = ts.text(name_node)
                found.setdefault(name, data[node.start_byte : node.end_byte].decode("utf-8", "replace"))
            continue
        stack.extend(node.children)
    return found


def _units(cuda_files: dict[str, str], translated_files: dict[str, str]) -> Iterable[tuple[str, str, str]]:
    """(function name, CUDA text, translated text) for every function defined on both sides."""
    cuda_fns: dict[str, str] = {}
    for text in cuda_files.values():
        if isinstance(text, str):
            for name, body in _functions(text).items():
                cuda_fns.setdefault(name, body)
    for text in translated_files.values():
        if not isinstance(text, str):
            continue
        for name, body in _functions(text).items():
            if name in cuda_fns:
                yield name, cuda_fns[name], body


def _short(text: str) -> bool:
    return text.count("\n") < MAX_EXAMPLE_LINES


class ExampleIndex:
    """Candidate units from a corpus store, loaded once, searched per region."""

    def __init__(self, units: list[tuple[str, str, str, str]]) -> None:
        # (target, source label, cuda text, translated text)
        self.units = [(t, s, c, tr, identifiers(c)) for t, s, c, tr in units]

    @classmethod
    def from_store(cls, path: str | Path | None) -> ExampleIndex:
        if path is None or not Path(path).is_file():
            return cls([])
        from ..dataset.store import StoreError, StoreReader, cuda_files_of

        units: list[tuple[str, str, str, str]] = []
        try:
            with StoreReader(path) as reader:
                tasks = reader.tasks()
                rows = reader.pairs(_MIN_LEVEL)
        except (StoreError, OSError, ValueError):
            return cls([])  # no usable store: no examples, the prompt goes without
        for row in rows:
            cuda_files, translated_files = cuda_files_of(row, tasks), row["translated_files"]
            if not isinstance(cuda_files, dict) or not isinstance(translated_files, dict):
                continue  # a stale pair (its task holds other sources now) or a malformed row
            for name, c, tr in _units(cuda_files, translated_files):
                if _short(c) and _short(tr) and c != tr:
                    units.append((str(row["target"]), f"task {row['task']} function {name}", c, tr))
        return cls(units)

    def nearest(self, target: str, query_text: str, api_names: Iterable[str], k: int = 2) -> list[Example]:
        api = set(api_names)
        query = identifiers(query_text) | api
        scored: list[Example] = []
        for t, source, cuda, translated, ids in self.units:
            if t != target:
                continue
            score = jaccard(ids, query) + (0.5 if api & ids else 0.0)
            if score > 0:
                scored.append(Example(cuda, translated, t, source, round(score, 4)))
        scored.sort(key=lambda e: (-e.score, len(e.cuda)))
        return scored[:k]
