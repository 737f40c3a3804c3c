"""`gpuport merge INTO FROM [FROM ...]`: one corpus store from stores built on several machines.

A corpus is built where each toolchain is: hipcc on a CPU machine, nvcc and the GPU on the device machine,
the many cores of a cluster. Each build writes its own store; this copies into INTO every pair the others
hold that INTO lacks or holds at a lower level (with its task, evidence and runs) and appends their build
records, so `gpuport export INTO` sees one corpus. INTO is created when missing.

Exit codes: 0 merged; 1 a store could not be read or written; 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "merge",
        help="merge corpus stores built on several machines into one",
        description="Copy into INTO the pairs of each FROM store that INTO lacks or holds at a lower "
        "verification level, with their tasks, evidence and runs; FROM stores are only read.",
    )
    p.add_argument("into", type=Path, help="the store written (created when missing)")
    p.add_argument("sources", type=Path, nargs="+", metavar="FROM", help="stores read")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..dataset.store import Store, StoreError

    for src in args.sources:
        if not src.is_file():
            print(f"gpuport merge: {src}: no such store", file=sys.stderr)
            return 2
    try:
        with Store(args.into) as store:
            for src in args.sources:
                counts = store.merge_from(src)
                print(json.dumps({"from": str(src), **counts}))
    except StoreError as err:
        print(f"gpuport merge: {err}", file=sys.stderr)
        return 1
    return 0
