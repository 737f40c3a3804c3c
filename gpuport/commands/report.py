"""`gpuport report`: one self-contained HTML page for a corpus store or a saved translation report.

    gpuport report corpus.db -o report.html        levels per task and target, time ratios, diffs
    gpuport report report.json -o report.html      the page `translate --report-html` writes, from the
                                                   JSON of `translate --report-json` (paths as recorded)

Exit codes: 0 written; 1 the input could not be read; 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "report",
        help="write an HTML report for a corpus store or a translation report",
        description="Write one self-contained HTML page (no network needed to view it) for a corpus store "
        "(the SQLite file `gpuport build` writes) or for a translation report saved with "
        "`gpuport translate --report-json`.",
    )
    p.add_argument("input", help="corpus store (e.g. corpus.db) or translation report JSON")
    p.add_argument("-o", "--output", default="report.html", help="HTML file to write (default: report.html)")
    p.set_defaults(run=run)


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def run(args: argparse.Namespace) -> int:
    from ..dataset.store import StoreError
    from ..html_report import write_store_report, write_translation_report
    from ..transpile.report import TreeReport

    src = Path(args.input)
    out = Path(args.output)
    if not src.is_file():
        print(f"gpuport report: {src}: no such file", file=sys.stderr)
        return 2
    try:
        if _is_sqlite(src):
            page = write_store_report(src, out)
            print(f"gpuport report: {len(page.rows)} pairs -> {out}", file=sys.stderr)
        else:
            try:
                data = json.loads(src.read_text(encoding="utf-8", errors="replace"))
            except ValueError as err:
                raise ValueError(
                    f"neither a corpus store (SQLite) nor a translation report (JSON): {err}"
                ) from None
            report = TreeReport.from_dict(data)
            write_translation_report(report, out)
            print(f"gpuport report: {len(report.files)} files -> {out}", file=sys.stderr)
    except StoreError as err:  # the store's reader names the file and says why
        print(f"gpuport report: {err}", file=sys.stderr)
        return 1
    except (OSError, ValueError, KeyError) as err:
        print(f"gpuport report: {src}: {err}", file=sys.stderr)
        return 1
    return 0
