"""A committed sample of a corpus store: generated (synthetic) pairs only, at most --max-mb gzipped.

    python3 bench/corpus_sample.py STORE OUT.db.gz [--max-mb 5] [--prefer-isa]

The full store is not committed when it is large, and its real-code rows hold fetched projects' code, which
the repository never holds: the sample keeps the pairs of generated tasks (`origin.synthetic`), those with
SASS/AMD ISA evidence first (--prefer-isa), then by task name, halving the count until the gzipped copy fits.
It is a copy made with SQLite's backup API and then trimmed; the store itself is only read.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path


def synthetic_tasks(db: sqlite3.Connection) -> set[str]:
    out = set()
    for name, origin in db.execute("SELECT name, origin FROM tasks"):
        if origin and json.loads(origin).get("synthetic"):
            out.add(name)
    return out


def trimmed(src: Path, keep_pairs: list[int], dest: Path) -> None:
    with sqlite3.connect(f"{src.resolve().as_uri()}?mode=ro", uri=True) as s, sqlite3.connect(dest) as d:
        s.backup(d)
    db = sqlite3.connect(dest)
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("CREATE TEMP TABLE keep(id INTEGER PRIMARY KEY)")
    db.executemany("INSERT INTO keep VALUES(?)", [(i,) for i in keep_pairs])
    db.execute("DELETE FROM pairs WHERE id NOT IN (SELECT id FROM keep)")  # evidence and runs cascade
    db.execute("DELETE FROM evidence WHERE pair_id NOT IN (SELECT id FROM pairs)")
    db.execute("DELETE FROM runs WHERE pair_id NOT IN (SELECT id FROM pairs)")
    db.execute("DELETE FROM tasks WHERE name NOT IN (SELECT task FROM pairs)")
    db.execute("UPDATE meta SET value = ? WHERE key = 'builds'", (json.dumps([{"sample_of": src.name}]),))
    db.commit()
    db.execute("VACUUM")
    db.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("store", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--max-mb", type=float, default=5.0)
    ap.add_argument("--prefer-isa", action="store_true")
    args = ap.parse_args(argv)
    with sqlite3.connect(f"{args.store.resolve().as_uri()}?mode=ro", uri=True) as db:
        synth = synthetic_tasks(db)
        rows = db.execute("SELECT id, task, checks FROM pairs WHERE level_rank >= 2 ORDER BY task, target")
        pairs = [(i, t, json.loads(c or "{}")) for i, t, c in rows if t in synth]
    if args.prefer_isa:
        pairs.sort(key=lambda p: not (p[2].get("sass") or p[2].get("amd_isa")))
    ids = [p[0] for p in pairs]
    with tempfile.TemporaryDirectory() as tmp:
        while ids:
            db_path = Path(tmp) / "sample.db"
            db_path.unlink(missing_ok=True)
            trimmed(args.store, ids, db_path)
            gz = Path(tmp) / "sample.db.gz"
            with open(db_path, "rb") as f, gzip.GzipFile(gz, "wb", mtime=0) as g:
                shutil.copyfileobj(f, g)
            if gz.stat().st_size <= args.max_mb * 1024 * 1024:
                shutil.copyfile(gz, args.out)
                print(f"{args.out}: {len(ids)} generated pairs, {gz.stat().st_size / 1e6:.1f} MB")
                return 0
            ids = ids[: len(ids) // 2]
    print("no generated pair fits", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
