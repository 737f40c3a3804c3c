"""`gpuport corpus pypi NAME[==VER] ... --out DIR` and `gpuport corpus local PATH --out DIR`:
CUDA translation units from PyPI sdists or a local tree, written as pipeline tasks with their origin."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("corpus", help="extract CUDA translation units from PyPI sdists or a local tree")
    p.add_argument("source", choices=("pypi", "local"))
    p.add_argument("items", nargs="+", metavar="ITEM", help="pypi: NAME or NAME==VERSION; local: a folder")
    p.add_argument("--out", type=Path, required=True, help="output folder (OUT/<domain>/<task>/)")
    p.add_argument("--cache", type=Path, default=Path("/tmp/gpuport-sdists"), help="sdist cache (pypi)")
    p.add_argument("--licence", default="", help="local: licence name when the tree has no licence file")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..dataset.sources.local import extract_local
    from ..dataset.sources.pypi_sdist import corpus_from_pypi

    failures = 0
    if args.source == "local":
        seen: dict[str, str] = {}
        for item in args.items:
            root = Path(item)
            if not root.is_dir():
                print(f"gpuport corpus: {root}: not a folder", file=sys.stderr)
                failures += 1
                continue
            res = extract_local(root, args.out, licence=args.licence, seen=seen)
            for why in res.skipped:
                print(f"gpuport corpus: {root}: skipped {why}", file=sys.stderr)
            print(
                f"{root}: {len(res.written)} tasks, {len(res.duplicates)} duplicates, {len(res.skipped)} skipped"
            )
        return 1 if failures else 0
    for spec, outcome in corpus_from_pypi(args.items, args.out, args.cache):
        if isinstance(outcome, Exception):
            print(f"gpuport corpus: {spec}: {outcome}", file=sys.stderr)
            failures += 1
            continue
        info, res = outcome
        print(
            f"{info.package} {info.version} ({info.licence}): {len(res.written)} tasks, "
            f"{len(res.duplicates)} duplicates, {len(res.skipped)} skipped"
        )
    return 1 if failures else 0
