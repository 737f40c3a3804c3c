"""`gpuport publish`: upload an exported dataset folder to the Hugging Face Hub.

The token comes from HF_TOKEN or the Hub login (`hf auth login`); there is deliberately no --token option,
so it never lands in shell history or a process listing, and it is never printed.
Exit codes: 0 uploaded (or dry run listed); 1 the upload failed; 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "publish",
        help="upload an exported dataset folder to the Hugging Face Hub",
        description="Create the dataset repository (if needed) and upload OUT (from `gpuport export`) in "
        "one commit; remote data/*.parquet shards not in OUT are deleted in that commit. Token: HF_TOKEN "
        "or the Hub login. --dry-run lists exactly the files (path, size, sha256) and touches nothing.",
    )
    p.add_argument("out", help="the folder written by `gpuport export`")
    p.add_argument("--repo", required=True, metavar="USER/NAME", help="dataset repository id on the Hub")
    p.add_argument("--private", action="store_true", help="create the repository as private")
    p.add_argument("--dry-run", action="store_true", help="list what would be uploaded; no network")
    p.add_argument("--message", default=None, help="commit message")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..dataset.publish import PublishError, publish

    try:
        summary = publish(
            args.out, args.repo, private=args.private, dry_run=args.dry_run, commit_message=args.message
        )
    except PublishError as err:
        print(f"gpuport publish: {err}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    head = "would upload" if args.dry_run else "uploaded"
    vis = "private" if args.private else "public"
    print(
        f"{head} {len(summary['files'])} files, {summary['total_bytes']} bytes to dataset {args.repo} ({vis})"
    )
    for f in summary["files"]:
        print(f"  {f['size']:>12}  {f['sha256']}  {f['path']}")
    print(f"remote files matching {', '.join(summary['delete_remote_patterns'])} and not listed are deleted")
    print(f"token: {summary['token_source']}")
    if not args.dry_run:
        print(f"url: {summary['url']}")
        print(f"commit: {summary['commit']}")
    return 0
