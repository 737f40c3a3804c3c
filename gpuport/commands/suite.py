"""`gpuport suite list|check`: the kernel suite's tasks (bench/suite, or --root DIR)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..dataset.suite import TaskError, default_suite_root
from .suite_impl import check_tasks, list_tasks


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("suite", help="list or check the kernel suite's tasks")
    p.add_argument("action", choices=("list", "check"))
    p.add_argument("--root", type=Path, help="a folder of tasks (default: the repository's bench/suite)")
    p.add_argument("--json", action="store_true", help="list as JSON")
    p.add_argument("--compile", action="store_true", help="check: also compile every task with nvcc")
    p.add_argument("-j", "--jobs", type=int, default=2, help="parallel compiles")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    root = args.root or default_suite_root()
    try:
        if args.action == "list":
            print(list_tasks(root, as_json=args.json))
            return 0
        code, text = check_tasks(root, compile=args.compile, jobs=args.jobs)
    except TaskError as err:
        print(f"gpuport suite: {err}", file=sys.stderr)
        return 1
    print(text)
    return code
