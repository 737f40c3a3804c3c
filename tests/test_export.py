"""Export a real SQLite corpus store to a Hugging Face dataset folder and read it back with `datasets`;
publish's dry run is exact and offline, and the token never shows."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

datasets = pytest.importorskip("datasets", reason="export needs the datasets library (pip install datasets)")
yaml = pytest.importorskip("yaml", reason="the card check needs PyYAML")

from gpuport.dataset import export as ex  # noqa: E402
from gpuport.dataset import publish as pub  # noqa: E402
from gpuport.dataset.store import (  # noqa: E402
    Evidence,
    PairResult,
    RunRecord,
    Store,
    TaskRecord,
    count_pairs,
    iter_pairs,
    pair_key,
    tree_hash,
)

from gpuport.cli import main  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
FAKE_TOKEN = "hf_gpuportFAKEtoken0123456789abcdefXYZ"

MACHINE = {
    "toolchains": {
        "nvcc": {"version": "13.0.88", "usable": True, "path": "/usr/local/cuda/bin/nvcc"},
        "hipcc": {"version": "5.2.21153-0", "usable": True, "path": "/usr/bin/hipcc", "clang": "15"},
        "acpp": {"version": None, "usable": False, "path": None},
    },
    "gpus": ["nvidia NVIDIA H200 (sm_90)"],
    "host_cpus": 16,
}


def _task(
    name: str, files: dict[str, str], domain: str = "math", spec_extra: dict[str, Any] | None = None
) -> TaskRecord:
    spec = {"sources": [p for p in files if p.endswith(".cu")], "args": ["16"], **(spec_extra or {})}
    return TaskRecord(
        name, domain, "easy", f"{name} does things", ["grid-stride", "headers"], spec, tree_hash(files), files
    )


def _pair(task: TaskRecord, target: str, level: str, **kw: Any) -> PairResult:
    ext = ".hip" if target == "hip" else ".sycl.cpp"
    p = PairResult(
        task=task,
        target=target,
        pair_key=pair_key(target, task.cuda_hash, task.spec),
        level=level,
        translated_hash="th-" + task.name,
        translated_files={
            (k[:-3] + ext if k.endswith(".cu") else k): f"// {target}\n{v}" for k, v in task.files.items()
        },
        diagnostics=[
            {
                "path": "main.cu",
                "line": 3,
                "column": 5,
                "code": "GP001",
                "message": "launch rewritten",
                "status": "converted",
                "family": "runtime",
                "symbol": "<<<>>>",
                "safety": "safe",
            }
        ],
        options={"targets": [target], "amd_archs": ["gfx90a"], "repeat": 5},
        machine=MACHINE,
        capabilities=["translate", "nvcc", "hipcc:gfx90a", "gpu:NVIDIA H200"],
        notes=["a note"],
        elapsed_s=1.25,
    )
    for k, v in kw.items():
        setattr(p, k, v)
    return p


def _build_store(path: Path) -> dict[str, Any]:
    """A store with every shape of row the export must handle; returns facts for the assertions."""
    multi = _task(
        "stencil-multi",
        {"main.cu": '#include "k.cuh"\nint main(){}\n', "k.cuh": "__global__ void k(){}"},
        domain="stencil-pde",
    )
    mined = _task(
        "pypi-kernel",
        {"main.cu": "__global__ void m(){}\n"},
        domain="sparse",
        spec_extra={
            "origin": {"kind": "pypi-sdist", "package": "somepkg", "version": "1.2"},
            "license": "MIT",
        },
    )
    plain = _task("vector-add", {"main.cu": "__global__ void add(){}\n"}, domain="vector-ops")
    unstored = _task("below", {"main.cu": "__global__ void b(){}\n"})
    stale_v1 = _task("changing", {"main.cu": "__global__ void v1(){}\n"})
    stale_v2 = _task("changing", {"main.cu": "__global__ void v2(){}\n"})
    with Store(path) as s:
        s.record(
            _pair(
                multi,
                "hip",
                "perf-measured",
                compiles_on=["hipcc 5.2.21153-0 gfx90a", "nvcc 13.0.88 sm_90 (hip_on_cuda)"],
                runs_on="nvidia NVIDIA H200 (sm_90)",
                compare_basis="cuda-run",
                time_ratio=1.05,
                original_ms=2.0,
                translated_ms=2.1,
                evidence=[
                    Evidence(
                        "compile", "log", "hipcc gfx90a main.hip", "ok", True, "hipcc 5.2", ["hipcc", "-c"], 0
                    ),
                    Evidence("isa", "sass", "SASS original", "SASS-ORIG-TEXT\n", True, "cuobjdump 13.0"),
                    Evidence(
                        "isa", "sass", "SASS translated (hip_on_cuda)", "SASS-TRANS\n", True, "cuobjdump 13.0"
                    ),
                    Evidence("isa", "amd-isa", "AMD ISA gfx90a main.hip", "s_endpgm\n", True, "hipcc 5.2"),
                    Evidence(
                        "isa",
                        "amd-isa",
                        "AMD ISA gfx90a other.hip",
                        "failed",
                        False,
                        "hipcc 5.2",
                        ["hipcc"],
                        1,
                    ),
                ],
                runs=[
                    RunRecord(
                        "original",
                        "nvidia NVIDIA H200 (sm_90)",
                        1,
                        ["./original", "16"],
                        0,
                        0.5,
                        "RESULT sum 3.5 4\nTIME_MS 2.0\nPASS\n",
                        "",
                        time_ms=2.0,
                        verdict="PASS",
                        results={"sum": ["3.5", "4"]},
                    ),
                    RunRecord(
                        "translated",
                        "nvidia NVIDIA H200 (sm_90)",
                        1,
                        ["./translated", "16"],
                        0,
                        0.5,
                        "RESULT sum 3.5 4\nPASS\n",
                        "warn",
                        toolchain="nvcc 13.0.88",
                        time_ms=2.1,
                        verdict="PASS",
                        results={"sum": ["3.5", "4"]},
                    ),
                ],
            )
        )
        s.record(
            _pair(
                multi,
                "sycl",
                "compiles",
                compiles_on=["g++ 12 -fsyntax-only (intel-sycl-rt headers)"],
                runs_on="cpu",
                compare_basis="self-check",
            )
        )  # below runs-equal: runs_on must not leak
        s.record(_pair(mined, "hip", "translated"))
        s.record(
            _pair(
                plain,
                "sycl",
                "runs-equal",
                runs_on="cpu (acpp omp)",
                compare_basis="cuda-run-stored",
                compiles_on=["acpp 25.02 omp"],
            )
        )
        s.record(_pair(unstored, "hip", "none"))  # below every exportable level
        s.record(_pair(stale_v1, "hip", "compiles"))
        s.record(_pair(stale_v2, "sycl", "translated"))  # re-stores task "changing": the v1 pair goes stale
    return {"exported": 5, "stale": 1}


@pytest.fixture()
def store(tmp_path: Path) -> Path:
    db = tmp_path / "corpus.db"
    _build_store(db)
    return db


def _load(out: Path, split: str = "train") -> list[dict[str, Any]]:
    files = sorted(str(p) for p in (out / "data").glob(f"{split}-*.parquet"))
    assert files, f"no {split} shards in {out}"
    ds = datasets.load_dataset(
        "parquet", data_files={split: files}, split=split, cache_dir=str(out.parent / "hf-cache")
    )
    return ds.to_list()


def _card(out: Path) -> tuple[dict[str, Any], str]:
    text = (out / "README.md").read_text()
    assert text.startswith("---\n")
    head, body = text[4:].split("\n---\n", 1)
    return yaml.safe_load(head), body


def test_iter_pairs_reads_the_store_read_only(store: Path) -> None:
    before = store.stat().st_mtime_ns
    pairs = list(iter_pairs(store))
    assert len(pairs) == 7
    assert count_pairs(store, "translated") == (5, 1)
    stale = [p for p in pairs if p["task"] == "changing" and p["target"] == "hip"]
    assert stale[0]["cuda_files"] is None  # its task now holds other sources
    multi = next(p for p in pairs if p["task"] == "stencil-multi" and p["target"] == "hip")
    assert [e["name"] for e in multi["evidence"]][0] == "hipcc gfx90a main.hip"
    assert multi["runs"][0]["results"] == {"sum": ["3.5", "4"]}
    assert store.stat().st_mtime_ns == before
    with pytest.raises(FileNotFoundError):
        list(iter_pairs(store.parent / "missing.db"))


def test_export_round_trip_every_row_and_field(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    res = ex.export(store, out, min_level="translated", shard_rows=2)
    assert res.rows == {"train": 5} and res.stale_pairs == 1
    shards = sorted(p.name for p in (out / "data").glob("*.parquet"))
    assert shards == [f"train-0000{i}-of-00003.parquet" for i in range(3)]
    expected = list(ex.iter_rows(store, "translated"))
    loaded = _load(out)
    assert len(loaded) == 5
    assert loaded == expected  # every row, every field, in order
    assert set(loaded[0]) == set(ex.COLUMNS)

    by = {(r["task"], r["target"]): r for r in loaded}
    assert ("below", "hip") not in by and ("changing", "hip") not in by
    hip = by[("stencil-multi", "hip")]
    assert (
        hip["cuda_source"]
        == '// file: k.cuh\n__global__ void k(){}\n// file: main.cu\n#include "k.cuh"\nint main(){}\n'
    )
    assert [f["path"] for f in hip["cuda_files"]] == ["k.cuh", "main.cu"]
    assert hip["translated_source"].startswith("// file: k.cuh\n// hip\n")
    assert hip["sass"] == "SASS-ORIG-TEXT\n" and hip["sass_translated"].endswith("SASS-TRANS\n")
    assert hip["amd_isa"] == ";; gpuport: AMD ISA gfx90a main.hip\ns_endpgm\n"
    assert [e["name"] for e in hip["evidence"]] == ["hipcc gfx90a main.hip", "AMD ISA gfx90a other.hip"]
    assert hip["perf_ratio"] == 1.05 and hip["time_original_ms"] == 2.0 and hip["level_rank"] == 4
    assert hip["runs_equal_on"] == "nvidia NVIDIA H200 (sm_90)"
    assert hip["runs"][1]["results"] == [{"key": "sum", "values": ["3.5", "4"]}]
    assert {"name": "hipcc", "version": "5.2.21153-0"} in hip["toolchains"]
    assert all(t["name"] != "acpp" for t in hip["toolchains"])  # not usable on that machine
    assert hip["diagnostics"][0]["code"] == "GP001" and hip["diagnostics"][0]["by_model"] is False
    assert hip["created_at"].endswith("Z")
    sycl = by[("stencil-multi", "sycl")]
    assert sycl["runs_equal_on"] is None and sycl["compare_basis"] is None and sycl["perf_ratio"] is None
    mined = by[("pypi-kernel", "hip")]
    assert (mined["source_origin"], mined["license"]) == ("pypi-sdist:somepkg==1.2", "MIT")
    assert (hip["source_origin"], hip["license"]) == ("gpuport-suite", "Apache-2.0")
    # The stored schema is the declared one, even for columns that are null in every row of a shard.
    table_schema = datasets.Dataset.from_parquet(str(out / "data" / shards[-1])).features
    assert table_schema == ex.features()


def test_min_level_filters(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    res = ex.export(store, out, min_level="runs-equal")
    assert res.rows == {"train": 2}
    assert {r["level"] for r in _load(out)} == {"runs-equal", "perf-measured"}
    with pytest.raises(ValueError, match="unknown level"):
        ex.export(store, out, min_level="compiled")


def test_empty_export_is_valid(store: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    Store(empty).close()
    out = tmp_path / "out"
    assert ex.export(empty, out).rows == {"train": 0}
    meta, _ = _card(out)
    assert meta["dataset_info"]["splits"][0]["num_examples"] == 0
    # datasets refuses to load a split with no rows, so read the shard with pyarrow: schema kept, no rows.
    import pyarrow.parquet as pq

    table = pq.read_table(next((out / "data").glob("*.parquet")))
    assert table.num_rows == 0 and datasets.Features.from_arrow_schema(table.schema) == ex.features()


def test_validation_split_is_by_program(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    # Find a fraction that puts at least one program in each split, from the hash rule itself.
    hashes = sorted({r["cuda_hash"] for r in ex.iter_rows(store)})
    cut = sorted(
        int(hashlib.sha256(f"gpuport-split:{h}".encode()).hexdigest()[:16], 16) / 2**64 for h in hashes
    )
    fraction = (cut[0] + cut[1]) / 2
    res = ex.export(store, out, validation_fraction=fraction)
    assert res.rows["validation"] >= 1 and res.rows["train"] >= 1
    train, val = _load(out, "train"), _load(out, "validation")
    assert len(train) + len(val) == 5
    assert not {r["cuda_hash"] for r in train} & {r["cuda_hash"] for r in val}
    meta, _ = _card(out)
    assert [d["split"] for d in meta["configs"][0]["data_files"]] == ["train", "validation"]
    assert {s["name"]: s["num_examples"] for s in meta["dataset_info"]["splits"]} == res.rows
    # A re-export with no validation removes the old validation shards (the card's globs would see them).
    ex.export(store, out)
    assert not list((out / "data").glob("validation-*"))
    # A fraction too small to catch any program: the empty validation split is left out, card included.
    res = ex.export(store, out, validation_fraction=cut[0] / 2)
    assert res.rows == {"train": 5} and not list((out / "data").glob("validation-*"))
    meta, _ = _card(out)
    assert [d["split"] for d in meta["configs"][0]["data_files"]] == ["train"]


def test_card_yaml_and_prose_name_every_column(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ex.export(store, out)
    meta, body = _card(out)
    assert meta["license"] == ["apache-2.0", "mit"]
    assert set(meta["task_categories"]) == {"translation", "text-generation"}
    assert meta["language"] == ["code"] and "cuda" in meta["tags"]
    assert meta["configs"][0]["data_files"] == [{"split": "train", "path": "data/train-*.parquet"}]
    names = [f["name"] for f in meta["dataset_info"]["features"]]
    assert names == list(ex.COLUMNS)
    if hasattr(datasets.Features, "_from_yaml_list"):  # the card's features parse to the real schema
        assert datasets.Features._from_yaml_list(meta["dataset_info"]["features"]) == ex.features()
    for col in ex.COLUMNS:
        assert f"| `{col}` |" in body, col
    for level in ("translated", "compiles", "runs-equal", "perf-measured"):
        assert f"| `{level}` |" in body
    assert "hipcc 5.2.21153-0 gfx90a" in body and "nvidia NVIDIA H200 (sm_90)" in body
    assert "| stencil-pde | 2 |" in body and "| MIT | 1 |" in body
    assert "| perf-measured | 1 | 0 | 1 |" in body  # level x target table (hip, sycl, all)


def test_cli_export_then_publish_dry_run_offline(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    assert main(["export", str(store), str(out), "--min-level", "compiles", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["rows"] == {"train": 3}
    (out / ".DS_Store").write_text("x")  # hidden files are not uploaded, so not listed
    (out / "data" / ".partial").write_text("x")

    # No network: any socket connection in this process fails the test.
    def refuse(*a: Any, **k: Any) -> None:
        raise AssertionError("publish --dry-run tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setenv("HF_TOKEN", FAKE_TOKEN)
    assert main(["publish", str(out), "--repo", "someone/gpuport-test", "--dry-run", "--json"]) == 0
    captured = capsys.readouterr()
    plan = json.loads(captured.out)
    assert FAKE_TOKEN not in captured.out + captured.err
    listed = [f["path"] for f in plan["files"]]
    assert listed == ["README.md", "data/train-00000-of-00001.parquet"]
    for f in plan["files"]:
        data = (out / f["path"]).read_bytes()
        assert f["size"] == len(data) and f["sha256"] == hashlib.sha256(data).hexdigest()
    assert plan["token_source"] == "HF_TOKEN" and plan["dry_run"] is True
    # The plan is what huggingface_hub's upload_folder selects with the same patterns (its own code path).
    # (Its README check asks the Hub to validate the card's YAML: switched off here, we are offline.)
    from huggingface_hub import HfApi

    monkeypatch.setattr(HfApi, "_validate_yaml", lambda *a, **k: None, raising=False)
    ops = HfApi()._prepare_upload_folder_additions(
        out, "", ignore_patterns=[*pub.IGNORE_PATTERNS, *_default_ignores()]
    )
    assert sorted(op.path_in_repo for op in ops) == listed


def _default_ignores() -> list[str]:
    from huggingface_hub.utils import DEFAULT_IGNORE_PATTERNS

    return list(DEFAULT_IGNORE_PATTERNS)


def _run_cli(args: list[str], env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", **env_extra}
    env.pop("HF_TOKEN", None)
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-m", "gpuport", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=300,
    )


def test_publish_dry_run_in_offline_mode_subprocess(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ex.export(store, out)
    proc = _run_cli(
        ["publish", str(out), "--repo", "someone/gpuport-test", "--dry-run"], {"HF_TOKEN": FAKE_TOKEN}
    )
    assert proc.returncode == 0, proc.stderr
    assert "README.md" in proc.stdout and "data/train-00000-of-00001.parquet" in proc.stdout
    assert FAKE_TOKEN not in proc.stdout + proc.stderr


def test_publish_failure_never_shows_the_token(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ex.export(store, out)
    # A real upload attempt in offline mode fails inside huggingface_hub; the message must not hold the token.
    proc = _run_cli(["publish", str(out), "--repo", "someone/gpuport-test"], {"HF_TOKEN": FAKE_TOKEN})
    assert proc.returncode == 1
    assert "failed" in proc.stderr
    assert FAKE_TOKEN not in proc.stdout + proc.stderr


def test_error_text_that_echoes_the_token_is_masked(
    store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server or library error that quotes the token (e.g. an echoed Authorization header) is masked."""
    out = tmp_path / "out"
    ex.export(store, out)
    from huggingface_hub import HfApi

    def echo(self: Any, *a: Any, token: str | None = None, **k: Any) -> None:
        raise RuntimeError(f"401 Unauthorized: header 'Authorization: Bearer {token}' rejected")

    monkeypatch.setattr(HfApi, "create_repo", echo)
    with pytest.raises(pub.PublishError) as info:
        pub.publish(out, "someone/gpuport-test", token=FAKE_TOKEN)
    assert FAKE_TOKEN not in str(info.value) and pub.MASK in str(info.value)
    assert info.value.__cause__ is None and info.value.__suppress_context__

    monkeypatch.setenv("HF_TOKEN", FAKE_TOKEN)
    assert main(["publish", str(out), "--repo", "someone/gpuport-test"]) == 1
    captured = capsys.readouterr()
    assert FAKE_TOKEN not in captured.out + captured.err and "Bearer hf_***" in captured.err


def test_publish_refuses_what_is_not_an_export(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    with pytest.raises(pub.PublishError, match="README"):
        pub.publish(tmp_path / "x", "someone/name", dry_run=True)
    with pytest.raises(pub.PublishError, match="invalid repository id|USER/NAME"):
        pub.publish(tmp_path / "x", "not a repo id", dry_run=True)


def test_publish_checks_the_card_yaml_offline(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ex.export(store, out)
    readme = out / "README.md"
    readme.write_text(readme.read_text().replace("license:\n", "license: [unclosed\n", 1))
    with pytest.raises(pub.PublishError, match="YAML does not parse"):
        pub.publish(out, "someone/name", dry_run=True)


def test_rows_carry_their_translator_and_the_card_explains_it(store: Path, tmp_path: Path) -> None:
    from gpuport.transpile.fingerprint import gpuport_commit

    # One more pair made by a named translator (the others were stored without a fingerprint).
    task = _task("fingerprinted", {"main.cu": "__global__ void f(){}\n"})
    with Store(store) as s:
        s.record(_pair(task, "hip", "compiles", translator_fingerprint="0123456789abcdef"))
    out = tmp_path / "out"
    ex.export(store, out, min_level="translated")
    # The folder as a user loads it: datasets reads the card's configs and the Parquet shards.
    ds = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "hf-cache"))
    rows = {(r["task"], r["target"]): r for r in ds.to_list()}
    row = rows[("fingerprinted", "hip")]
    assert row["translator_fingerprint"] == "0123456789abcdef"
    assert row["gpuport_commit"] == gpuport_commit()
    assert rows[("stencil-multi", "hip")]["translator_fingerprint"] is None
    assert ds.features["translator_fingerprint"].dtype == "string"
    _, body = _card(out)
    assert "## Which translator made a row" in body and "| 0123456789abcdef | 1 |" in body
