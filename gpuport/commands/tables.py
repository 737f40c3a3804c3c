"""`gpuport tables NAME...`: look CUDA names up in the mapping tables."""

from __future__ import annotations

import argparse

from ..transpile.rules.registry import by_code, module_of
from ..transpile.tables import TABLES_DIR, Entry, load_tables


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("tables", help="look up CUDA names in the mapping tables")
    p.add_argument("names", nargs="*", help="CUDA identifiers or header paths; none: counts per family")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    tables = load_tables()
    if not args.names:
        counts: dict[str, int] = {}
        for e in [*tables.symbols.values(), *tables.headers.values()]:
            counts[e.family] = counts.get(e.family, 0) + 1
        for family, n in sorted(counts.items()):
            print(f"{family:<20} {n}")
        return 0
    missing = 0
    for name in args.names:
        found = tables.lookup(name) or tables.header(name)
        if found is None:
            print(f"{name}: not in the tables")
            missing += 1
            continue
        print(describe_entry(name, found))
    return 1 if missing else 0


def describe_entry(name: str, entry: Entry) -> str:
    """Everything the tables say of one name: its row's file, both targets (a spelling, a rule with its
    module, or none), kind, flags and the HIP version it needs."""
    min_hip = f"{entry.min_hip[0]}.{entry.min_hip[1]}" if entry.min_hip else "-"
    lines = [
        f"{name}: family={entry.family} kind={entry.kind} table={TABLES_DIR / (entry.family + '.tsv')}",
        f"  hip:  {entry.hip_name() or '(none)'}",
        f"  sycl: {_sycl_text(entry)}",
        f"  flags: {','.join(sorted(entry.flags)) or '-'}  min_hip={min_hip}",
    ]
    if entry.note:
        lines.append(f"  note: {entry.note}")
    return "\n".join(lines)


def _sycl_text(entry: Entry) -> str:
    code = entry.sycl_rule
    if code is None:
        why = entry.sycl_unsupported
        if why is not None:
            return f"(unsupported{': ' + why if why else ''})"
        return entry.sycl_name() or "(none)"
    rule = by_code().get(code)
    where = module_of(code)
    if rule is None or where is None:
        return f"rule {code} (no such rule)"
    spelled = entry.sycl_rule_spelling
    writes = f" -> {spelled}" if spelled else ""
    return f"rule {code} {rule.name}{writes}, module {where[0]} ({where[1]})"
