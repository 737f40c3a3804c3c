"""`gpuport tables NAME...`: look CUDA names up in the mapping tables."""

from __future__ import annotations

import argparse

from ..transpile.tables import load_tables


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
        entry = found
        flags = ",".join(sorted(entry.flags)) or "-"
        min_hip = f"{entry.min_hip[0]}.{entry.min_hip[1]}" if entry.min_hip else "-"
        print(
            f"{name}: hip={entry.hip_name() or '(none)'} sycl={entry.sycl or '(none)'} kind={entry.kind} "
            f"family={entry.family} flags={flags} min_hip={min_hip}"
            + (f"\n  note: {entry.note}" if entry.note else "")
        )
    return 1 if missing else 0
