"""A committed sample of a corpus store: generated (synthetic) pairs only, at most --max-mb gzipped.

    python3 bench/corpus_sample.py STORE OUT.db.gz [--max-mb 5] [--prefer-isa]

The full store is not committed when it is large, and its real-code rows hold fetched projects' code, which
the repository never holds: the sample keeps the pairs of generated tasks (`origin.synthetic`) at or above
`compiles`, those with SASS/AMD ISA evidence first (--prefer-isa), then by task name, halving the count
until the gzipped store fits. The sample is a new store that `Store.merge_from` fills with those pairs
(tasks, evidence and the source's build records with them); the store itself is only read.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from gpuport.dataset.store import Store, StoreReader  # noqa: E402


def candidates(store: Path, prefer_isa: bool) -> list[str]:
    """Pair keys of the generated tasks' pairs at or above `compiles`, in sample order."""
    with StoreReader(store) as r:
        synthetic = {n for n, t in r.tasks().items() if (t.get("origin") or {}).get("synthetic")}
        pairs = [p for p in r.pairs("compiles") if p["task"] in synthetic]
    if prefer_isa:
        pairs.sort(key=lambda p: not ((p["checks"] or {}).get("sass") or (p["checks"] or {}).get("amd_isa")))
    return [p["pair_key"] for p in pairs]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("store", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--max-mb", type=float, default=5.0)
    ap.add_argument("--prefer-isa", action="store_true")
    args = ap.parse_args(argv)
    keys = candidates(args.store, args.prefer_isa)
    with tempfile.TemporaryDirectory() as tmp:
        while keys:
            db_path = Path(tmp) / f"sample-{len(keys)}.db"
            with Store(db_path) as sample:
                sample.merge_from(args.store, only=set(keys))
                sample.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                sample.db.execute("VACUUM")
            gz = Path(tmp) / "sample.db.gz"
            with open(db_path, "rb") as f, gzip.GzipFile(gz, "wb", mtime=0) as g:
                shutil.copyfileobj(f, g)
            if gz.stat().st_size <= args.max_mb * 1024 * 1024:
                shutil.copyfile(gz, args.out)
                print(f"{args.out}: {len(keys)} generated pairs, {gz.stat().st_size / 1e6:.1f} MB")
                return 0
            keys = keys[: len(keys) // 2]
    print("no generated pair fits", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
