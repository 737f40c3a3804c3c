"""The verification pipeline: a real compile-level build of a few suite tasks, and the run/compare/timing
path exercised with real host programs (this machine has no GPU; the GPU path is the same code)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.dataset import toolchains
from gpuport.dataset.build import (
    BuildOptions,
    Compiled,
    Machine,
    PairJob,
    _empty_result,
    _run_and_compare,
    build,
    gpu_slot,
    translate_stage,
)
from gpuport.dataset.store import Store, pair_key, tree_hash
from gpuport.dataset.suite import Task

REPO = Path(__file__).resolve().parent.parent
SUITE = REPO / "bench" / "suite"
HIP_TASKS = ["saxpy-grid-stride", "vector-add-float4", "histogram-global-atomics"]
SYCL_TASK = "saxpy-grid-stride"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for tool in ("nvcc", "hipcc"):
        if shutil.which(tool) is None:
            pytest.skip(f"[{tool}] not on PATH")
    db = tmp_path_factory.mktemp("build") / "corpus.db"
    report = build(
        SUITE, db, BuildOptions(targets=("hip",), hip_version="5.2", repeat=1), jobs=2, tasks=HIP_TASKS
    )
    assert report.errors == 0, json.dumps(report.to_dict(), indent=1)
    assert report.built == len(HIP_TASKS)
    if toolchains.sycl_headers().usable:  # one SYCL pair: the type-check (and acpp when present) is slow
        report = build(SUITE, db, BuildOptions(targets=("sycl",), repeat=1), tasks=[SYCL_TASK])
        assert report.errors == 0 and report.built == 1
    return db


@pytest.mark.nvcc
@pytest.mark.hipcc
@pytest.mark.slow
def test_hip_pairs_reach_compiles_with_evidence(built: Path) -> None:
    hipcc = toolchains.hipcc()
    with Store(built) as s:
        for name in HIP_TASKS:
            (row,) = s.pairs(task=name, target="hip")
            assert row["level"] == "compiles", json.loads(row["notes"])
            assert json.loads(row["compiles_on"]) == [
                f"hipcc {hipcc.version} gfx90a",
                f"hipcc {hipcc.version} gfx1030",
            ]
            assert row["unconverted"] == 0 and row["runs_on"] is None and row["time_ratio"] is None
            ev = s.evidence(row["id"])
            by_stage = {(e["stage"], e["kind"]) for e in ev}
            assert ("translate", "json") in by_stage and ("machine", "json") in by_stage
            nvcc_logs = [e for e in ev if e["name"] == "nvcc original"]
            assert nvcc_logs and nvcc_logs[0]["ok"] and nvcc_logs[0]["toolchain"].startswith("nvcc 13")
            assert "-arch=sm_90" in json.loads(nvcc_logs[0]["argv"])
            hip_logs = [e for e in ev if e["stage"] == "compile" and e["name"].startswith("hipcc gfx")]
            # One hipcc call a unit builds both targets; its log proves each (one evidence row per label).
            assert {e["name"].split()[1] for e in hip_logs} == {"gfx90a+gfx1030"}
            assert {e["toolchain"].split()[-1] for e in hip_logs} == {"gfx90a", "gfx1030"}
            assert all(
                {"--offload-arch=gfx90a", "--offload-arch=gfx1030"} <= set(json.loads(e["argv"]))
                for e in hip_logs
            )
            assert all(e["ok"] and e["rc"] == 0 for e in hip_logs)
            assert any(e["stage"] == "link" and e["ok"] for e in ev)
            isa = [e for e in ev if e["kind"] == "amd-isa"]
            assert isa and "amdgcn-amd-amdhsa--gfx90a" in isa[0]["content"]
            if toolchains.cuobjdump().usable:
                sass = [e for e in ev if e["kind"] == "sass"]
                assert sass and "sm_90" in sass[0]["content"]
            machine = json.loads(row["machine"])
            assert machine["toolchains"]["hipcc"]["version"] == hipcc.version
            assert s.runs(row["id"]) == []  # no GPU here: no runs claimed


@pytest.mark.nvcc
@pytest.mark.hipcc
@pytest.mark.sycl
@pytest.mark.slow
def test_sycl_pair_is_type_checked(built: Path) -> None:
    with Store(built) as s:
        (row,) = s.pairs(task=SYCL_TASK, target="sycl")
        ev = s.evidence(row["id"])
        checks = [e for e in ev if e["name"].startswith("sycl type-check")]
        assert checks and "-fsyntax-only" in json.loads(checks[0]["argv"])
        assert "intel-sycl-rt" in checks[0]["toolchain"]
        if all(e["ok"] for e in checks) and row["unconverted"] == 0:
            # With AdaptiveCpp here the pair also builds and runs on the CPU (self-check, no GPU reference).
            assert row["level"] == ("runs-equal" if toolchains.acpp().usable else "compiles")
        else:
            assert row["level"] in ("none", "translated")
            assert any("compile failed" in n for n in json.loads(row["notes"]))


@pytest.mark.nvcc
@pytest.mark.hipcc
@pytest.mark.slow
def test_rebuild_skips_finished_pairs(built: Path) -> None:
    report = build(SUITE, built, BuildOptions(targets=("hip",), hip_version="5.2", repeat=1), tasks=HIP_TASKS)
    assert report.built == 0 and report.skipped == len(HIP_TASKS)
    assert all(r["skipped"] and r["level"] == "compiles" for r in report.rows)


# ---------------------------------------------------------------- the run path with real host programs


def _program(tmp_path: Path, name: str, lines: list[str], rc: int = 0) -> Path:
    body = "".join(f'  std::puts("{line}");\n' for line in lines)
    src = tmp_path / f"{name}.cpp"
    src.write_text(f"#include <cstdio>\nint main() {{\n{body}  return {rc};\n}}\n")
    exe = tmp_path / name
    subprocess.run(["g++", "-O0", "-o", str(exe), str(src)], check=True, capture_output=True)
    return exe


def _absent(name: str) -> toolchains.Toolchain:
    return toolchains.Toolchain(name, None, None, False, "absent in this test")


def _job(
    tmp_path: Path,
    target: str,
    mode: str = "tolerance",
    reference: dict[str, list[str]] | None = None,
    gpu_share: int = 1,
) -> PairJob:
    task = Task(
        "toy",
        "math",
        "easy",
        "toy",
        ("grid-stride",),
        ("main.cu",),
        tmp_path,
        compare_mode=mode,
        rtol=1e-4,
        atol=0.0,
        timeout_s=10,
    )
    machine = Machine(*(_absent(n) for n in ("nvcc", "hipcc", "sycl-headers", "acpp", "icpx", "cuobjdump")))
    from gpuport.dataset.store import TaskRecord

    files = {"main.cu": "int main(){}"}
    rec = TaskRecord("toy", "math", "easy", "toy", [], {}, tree_hash(files), files)
    return PairJob(
        task,
        target,
        str(tmp_path),
        BuildOptions(targets=(target,), repeat=3, gpu_share=gpu_share),
        machine,
        pair_key(target, rec.cuda_hash, {}),
        rec,
        reference=reference,
        reference_hardware="nvidia H200",
    )


needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not on PATH")


@needs_gxx
def test_hip_run_path_records_runs_equal_and_ratio(tmp_path: Path) -> None:
    orig = _program(tmp_path, "orig", ["RESULT sum 10.0 2", "TIME_MS 2.0", "PASS"])
    trans = _program(tmp_path, "trans", ["RESULT sum 10.0005 2", "TIME_MS 3.0", "PASS"])
    job = _job(tmp_path, "hip")
    res = _empty_result(job)
    _run_and_compare(
        job, res, Compiled(True, "nvcc x sm_90", orig, []), Compiled(True, "nvcc hip", trans, []), {}
    )
    assert res.level == "perf-measured", res.notes
    assert res.time_ratio == pytest.approx(1.5) and res.compare_basis == "cuda-run"
    assert len(res.runs) == 8  # warm-up + 3 timed, both sides
    assert {r.side for r in res.runs} == {"original", "translated"}
    assert any(e.stage == "compare" and e.ok for e in res.evidence)
    assert any(e.stage == "perf" for e in res.evidence)


@needs_gxx
def test_shared_gpu_runs_reach_runs_equal_without_a_ratio(tmp_path: Path) -> None:
    orig = _program(tmp_path, "orig", ["RESULT sum 10.0 2", "TIME_MS 2.0", "PASS"])
    trans = _program(tmp_path, "trans", ["RESULT sum 10.0005 2", "TIME_MS 3.0", "PASS"])
    job = _job(tmp_path, "hip", gpu_share=4)
    res = _empty_result(job)
    _run_and_compare(
        job, res, Compiled(True, "nvcc x sm_90", orig, []), Compiled(True, "nvcc hip", trans, []), {}
    )
    assert res.level == "runs-equal" and res.time_ratio is None
    assert any("shared the GPU" in n for n in res.notes), res.notes


def test_gpu_slots_are_exclusive_unless_shared(tmp_path: Path) -> None:
    import fcntl

    gpu = toolchains.Gpu(0, "H200", "nvidia", arch="sm_90")
    locks = tmp_path / "locks"
    with gpu_slot(str(locks), (gpu,), share=2) as env:
        assert env == {"CUDA_VISIBLE_DEVICES": "0"}
        # One of the two slots is held: exactly one lock file can still be taken without waiting.
        free = 0
        for f in sorted(locks.glob("gpu0.*.lock")):
            with open(f, "w") as fh:
                try:
                    fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    free += 1
                except BlockingIOError:
                    pass
        assert free == 1
    with gpu_slot(str(locks), (gpu,)) as env:
        with open(locks / "gpu0.0.lock", "w") as fh:
            with pytest.raises(BlockingIOError):
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)


@needs_gxx
def test_hip_run_path_mismatch_is_not_runs_equal(tmp_path: Path) -> None:
    orig = _program(tmp_path, "orig", ["RESULT sum 10.0 2", "TIME_MS 2.0", "PASS"])
    trans = _program(tmp_path, "trans", ["RESULT sum 11.0 2", "TIME_MS 3.0", "PASS"])
    job = _job(tmp_path, "hip")
    res = _empty_result(job)
    res.level = "compiles"
    _run_and_compare(job, res, Compiled(True, "nvcc", orig, []), Compiled(True, "nvcc hip", trans, []), {})
    assert res.level == "compiles" and res.time_ratio is None
    cmp_ev = [e for e in res.evidence if e.stage == "compare"]
    assert cmp_ev and not cmp_ev[0].ok and "sum[0]" in cmp_ev[0].content


@needs_gxx
def test_hip_run_path_crash_is_recorded(tmp_path: Path) -> None:
    orig = _program(tmp_path, "orig", ["RESULT sum 1", "TIME_MS 2.0", "PASS"])
    trans = _program(tmp_path, "trans", ["RESULT sum 1", "FAIL"], rc=1)
    job = _job(tmp_path, "hip")
    res = _empty_result(job)
    res.level = "compiles"
    _run_and_compare(job, res, Compiled(True, "nvcc", orig, []), Compiled(True, "nvcc hip", trans, []), {})
    assert res.level == "compiles"
    assert any("did not run to PASS" in n for n in res.notes)
    assert [r.rc for r in res.runs if r.side == "translated"] == [1]


@needs_gxx
def test_sycl_cpu_run_compares_with_stored_cuda_results(tmp_path: Path) -> None:
    trans = _program(tmp_path, "trans", ["RESULT sum 10.0 2", "TIME_MS 30.0", "PASS"])
    job = _job(tmp_path, "sycl", reference={"sum": ["10.0", "2"]})
    res = _empty_result(job)
    _run_and_compare(job, res, None, Compiled(True, "acpp 25.02 omp", trans, []), {})
    assert res.level == "runs-equal" and res.compare_basis == "cuda-run-stored"
    assert res.runs_on == "cpu (AdaptiveCpp omp)" and res.time_ratio is None  # other hardware: no ratio
    wrong = _job(tmp_path, "sycl", reference={"sum": ["12.0", "2"]})
    res2 = _empty_result(wrong)
    res2.level = "compiles"
    _run_and_compare(wrong, res2, None, Compiled(True, "acpp 25.02 omp", trans, []), {})
    assert res2.level == "compiles"


@needs_gxx
def test_sycl_cpu_run_without_reference_uses_the_self_check(tmp_path: Path) -> None:
    trans = _program(tmp_path, "trans", ["RESULT sum 10.0 2", "PASS"])
    job = _job(tmp_path, "sycl")
    res = _empty_result(job)
    _run_and_compare(job, res, None, Compiled(True, "acpp 25.02 omp", trans, []), {})
    assert res.level == "runs-equal" and res.compare_basis == "self-check"
    failing = _program(tmp_path, "failing", ["RESULT sum 10.0 2", "FAIL"])
    res2 = _empty_result(job)
    res2.level = "compiles"
    _run_and_compare(job, res2, None, Compiled(True, "acpp 25.02 omp", failing, []), {})
    assert res2.level == "compiles"


def test_rebuild_redoes_pairs_another_translator_made(tmp_path: Path) -> None:
    """Each row stores the translator fingerprint; a build redoes the rows whose fingerprint differs."""
    import sqlite3

    from gpuport.dataset.build import pair_fingerprint
    from gpuport.transpile.fingerprint import gpuport_commit, translator_fingerprint

    db = tmp_path / "corpus.db"
    machine = Machine(*(_absent(n) for n in ("nvcc", "hipcc", "sycl-headers", "acpp", "icpx", "cuobjdump")))
    opts = BuildOptions(targets=("hip",), hip_version="5.2", max_level="translated")

    def run() -> tuple[int, int]:
        report = build(SUITE, db, opts, tasks=[SYCL_TASK], machine=machine, scratch=tmp_path / "scratch")
        return report.built, report.skipped

    assert run() == (1, 0)
    fp = pair_fingerprint("hip", opts)
    assert fp != pair_fingerprint("hip", BuildOptions(hip_version="6.2"))  # options are part of it
    assert fp != translator_fingerprint()
    with Store(db) as s:
        (row,) = s.pairs()
        assert row["translator_fingerprint"] == fp and row["gpuport_commit"] == gpuport_commit()
    assert run() == (0, 1)  # same translator: kept
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE pairs SET translator_fingerprint = '0123456789abcdef'")  # another translator's
    con.close()
    assert run() == (1, 0)
    with Store(db) as s:
        (row,) = s.pairs()
        assert row["translator_fingerprint"] == fp and row["attempts"] == 2
    assert run() == (0, 1)


def test_without_hip_version_the_translation_targets_the_hipcc_that_compiles_it() -> None:
    """A carried toolchain has no ROCm headers where the translator looks: the build takes the version
    from hipcc itself, so it never translates for HIP 6.2 and then compiles with hipcc 5.2."""
    import dataclasses

    from gpuport.dataset.build import BuildOptions, Machine, _hip_version_of

    machine = Machine.detect()
    carried = dataclasses.replace(
        machine, hipcc=toolchains.Toolchain("hipcc", "/opt/x/hipcc", "5.7.31921-0", True)
    )
    assert _hip_version_of(BuildOptions(targets=("hip", "sycl")), carried).hip_version == "5.7"
    assert _hip_version_of(BuildOptions(targets=("hip",), hip_version="6.2"), carried).hip_version == "6.2"
    assert _hip_version_of(BuildOptions(targets=("sycl",)), carried).hip_version is None
    absent = dataclasses.replace(machine, hipcc=toolchains.Toolchain("hipcc", None, None, False, "none"))
    assert _hip_version_of(BuildOptions(targets=("hip",)), absent).hip_version is None


def test_the_sycl_headers_can_be_named_by_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where intel-sycl-rt cannot be installed (the device machine), its headers travel as a folder."""
    (tmp_path / "sycl").mkdir()
    (tmp_path / "sycl" / "sycl.hpp").write_text("// headers\n")
    monkeypatch.setenv(toolchains.SYCL_INCLUDE_ENV, str(tmp_path))
    assert toolchains.sycl_include_dir() == tmp_path
    monkeypatch.setenv(toolchains.SYCL_INCLUDE_ENV, str(tmp_path / "missing"))
    assert toolchains.sycl_include_dir() != tmp_path / "missing"


def test_the_extra_hip_library_headers_are_found_only_when_complete(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hipBLAS/hipCUB/rocThrust headers (Debian 13's, unpacked by setup.sh) count only with their VERSIONS
    record, which goes into the hipcc toolchain's details and so into the compile cache's key."""
    monkeypatch.setenv(toolchains.HIP_EXTRA_INCLUDE_ENV, str(tmp_path))
    assert toolchains.hip_extra_include() is None  # no include/ yet
    (tmp_path / "include" / "hipblas").mkdir(parents=True)
    assert toolchains.hip_extra_include() is None  # no VERSIONS: a half-finished unpack
    (tmp_path / "VERSIONS").write_text("hipblas 5.5.1\n")
    assert toolchains.hip_extra_include() == (tmp_path / "include", "hipblas 5.5.1")
    monkeypatch.setenv(toolchains.HIP_EXTRA_INCLUDE_ENV, "none")
    assert toolchains.hip_extra_include() is None


def test_cuda_left_in_a_header_the_build_never_compiles_does_not_hold_the_pair_back(tmp_path: Path) -> None:
    """A dual-source project's CUDA-side error helper (`#ifdef __HIPCC__ ... #else #include
    "errors_cuda.h"`) keeps driver-API names HIP lacks; the HIP build never includes it."""
    task_dir = tmp_path / "task"
    task_dir.mkdir()
    (task_dir / "main.cu").write_text(
        '#include "errors.h"\n__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }\n'
        "int main() { float *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); return 0; }\n"
    )
    (task_dir / "errors.h").write_text(
        '#pragma once\n#ifdef __HIPCC__\n#include "errors_hip.h"\n#else\n#include "errors_cuda.h"\n#endif\n'
    )
    (task_dir / "errors_hip.h").write_text("#pragma once\n")
    (task_dir / "errors_cuda.h").write_text(
        "#pragma once\n#include <cuda.h>\nstatic int stub(CUresult r) { return r == CUDA_ERROR_STUB_LIBRARY; }\n"
    )
    job = dataclasses.replace(_job(task_dir, "hip"), workdir=str(tmp_path / "work"))
    tr = translate_stage(job)
    assert tr.ok, tr.notes
    assert tr.unconverted == 0
    assert any("errors_cuda.h" in n and "does not compile" in n for n in tr.notes), tr.notes
    # The same name in the unit itself is left in the build.
    (task_dir / "main.cu").write_text(
        '#include "errors.h"\n#include <cuda.h>\nint main() { return CUDA_ERROR_STUB_LIBRARY; }\n'
    )
    tr = translate_stage(job)
    assert not tr.ok and tr.unconverted >= 1, tr.notes


@pytest.mark.nvcc
@pytest.mark.hipcc
def test_skip_broken_originals_leaves_their_translations_uncompiled(tmp_path: Path) -> None:
    """A corpus build (--skip-broken-originals) does not compile the translations of a task whose CUDA
    original fails to compile; without the option they are compiled (the yardstick wants that)."""
    task = tmp_path / "suite" / "memory-ops" / "broken-original"
    task.mkdir(parents=True)
    (task / "task.toml").write_text(
        'name = "broken-original"\ndomain = "memory-ops"\ndifficulty = "easy"\ndescription = "x"\n'
        'features = []\nsources = ["main.cu"]\n\n[build]\nflags = []\nlibs = []\nlink = false\n\n'
        '[compare]\nmode = "exact"\n'
    )
    (task / "main.cu").write_text(
        '#include "generated_config.h"\n__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }\n'
        "int main() { float *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); return 0; }\n"
    )

    def hip_pair(skip: bool) -> tuple[str, list[str], list[str]]:
        db = tmp_path / f"skip-{skip}.db"
        options = BuildOptions(
            targets=("hip",), hip_version="5.2", max_level="compiles", isa=False, skip_broken_originals=skip
        )
        report = build(tmp_path / "suite", db, options, tasks=["broken-original"])
        assert report.errors == 0 and report.built == 1
        with Store(db) as store:
            (row,) = store.pairs("broken-original", "hip")
            names = [e["name"] for e in store.evidence(row["id"])]
        return row["level"], json.loads(row["notes"]), names

    level, notes, evidence = hip_pair(True)
    assert level == "translated"
    assert any(n.startswith("not compiled: the CUDA original does not compile") for n in notes), notes
    assert any(n.startswith("nvcc original") for n in evidence), evidence
    assert not any(n.startswith("hipcc") for n in evidence), evidence
    level, notes, evidence = hip_pair(False)
    assert any(n.startswith("hipcc") for n in evidence), evidence
    assert not any(n.startswith("not compiled") for n in notes), notes


@pytest.mark.nvcc
def test_a_unit_reaching_a_library_header_through_its_project_header_compiles(tmp_path: Path) -> None:
    """`libs` names the libraries a task's own sources include; a unit that reaches cublas_v2.h through a
    project header (leimao's GEMM profiling units) still compiles: nvcc always sees the wheels' headers."""
    from gpuport.dataset.cudalibs import cuda_library_dirs

    dirs = cuda_library_dirs()
    if dirs is None or not (dirs[0] / "cublas_v2.h").is_file():
        pytest.skip("[cublas] the nvidia-cublas wheel's headers are not installed")
    task = tmp_path / "suite" / "linear-algebra" / "header-reaches-cublas"
    (task / "include").mkdir(parents=True)
    (task / "task.toml").write_text(
        'name = "header-reaches-cublas"\ndomain = "linear-algebra"\ndifficulty = "easy"\ndescription = "x"\n'
        'features = []\nsources = ["main.cu"]\n\n[build]\nflags = ["-Iinclude"]\nlibs = []\nlink = false\n\n'
        '[compare]\nmode = "exact"\n'
    )
    (task / "include" / "profile.cuh").write_text(
        "#pragma once\n#include <cublas_v2.h>\ninline cublasStatus_t ok() { return CUBLAS_STATUS_SUCCESS; }\n"
    )
    (task / "main.cu").write_text(
        '#include "profile.cuh"\nint status() { return ok() == CUBLAS_STATUS_SUCCESS; }\n'
    )
    db = tmp_path / "c.db"
    options = BuildOptions(targets=("hip",), max_level="compiles", isa=False, skip_broken_originals=True)
    report = build(tmp_path / "suite", db, options, tasks=["header-reaches-cublas"])
    assert report.errors == 0 and report.built == 1
    with Store(db) as store:
        (row,) = store.pairs("header-reaches-cublas", "hip")
        original = [e for e in store.evidence(row["id"]) if e["name"].startswith("nvcc original")]
    assert original and all(e["ok"] for e in original), [e["content"][-400:] for e in original]
    assert not any(n.startswith("not compiled") for n in json.loads(row["notes"])), row["notes"]


@pytest.mark.sycl
def test_the_sycl_type_check_keeps_the_tasks_language_standard(tmp_path: Path) -> None:
    """A C++20 project (its CMake sets CMAKE_CUDA_STANDARD 20, the corpus task says -std=c++20): nvcc gets
    the task's -std after the default one, and so must the SYCL type-check, or `concept` is no keyword."""
    from gpuport.dataset.build import compile_sycl_stage

    task_dir = tmp_path / "task"
    task_dir.mkdir()
    (task_dir / "main.cu").write_text(
        "#include <concepts>\n"
        "template <typename T> concept Real = std::floating_point<T>;\n"
        "template <Real T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }\n"
        "void run(float *x) { scale<<<1, 32>>>(x, 2.0f); }\n"
    )
    job = _job(task_dir, "sycl")
    machine = dataclasses.replace(job.machine, sycl_headers=toolchains.sycl_headers())
    job = dataclasses.replace(
        job,
        machine=machine,
        workdir=str(tmp_path / "work"),
        task=dataclasses.replace(job.task, build_flags=("-std=c++20",), link=False),
    )
    tr = translate_stage(job)
    assert tr.ok, tr.notes
    (outcome,) = compile_sycl_stage(job, tr)
    assert outcome.ok, "\n".join(e.content[-2000:] for e in outcome.evidence)
    assert "-std=c++20" in outcome.evidence[0].content.splitlines()[0]
