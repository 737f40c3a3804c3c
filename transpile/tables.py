"""The mapping tables (`tables/*.tsv`, one per API family), loaded once per process.

The format is documented in tables/README.md. Lookups are plain dicts: the engine asks "what is
`cudaMalloc` on HIP?" millions of times, so nothing here may be slower than a dict hit.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

TABLES_DIR = Path(__file__).parent / "tables"

# -- the schema: the one definition the loader, scripts/check_tables.py and the importers
#    (scripts/seed_tables.py, scripts/import_hipify_tables.py) read; tables/README.md explains it.
COLUMNS = ("cuda", "hip", "sycl", "kind", "flags", "min_hip", "note")
FAMILIES = (
    "runtime",
    "driver",
    "device",
    "math",
    "types",
    "headers",
    "complex",
    "cooperative_groups",
    "cublas",
    "curand",
    "cufft",
    "cusparse",
    "cusolver",
    "cudnn",
    "cub",
    "thrust",
    "libcudacxx",
    "nvtx",
)
KIND_LIST = ("function", "type", "enum", "macro", "header", "namespace", "device-function", "variable")
FLAG_LIST = ("unsupported-hip", "unsupported-sycl", "deprecated", "removed", "review", "hipdnn")
KINDS = frozenset(KIND_LIST)
FLAGS = frozenset(FLAG_LIST)
IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
HEADER_PATH_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_./+-]*\.(h|hh|hpp|cuh|inl)$")
MIN_HIP_RE = re.compile(r"^\d+\.\d+$")
# The sycl cell: `rule:GPnnn`, optionally followed by a space and the spelling that rule writes.
SYCL_RULE_RE = re.compile(r"^rule:(GP\d+)(?: (\S.*))?$")
# `-`, optionally followed by a space and the reason SYCL 2020 has no counterpart.
SYCL_NONE_RE = re.compile(r"^-(?: (\S.*))?$")

_NO_ROUTES: Mapping[str, str | None] = MappingProxyType({})


class TableError(ValueError):
    pass


@dataclass(frozen=True)
class Entry:
    cuda: str
    hip: str  # "=" same name, "-" none
    sycl: str  # "" unknown, "=" same, a spelling, "rule:GPnnn [spelling]", or "- [reason]" (none)
    kind: str
    flags: frozenset[str]
    min_hip: tuple[int, int] | None
    note: str
    family: str

    def hip_name(self) -> str | None:
        """The HIP spelling, or None when HIP has none."""
        if self.hip == "-" or "unsupported-hip" in self.flags:
            return None
        return self.cuda if self.hip == "=" else self.hip

    def sycl_name(self) -> str | None:
        """A plain SYCL rename, or None (unknown, unsupported, or handled by a rule)."""
        if not self.sycl or self.sycl.startswith(("-", "rule:")):
            return None
        return self.cuda if self.sycl == "=" else self.sycl

    @property
    def sycl_rule(self) -> str | None:
        """The code of the SYCL rule that handles this name (`rule:GPnnn ...`), or None."""
        m = SYCL_RULE_RE.match(self.sycl)
        return m.group(1) if m else None

    @property
    def sycl_rule_spelling(self) -> str | None:
        """What the handling rule writes for this name, when the row says (`rule:GP254 gpuport_blas_create`)."""
        m = SYCL_RULE_RE.match(self.sycl)
        return m.group(2) if m else None

    @property
    def sycl_unsupported(self) -> str | None:
        """Why SYCL 2020 has no counterpart (`- reason`; "" when the row gives none), or None when it has one."""
        m = SYCL_NONE_RE.match(self.sycl)
        if m is None and "unsupported-sycl" not in self.flags:
            return None
        return (m.group(1) if m else None) or ""


def parse_version(text: str) -> tuple[int, int]:
    major, _, minor = text.strip().partition(".")
    return int(major), int(minor or 0)


def read_table(path: Path) -> list[Entry]:
    family = path.stem
    entries: list[Entry] = []
    header_seen = False
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if tuple(c.strip() for c in cells) != COLUMNS:
                raise TableError(f"{path}:{lineno}: header must be {' '.join(COLUMNS)}")
            header_seen = True
            continue
        cells += [""] * (len(COLUMNS) - len(cells))
        if len(cells) > len(COLUMNS):
            raise TableError(f"{path}:{lineno}: {len(cells)} columns, expected {len(COLUMNS)}")
        cuda, hip, sycl, kind, flags, min_hip, note = (c.strip() for c in cells)
        if not cuda or kind not in KINDS:
            raise TableError(f"{path}:{lineno}: bad entry (cuda={cuda!r}, kind={kind!r})")
        flag_set = frozenset(f.strip() for f in flags.split(",") if f.strip())
        if flag_set - FLAGS:
            raise TableError(f"{path}:{lineno}: unknown flags {sorted(flag_set - FLAGS)}")
        try:
            version = parse_version(min_hip) if min_hip else None
        except ValueError:
            raise TableError(f"{path}:{lineno}: bad min_hip {min_hip!r}") from None
        entries.append(Entry(cuda, hip or "-", sycl, kind, flag_set, version, note, family))
    return entries


@dataclass(frozen=True)
class Tables:
    symbols: dict[str, Entry]  # identifiers
    headers: dict[str, Entry]  # include paths

    @functools.cached_property
    def symbol_bytes(self) -> frozenset[bytes]:
        """The identifiers as bytes: a file's raw tokens meet the tables in one set intersection."""
        return frozenset(name.encode("ascii") for name in self.symbols)

    def lookup(self, name: str) -> Entry | None:
        return self.symbols.get(name)

    def header(self, path: str) -> Entry | None:
        return self.headers.get(path)

    def handled_by(self, code: str) -> Mapping[str, str | None]:
        """The CUDA identifiers whose SYCL row routes them to rule `code` (`rule:GPnnn`), each with the
        spelling the row gives it (None when the rule decides alone): a rule's name set comes from here."""
        return self._routes.get(code, _NO_ROUTES)

    @functools.cached_property
    def _routes(self) -> dict[str, Mapping[str, str | None]]:
        routes: dict[str, dict[str, str | None]] = {}
        for name, entry in self.symbols.items():
            code = entry.sycl_rule
            if code is not None:
                routes.setdefault(code, {})[name] = entry.sycl_rule_spelling
        return {code: MappingProxyType(names) for code, names in routes.items()}


def load_from(directory: Path) -> Tables:
    symbols: dict[str, Entry] = {}
    headers: dict[str, Entry] = {}
    for path in sorted(directory.glob("*.tsv")):
        for entry in read_table(path):
            target = headers if entry.kind == "header" else symbols
            # First file wins on a duplicate; scripts/check_tables.py reports duplicates.
            target.setdefault(entry.cuda, entry)
    return Tables(symbols, headers)


@functools.cache
def load_tables() -> Tables:
    return load_from(TABLES_DIR)
