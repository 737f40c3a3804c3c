"""The translator fingerprint: which translator (rules, tables, options) made an output.

Like the fingerprint `datasets` gives a transform, it is a hash of everything that decides what a
translation writes: the source of every module of the translation package (the engine, the rules, the
build-file migration), every mapping table, the gpuport version and, when given, the translation options.
Changing a rule or a table row changes it, so it keys the tree cache (`.gpuport-cache.json`), is stored on
every corpus row (`gpuport build` redoes rows whose fingerprint differs) and names the translator in
recorded benchmark results.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from .options import Options

PACKAGE_DIR = Path(__file__).resolve().parent
FINGERPRINT_LENGTH = 16  # hex digits kept (64 bits)


def translator_sources() -> list[Path]:
    """The files whose bytes decide a translation: the package's modules and its tables, sorted."""
    return sorted(
        p
        for p in PACKAGE_DIR.rglob("*")
        if p.suffix in (".py", ".tsv") and p.is_file() and "__pycache__" not in p.parts
    )


@functools.cache
def _code_fingerprint() -> str:
    from .. import __version__

    h = hashlib.sha256(b"gpuport " + __version__.encode() + b"\0")
    for p in translator_sources():
        h.update(p.relative_to(PACKAGE_DIR).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def translator_fingerprint(options: Options | None = None) -> str:
    """A 16-hex-digit hash of the rule sources, the tables, the version and (given) the options.

    Without options: the translator alone (what a benchmark harness records beside its results). With
    options: what one translation's output depends on besides its input.
    """
    h = hashlib.sha256(_code_fingerprint().encode())
    if options is not None:
        # key() leaves out the AMD targets (no source file depends on them); build-file migration does.
        h.update(b"\0" + options.key().encode() + b"|" + ",".join(options.offload_arch).encode())
    return h.hexdigest()[:FINGERPRINT_LENGTH]
