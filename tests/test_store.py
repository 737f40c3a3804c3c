"""The corpus store on a real SQLite file: schema, dedup, one transaction a pair, and crash-safe resume."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gpuport.dataset.store import (
    SCHEMA_VERSION,
    Evidence,
    PairResult,
    RunRecord,
    Store,
    StoreError,
    TaskRecord,
    normalise_source,
    pair_key,
    tree_hash,
)

REPO = Path(__file__).resolve().parent.parent
SUITE = REPO / "bench" / "suite"


def _task(name: str = "t", code: str = "__global__ void k(){}\n") -> TaskRecord:
    files = {"main.cu": code}
    return TaskRecord(name, "math", "easy", "d", ["grid-stride"], {"args": []}, tree_hash(files), files)


def _pair(
    task: TaskRecord, target: str = "hip", level: str = "compiles", caps: list[str] | None = None
) -> PairResult:
    return PairResult(
        task=task,
        target=target,
        pair_key=pair_key(target, task.cuda_hash, task.spec),
        level=level,
        compiles_on=["hipcc 5.2 gfx90a"],
        capabilities=caps or ["translate", "hipcc:gfx90a"],
        evidence=[Evidence("compile", "log", "hipcc gfx90a main.cu", "ok", True, "hipcc 5.2", ["hipcc"], 0)],
        runs=[
            RunRecord(
                "original",
                "nvidia H200",
                1,
                ["./a"],
                0,
                0.1,
                "RESULT a 1\nPASS\n",
                "",
                verdict="PASS",
                results={"a": ["1"]},
            )
        ],
    )


def test_normalise_strips_comments_and_layout_only() -> None:
    a = "// header\n#include <x.h>\nint  main( ) {\n  return a /* c */ + b; // tail\n}\n"
    b = "#include <x.h>\nint main(){return a+b;}"
    assert normalise_source(a) == normalise_source(b)
    assert normalise_source('puts("a  b // not a comment");') == 'puts("a  b // not a comment");'
    assert normalise_source("int x;") != normalise_source("intx;")
    # A preprocessor line ends at its newline: joining it with the next line would change the meaning.
    assert normalise_source("#define A 1\nint x;") != normalise_source("#define A 1 int x;")
    assert tree_hash({"m.cu": a}) == tree_hash({"m.cu": b}) != tree_hash({"n.cu": b})


def test_schema_wal_and_version(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    with Store(db) as s:
        assert s.schema_version == SCHEMA_VERSION
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "tasks", "pairs", "evidence", "runs"} <= tables
    con.execute("UPDATE meta SET value='999' WHERE key='schema_version'")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="newer"):
        Store(db)


def test_record_and_read_back(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as s:
        t = _task()
        pid = s.record(_pair(t))
        row = s.finished(pair_key("hip", t.cuda_hash, t.spec))
        assert row is not None and row["id"] == pid and row["level"] == "compiles"
        assert json.loads(row["compiles_on"]) == ["hipcc 5.2 gfx90a"]
        assert [e["name"] for e in s.evidence(pid)] == ["hipcc gfx90a main.cu"]
        assert s.runs(pid)[0]["verdict"] == "PASS"
        assert s.cuda_reference(t.cuda_hash) == ({"a": ["1"]}, "nvidia H200")
        assert s.tasks()[0]["name"] == "t"


def test_same_source_is_stored_once(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as s:
        s.record(_pair(_task("a", "__global__ void k(){}\n")))
        # Same program, other comments and indentation: same key, so the row is replaced, not duplicated.
        p2 = _pair(_task("a", "// v2\n__global__   void k( ) { }\n"))
        s.record(p2)
        assert len(s.pairs()) == 1
        assert s.pairs()[0]["attempts"] == 2
        assert len(s.evidence(s.pairs()[0]["id"])) == 1  # the old evidence was replaced, not appended
        s.record(_pair(_task("a", "__global__ void k2(){}\n")))
        assert len(s.pairs()) == 2


def test_is_done_redoes_when_the_machine_can_verify_more(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as s:
        t = _task()
        key = pair_key("hip", t.cuda_hash, t.spec)
        assert not s.is_done(key, ["translate"])
        s.record(_pair(t, caps=["translate", "nvcc", "hipcc:gfx90a"]))
        assert s.is_done(key, ["translate", "nvcc"])
        assert not s.is_done(key, ["translate", "nvcc", "gpu:NVIDIA H200"])


def test_gpu_rebuild_keeps_compile_evidence_it_could_not_redo(tmp_path: Path) -> None:
    """A CPU build proved hipcc; the GPU build (no hipcc there) proves runs. Both proofs stay."""
    with Store(tmp_path / "c.db") as s:
        t = _task()
        cpu = _pair(t, caps=["translate", "hipcc:gfx90a"])
        cpu.translated_hash = "h1"
        cpu.evidence = [
            Evidence("compile", "log", "hipcc gfx90a main.cu", "ok", True, "hipcc 5.2 gfx90a", [], 0)
        ]
        pid = s.record(cpu)
        gpu = _pair(t, level="perf-measured", caps=["translate", "nvcc", "gpu:H200"])
        gpu.translated_hash = "h1"
        gpu.compiles_on = ["nvcc 13.0 sm_90 (hip_on_cuda)"]
        gpu.evidence = [
            Evidence("compile", "log", "nvcc hip_on_cuda", "ok", True, "nvcc 13.0 sm_90 (hip_on_cuda)")
        ]
        assert s.record(gpu) == pid
        row = s.pairs()[0]
        assert row["level"] == "perf-measured"
        assert json.loads(row["compiles_on"]) == ["nvcc 13.0 sm_90 (hip_on_cuda)", "hipcc 5.2 gfx90a"]
        assert {e["toolchain"] for e in s.evidence(pid)} == {
            "hipcc 5.2 gfx90a",
            "nvcc 13.0 sm_90 (hip_on_cuda)",
        }
        assert set(json.loads(row["capabilities"])) == {"translate", "hipcc:gfx90a", "nvcc", "gpu:H200"}
        # A different translation: nothing carried over.
        other = _pair(t, caps=["translate"])
        other.translated_hash = "h2"
        other.compiles_on = []
        other.evidence = []
        s.record(other)
        assert s.evidence(pid) == [] and json.loads(s.pairs()[0]["compiles_on"]) == []


def test_a_failed_write_leaves_nothing(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as s:
        bad = _pair(_task())
        bad.runs.append(RunRecord("translated", "cpu", 1, ["./a"], None, 0.1, "", ""))  # type: ignore[arg-type]
        with pytest.raises(sqlite3.IntegrityError):
            s.record(bad)
        assert s.pairs() == [] and s.tasks() == []  # the task row of the same transaction was rolled back


def _count(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return int(con.execute("SELECT count(*) FROM pairs").fetchone()[0])
        finally:
            con.close()
    except sqlite3.OperationalError:
        return 0  # not created yet


@pytest.mark.slow
def test_sigkill_mid_build_then_resume(tmp_path: Path) -> None:
    """Kill a build with SIGKILL mid-way; the restart adds the rest, redoes nothing, duplicates nothing."""
    from gpuport.dataset.suite import load_suite

    names = [t.name for t in load_suite(SUITE)][:24]
    db = tmp_path / "corpus.db"
    cmd = [
        sys.executable,
        "-m",
        "gpuport",
        "build",
        "--suite",
        str(SUITE),
        "--to",
        "hip,sycl",
        "--store",
        str(db),
        "--max-level",
        "translated",
        "--tasks",
        ",".join(names),
        "--json",
        "-j",
        "1",
    ]
    env = dict(os.environ)
    proc = subprocess.Popen(
        cmd, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, env=env
    )
    deadline = time.monotonic() + 240
    while _count(db) < 5 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
    con = sqlite3.connect(db)
    before = {
        (r[0], r[1]): (r[2], r[3], r[4])
        for r in con.execute("SELECT task, target, id, created_at, attempts FROM pairs")
    }
    con.close()
    total = 2 * len(names)
    assert 5 <= len(before) < total, "the build must have been killed mid-way"

    done = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["skipped"] == len(before)
    assert report["built"] == total - len(before)

    con = sqlite3.connect(db)
    counts = list(con.execute("SELECT task, target, count(*) FROM pairs GROUP BY task, target"))
    assert len(counts) == total and all(c == 1 for _, _, c in counts)
    assert {(t, g) for t, g, _ in counts} == {(n, g) for n in names for g in ("hip", "sycl")}
    after = {
        (r[0], r[1]): (r[2], r[3], r[4])
        for r in con.execute("SELECT task, target, id, created_at, attempts FROM pairs")
    }
    for key, value in before.items():
        assert after[key] == value, f"{key} was redone"
    # Every stored pair carries its translation report as evidence.
    missing = con.execute(
        "SELECT count(*) FROM pairs p WHERE NOT EXISTS (SELECT 1 FROM evidence e WHERE e.pair_id=p.id AND "
        "e.stage='translate')"
    ).fetchone()[0]
    assert missing == 0
    con.close()


def _v1_store(path: Path) -> None:
    """A store as gpuport wrote it before schema 2 (no translator columns), with one pair."""
    from gpuport.dataset.store import _SCHEMA_V1

    con = sqlite3.connect(path)
    con.executescript(_SCHEMA_V1)
    con.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    t = _task()
    con.execute(
        "INSERT INTO tasks VALUES (?,?,?,?,?,?,?,?,?)",
        (t.name, t.domain, t.difficulty, t.description, "[]", "{}", t.cuda_hash, json.dumps(t.files), 0.0),
    )
    con.execute(
        "INSERT INTO pairs(pair_key, task, target, cuda_hash, level, level_rank, compiles_on, unconverted,"
        " translated_files, diagnostics, options, machine, capabilities, notes, gpuport_version, elapsed_s,"
        " created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (pair_key("hip", t.cuda_hash, t.spec), t.name, "hip", t.cuda_hash, "translated", 1, "[]", 0, "{}")
        + ("[]", "{}", "{}", '["translate"]', "[]", "0.0.9", 0.1, 0.0, 0.0),
    )
    con.commit()
    con.close()


def test_readers_see_the_translator_columns_of_an_old_store_as_unknown(tmp_path: Path) -> None:
    from gpuport.dataset.store import StoreReader, iter_pairs

    db = tmp_path / "old.db"
    _v1_store(db)
    with StoreReader(db) as r:  # read-only: the old store is not migrated by a reader
        assert r.schema_version == 1
        (row,) = r.pairs()
        assert row["translator_fingerprint"] is None and row["gpuport_commit"] is None
    (pair,) = iter_pairs(db)
    assert pair["translator_fingerprint"] is None and pair["cuda_files"] == {
        "main.cu": "__global__ void k(){}\n"
    }
    con = sqlite3.connect(db)
    assert "translator_fingerprint" not in {r[1] for r in con.execute("PRAGMA table_info(pairs)")}
    con.close()


def test_old_store_migrates_and_its_rows_are_redone(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _v1_store(db)
    t = _task()
    key = pair_key("hip", t.cuda_hash, t.spec)
    with Store(db) as s:
        assert s.schema_version == SCHEMA_VERSION == 3
        (row,) = s.pairs()
        assert row["translator_fingerprint"] is None and row["gpuport_version"] == "0.0.9"
        assert s.is_done(key, ["translate"])  # no fingerprint asked: as before
        assert not s.is_done(key, ["translate"], "0123456789abcdef")  # its translator is unknown: redo
        p = _pair(t, caps=["translate"])
        p.translator_fingerprint = "0123456789abcdef"
        s.record(p)
        assert s.is_done(key, ["translate"], "0123456789abcdef")
        assert not s.is_done(key, ["translate"], "fedcba9876543210")  # a rule changed since: redo
        (row,) = s.pairs()
        assert row["translator_fingerprint"] == "0123456789abcdef" and row["attempts"] == 2


def test_store_records_the_gpuport_commit_in_words_when_the_checkout_has_changes(tmp_path: Path) -> None:
    from gpuport.transpile.fingerprint import checkout_commit

    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    (repo / "f").write_text("a")
    subprocess.run([*git, "add", "f"], check=True)
    subprocess.run([*git, "commit", "-qm", "x"], check=True)
    head = subprocess.run(
        [*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    assert checkout_commit(repo) == head
    (repo / "f").write_text("b")
    assert checkout_commit(repo) == f"uncommitted changes on {head}"


def test_merge_copies_missing_and_better_pairs_and_keeps_the_rest(tmp_path: Path) -> None:
    """Stores built on two machines become one: pairs the target lacks are copied with their task,
    evidence and runs; a higher level replaces a lower one; a lower one never replaces a higher one."""
    a, b = _task("a", "__global__ void a(){}\n"), _task("b", "__global__ void b(){}\n")
    c = _task("c", "__global__ void c(){}\n")
    with Store(tmp_path / "device.db") as dev:
        dev.record(_pair(a, "hip", "compiles"))
        dev.record(_pair(b, "sycl", "runs-equal"))
        dev.record(_pair(c, "hip", "translated"))
        dev.record_build({"command": "gpuport build (device)"})
    with Store(tmp_path / "cpu.db") as cpu:
        cpu.record(_pair(b, "sycl", "compiles"))  # lower: replaced
        cpu.record(_pair(c, "hip", "compiles"))  # higher: kept
        cpu.record_build({"command": "gpuport build (cpu)"})
        counts = cpu.merge_from(tmp_path / "device.db")
        assert counts == {"copied": 1, "replaced": 1, "kept": 1, "superseded": 0}
        levels = {(r["task"], r["target"]): r["level"] for r in cpu.pairs()}
        assert levels == {("a", "hip"): "compiles", ("b", "sycl"): "runs-equal", ("c", "hip"): "compiles"}
        assert {r["name"] for r in cpu.tasks()} == {"a", "b", "c"}
        for row in cpu.pairs():
            assert len(cpu.evidence(row["id"])) == 1 and len(cpu.runs(row["id"])) == 1
        builds = json.loads(cpu.db.execute("SELECT value FROM meta WHERE key='builds'").fetchone()[0])
        assert [b.get("command") for b in builds[:2]] == ["gpuport build (cpu)", "gpuport build (device)"]
        assert builds[1]["merged_from"] == "device.db" and builds[2]["copied"] == 1
        # Merging again changes nothing: every pair is now held at the same level.
        assert cpu.merge_from(tmp_path / "device.db") == {
            "copied": 0,
            "replaced": 0,
            "kept": 3,
            "superseded": 0,
        }
        with pytest.raises(StoreError):
            cpu.merge_from(tmp_path / "cpu.db")
    # A sample: only the named pair keys.
    with Store(tmp_path / "sample.db") as sample:
        key = pair_key("sycl", b.cuda_hash, b.spec)
        assert sample.merge_from(tmp_path / "device.db", only={key}) == {
            "copied": 1,
            "replaced": 0,
            "kept": 0,
            "superseded": 0,
        }
        assert [(r["task"], r["target"]) for r in sample.pairs()] == [("b", "sycl")]
    # Through the CLI, into a new store.
    out = subprocess.run(
        [sys.executable, "-m", "gpuport", "merge", str(tmp_path / "new.db"), str(tmp_path / "device.db")],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["copied"] == 3
    with Store(tmp_path / "new.db") as new:
        assert len(new.pairs()) == 3


def test_merge_at_the_same_level_keeps_the_pair_with_more_passed_checks(tmp_path: Path) -> None:
    """A rebuild where the CUDA original now compiles (the library headers it missed) reaches the same
    level as before; merged, it replaces the old row, which lacked the original's compile."""
    a = _task("a", "__global__ void a(){}\n")
    old, new = _pair(a, "hip", "compiles"), _pair(a, "hip", "compiles")
    old.evidence = [*old.evidence, Evidence("compile", "log", "nvcc original main.cu", "no", False)]
    new.evidence = [*new.evidence, Evidence("compile", "log", "nvcc original main.cu", "ok", True)]
    with Store(tmp_path / "rebuild.db") as s:
        s.record(new)
    with Store(tmp_path / "old.db") as s:
        s.record(old)
    with Store(tmp_path / "corpus.db") as s:
        s.record(old)
        assert s.merge_from(tmp_path / "rebuild.db") == {
            "copied": 0,
            "replaced": 1,
            "kept": 0,
            "superseded": 0,
        }
        (row,) = s.pairs("a", "hip")
        assert json.loads(row["checks"])["cuda_nvcc"] is True
        # The other way round (or the same evidence again), the better row stays.
        assert s.merge_from(tmp_path / "old.db") == {"copied": 0, "replaced": 0, "kept": 1, "superseded": 0}
        assert s.merge_from(tmp_path / "rebuild.db") == {
            "copied": 0,
            "replaced": 0,
            "kept": 1,
            "superseded": 0,
        }


def test_merge_lets_a_task_built_again_with_a_new_spec_supersede_its_old_pairs(tmp_path: Path) -> None:
    """A project's flags changed (GAMER's RANDOM_NUMBER macro added), so its tasks were built again: same
    names, new specs, new pair keys. Merged, the later spec's pairs replace the old ones instead of being
    counted beside them, whichever store is merged into which."""
    import time
    from dataclasses import replace

    old_task = _task("g", "__global__ void g(){}\n")
    new_task = replace(old_task, spec={"args": [], "flags": ["-DRANDOM_NUMBER=RNG_GNU_EXT"]})
    with Store(tmp_path / "old.db") as s:
        s.record(_pair(old_task, "hip", "translated"))
        s.record(_pair(old_task, "sycl", "compiles"))
        s.record(_pair(_task("other"), "hip", "compiles"))
    time.sleep(0.01)  # the rebuild's task row is the later one
    with Store(tmp_path / "new.db") as s:
        s.record(_pair(new_task, "hip", "compiles"))
    with Store(tmp_path / "into-old.db") as s:
        s.merge_from(tmp_path / "old.db")
        assert s.merge_from(tmp_path / "new.db") == {"copied": 1, "replaced": 0, "kept": 0, "superseded": 2}
        rows = {(r["task"], r["target"]): r["pair_key"] for r in s.pairs()}
        assert rows == {
            ("g", "hip"): pair_key("hip", new_task.cuda_hash, new_task.spec),
            ("other", "hip"): rows[("other", "hip")],
        }
        (g,) = [t for t in s.tasks() if t["name"] == "g"]
        assert json.loads(g["spec"])["flags"] == ["-DRANDOM_NUMBER=RNG_GNU_EXT"]
        assert s.db.execute("SELECT count(*) FROM evidence").fetchone()[0] == 2  # the dropped pairs' went too
    with Store(tmp_path / "into-new.db") as s:
        s.merge_from(tmp_path / "new.db")
        assert s.merge_from(tmp_path / "old.db") == {"copied": 1, "replaced": 0, "kept": 0, "superseded": 2}
        assert {(r["task"], r["target"]) for r in s.pairs()} == {("g", "hip"), ("other", "hip")}
        (g,) = [t for t in s.tasks() if t["name"] == "g"]
        assert json.loads(g["spec"])["flags"] == ["-DRANDOM_NUMBER=RNG_GNU_EXT"]


def test_merge_at_a_full_tie_takes_the_later_build(tmp_path: Path) -> None:
    """A failing pair rebuilt by a newer translator fails again at the same level with the same checks:
    merged, the later row (its translation, its compiler log) replaces the older one, so the store says
    what the translator does now; the older row merged back changes nothing."""
    a = _task("a", "__global__ void a(){}\n")
    old, new = _pair(a, "hip", "translated"), _pair(a, "hip", "translated")
    with Store(tmp_path / "old.db") as s:
        s.record(old)
    with Store(tmp_path / "new.db") as s:
        s.record(new)
        s.db.execute("UPDATE pairs SET updated_at = updated_at + 100, translator_fingerprint = 'newer'")
        s.db.commit()
    with Store(tmp_path / "corpus.db") as s:
        assert s.merge_from(tmp_path / "old.db")["copied"] == 1
        assert s.merge_from(tmp_path / "new.db") == {"copied": 0, "replaced": 1, "kept": 0, "superseded": 0}
        (row,) = s.pairs("a", "hip")
        assert row["translator_fingerprint"] == "newer"
        assert s.merge_from(tmp_path / "old.db") == {"copied": 0, "replaced": 0, "kept": 1, "superseded": 0}
        assert s.merge_from(tmp_path / "new.db") == {"copied": 0, "replaced": 0, "kept": 1, "superseded": 0}
