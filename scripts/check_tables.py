#!/usr/bin/env python3
"""Check the mapping tables in transpile/tables (the one data set; no other copy of the rows exists).

Importable: ``check(tables_dir) -> list[str]`` returns one message per problem, empty when clean.
Checks: every file parses with the fixed header and 7 cells a row; the family file names are the known
ones; a CUDA name appears once across all family files; kinds and flags come from the allowed sets;
``-`` in the hip column carries ``unsupported-hip``; ``min_hip`` is ``X.Y`` or empty; the cuda cell is an
identifier, or an include path for ``kind=header``.

Usage: ``python scripts/check_tables.py [tables_dir]`` (exit status 1 when a problem is found).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_schema import schema  # noqa: E402  (the one schema definition, in the package)

HEADER: tuple[str, ...] = schema.COLUMNS
FAMILIES = frozenset(schema.FAMILIES)
KINDS: frozenset[str] = schema.KINDS
FLAGS: frozenset[str] = schema.FLAGS
IDENT_RE: re.Pattern[str] = schema.IDENT_RE
HEADER_PATH_RE: re.Pattern[str] = schema.HEADER_PATH_RE
MIN_HIP_RE: re.Pattern[str] = schema.MIN_HIP_RE
SYCL_RULE_RE: re.Pattern[str] = schema.SYCL_RULE_RE
SYCL_NONE_RE: re.Pattern[str] = schema.SYCL_NONE_RE

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "transpile" / "tables"


def check_file(path: Path) -> tuple[list[str], list[tuple[str, int]]]:
    """Problems in one table file, and its (cuda name, line) pairs for the cross-file check."""
    problems: list[str] = []
    names: list[tuple[str, int]] = []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [f"{path}: cannot read: {exc}"], names
    header_seen = False
    for lineno, line in enumerate(text.splitlines(), 1):
        where = f"{path}:{lineno}"
        if line.startswith("#"):
            continue
        if not line.strip():
            problems.append(f"{where}: blank line")
            continue
        cells = line.split("\t")
        if not header_seen:
            if tuple(cells) != HEADER:
                problems.append(f"{where}: header must be {' '.join(HEADER)} (tab-separated), got {cells}")
                return problems, names
            header_seen = True
            continue
        if len(cells) != len(HEADER):
            problems.append(f"{where}: {len(cells)} cells, expected {len(HEADER)}")
            continue
        cuda, hip, sycl, kind, flags, min_hip, _note = cells
        problems.extend(f"{where}: {msg}" for msg in check_row(cuda, hip, sycl, kind, flags, min_hip))
        names.append((cuda, lineno))
    if not header_seen:
        problems.append(f"{path}: no header line")
    return problems, names


def check_row(cuda: str, hip: str, sycl: str, kind: str, flags: str, min_hip: str) -> list[str]:
    problems: list[str] = []
    if kind not in KINDS:
        problems.append(f"kind {kind!r} not one of {sorted(KINDS)}")
    if kind == "header":
        if not HEADER_PATH_RE.match(cuda):
            problems.append(f"header {cuda!r} is not an include path")
    elif not IDENT_RE.match(cuda):
        problems.append(f"cuda {cuda!r} is not an identifier")
    if not hip:
        problems.append(f"{cuda}: empty hip cell (use '=' or '-')")
    if hip != hip.strip() or cuda != cuda.strip():
        problems.append(f"{cuda}: stray whitespace")
    flag_list = [f for f in flags.split(",") if f] if flags else []
    for flag in flag_list:
        if flag not in FLAGS:
            problems.append(f"{cuda}: flag {flag!r} not one of {sorted(FLAGS)}")
    if len(flag_list) != len(set(flag_list)):
        problems.append(f"{cuda}: repeated flag")
    if hip == "-" and "unsupported-hip" not in flag_list:
        problems.append(f"{cuda}: hip '-' needs flag unsupported-hip")
    if hip == "-" and min_hip:
        problems.append(f"{cuda}: min_hip given for an unsupported entry")
    if min_hip and not MIN_HIP_RE.match(min_hip):
        problems.append(f"{cuda}: min_hip {min_hip!r} is not X.Y")
    if sycl.startswith("rule:") and not SYCL_RULE_RE.match(sycl):
        problems.append(f"{cuda}: sycl rule {sycl!r} is not rule:GPnnn [spelling]")
    if sycl.startswith("-") and not SYCL_NONE_RE.match(sycl):
        problems.append(f"{cuda}: sycl {sycl!r} is not '-' [reason]")
    if sycl.startswith("-") and "unsupported-sycl" not in flag_list:
        problems.append(f"{cuda}: sycl '-' needs flag unsupported-sycl")
    if "unsupported-sycl" in flag_list and sycl and not sycl.startswith("-"):
        problems.append(f"{cuda}: unsupported-sycl with a sycl spelling {sycl!r}")
    return problems


def check(tables_dir: Path | str = DEFAULT_DIR) -> list[str]:
    """All problems in ``tables_dir``'s family files."""
    tables = Path(tables_dir)
    problems: list[str] = []
    files = sorted(tables.glob("*.tsv"))
    if not files:
        return [f"{tables}: no .tsv files"]
    seen: dict[str, str] = {}
    for path in files:
        if path.stem not in FAMILIES:
            problems.append(f"{path}: {path.stem!r} is not a known family")
        file_problems, names = check_file(path)
        problems.extend(file_problems)
        for name, lineno in names:
            where = f"{path.name}:{lineno}"
            if name in seen:
                problems.append(f"{where}: CUDA name {name!r} already in {seen[name]}")
            else:
                seen[name] = where
    if (tables / "manual").exists():
        problems.append(f"{tables / 'manual'}: the family files are the one data set; no manual/ copy")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    tables = Path(args[0]) if args else DEFAULT_DIR
    problems = check(tables)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in {tables}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
