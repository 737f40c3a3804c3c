"""Translating type text that a rule copies into generated code (casts, accessor element types).

Text a rule generates is not seen by the renaming rules (GP003 does not see it either), so a rule that
copies a declared type (`curandState *d_states;` -> a cast in `d_states = (T *)sycl::malloc_device(...)`)
must translate the names in it itself. `sycl_type_text` renames, word by word, with the same maps the
renaming rules use (half types GP239, cuRAND GP255, cuBLAS GP254, textures GP245, and plain SYCL spellings
of CUDA-named types from the tables, e.g. `cudaStream_t` -> `sycl::queue *`), and answers None when a
CUDA-looking name it cannot translate remains, so the caller can fall back to a spelling that names no
type (`std::remove_reference_t<decltype(p)>`).
"""

from __future__ import annotations

import functools
import re

from ...context import CUDA_NAME
from ...tables import load_tables
from ._coop_helpers import tile_memory_type_text

# A word not qualified by `::`: `sycl::half` is already translated (the text may have been translated before).
_WORD = re.compile(r"(?<![\w:])[A-Za-z_]\w*")


@functools.cache
def _renames() -> dict[str, str]:
    # Imported here: the rule modules import this one's callers.
    from ._half_table import renames as half_renames

    tables = load_tables()
    out: dict[str, str] = {}
    # Table spellings only for names with CUDA's prefixes: vector types (`float4`) stay structs (GP236),
    # whatever the table's SYCL column says.
    for name, entry in tables.symbols.items():
        spelling = entry.sycl_name()
        if entry.kind == "type" and spelling is not None and CUDA_NAME.fullmatch(name):
            out[name] = spelling
    # texture types (GP252): the spellings of its rows of kind type
    out.update(
        {
            k: v
            for k, v in tables.handled_by("GP252").items()
            if v is not None and tables.symbols[k].kind == "type"
        }
    )
    for code in ("GP254", "GP255"):  # cuBLAS and cuRAND: the spellings of the rows routed to those rules
        out.update({k: v for k, v in tables.handled_by(code).items() if v is not None})
    out.update({k: v[0] for k, v in half_renames().items() if not v[2]})
    return out


def sycl_type_text(text: str, declared: frozenset[str] = frozenset()) -> str | None:
    """`text` (a type as written) with its CUDA type names translated, or None when a CUDA-looking name
    (CUDA's prefixes: `cuda*`, `cu[A-Z]*`, `curand*`...) has no known translation. Names the file declares itself
    (`declared`) are the user's and stay."""
    renames = _renames()
    unknown = False
    text = tile_memory_type_text(text)  # cooperative groups' `cg::block_tile_memory<N>` scratch (GP241)

    def one(m: re.Match[str]) -> str:
        nonlocal unknown
        word = m.group()
        if word in declared:
            return word
        new = renames.get(word)
        if new is not None:
            return new
        if CUDA_NAME.fullmatch(word):
            unknown = True
        return word

    out = _WORD.sub(one, text)
    return None if unknown else out
