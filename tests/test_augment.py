"""gpuport augment: deterministic output, valid task.toml files, and programs that nvcc compiles."""

from __future__ import annotations

import random
import subprocess
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="numpy is needed to compute the generated references")

from gpuport.dataset.sources import ORIGIN_FILE  # noqa: E402
from gpuport.dataset.sources.augment import Lcg, augment, generate  # noqa: E402
from gpuport.dataset.suite import load_task, nvcc_compile_command  # noqa: E402

from gpuport.cli import main  # noqa: E402


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_same_n_and_seed_give_byte_identical_files(tmp_path: Path) -> None:
    assert main(["augment", "--n", "40", "--seed", "7", "--out", str(tmp_path / "a")]) == 0
    assert main(["augment", "--n", "40", "--seed", "7", "--out", str(tmp_path / "b")]) == 0
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert len(a) == 40 * 3  # main.cu, task.toml, origin.toml
    assert a == b


def test_other_seed_gives_other_programs(tmp_path: Path) -> None:
    one = {p.name for p in augment(10, 1, tmp_path / "one")}
    two = {p.name for p in augment(10, 2, tmp_path / "two")}
    assert one.isdisjoint(two)


def test_every_task_toml_loads_and_every_kind_appears(tmp_path: Path) -> None:
    folders = augment(60, 0, tmp_path)
    kinds = set()
    for folder in folders:
        task = load_task(folder)
        assert task.sources == ("main.cu",)
        origin = tomllib.loads((folder / ORIGIN_FILE).read_text())
        assert origin["origin"] == "augment" and origin["seed"] == 0
        kinds.add(origin["kind"])
        src = (folder / "main.cu").read_text()
        # Self-checking per bench/suite/README.md: RESULT lines, TIME_MS, PASS/FAIL and a failing exit code.
        for needle in ("RESULT", "TIME_MS", '"PASS" : "FAIL"', "return bad == 0 ? 0 : 1"):
            assert needle in src, (folder.name, needle)
    assert kinds == {"dag", "map", "reduce", "transpose", "stencil"}


def test_vectorised_lcg_matches_the_c_recurrence() -> None:
    x, ref = 99, []
    for _ in range(3000):
        x = (1664525 * x + 1013904223) & 0xFFFFFFFF
        ref.append(x)
    assert Lcg(99).states(3000).tolist() == ref
    # The float inputs are exact in float32, so C and NumPy see the same numbers.
    u = Lcg(5).unit(1000)
    assert np.array_equal(u.astype(np.float32).astype(np.float64), u)


def test_dag_reference_is_embedded_with_its_operator_list() -> None:
    prog = next(p for p in (generate(i, 0) for i in range(40)) if p.kind == "dag")
    for op in prog.params["ops"]:
        assert f"= {op}(" in prog.source
    assert "static const double want_y[" in prog.source and "want_rows" in prog.source


def _nvcc_sample(tmp_path: Path) -> list[Path]:
    folders = augment(120, 0, tmp_path / "gen")
    return sorted(random.Random(1234).sample(folders, 30))


@pytest.mark.nvcc
@pytest.mark.slow
def test_sample_of_30_generated_programs_compiles_with_nvcc(tmp_path: Path) -> None:
    sample = _nvcc_sample(tmp_path)

    def build(folder: Path) -> tuple[str, int, str]:
        task = load_task(folder)
        cmd = nvcc_compile_command(task, task.source_paths[0], tmp_path / f"{task.name}.o")
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        return task.name, proc.returncode, proc.stderr[-1500:]

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(build, sample))
    failed = [(n, err) for n, rc, err in results if rc != 0]
    assert not failed, failed
