"""Hostile tasks in the dataset pipeline (issue 21): nothing from outside a task's folder enters the store,
the export or an upload; one bad task is reported and the rest are built; bad stores and trees are clear
errors, never tracebacks. Real suites, real SQLite stores, the real CLI."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from gpuport.dataset.build import BuildOptions, build
from gpuport.dataset.store import Evidence, PairResult, Store, TaskRecord
from gpuport.dataset.suite import MAX_TASK_TIMEOUT_S, TaskError, load_task

SECRET = "TOP-SECRET-4711"
MAIN = '#include <cstdio>\n__global__ void k(float *p) { p[0] = 1; }\nint main() { puts("PASS"); }\n'


def task_toml(name: str, flags: str = '["-O2"]', timeout: str = "30", sources: str = '["main.cu"]') -> str:
    return (
        f'name = "{name}"\ndomain = "vector-ops"\ndifficulty = "easy"\ndescription = "d"\n'
        f"features = []\nsources = {sources}\n[build]\nflags = {flags}\nlibs = []\n"
        f'[run]\nargs = []\ntimeout_s = {timeout}\n[compare]\nmode = "exact"\n'
    )


def make_task(suite: Path, name: str, main: str = MAIN, **toml: str) -> Path:
    folder = suite / "vector-ops" / name
    folder.mkdir(parents=True)
    (folder / "main.cu").write_text(main)
    (folder / "task.toml").write_text(task_toml(name, **toml))
    return folder


def secret_file(tmp_path: Path) -> Path:
    p = tmp_path / "outside" / "secret.h"
    p.parent.mkdir(exist_ok=True)
    p.write_text(f"// {SECRET}\n#define LEAK 1\n")
    return p


def store_text(db: Path) -> str:
    """Every value in every table of a store, as text (what an export could ever see)."""
    con = sqlite3.connect(db)
    parts = []
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'"):
        parts += [repr(row) for row in con.execute(f"SELECT * FROM {table}")]
    con.close()
    return "\n".join(parts)


def gpuport(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpuport", *args], capture_output=True, text=True, timeout=600
    )


# ---------------------------------------------------------------- nothing from outside a task's folder


def test_linked_header_leaving_the_task_is_refused_and_the_rest_builds(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    make_task(suite, "good")
    bad = make_task(suite, "linked", main='#include "secret.h"\n' + MAIN)
    os.symlink(secret_file(tmp_path), bad / "secret.h")
    db = tmp_path / "corpus.db"
    report = build(suite, db, BuildOptions(targets=("hip", "sycl"), max_level="translated"))
    assert {r["task"] for r in report.rows} == {"good"}
    assert report.task_errors and "linked" in report.task_errors[0] and "outside" in report.task_errors[0]
    assert SECRET not in store_text(db)


def test_absolute_and_escaping_includes_are_refused(tmp_path: Path) -> None:
    secret = secret_file(tmp_path)
    suite = tmp_path / "suite"
    for name, line in (
        ("absolute", f'#include "{secret}"'),
        ("angle", f"#include <{secret}>"),
        ("escaping", '#include "../../../outside/secret.h"'),
    ):
        folder = make_task(suite, name, main=f"{line}\n{MAIN}")
        with pytest.raises(TaskError) as err:
            load_task(folder)
        assert "include" in str(err.value) and "outside the task folder" in str(err.value), str(err.value)
    fine = make_task(suite, "fine", main='#include "sub/../main.h"\n#include <cuda_runtime.h>\n' + MAIN)
    (fine / "main.h").write_text("#define X 1\n")
    load_task(fine)


def _pair(files: dict[str, str], name: str = "t") -> PairResult:
    rec = TaskRecord(
        name, "vector-ops", "easy", "d", [], {"sources": ["main.cu"], "flags": []}, "h-" + name, files
    )
    ev = Evidence("compile", "log", "nvcc original", f"log of {name}", ok=True)
    return PairResult(
        rec, "hip", f"key-{name}", "translated", translated_files={"main.cu": "int x;"}, evidence=[ev]
    )


def test_export_refuses_rows_whose_sources_came_from_outside(tmp_path: Path) -> None:
    pytest.importorskip("datasets", reason="export needs the datasets package")
    from gpuport.dataset.export import export

    db = tmp_path / "corpus.db"
    with Store(db) as store:
        store.record(_pair({"main.cu": MAIN}, "clean"))
        store.record(_pair({"main.cu": '#include "/etc/hostname"\n' + MAIN}, "absinclude"))
        store.record(_pair({"../up.h": SECRET, "main.cu": MAIN}, "uppath"))
    result = export(db, tmp_path / "out")
    assert result.rows == {"train": 1}
    assert sorted(result.refused) == ["absinclude", "uppath"]
    data = b"".join(p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file())
    assert SECRET.encode() not in data and b"/etc/hostname" not in data


def test_publish_refuses_symlinked_files(tmp_path: Path) -> None:
    pytest.importorskip("huggingface_hub", reason="publish needs huggingface_hub")
    from gpuport.dataset.publish import PublishError, plan

    out = tmp_path / "export"
    (out / "data").mkdir(parents=True)
    (out / "README.md").write_text("---\nlicense: mit\n---\n# card\n")
    (out / "data" / "train-00000-of-00001.parquet").write_bytes(b"PAR1")
    os.symlink(secret_file(tmp_path), out / "data" / "extra.parquet")
    with pytest.raises(PublishError) as err:
        plan(out)
    assert "extra.parquet" in str(err.value) and "symlink" in str(err.value)
    proc = gpuport("publish", str(out), "--repo", "u/n", "--dry-run")
    assert proc.returncode == 1 and "symlink" in proc.stderr and SECRET not in proc.stdout + proc.stderr


# ---------------------------------------------------------------- one bad task, bad limits and flags


def test_one_bad_task_toml_is_reported_and_the_rest_builds(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    make_task(suite, "good")
    bad = make_task(suite, "broken")
    (bad / "task.toml").write_text("name = [unclosed\n")
    db = tmp_path / "corpus.db"
    proc = gpuport("build", "--suite", str(suite), "--store", str(db), "--max-level", "translated")
    assert proc.returncode == 3, proc.stderr
    assert "broken" in proc.stderr and "Traceback" not in proc.stderr
    assert [r[0] for r in sqlite3.connect(db).execute("SELECT task FROM pairs")] == ["good"]


def test_store_records_each_build_command_and_machine(tmp_path: Path) -> None:
    # A store is a recorded result: it carries the commands that made it and where they ran, one entry
    # per build (a --force rebuild of some tasks appends, it does not replace).
    suite = tmp_path / "suite"
    make_task(suite, "good")
    db = tmp_path / "corpus.db"
    first = ("build", "--suite", str(suite), "--store", str(db), "--max-level", "translated")
    assert gpuport(*first).returncode == 0
    assert gpuport(*first, "--force", "--tasks", "good").returncode == 0
    (value,) = sqlite3.connect(db).execute("SELECT value FROM meta WHERE key='builds'").fetchone()
    builds = json.loads(value)
    assert [b["command"] for b in builds] == [
        shlex.join(["gpuport", *first]),
        shlex.join(["gpuport", *first, "--force", "--tasks", "good"]),
    ]
    assert all(b["machine"]["host_cpus"] >= 1 and "toolchains" in b["machine"] for b in builds)
    assert all(b["date"].startswith("20") and b["targets"] for b in builds)


def test_task_time_limit_is_capped(tmp_path: Path) -> None:
    task = load_task(make_task(tmp_path, "slow", timeout="1e9"))
    assert task.timeout_s == MAX_TASK_TIMEOUT_S <= 600


@pytest.mark.parametrize(
    "flag",
    [
        "--compiler-bindir=/tmp/evil",
        "-ccbin",
        "-Xcompiler=-fplugin=/tmp/x.so",
        "-I/etc",
        "-I../..",
        "--run",
        "-include=/etc/passwd",
        "-o/tmp/x",
        "--output-directory=/tmp",
    ],
)
def test_compiler_flags_outside_the_allow_list_are_refused(tmp_path: Path, flag: str) -> None:
    folder = make_task(tmp_path, "flags", flags=f'["-O2", "{flag}"]')
    with pytest.raises(TaskError) as err:
        load_task(folder)
    assert flag in str(err.value) and "flags" in str(err.value) and "task.toml" in str(err.value)


def test_allowed_flags_still_load(tmp_path: Path) -> None:
    flags = '["-O3", "-DN=4", "-UX", "-std=c++17", "-g", "-lineinfo", "-w", "--use_fast_math", "-rdc=true", "-Iinclude"]'
    task = load_task(make_task(tmp_path, "flags", flags=flags))
    assert "-Iinclude" in task.build_flags


# ---------------------------------------------------------------- bad stores and trees: clear errors


def test_corrupt_store_is_a_clear_error(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    make_task(suite, "good")
    good = tmp_path / "good.db"
    with Store(good) as store:
        store.record(_pair({"main.cu": MAIN}))
    truncated = tmp_path / "truncated.db"
    truncated.write_bytes(good.read_bytes()[:1500])
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"this is not a database\n" * 100)
    for db in (truncated, garbage):
        for argv in (
            ("export", str(db), str(tmp_path / "out")),
            ("report", str(db), "-o", str(tmp_path / "r.html")),
            ("build", "--suite", str(suite), "--store", str(db), "--max-level", "translated"),
        ):
            proc = gpuport(*argv)
            assert proc.returncode != 0 and "Traceback" not in proc.stderr, (argv, proc.stderr)
            assert str(db) in proc.stderr and "corpus store" in proc.stderr, (argv, proc.stderr)


def test_corpus_local_symlink_out_of_the_tree(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "ok.cu").write_text("__global__ void k(float *p) { p[0] = 1; }\n")
    os.symlink(secret_file(tmp_path), tree / "leak.cu")
    os.symlink(secret_file(tmp_path), tree / "leak.cuh")
    (tree / "uses.cu").write_text('#include "leak.cuh"\n__global__ void k2() {}\n')
    os.symlink(secret_file(tmp_path), tree / "LICENSE")
    out = tmp_path / "tasks"
    # --licence: the tree has no licence file, and the licence filter refuses an unknown licence first.
    proc = gpuport("corpus", "local", str(tree), "--out", str(out), "--licence", "MIT")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "leak.cu" in proc.stdout + proc.stderr and "outside" in proc.stdout + proc.stderr
    written = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    assert SECRET.encode() not in written
    assert len(list(out.rglob("task.toml"))) == 2
