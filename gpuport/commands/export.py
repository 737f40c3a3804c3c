"""`gpuport export`: write the corpus store as a Hugging Face dataset folder (Parquet shards + card).

Exit codes: 0 written; 1 the export failed (store unreadable, datasets missing); 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..dataset.store import LEVELS


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "export",
        help="export the corpus store as a Hugging Face dataset folder",
        description="Write OUT/README.md (dataset card) and OUT/data/<split>-NNNNN-of-MMMMM.parquet from "
        "the pairs in the store at or above --min-level, with the Hugging Face `datasets` library.",
    )
    p.add_argument("store", help="the SQLite corpus store written by `gpuport build` (e.g. corpus.db)")
    p.add_argument("out", help="output folder (created; earlier shards in OUT/data are replaced)")
    p.add_argument(
        "--min-level",
        choices=LEVELS[1:],
        default="translated",
        help="lowest verification level exported (default: translated)",
    )
    p.add_argument("--shard-rows", type=int, default=5000, help="rows per Parquet shard (default: 5000)")
    p.add_argument(
        "--validation",
        type=float,
        default=0.0,
        metavar="FRACTION",
        help="put this fraction of programs in a validation split, chosen by a hash of the CUDA source "
        "(default: 0, train only)",
    )
    p.add_argument("--progress", action="store_true", help="show the datasets library's progress bars")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.shard_rows < 1 or not 0.0 <= args.validation < 1.0:
        print("gpuport export: --shard-rows must be >= 1 and --validation in [0, 1)", file=sys.stderr)
        return 2
    try:
        import datasets

        from ..dataset.export import export
        from ..dataset.store import StoreError
    except ImportError as err:
        print(f"gpuport export: {err} (pip install 'gpuport[dataset]')", file=sys.stderr)
        return 1
    if not args.progress:
        datasets.disable_progress_bars()
    try:
        result = export(
            args.store,
            args.out,
            min_level=args.min_level,
            shard_rows=args.shard_rows,
            validation_fraction=args.validation,
        )
    except (OSError, ValueError, StoreError) as err:
        print(f"gpuport export: {err}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_dict(), indent=1))
        return 0
    rows = ", ".join(f"{split} {n}" for split, n in result.rows.items())
    print(f"exported {sum(result.rows.values())} rows ({rows}) to {result.out_dir}")
    for path in result.files:
        print(f"  {path.relative_to(result.out_dir).as_posix()}")
    for problem in result.refused_problems:
        print(f"refused (text from outside the task folder): {problem}", file=sys.stderr)
    if result.stale_pairs:
        print(f"left out {result.stale_pairs} stale pair(s): their task was re-stored with other sources")
    return 0
