"""One access path to the corpus store: every reader goes through dataset/store.py's StoreReader."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from gpuport.dataset.store import Store
from test_store import _pair, _task, _v1_store

REPO = Path(__file__).resolve().parent.parent
# The store module, and the LLM completion cache (its own SQLite file, not the corpus store).
ALLOWED = {"dataset/store.py", "models/cache.py"}
_RAW = re.compile(r"^\s*(?:import sqlite3|from sqlite3 import)|\bsqlite3\.connect\(", re.MULTILINE)


def test_no_module_but_the_store_opens_sqlite() -> None:
    offenders = []
    for folder in ("gpuport", "transpile", "models", "dataset", "bench", "scripts"):
        for p in sorted((REPO / folder).rglob("*.py")):
            rel = p.relative_to(REPO).as_posix()
            if rel not in ALLOWED and _RAW.search(p.read_text(encoding="utf-8")):
                offenders.append(rel)
    assert offenders == [], f"read the corpus store through gpuport.dataset.store.StoreReader: {offenders}"


def test_backup_suffix_is_spelled_in_one_place() -> None:
    offenders = []
    for folder in ("gpuport", "transpile", "models", "dataset"):
        for p in sorted((REPO / folder).rglob("*.py")):
            rel = p.relative_to(REPO).as_posix()
            if rel != "transpile/tree.py" and re.search(r"""["']\.orig["']""", p.read_text(encoding="utf-8")):
                offenders.append(rel)
    assert offenders == [], f"use transpile.tree.BACKUP_SUFFIX / backup_path: {offenders}"


@pytest.fixture()
def bench_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    for name in ("common", "suite_table", "sycl_suite"):
        sys.modules.pop(name, None)


def test_bench_readers_read_new_and_old_stores(tmp_path: Path, bench_path: None) -> None:
    import suite_table
    import sycl_suite

    new, old = tmp_path / "new.db", tmp_path / "old.db"
    with Store(new) as s:
        s.record(_pair(_task(), target="sycl", level="compiles"))
    _v1_store(old)
    for db, level in ((new, "compiles"), (old, "translated")):
        best, domains = suite_table.read_store(db)
        assert domains == {"t": "math"}
        target = "sycl" if db == new else "hip"
        assert best[("t", target)]["level"] == level and isinstance(best[("t", target)]["compiles_on"], list)
    rows = [{"task": "t"}, {"task": "u"}]
    sycl_suite._runs_from_store(rows, str(new))
    assert rows[0]["acpp"].startswith("compiles") and rows[1]["acpp"] == "not in store"


def test_every_reader_reads_a_store_written_before_fingerprints(tmp_path: Path) -> None:
    """Readers never migrate (a build may be writing): an old store reads with the new columns as null."""
    datasets = pytest.importorskip("datasets", reason="export needs the datasets library")
    from gpuport.dataset import export as ex
    from gpuport.models.finetune import load_pairs
    from gpuport.models.retrieval import ExampleIndex

    from gpuport.html_report import load_store

    old = tmp_path / "old.db"
    _v1_store(old)
    before = old.read_bytes()
    (pair,) = load_store(old)
    assert pair["task"] == "t" and pair["translator_fingerprint"] is None and pair["domain"] == "math"
    assert load_pairs(old) == [] and ExampleIndex.from_store(old).units == []  # below `compiles`
    out = tmp_path / "export"
    assert ex.export(old, out, min_level="translated").rows == {"train": 1}
    (row,) = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "hf")).to_list()
    assert row["translator_fingerprint"] is None and row["gpuport_version"] == "0.0.9"
    assert old.read_bytes() == before  # still schema 1: nothing was written
