"""`gpuport augment --n N --seed S --out DIR`: generate self-checking CUDA tasks (deterministic)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "augment",
        help="generate new self-checking CUDA tasks from templates and random operator DAGs",
        description="Same --n and --seed give byte-identical files. Expected outputs come from NumPy.",
    )
    p.add_argument("--n", type=int, required=True, help="how many tasks to generate")
    p.add_argument("--seed", type=int, default=0, help="generation seed (default 0)")
    p.add_argument("--out", type=Path, required=True, help="output folder (tasks go to OUT/<domain>/<name>/)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..dataset.sources.augment import augment
    except ImportError as err:  # numpy is the one extra need
        print(f"gpuport augment: {err} (pip install numpy)", file=sys.stderr)
        return 2
    if args.n < 0:
        print("gpuport augment: --n must be >= 0", file=sys.stderr)
        return 2
    folders = augment(args.n, args.seed, args.out)
    kinds: dict[str, int] = {}
    for f in folders:
        kind = f.name.split("-")[1]
        kinds[kind] = kinds.get(kind, 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    print(f"wrote {len(folders)} tasks under {args.out} ({summary})")
    return 0
