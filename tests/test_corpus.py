"""The corpus at scale (issue 20): the real-world tree list as a source, the licence filter, MinHash
dedup and decontamination, origin and evidence checks in the store, and the export's card."""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from gpuport.dataset import dedup
from gpuport.dataset.build import BuildOptions, absolute_includes, build, task_record
from gpuport.dataset.sources.licences import allowed, spdx
from gpuport.dataset.sources.realworld import extract_realworld, is_benchmark_project
from gpuport.dataset.store import (
    SCHEMA_VERSION,
    Evidence,
    PairResult,
    Store,
    StoreReader,
    evidence_checks,
    pair_key,
)
from gpuport.dataset.suite import load_suite, load_task

from gpuport.cli import main

REPO = Path(__file__).resolve().parent.parent

KERNEL = """#include "helper.h"
#include <common_math.h>
// scale a vector
__global__ void scale(float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = twice(a) * x[i];
}
void launch_scale(float* x, float a, int n) { scale<<<(n + 255) / 256, 256>>>(x, a, n); }
"""
OTHER = """#include "helper.h"
__global__ void saxpy(float* y, const float* x, float a, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] += a * x[i];
}
"""
HOST = '#include <cstdio>\nvoid report(int n) { std::printf("%d\\n", n); }\n'


def _projects(tmp: Path) -> tuple[Path, Path]:
    """A projects.toml and a cache: an MIT project (a program with a sibling include folder), a GPL one,
    and one whose name falls in the benchmark split."""
    assert is_benchmark_project("polybench-acc") and not is_benchmark_project("toy")
    cache = tmp / "cache"
    for name in ("toy", "copyleft", "polybench-acc"):
        root = cache / name
        (root / "app").mkdir(parents=True)
        (root / "common").mkdir()
        (root / "app" / "scale.cu").write_text(KERNEL)
        (root / "app" / "saxpy.cu").write_text(OTHER)
        (root / "app" / "host.cpp").write_text(HOST)
        (root / "app" / "helper.h").write_text("#pragma once\n__device__ inline float twice(float v);\n")
        (root / "common" / "common_math.h").write_text(
            "#pragma once\n__device__ inline float twice(float v) { return 2 * v; }\n"
        )
        (root / "LICENSE").write_text(f"licence of {name}\n")
    toml = tmp / "projects.toml"
    entries = []
    for name, lic in (("toy", "MIT"), ("copyleft", "GPL-3.0-only"), ("polybench-acc", "BSD-3-Clause")):
        entries.append(
            f"""[[project]]
name = "{name}"
origin = "github:someone/{name}"
commit = "0123456789abcdef0123456789abcdef01234567"
licence = "{lic}"
licence_file = "LICENSE"
kind = "application"

[[project.program]]
path = "app"
units = ["scale.cu", "saxpy.cu", "host.cpp"]
include = ["../common"]
defines = ["TOY=1"]
"""
        )
    toml.write_text("\n".join(entries))
    return toml, cache


def test_licence_names_map_to_spdx_and_the_filter_is_permissive_by_default() -> None:
    assert (
        spdx("MIT License") == "MIT" and spdx("Apache 2.0") == "Apache-2.0" and spdx("BSD") == "BSD-3-Clause"
    )
    assert spdx("custom-permissive: YOLO licence v2") == "custom-permissive"
    assert spdx("unknown (see ORIGIN_LICENSE)") == "NOASSERTION"
    assert allowed("MIT") and allowed("Apache Software License") and allowed("MIT OR Apache-2.0")
    assert not allowed("GPL-3.0-only") and not allowed("GPL") and not allowed("unknown") and not allowed("")
    assert not allowed("MIT AND GPL-3.0-only")
    assert allowed("GPL-3.0-only", ["GPL-3.0-only"]) and not allowed("MIT", ["Apache-2.0"])
    assert allowed("anything at all", ["any"])


def test_realworld_units_become_tasks_with_origin_includes_and_no_link(tmp_path: Path) -> None:
    toml, cache = _projects(tmp_path)
    out = tmp_path / "corpus"
    res = extract_realworld(out, projects_file=toml, cache=cache)
    assert res.refused_licence == ["copyleft (GPL-3.0-only)"]
    assert res.benchmark == ["polybench-acc"]
    assert len(res.written) == 2, res.written  # the two .cu units of toy; host.cpp is not a CUDA unit
    tasks = load_suite(out)  # every task passes the strict schema and the confinement checks
    assert {t.link for t in tasks} == {False}
    scale = next(t for t in tasks if "scale" in t.name)
    assert scale.sources == ("app/scale.cu",)
    assert set(scale.build_flags) >= {"-Iapp", "-Icommon", "-DTOY=1", "--extended-lambda"}
    files = {p.relative_to(scale.path).as_posix() for p in scale.all_files}
    assert {"app/scale.cu", "app/helper.h", "common/common_math.h", "ORIGIN_LICENSE", "origin.toml"} <= files
    assert "app/saxpy.cu" not in files and "app/host.cpp" not in files
    rec = task_record(scale)
    assert rec.origin["source_id"] == "realworld:toy@0123456789ab:app:scale.cu"
    assert rec.origin["licence_spdx"] == "MIT" and rec.origin["synthetic"] is False
    assert "origin.toml" not in rec.files and rec.spec["link"] is False

    # Per program: all units together, linked; a second extraction into the same seen-map dedups.
    prog = extract_realworld(tmp_path / "programs", projects_file=toml, cache=cache, granularity="program")
    (task,) = load_suite(tmp_path / "programs")
    assert task.link and task.sources == ("app/scale.cu", "app/saxpy.cu", "app/host.cpp") and prog.written
    again = extract_realworld(tmp_path / "corpus2", projects_file=toml, cache=cache, include_benchmark=True,
                              licences=["any"])  # fmt: skip
    assert len(again.written) == 2 and len(again.duplicates) == 4  # same units in copyleft and polybench-acc


def test_tree_granularity_adds_every_other_unit_with_the_trees_include_folders(tmp_path: Path) -> None:
    """`--granularity tree`: the listed units as `unit` gives them, then every other .cu of the tree,
    whose `<...>` includes resolve through the programs' include folders and the conventional ones
    (include/ here); a unit dragging in more than the size cap is skipped with its reason."""
    from gpuport.dataset.sources import realworld as rw

    toml, cache = _projects(tmp_path)
    root = cache / "toy"
    (root / "tools").mkdir()
    (root / "include" / "toy").mkdir(parents=True)
    (root / "include" / "toy" / "api.h").write_text(
        "#pragma once\n__device__ inline int one() { return 1; }\n"
    )
    (root / "tools" / "count.cu").write_text(
        "#include <toy/api.h>\n#include <common_math.h>\n__global__ void count(int* c) { atomicAdd(c, one()); }\n"
    )
    (root / "tools" / "big.cu").write_text('#include "big.h"\n__global__ void k() {}\n')
    (root / "tools" / "big.h").write_text("// " + "x" * (rw.TREE_TASK_MAX_BYTES + 10) + "\n")
    (root / "tools" / "main.cu").write_text('#include "main_kernel.cu"\nint main() { return 0; }\n')
    (root / "tools" / "main_kernel.cu").write_text("__global__ void mk(int* p) { *p = 1; }\n")
    # the macros the project's build defines for every unit: `tree_defines`, on the tree's units only
    toml.write_text(
        toml.read_text().replace(
            'name = "toy"\n', 'name = "toy"\ntree_defines = ["TOY_TREE=2"]\ntree_flags = ["-rdc=true"]\n'
        )
    )
    units = extract_realworld(tmp_path / "units", projects_file=toml, cache=cache, only=["toy"])
    tree = extract_realworld(
        tmp_path / "tree", projects_file=toml, cache=cache, only=["toy"], granularity="tree"
    )
    assert len(units.written) == 2 and len(tree.written) == 4  # + tools/count.cu and tools/main.cu
    assert [s for s in tree.skipped if "tools:big.cu" in s and "over the tree granularity" in s]
    # A kernel file another unit #includes is part of that unit, not a task of its own.
    assert [s for s in tree.skipped if "tools/main_kernel.cu: included by tools/main.cu" in s]
    listed = sorted(p.name for p in units.written)
    assert sorted(p.name for p in tree.written if "tools" not in p.name) == listed  # listed units unchanged
    (count,) = [t for t in load_suite(tmp_path / "tree") if "count" in t.name]
    files = {p.relative_to(count.path).as_posix() for p in count.all_files}
    assert {"tools/count.cu", "include/toy/api.h", "common/common_math.h"} <= files
    # The unit's folder, the program's include folder, the conventional include/, then the root.
    assert [f for f in count.build_flags if f.startswith("-I")] == ["-Itools", "-Icommon", "-Iinclude", "-I."]
    assert [f for f in count.build_flags if f.startswith("-D")] == ["-DTOY_TREE=2"]
    assert "-rdc=true" in count.build_flags  # `tree_flags`: gkylzero's units call other units' device code
    (scale,) = [t for t in load_suite(tmp_path / "tree") if "scale" in t.name]
    assert [f for f in scale.build_flags if f.startswith("-D")] == ["-DTOY=1"]  # a listed program's own
    assert "-rdc=true" not in scale.build_flags
    rec = task_record(count)
    assert (
        rec.origin["granularity"] == "tree"
        and rec.origin["source_id"] == "realworld:toy@0123456789ab:tools:count.cu"
    )


def test_origin_and_the_licence_copy_do_not_change_the_code_hash(tmp_path: Path) -> None:
    toml, cache = _projects(tmp_path)
    extract_realworld(tmp_path / "a", projects_file=toml, cache=cache)
    (src,) = [t for t in load_suite(tmp_path / "a") if "scale" in t.name]
    copy = tmp_path / "b" / "x" / src.name
    shutil.copytree(src.path, copy)
    (copy / "origin.toml").write_text('origin = "local"\nsource_id = "local:elsewhere"\n')
    (copy / "ORIGIN_LICENSE").write_text("another licence text\n")
    assert task_record(load_task(copy)).cuda_hash == task_record(src).cuda_hash
    (copy / "app" / "scale.cu").write_text(KERNEL.replace("2 *", "3 *").replace("twice(a)", "(a + 1)"))
    assert task_record(load_task(copy)).cuda_hash != task_record(src).cuda_hash


def test_relative_include_flags_are_made_absolute_for_the_scratch_folder(tmp_path: Path) -> None:
    flags = ["-O2", "-Iapp", "-I.", "-I/abs/x", "-DX=1"]
    assert absolute_includes(flags, tmp_path) == [
        "-O2",
        f"-I{tmp_path}/app",
        f"-I{tmp_path}",
        "-I/abs/x",
        "-DX=1",
    ]


def _task_folder(root: Path, name: str, code: str, origin: dict[str, Any] | None = None) -> None:
    folder = root / "math" / name
    folder.mkdir(parents=True)
    (folder / "k.cu").write_text(code)
    (folder / "task.toml").write_text(
        f'name = "{name}"\ndomain = "math"\ndifficulty = "easy"\ndescription = "d"\nfeatures = []\n'
        'sources = ["k.cu"]\n\n[build]\nlink = false\n\n[compare]\nmode = "exact"\n'
    )
    if origin is not None:
        (folder / "origin.toml").write_text(
            "\n".join(f"{k} = {json.dumps(v)}" for k, v in origin.items()) + "\n"
        )


def _long_kernel(seed: int) -> str:
    body = "\n".join(f"    acc += x[(i + {k * seed}) % n] * {k}.5f;" for k in range(1, 40))
    return f"__global__ void k{seed}(const float* x, float* y, int n) {{\n    int i = threadIdx.x;\n    float acc = 0;\n{body}\n    y[i] = acc;\n}}\n"


def test_clean_removes_exact_and_near_duplicates_and_suite_overlap(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    real = {"origin": "realworld", "source_id": "realworld:p@1:a", "licence": "MIT"}
    gen = {"origin": "augment", "source_id": "augment:v1:seed0:1", "licence": "Apache-2.0", "synthetic": True}
    base = _long_kernel(3)
    _task_folder(corpus, "a-generated", base, gen)  # sorts first by name, but generated code loses
    _task_folder(corpus, "b-real", "// other comment\n" + base.replace("\n    ", "\n  "), real)  # exact dup
    near = base.replace("y[i] = acc;", "y[i] = acc + 1.0f;")
    _task_folder(corpus, "c-near", near, {**real, "source_id": "realworld:p@1:c"})
    _task_folder(
        corpus, "d-distinct", _long_kernel(7).replace("acc +=", "acc -="), {**real, "source_id": "x:d"}
    )
    # A suite program, copied with new comments and one changed constant: contamination.
    suite_task = sorted((REPO / "bench" / "suite").rglob("task.toml"))[0].parent
    suite_src = load_task(suite_task)
    text = suite_src.source_paths[0].read_text()
    _task_folder(corpus, "e-suite-copy", "/* copied */\n" + text.replace("1024", "1000", 1), real)
    res = dedup.clean(corpus, [("suite", REPO / "bench" / "suite"), ("tests", REPO / "tests")])
    why = {r["task"].split("/")[-1]: r["reason"] for r in res.removed}
    assert why == {
        "a-generated": "exact-duplicate",
        "c-near": "near-duplicate",
        "e-suite-copy": "contaminated:suite",
    }, res.removed
    assert sorted(p.name for p in (corpus / "math").iterdir()) == ["b-real", "d-distinct"]
    m = json.loads((corpus / dedup.MANIFEST).read_text())
    assert m["tasks_before"] == 5 and m["tasks_after"] == 2
    assert m["before_by_source"] == {"augment": 1, "realworld": 4} and m["references"]["suite"] == 130
    assert m["removed_by_reason"]["contaminated:suite"] == 1
    # A later clean (one task added) still counts the first run's removals, whose folders are gone.
    _task_folder(corpus, "f-new", _long_kernel(11).replace("acc +=", "acc *="), {**real, "source_id": "x:f"})
    again = dedup.clean(corpus, [("suite", REPO / "bench" / "suite"), ("tests", REPO / "tests")])
    assert sorted(r["task"].split("/")[-1] for r in again.removed) == [
        "a-generated",
        "c-near",
        "e-suite-copy",
    ]
    m = json.loads((corpus / dedup.MANIFEST).read_text())
    assert m["tasks_before"] == 6 and m["tasks_after"] == 3
    assert m["before_by_source"] == {"augment": 1, "realworld": 5}
    assert m["removed_by_reason"] == {"contaminated:suite": 1, "exact-duplicate": 1, "near-duplicate": 1}


def _pair(task: Any, target: str, level: str, compiles_on: list[str], evidence: list[Evidence]) -> PairResult:
    return PairResult(
        task=task,
        target=target,
        pair_key=pair_key(target, task.cuda_hash, task.spec),
        level=level,
        translated_hash="t",
        compiles_on=compiles_on,
        translated_files={"k.hip": "x"},
        diagnostics=[{"code": "GP002"}, {"code": "GP201"}, {"code": "GP002"}],
        evidence=evidence,
        translator_fingerprint="f" * 16,
    )


def test_store_schema_3_records_origin_checks_and_rules(tmp_path: Path) -> None:
    corpus = tmp_path / "c"
    _task_folder(
        corpus,
        "one",
        _long_kernel(1),
        {"origin": "realworld", "source_id": "realworld:p@1:x", "licence": "MIT"},
    )
    task = task_record(load_task(corpus / "math" / "one"))
    ev = [
        Evidence("compile", "log", "nvcc original k.cu", "", True, "nvcc 13.0"),
        Evidence("compile", "log", "hipcc gfx90a k.cu", "", True, "hipcc 5.2"),
        Evidence("isa", "amd-isa", "AMD ISA gfx90a k.hip", "s_endpgm", True, "hipcc 5.2"),
    ]
    with Store(tmp_path / "s.db") as s:
        assert s.schema_version == SCHEMA_VERSION == 3
        s.record(_pair(task, "hip", "compiles", ["hipcc 5.2.21153-0 gfx90a"], ev))
    with StoreReader(tmp_path / "s.db") as r:
        (row,) = r.pairs()
        assert row["rules_fired"] == ["GP002", "GP201"]
        assert row["checks"]["cuda_nvcc"] and row["checks"]["hip_gfx90a"] and row["checks"]["amd_isa"]
        assert (
            not row["checks"]["hip_gfx1030"]
            and not row["checks"]["sycl_typecheck"]
            and not row["checks"]["sass"]
        )
        assert r.tasks()["one"]["origin"]["source_id"] == "realworld:p@1:x"
    # A failed compile of the original is no cuda_nvcc check.
    bad = evidence_checks(
        [],
        [("compile", "log", "nvcc original a.cu", True), ("compile", "log", "nvcc original b.cu", False)],
        None,
        None,
        "translated",
    )
    assert not bad["cuda_nvcc"]


def test_a_schema_2_store_migrates_to_3_and_keeps_its_rows(tmp_path: Path) -> None:
    from gpuport.dataset.store import _SCHEMA_V1, _SCHEMA_V2

    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript(_SCHEMA_V1)
    con.executescript(_SCHEMA_V2)
    con.execute("INSERT INTO meta VALUES ('schema_version', '2')")
    con.execute("INSERT INTO tasks VALUES ('t','math','easy','d','[]','{}','h','{}',0)")
    con.execute(
        "INSERT INTO pairs(pair_key, task, target, cuda_hash, level, level_rank, compiles_on, unconverted,"
        " translated_files, diagnostics, options, machine, capabilities, notes, gpuport_version, elapsed_s,"
        " created_at, updated_at) VALUES ('k','t','hip','h','compiles',2,'[\"hipcc 5.2 gfx1030\"]',0,'{}',"
        "'[]','{}','{}','[]','[]','0.1',1,0,0)"
    )
    con.commit()
    con.close()
    with StoreReader(path) as r:  # read as is: new columns are None
        (row,) = r.pairs()
        assert row["checks"] is None and r.tasks()["t"]["origin"] is None
    with Store(path) as s:
        assert s.schema_version == 3
    with StoreReader(path) as r:
        (row,) = r.pairs()
        assert row["pair_key"] == "k" and row["checks"] is None  # kept; derived from evidence on export


def test_export_carries_origin_checks_and_dedup_figures_and_loads(tmp_path: Path) -> None:
    datasets = pytest.importorskip("datasets", reason="export needs the datasets library")
    from gpuport.dataset.export import export

    corpus = tmp_path / "c"
    _task_folder(corpus, "real-one", _long_kernel(1), {"origin": "realworld", "source_id": "realworld:p@1:x",
                                                       "project": "p", "licence": "custom-permissive: hand read"})  # fmt: skip
    _task_folder(corpus, "gen-one", _long_kernel(2), {"origin": "augment", "generator": "g v1", "seed": 0,
                                                      "index": 4, "licence": "Apache-2.0"})  # fmt: skip
    (corpus / dedup.MANIFEST).write_text(json.dumps({
        "method": {"normalisation": "N", "exact": "E", "near": "MinHash", "keep_order": "K"},
        "references": {"suite": 130}, "before_by_source": {"realworld": 3}, "after_by_source": {"realworld": 1},
        "removed_by_reason": {"near-duplicate": 1, "contaminated:suite": 1},
    }))  # fmt: skip
    store = tmp_path / "s.db"
    # Translation only (no compiler): enough to store the tasks, their origin and the manifest.
    build(corpus, store, BuildOptions(targets=("hip",), max_level="translated"))
    out = tmp_path / "out"
    export(store, out)
    ds = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "hf"))
    rows = {r["task"]: r for r in ds}
    assert (
        rows["real-one"]["source_origin"] == "realworld:p"
        and rows["real-one"]["license"] == "custom-permissive"
    )
    assert rows["real-one"]["source_id"] == "realworld:p@1:x" and rows["real-one"]["synthetic"] is False
    assert rows["gen-one"]["synthetic"] is True and rows["gen-one"]["source_id"] == "augment:v1:seed0:4"
    assert rows["gen-one"]["license"] == "Apache-2.0"
    assert set(rows["gen-one"]["checks"]) >= {"cuda_nvcc", "hip_gfx90a", "sycl_acpp"}
    card = (out / "README.md").read_text()
    assert "## Deduplication and decontamination" in card and "| contaminated:suite | 1 |" in card
    assert "| realworld | 3 | 1 |" in card and "## How to reproduce" in card
    assert "1 from generated programs" in card


def test_cli_corpus_realworld_then_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    toml, cache = _projects(tmp_path)
    out = tmp_path / "corpus"
    assert (
        main(["corpus", "realworld", "--out", str(out), "--projects", str(toml), "--cache", str(cache)]) == 0
    )
    assert "2 tasks" in capsys.readouterr().out
    assert main(["corpus", "clean", str(out), "--reference", f"suite={REPO / 'bench' / 'suite'}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["tasks_before"] == 2 and summary["tasks_after"] == 2


@pytest.mark.nvcc
@pytest.mark.hipcc
def test_a_library_unit_with_a_sibling_include_folder_compiles_on_both_vendors(tmp_path: Path) -> None:
    """Real compilers: a unit without main, whose header comes from an -I folder beside it, reaches
    `compiles` for HIP (nvcc sm_90 for the original, hipcc for the AMD targets)."""
    toml, cache = _projects(tmp_path)
    out = tmp_path / "corpus"
    extract_realworld(out, projects_file=toml, cache=cache, only=["toy"])
    name = next(t.name for t in load_suite(out) if "scale" in t.name)
    store = tmp_path / "s.db"
    opts = BuildOptions(
        targets=("hip",), max_level="compiles", isa=False, amd_archs=("gfx90a",), hip_version="5.2"
    )
    report = build(out, store, opts, tasks=[name])
    (row,) = report.rows
    assert row["level"] == "compiles", row
    with StoreReader(store) as r:
        (pair,) = r.pairs()
        assert pair["checks"]["cuda_nvcc"] and pair["checks"]["hip_gfx90a"], pair["notes"]
        argvs = [e["argv"] for e in r.evidence(pair["id"]) if e["argv"]]
    assert all("-c" in a for a in argvs)  # nothing linked: library code


@pytest.mark.sycl
def test_the_precompiled_sycl_header_is_visible_inside_the_sandbox(tmp_path: Path) -> None:
    """The PCH lives in ~/.cache, which the sandbox hides; without a bind g++ silently parses sycl.hpp in
    full (about 4.5 s instead of 0.7 s a type-check here)."""
    from gpuport.dataset import isolation, sandbox, toolchains

    pch = toolchains.sycl_pch_dir()
    iso = isolation.for_job(tmp_path, [tmp_path])
    if pch is None or iso is None:
        pytest.skip("no SYCL PCH or no bubblewrap here")
    with sandbox.confined(iso):
        res = sandbox.run(["test", "-r", str(pch / "sycl" / "sycl.hpp.gch")], tmp_path, timeout_s=30)
    assert res.ok, res.log()


@pytest.mark.nvcc
@pytest.mark.hipcc
def test_one_hipcc_call_builds_both_amd_targets_and_a_failure_is_attributed(tmp_path: Path) -> None:
    """gfx90a and gfx1030 come from one hipcc call a unit; when it fails, each arch is retried alone, so
    an arch-specific failure does not take the other arch's claim with it."""
    corpus = tmp_path / "c"
    _task_folder(corpus, "both", _long_kernel(1))
    # A kernel only gfx90a (CDNA, 64-wide) compiles: an #error in its gfx1030 device pass.
    only90a = _long_kernel(2) + (
        "#if defined(__HIP_DEVICE_COMPILE__) && defined(__gfx1030__)\n#error not for RDNA\n#endif\n"
    )
    _task_folder(corpus, "cdna-only", only90a)
    store = tmp_path / "s.db"
    opts = BuildOptions(targets=("hip",), max_level="compiles", isa=False, hip_version="5.2")
    build(corpus, store, opts)
    with StoreReader(store) as r:
        rows = {p["task"]: p for p in r.pairs()}
        both = r.evidence(rows["both"]["id"])
        cdna = r.evidence(rows["cdna-only"]["id"])
    assert rows["both"]["checks"]["hip_gfx90a"] and rows["both"]["checks"]["hip_gfx1030"]
    hip_calls = [e for e in both if e["name"].startswith("hipcc ")]
    assert {e["name"] for e in hip_calls} == {"hipcc gfx90a+gfx1030 k.cu"}
    assert rows["cdna-only"]["checks"]["hip_gfx90a"] and not rows["cdna-only"]["checks"]["hip_gfx1030"]
    # The failed two-arch call is not evidence of anything; the per-arch logs are.
    assert {e["name"] for e in cdna if e["name"].startswith("hipcc ")} == {
        "hipcc gfx90a k.cu",
        "hipcc gfx1030 k.cu",
    }


@pytest.mark.nvcc
@pytest.mark.hipcc
def test_the_compile_cache_skips_identical_compiles_and_says_so(tmp_path: Path) -> None:
    corpus = tmp_path / "c"
    _task_folder(corpus, "cached", _long_kernel(5))
    cache = tmp_path / "cc"
    opts = BuildOptions(
        targets=("hip",), max_level="compiles", isa=False, amd_archs=("gfx90a",), hip_version="5.2",
        compile_cache=str(cache),
    )  # fmt: skip
    store = tmp_path / "s.db"
    build(corpus, store, opts)
    assert len(list(cache.rglob("*.json"))) == 2  # the CUDA original and the HIP compile
    t0 = time.monotonic()
    report = build(corpus, store, opts, force=True)
    assert time.monotonic() - t0 < 10 and report.rows[0]["level"] == "compiles"
    with StoreReader(store) as r:
        (pair,) = r.pairs()
        logs = [e for e in r.evidence(pair["id"]) if e["stage"] == "compile"]
    assert logs and all(e["content"].startswith("[gpuport compile cache: ") for e in logs)
    assert pair["checks"]["cuda_nvcc"] and pair["checks"]["hip_gfx90a"]
    # A changed source misses the cache: compiled again, no cache note.
    (corpus / "math" / "cached" / "k.cu").write_text(_long_kernel(6))
    build(corpus, store, opts)
    assert len(list(cache.rglob("*.json"))) == 4


@pytest.mark.sycl
def test_the_pipeline_type_check_uses_the_precompiled_header_with_optimising_task_flags(
    tmp_path: Path,
) -> None:
    from dataclasses import replace

    from gpuport.dataset import toolchains
    from gpuport.dataset.build import Machine

    if toolchains.sycl_pch_dir() is None:
        pytest.skip("no SYCL PCH here")
    corpus = tmp_path / "c"
    _task_folder(corpus, "opt", _long_kernel(3))
    toml = corpus / "math" / "opt" / "task.toml"
    toml.write_text(toml.read_text().replace("link = false", 'flags = ["-O2"]\nlink = false'))
    machine = replace(
        Machine.detect(), acpp=toolchains.Toolchain("acpp", None, None, False, "not in this test")
    )
    store = tmp_path / "s.db"
    build(corpus, store, BuildOptions(targets=("sycl",), max_level="compiles", isa=False), machine=machine)
    with StoreReader(store) as r:
        (pair,) = r.pairs()
        (log,) = [e for e in r.evidence(pair["id"]) if e["name"].startswith("sycl type-check")]
    assert log["ok"] and "-Winvalid-pch" in log["argv"] and "-O2" not in log["argv"]
    assert "not used because" not in log["content"], log["content"][-500:]


def test_no_acpp_build_is_a_capability_a_later_build_with_acpp_upgrades() -> None:
    from dataclasses import replace

    from gpuport.dataset import toolchains
    from gpuport.dataset.build import Machine

    absent = toolchains.Toolchain("x", None, None, False, "absent")
    acpp = toolchains.Toolchain("acpp", "/usr/bin/acpp", "25.02", True)
    m = replace(Machine(*(absent for _ in range(6))), acpp=acpp)
    assert "acpp" in m.capabilities(BuildOptions(max_level="compiles"))
    assert "acpp" not in m.capabilities(BuildOptions(max_level="compiles", acpp_build=False))


@pytest.mark.nvcc
def test_sass_is_stored_for_a_library_unit(tmp_path: Path) -> None:
    """cuobjdump -sass needs nvdisasm (the nvidia-cuda-nvdisasm wheel, off PATH): the SASS check holds."""
    from gpuport.dataset import toolchains
    from gpuport.dataset.build import _nvdisasm_env

    if not toolchains.cuobjdump().usable or "nvidia/cu13/bin" not in _nvdisasm_env()["PATH"]:
        pytest.skip("cuobjdump or the nvdisasm wheel is missing (scripts/setup.sh installs both)")
    corpus = tmp_path / "c"
    _task_folder(corpus, "sass", _long_kernel(4))
    store = tmp_path / "s.db"
    build(corpus, store, BuildOptions(targets=("hip",), max_level="compiles", amd_archs=("gfx90a",)))
    with StoreReader(store) as r:
        (pair,) = r.pairs()
        sass = [e for e in r.evidence(pair["id"]) if e["kind"] == "sass"]
    assert sass and sass[0]["ok"] and "code for sm_90" in sass[0]["content"], sass[0]["content"][-300:]
    assert pair["checks"]["sass"]
