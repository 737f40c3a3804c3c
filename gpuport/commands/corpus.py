"""`gpuport corpus SOURCE ... --out DIR`: pipeline tasks from a corpus source, with origin and licence.

    gpuport corpus realworld [PROJECT ...] --out DIR [--granularity unit|program]   (bench/realworld list)
    gpuport corpus pypi NAME[==VER] ... --out DIR                                   (PyPI sdists)
    gpuport corpus local PATH ... --out DIR                                         (any folder)
    gpuport corpus clean DIR                        (dedup and decontaminate DIR; writes its manifest)

Every source applies the licence filter (permissive licences only unless --allow-licence says otherwise).
`gpuport augment` writes generated (synthetic) tasks into the same kind of folder.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "corpus",
        help="corpus tasks from real-world trees, PyPI sdists or local trees; dedup and decontaminate",
    )
    p.add_argument("source", choices=("realworld", "pypi", "local", "clean"))
    p.add_argument(
        "items",
        nargs="*",
        metavar="ITEM",
        help="realworld: project names (default: all); pypi: NAME or NAME==VERSION; local: a folder; "
        "clean: the corpus folder",
    )
    p.add_argument("--out", type=Path, help="output folder (OUT/<domain>/<task>/); not for clean")
    p.add_argument(
        "--cache", type=Path, default=None, help="sdist cache (pypi) or real-world cache (realworld)"
    )
    p.add_argument("--licence", default="", help="local: licence name when the tree has no licence file")
    p.add_argument(
        "--allow-licence",
        action="append",
        default=None,
        metavar="SPDX",
        help="licences to accept (repeatable; default: permissive ones, see dataset/sources/licences.py; "
        "'any' turns the filter off)",
    )
    p.add_argument(
        "--granularity",
        choices=("unit", "program", "tree"),
        default="unit",
        help="realworld: a task per listed unit, per listed program, or per unit of the whole tree "
        "(the listed units, then every other .cu file, with the tree's include folders)",
    )
    p.add_argument(
        "--projects", type=Path, default=None, help="realworld: projects list (bench/realworld/projects.toml)"
    )
    p.add_argument(
        "--include-benchmark",
        action="store_true",
        help="realworld: also the projects held out as the benchmark split (they are then not decontaminated against)",
    )
    p.add_argument(
        "--reference",
        action="append",
        default=None,
        metavar="LABEL=PATH",
        help="clean: what the corpus must not overlap (repeatable; default: suite=bench/suite, tests=tests, "
        "and the real-world benchmark split's units)",
    )
    p.add_argument("--threshold", type=float, default=0.8, help="clean: near-duplicate Jaccard threshold")
    p.add_argument("--dry-run", action="store_true", help="clean: report, remove nothing")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.source == "clean":
        return _clean(args)
    if args.out is None:
        print("gpuport corpus: --out is required", file=sys.stderr)
        return 2
    if args.source == "realworld":
        return _realworld(args)
    if not args.items:
        print(f"gpuport corpus {args.source}: give at least one item", file=sys.stderr)
        return 2
    from ..dataset.sources.local import extract_local
    from ..dataset.sources.pypi_sdist import DEFAULT_CACHE, corpus_from_pypi

    failures = 0
    if args.source == "local":
        seen: dict[str, str] = {}
        for item in args.items:
            root = Path(item)
            if not root.is_dir():
                print(f"gpuport corpus: {root}: not a folder", file=sys.stderr)
                failures += 1
                continue
            res = extract_local(root, args.out, licence=args.licence, seen=seen, licences=args.allow_licence)
            for why in res.skipped:
                print(f"gpuport corpus: {root}: skipped {why}", file=sys.stderr)
            print(
                f"{root}: {len(res.written)} tasks, {len(res.duplicates)} duplicates, {len(res.skipped)} skipped"
            )
        return 1 if failures else 0
    cache = args.cache or DEFAULT_CACHE
    for spec, outcome in corpus_from_pypi(args.items, args.out, cache, licences=args.allow_licence):
        if isinstance(outcome, Exception):
            print(f"gpuport corpus: {spec}: {outcome}", file=sys.stderr)
            failures += 1
            continue
        info, res = outcome
        for why in res.skipped:
            print(f"gpuport corpus: {spec}: skipped {why}", file=sys.stderr)
        print(
            f"{info.package} {info.version} ({info.licence}): {len(res.written)} tasks, "
            f"{len(res.duplicates)} duplicates, {len(res.skipped)} skipped"
        )
    return 1 if failures else 0


def _realworld(args: argparse.Namespace) -> int:
    from ..dataset.sources import realworld as rw

    res = rw.extract_realworld(
        args.out,
        projects_file=args.projects or rw.DEFAULT_PROJECTS,
        cache=args.cache or rw.DEFAULT_CACHE,
        granularity=args.granularity,
        only=args.items or None,
        licences=args.allow_licence,
        include_benchmark=args.include_benchmark,
    )
    for why in res.skipped:
        print(f"gpuport corpus: skipped {why}", file=sys.stderr)
    for name in res.refused_licence:
        print(f"gpuport corpus: licence not allowed: {name}", file=sys.stderr)
    print(
        f"realworld ({args.granularity}): {len(res.written)} tasks, {len(res.duplicates)} duplicates, "
        f"{len(res.skipped)} skipped, {len(res.refused_licence)} project(s) refused by the licence filter, "
        f"{len(res.benchmark)} project(s) held out as the benchmark split"
    )
    missing = [s for s in res.skipped if "not in the cache" in s]
    return 1 if missing and not res.written else 0


def _clean(args: argparse.Namespace) -> int:
    from ..dataset import dedup
    from ..dataset.sources import realworld as rw

    if len(args.items) != 1 or not Path(args.items[0]).is_dir():
        print("gpuport corpus clean: give one corpus folder", file=sys.stderr)
        return 2
    refs: list[tuple[str, Path]] = []
    for item in args.reference or [f"suite={REPO / 'bench' / 'suite'}", f"tests={REPO / 'tests'}"]:
        label, sep, path = item.partition("=")
        if not sep or not Path(path).exists():
            print(
                f"gpuport corpus clean: --reference {item!r}: want LABEL=PATH to an existing path",
                file=sys.stderr,
            )
            return 2
        refs.append((label, Path(path)))
    extra = []
    if args.reference is None:
        for label, path in rw.benchmark_units(
            args.projects or rw.DEFAULT_PROJECTS, args.cache or rw.DEFAULT_CACHE
        ):
            extra.append(
                dedup.Doc(label, "benchmark", label, "", path.read_text(encoding="utf-8", errors="replace"))
            )
    result = dedup.clean(
        Path(args.items[0]), refs, threshold=args.threshold, extra_references=extra, apply=not args.dry_run
    )
    m = result.manifest
    summary = {
        k: m[k] for k in ("references", "tasks_before", "tasks_after", "removed_by_reason", "after_by_source")
    }
    print(json.dumps(summary, indent=1))
    return 0
