"""Which CUDA names left in a translation survive the preprocessor of the build that compiled it.

dataset/reach.py drops whole files a build never reads. Inside the files it does read, CUDA can still sit
in branches the build's preprocessor removes: ggml's `#ifdef USE_CUDA_GRAPH` (defined only when the
build asks for graphs), a dual-source header's `#else // not O_HIP` macro table whose CUDA spellings are
never expanded. Such names are not in the code the compiler accepted, so they do not hold the pair below
`compiles`; names that reach the compiler's input do.

The test runs the same compiler with the same flags and `-E` instead of compiling, after the compile
succeeded, only for pairs with names left (a few percent of a corpus build). A name is live when it is an
identifier of the preprocessed text that comes from the task's own files (a macro's body counts where
the macro is expanded, as the compiler saw it); a header name (`cublas_v2.h`, `cuda/std/atomic`) is live
when the preprocessed text includes a file of that name; punctuation (a launch's `<<<`) when it is in
that text. The test is conservative: a name the project also uses for its own purposes on a live line
counts as left.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

_LINEMARKER = re.compile(rb'^#(?:line)?\s*\d+\s+"((?:[^"\\]|\\.)*)"')
_IDENT = re.compile(rb"[A-Za-z_]\w*")


def _marker_path(raw: bytes) -> str:
    # The preprocessor escapes backslashes and quotes in linemarker file names.
    return raw.decode("utf-8", "replace").replace("\\\\", "\\").replace('\\"', '"')


def scan(preprocessed: bytes, own_dir: Path, symbols: Iterable[str], cwd: Path) -> set[str]:
    """The names of `symbols` that are live in one preprocessed output: identifiers of text from files
    under own_dir, or header names of files it included (relative linemarkers are relative to cwd, where
    the preprocessor ran)."""
    wanted = {s for s in symbols if s}
    idents = {s.encode() for s in wanted if re.fullmatch(r"[A-Za-z_]\w*", s)}
    headers = {s for s in wanted if "." in s or "/" in s}
    # Anything else is punctuation (a launch's `<<<`): looked for as text on the own files' lines.
    others = {s.encode() for s in wanted if s.encode() not in idents and s not in headers}
    own = str(own_dir.resolve())
    live: set[str] = set()
    in_own = False
    seen_files: dict[str, bool] = {}
    for line in preprocessed.splitlines():
        if line.startswith(b"#"):
            m = _LINEMARKER.match(line)
            if m:
                path = _marker_path(m.group(1))
                if path not in seen_files:
                    resolved = str((cwd / path).resolve())
                    seen_files[path] = resolved == own or resolved.startswith(own + "/")
                    for h in headers:
                        if path == h or path.endswith("/" + h):
                            live.add(h)
                in_own = seen_files[path]
            continue
        if in_own:
            if idents:
                for tok in _IDENT.findall(line):
                    if tok in idents:
                        live.add(tok.decode())
            for other in others:
                if other in line:
                    live.add(other.decode())
    return live
