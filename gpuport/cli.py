"""The `gpuport` command line. Each subcommand lives in gpuport/commands/<name>.py and provides
`add_parser(subparsers)` and `run(args) -> int`; this module only assembles them."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from . import __version__

# Subcommand modules, in the order `gpuport --help` lists them.
COMMANDS = (
    "translate",
    "rules",
    "tables",
    "suite",
    "build",
    "merge",
    "doctor",
    "export",
    "publish",
    "report",
    "augment",
    "corpus",
    "finetune",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpuport",
        description="Port CUDA to HIP and SYCL 2020, prove the ports with real compilers, grow a corpus.",
    )
    parser.add_argument("--version", action="version", version=f"gpuport {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f".commands.{name}", __package__)
        except ModuleNotFoundError as err:
            if err.name and err.name.endswith(f"commands.{name}"):
                continue  # a command not built yet
            raise
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("gpuport: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
