"""Pack a corpus folder's tasks for bench/corpus_device.sh: one tar.xz whose identical files are hard links.

    python3 bench/corpus_pack.py CORPUS OUT.tar.xz [--only-real] [--tasks FILE] [--skip-built STORE]

Real-code tasks copy the headers they include, so many tasks hold the same `common.h` or `helper_cuda.h`;
storing each content once (the others as hard links to it) keeps the archive small enough to carry with
a device call (64 MiB per call, the HIP toolchain taking half). The archive's paths are
`corpus/<domain>/<task>/...`, the layout corpus_device.sh moves into its corpus folder.

--tasks keeps the tasks named in FILE (one name per line); --skip-built drops the tasks that STORE already
holds pairs for (read through the store's reader), so a second device session carries only new work.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def task_dirs(corpus: Path, only_real: bool) -> list[Path]:
    """Task folders of the corpus (those holding origin.toml), real-code ones only when asked."""
    out = []
    for origin in sorted(corpus.glob("**/origin.toml")):
        task = origin.parent
        rel = task.relative_to(corpus)
        if only_real and rel.parts[0] == "augment":
            continue
        out.append(task)
    return out


def built_tasks(store: Path) -> set[str]:
    from dataset.store import StoreReader

    with StoreReader(store) as reader:
        return {row["task"] for row in reader.pairs()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--only-real", action="store_true", help="leave out the generated tasks (augment/)")
    ap.add_argument("--tasks", type=Path, help="file of task names to keep")
    ap.add_argument("--skip-built", type=Path, metavar="STORE", help="drop tasks STORE has pairs for")
    args = ap.parse_args(argv)
    tasks = task_dirs(args.corpus, args.only_real)
    if args.tasks:
        keep = set(args.tasks.read_text().split())
        tasks = [t for t in tasks if t.name in keep]
    if args.skip_built:
        done = built_tasks(args.skip_built)
        tasks = [t for t in tasks if t.name not in done]
    seen: dict[str, Path] = {}
    linked = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpus"
        for task in tasks:
            dest = root / task.relative_to(args.corpus)
            for src in sorted(task.rglob("*")):
                if src.is_symlink() or not src.is_file():
                    continue
                target = dest / src.relative_to(task)
                target.parent.mkdir(parents=True, exist_ok=True)
                digest = hashlib.sha256(src.read_bytes()).hexdigest()
                if digest in seen:
                    os.link(seen[digest], target)
                    linked += 1
                else:
                    shutil.copyfile(src, target)
                    seen[digest] = target
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with open(args.out, "wb") as f:
            tar = subprocess.Popen(["tar", "-C", tmp, "-cf", "-", "corpus"], stdout=subprocess.PIPE)
            subprocess.run(["xz", "-9", "-T2", "-c"], stdin=tar.stdout, stdout=f, check=True)
            if tar.wait() != 0:
                raise SystemExit("tar failed")
    print(
        f"{len(tasks)} tasks, {len(seen)} distinct files, {linked} hard links -> {args.out} "
        f"({args.out.stat().st_size / 2**20:.1f} MiB)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
