"""The mapping tables (`tables/*.tsv`, one per API family), loaded once per process.

The format is documented in tables/README.md. Lookups are plain dicts: the engine asks "what is
`cudaMalloc` on HIP?" millions of times, so nothing here may be slower than a dict hit.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

TABLES_DIR = Path(__file__).parent / "tables"
COLUMNS = ("cuda", "hip", "sycl", "kind", "flags", "min_hip", "note")
KINDS = frozenset({"function", "type", "enum", "macro", "header", "namespace", "device-function", "variable"})
FLAGS = frozenset({"unsupported-hip", "unsupported-sycl", "deprecated", "removed", "review", "hipdnn"})


class TableError(ValueError):
    pass


@dataclass(frozen=True)
class Entry:
    cuda: str
    hip: str  # "=" same name, "-" none
    sycl: str  # "" unknown/none, "=" same, "rule:GPnnn", or a spelling
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
        if not self.sycl or self.sycl == "-" or self.sycl.startswith("rule:"):
            return None
        return self.cuda if self.sycl == "=" else self.sycl

    @property
    def sycl_rule(self) -> str | None:
        return self.sycl[5:] if self.sycl.startswith("rule:") else None


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
