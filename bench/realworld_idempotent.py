"""Is SYCL translation idempotent on real code? Translate every .cu/.cuh file of the real-world corpus to
SYCL, translate the output again, and count the files whose second translation changes something (issue 21).

    python3 bench/realworld_idempotent.py [--root ~/.cache/gpuport/realworld] [--to sycl]

The corpus is the local cache of bench/realworld/projects.toml (`python3 bench/realworld/cache.py`); its
code is never committed. Writes bench/results/realworld_idempotent.{md,json} with the command, commit and
machine: per changed file, how much CUDA its first translation left (reported, counted as unconverted)
and the first changed line, so a class of output that is not stable shows up by name.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import command, commit, machine  # noqa: E402

import gpuport  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
# Measured the same way before this benchmark existed, on the rules of commit 1ab09a7 (SYCL).
PREVIOUS = "Before the idempotency fixes (rules of commit 1ab09a7, same corpus, same steps): 102 of 2198 files changed, 1 of them after a first translation that left no CUDA (SHOC's bfs_kernel.cu: kernels and globals defined in both branches of an `#if`)."
MAX_BYTES = 2_000_000


def first_change(once: str, twice: str) -> str:
    for line in difflib.unified_diff(once.splitlines(), twice.splitlines(), n=0, lineterm=""):
        if line.startswith(("-", "+")) and not line.startswith(("---", "+++")):
            return line[:120]
    return ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path.home() / ".cache" / "gpuport" / "realworld")
    ap.add_argument("--to", default="sycl", choices=["sycl", "hip"])
    args = ap.parse_args()
    files = sorted(
        f
        for f in args.root.rglob("*")
        if f.suffix in (".cu", ".cuh")
        and f.is_file()
        and not f.is_symlink()
        and f.stat().st_size <= MAX_BYTES
    )
    changed = []
    for f in files:
        once = gpuport.translate(f.read_bytes(), to=args.to, path=f.name)
        twice = gpuport.translate(once.code, to=args.to, path=f.name)
        if twice.code != once.code:
            rel = f.relative_to(args.root).as_posix()
            changed.append(
                {
                    "file": rel,
                    "unconverted_first": once.stats.total_unconverted,
                    "first_change": first_change(once.code, twice.code),
                }
            )
            print(changed[-1], flush=True)
    clean = [c for c in changed if c["unconverted_first"] == 0]
    meta = {
        "command": command(["bench/realworld_idempotent.py", *sys.argv[1:]]),
        "commit": commit(),
        "machine": machine(),
        "target": args.to,
        "files": len(files),
        "changed": len(changed),
        "changed_after_a_complete_first_translation": len(clean),
    }
    RESULTS.mkdir(exist_ok=True)
    name = "realworld_idempotent" + ("" if args.to == "sycl" else "_" + args.to)
    (RESULTS / f"{name}.json").write_text(json.dumps({**meta, "rows": changed}, indent=1) + "\n")
    lines = [
        f"# {args.to.upper()} -> {args.to.upper()} idempotency on the real-world corpus",
        "",
        f"Command: `{meta['command']}`; commit {meta['commit']}; machine: {json.dumps(meta['machine'])}.",
        f"Every .cu/.cuh file of the corpus (bench/realworld/projects.toml, up to {MAX_BYTES:,} bytes) translated "
        f"to {args.to.upper()} one by one, then its output translated again.",
        "",
        f"**{len(changed)} of {len(files)} files change when translated again; "
        f"{len(clean)} of them after a first translation that left no CUDA.** The others' first "
        "translation left CUDA it reported (unconverted), and the second pass rewrites some of what is left.",
        "",
        *([PREVIOUS, ""] if args.to == "sycl" else []),
        "| file | unconverted after the first translation | first changed line |",
        "| --- | --- | --- |",
        *[f"| {c['file']} | {c['unconverted_first']} | `{_cell(c['first_change'])}` |" for c in changed],
        "",
    ]
    (RESULTS / f"{name}.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
