"""`gpuport rules [CODE]`: list the rules, or show one rule's documentation."""

from __future__ import annotations

import argparse
import sys

from ..transpile.rules.registry import by_code, module_of


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("rules", help="list translation rules or show one rule's documentation")
    p.add_argument("code", nargs="?", help="a rule code (GP001) or name (api-rename)")
    p.add_argument("--target", choices=("hip", "sycl"), help="only rules of this target")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.code:
        wanted = args.code.strip()
        codes = by_code()
        rule = codes.get(wanted.upper()) or next((r for r in codes.values() if r.name == wanted), None)
        if rule is None:
            print(f"gpuport rules: no rule {wanted!r}; `gpuport rules` lists them", file=sys.stderr)
            return 2
        print(f"{rule.code} {rule.name} [{', '.join(sorted(rule.targets))}]")
        where = module_of(rule.code)
        if where is not None:
            print(f"module: {where[0]} ({where[1]})")
        print()
        print(rule.doc())
        return 0
    for rule in sorted(by_code().values(), key=lambda r: r.code):
        if args.target and args.target not in rule.targets:
            continue
        print(f"{rule.code}  {rule.name:<28} {','.join(sorted(rule.targets)):<9} {rule.summary}")
    return 0
