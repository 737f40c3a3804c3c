"""Licence names as SPDX, and the licence filter every corpus source applies (permissive only by default).

Sources record licences as they find them: an SPDX id (`MIT`), a package's free-form `License:` field
(`MIT License`, `Apache 2.0`, `BSD`), a classifier's last part, or, for the real-world tree list, a
`custom-permissive: ...` note written by the person who read a licence that has no SPDX id. `spdx()` maps
the common spellings to one SPDX id; `allowed()` is the filter.

The default allow-list is the permissive licences (no copyleft, no non-commercial clause) plus the
`custom-permissive` entries of bench/realworld/projects.toml, each read and summarised there by hand. A
licence that cannot be recognised (`unknown`, `NOASSERTION`) is refused: a public dataset cannot carry
code whose terms nobody read. `--allow-licence` on `gpuport corpus` replaces the allow-list (`--allow-licence any` turns the filter off).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PERMISSIVE: frozenset[str] = frozenset(
    {
        "MIT",
        "MIT-0",
        "BSD-2-Clause",
        "BSD-3-Clause",
        "BSD-3-Clause-Clear",
        "Apache-2.0",
        "ISC",
        "NCSA",
        "Unlicense",
        "Zlib",
        "BSL-1.0",
        "CC0-1.0",
        "0BSD",
        "PSF-2.0",
        "custom-permissive",
    }
)
CUSTOM_PERMISSIVE = "custom-permissive"

# Lowercased spelling (punctuation folded to single spaces) -> SPDX id.
_ALIASES: dict[str, str] = {
    "mit": "MIT",
    "mit license": "MIT",
    "the mit license": "MIT",
    "expat": "MIT",
    "mit 0": "MIT-0",
    "bsd": "BSD-3-Clause",  # a bare "BSD" in PKG-INFO is the 3-clause text in practice; recorded as such
    "bsd license": "BSD-3-Clause",
    "new bsd": "BSD-3-Clause",
    "new bsd license": "BSD-3-Clause",
    "bsd 3 clause": "BSD-3-Clause",
    "bsd 3 clause license": "BSD-3-Clause",
    "3 clause bsd": "BSD-3-Clause",
    "modified bsd": "BSD-3-Clause",
    "bsd 2 clause": "BSD-2-Clause",
    "bsd 2 clause license": "BSD-2-Clause",
    "simplified bsd": "BSD-2-Clause",
    "freebsd": "BSD-2-Clause",
    "apache": "Apache-2.0",
    "apache 2": "Apache-2.0",
    "apache 2 0": "Apache-2.0",
    "apache license": "Apache-2.0",
    "apache license 2 0": "Apache-2.0",
    "apache license version 2 0": "Apache-2.0",
    "apache software license": "Apache-2.0",
    "asl 2 0": "Apache-2.0",
    "isc": "ISC",
    "isc license": "ISC",
    "isc license iscl": "ISC",
    "ncsa": "NCSA",
    "university of illinois ncsa open source license": "NCSA",
    "unlicense": "Unlicense",
    "the unlicense": "Unlicense",
    "the unlicense unlicense": "Unlicense",
    "zlib": "Zlib",
    "zlib license": "Zlib",
    "zlib libpng license": "Zlib",
    "boost": "BSL-1.0",
    "boost software license": "BSL-1.0",
    "boost software license 1 0": "BSL-1.0",
    "bsl 1 0": "BSL-1.0",
    "cc0": "CC0-1.0",
    "cc0 1 0": "CC0-1.0",
    "cc0 1 0 universal cc0 1 0 public domain dedication": "CC0-1.0",
    "public domain": "CC0-1.0",
    "psf": "PSF-2.0",
    "python software foundation license": "PSF-2.0",
    "gpl": "GPL-3.0-or-later",
    "gnu general public license gpl": "GPL-3.0-or-later",
    "gnu general public license v3 gplv3": "GPL-3.0-only",
    "gnu general public license v2 gplv2": "GPL-2.0-only",
    "lgpl": "LGPL-3.0-or-later",
    "gnu lesser general public license v3 lgplv3": "LGPL-3.0-only",
    "mpl 2 0": "MPL-2.0",
    "mozilla public license 2 0 mpl 2 0": "MPL-2.0",
}
_SPDX_CASE = {s.lower(): s for s in PERMISSIVE | {"GPL-2.0-only", "GPL-3.0-only", "LGPL-2.1-only", "MPL-2.0"}}


def spdx(name: str) -> str:
    """The SPDX id of a licence name as sources record it; `custom-permissive` for the hand-read ones,
    `NOASSERTION` for an empty or unknown one, the text itself when it is already an id we do not list."""
    text = (name or "").strip()
    if not text or text.lower().startswith(("unknown", "noassertion")):
        return "NOASSERTION"
    if text.lower().startswith(CUSTOM_PERMISSIVE):
        return CUSTOM_PERMISSIVE
    if text.lower() in _SPDX_CASE:
        return _SPDX_CASE[text.lower()]
    folded = re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()
    if folded in _ALIASES:
        return _ALIASES[folded]
    # An SPDX expression of permissive ids ("MIT OR Apache-2.0"): every alternative permissive is enough
    # for OR, every part for AND; kept as written.
    parts = re.split(r"\s+(?:OR|AND)\s+", text.strip("() "))
    if len(parts) > 1 and all(spdx(p) in PERMISSIVE for p in parts):
        return text
    return text


def allowed(name: str, allow: Iterable[str] | None = None) -> bool:
    """True when the licence is on the allow-list (default: PERMISSIVE); compared as SPDX ids."""
    if allow is not None and "any" in allow:
        return True
    ids = {spdx(a) for a in allow} if allow is not None else PERMISSIVE
    sid = spdx(name)
    if sid in ids:
        return True
    parts = re.split(r"\s+(?:OR|AND)\s+", sid.strip("() "))
    return len(parts) > 1 and all(spdx(p) in ids for p in parts)
