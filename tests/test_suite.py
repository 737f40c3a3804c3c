"""Tests for the kernel-suite loader (gpuport.dataset.suite) and a compile check of every suite task."""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from gpuport.dataset.cudalibs import cuda_library_dirs, find_soname, nvcc_library_args
from gpuport.dataset.suite import (
    DOMAINS,
    FEATURES,
    TaskError,
    default_suite_root,
    load_suite,
    load_task,
    nvcc_compile_command,
)

from gpuport.commands.suite_impl import check_tasks, list_tasks

GOOD_TOML = """\
name = "{name}"
domain = "vector-ops"
difficulty = "easy"
description = "Adds two vectors."
features = ["grid-stride", "error-check-macro"]
sources = ["main.cu"]

[build]
flags = ["-lineinfo"]
libs = []

[run]
args = ["1024"]
timeout_s = 30

[compare]
mode = "tolerance"
rtol = 1e-4
atol = 1e-6
"""


def make_task(parent: Path, name: str = "vec-add", toml: str | None = None, source: str = "main.cu") -> Path:
    folder = parent / name
    folder.mkdir(parents=True)
    (folder / source).write_text("__global__ void k() {}\nint main() { return 0; }\n")
    (folder / "task.toml").write_text(toml if toml is not None else GOOD_TOML.format(name=name))
    return folder


def error_of(folder: Path) -> str:
    with pytest.raises(TaskError) as info:
        load_task(folder)
    return str(info.value)


# --- loader on good and malformed files ---------------------------------------------------------------


def test_good_task_loads(tmp_path: Path) -> None:
    folder = make_task(tmp_path)
    (folder / "util.cuh").write_text("#pragma once\n")
    t = load_task(folder)
    assert t.name == "vec-add" and t.domain == "vector-ops" and t.difficulty == "easy"
    assert t.features == ("grid-stride", "error-check-macro")
    assert t.build_flags == ("-lineinfo",) and t.run_args == ("1024",)
    assert t.timeout_s == 30.0 and isinstance(t.timeout_s, float)
    assert (t.compare_mode, t.rtol, t.atol) == ("tolerance", 1e-4, 1e-6)
    assert t.source_paths == ((folder / "main.cu").resolve(),)
    assert [p.name for p in t.all_files] == ["main.cu", "util.cuh"]


def test_defaults_for_optional_tables(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").split("[build]")[0] + '[compare]\nmode = "exact"\n'
    t = load_task(make_task(tmp_path, toml=toml))
    assert t.build_flags == () and t.libs == () and t.run_args == ()
    assert t.timeout_s == 60.0 and t.compare_mode == "exact" and t.rtol == 0.0


def test_missing_key(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace('difficulty = "easy"\n', "")
    folder = make_task(tmp_path, toml=toml)
    msg = error_of(folder)
    assert msg.startswith(str(folder / "task.toml"))
    assert "missing required key 'difficulty'" in msg


def test_bad_domain(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace('"vector-ops"', '"vectors"')
    msg = error_of(make_task(tmp_path, toml=toml))
    assert "unknown domain 'vectors'" in msg


def test_unknown_feature(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace('"grid-stride"', '"grid-strides"')
    msg = error_of(make_task(tmp_path, toml=toml))
    assert "unknown feature 'grid-strides'" in msg


def test_unknown_key_rejected(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace("timeout_s = 30", "timeout_s = 30\nretries = 2")
    msg = error_of(make_task(tmp_path, toml=toml))
    assert "unknown key 'retries' in [run]" in msg


def test_source_outside_folder(tmp_path: Path) -> None:
    (tmp_path / "evil.cu").write_text("int main() {}\n")
    toml = GOOD_TOML.format(name="vec-add").replace('["main.cu"]', '["../evil.cu"]')
    msg = error_of(make_task(tmp_path, toml=toml))
    assert "source '../evil.cu' is outside the task folder" in msg


def test_missing_source(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace('["main.cu"]', '["main.cu", "kernels.cu"]')
    msg = error_of(make_task(tmp_path, toml=toml))
    assert "source 'kernels.cu' does not exist" in msg


def test_bad_toml_syntax_names_file_and_line(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace('difficulty = "easy"', "difficulty = easy")
    folder = make_task(tmp_path, toml=toml)
    msg = error_of(folder)
    # difficulty is on line 3 of GOOD_TOML
    assert msg.startswith(f"{folder / 'task.toml'}:3:")
    assert "invalid TOML" in msg


def test_name_must_match_folder_and_pattern(tmp_path: Path) -> None:
    folder = make_task(tmp_path, name="vec-add", toml=GOOD_TOML.format(name="vec-sub"))
    assert "name 'vec-sub' differs from the folder name 'vec-add'" in error_of(folder)
    folder = make_task(tmp_path, name="Vec_Add", toml=GOOD_TOML.format(name="Vec_Add"))
    assert "must match [a-z0-9][a-z0-9-]*" in error_of(folder)


def test_bad_difficulty_mode_and_tolerances(tmp_path: Path) -> None:
    toml = (
        GOOD_TOML.format(name="vec-add")
        .replace('"easy"', '"trivial"')
        .replace('"tolerance"', '"fuzzy"')
        .replace("rtol = 1e-4", "rtol = -1.0")
    )
    msg = error_of(make_task(tmp_path, toml=toml))
    assert "difficulty 'trivial'" in msg
    assert "compare.mode 'fuzzy'" in msg
    assert "compare.rtol must be a number >= 0" in msg
    # every problem is reported, one per line, each naming the file
    assert all(line.startswith(str(tmp_path)) for line in msg.splitlines())


def test_domain_must_match_parent_folder(tmp_path: Path) -> None:
    folder = make_task(tmp_path / "linear-algebra")
    assert "domain 'vector-ops' differs from the parent folder 'linear-algebra'" in error_of(folder)


def test_run_args_must_be_strings(tmp_path: Path) -> None:
    toml = GOOD_TOML.format(name="vec-add").replace('args = ["1024"]', "args = [1024]")
    assert "run.args must be a list of strings" in error_of(make_task(tmp_path, toml=toml))


def test_duplicate_names_in_suite(tmp_path: Path) -> None:
    a = make_task(tmp_path / "vector-ops" / "x", name="vec-add")
    b = make_task(tmp_path / "vector-ops" / "y", name="vec-add")
    with pytest.raises(TaskError) as info:
        load_suite(tmp_path)
    msg = str(info.value)
    assert "duplicate task name 'vec-add'" in msg
    assert str(a / "task.toml") in msg and str(b / "task.toml") in msg


def test_suite_collects_all_errors(tmp_path: Path) -> None:
    make_task(tmp_path, name="good-one")
    make_task(tmp_path, name="bad-one", toml=GOOD_TOML.format(name="bad-one").replace("vector-ops", "x"))
    make_task(tmp_path, name="bad-two", toml="name = \n")
    with pytest.raises(TaskError) as info:
        load_suite(tmp_path)
    assert len(info.value.errors) == 2
    msg = str(info.value)
    assert "bad-one/task.toml" in msg and "bad-two/task.toml:1:" in msg


def test_suite_sorted_by_name(tmp_path: Path) -> None:
    for n in ("zeta", "alpha", "mid"):
        make_task(tmp_path / n[0], name=n)
    assert [t.name for t in load_suite(tmp_path)] == ["alpha", "mid", "zeta"]


def test_default_root_and_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GPUPORT_SUITE", raising=False)
    root = default_suite_root()
    assert root.name == "suite" and (root / "README.md").is_file()
    monkeypatch.setenv("GPUPORT_SUITE", str(tmp_path))
    assert default_suite_root() == tmp_path


def test_vocabulary_matches_readme() -> None:
    # The README is the source of truth; the tuples must not drift from it.
    readme = (Path(__file__).resolve().parent.parent / "bench" / "suite" / "README.md").read_text()
    domains_text = readme.split("## Domains", 1)[1].split("##", 1)[0]
    features_text = readme.split("## Feature vocabulary", 1)[1].split("##", 1)[0]
    words = lambda text: {w.strip() for w in text.replace("\n", " ").split(",") if w.strip()}  # noqa: E731
    assert words(domains_text) == set(DOMAINS)
    assert words(features_text) == set(FEATURES)


# --- cudalibs --------------------------------------------------------------------------------------------


def test_find_soname_exact_stem(tmp_path: Path) -> None:
    for f in ("libcublas.so.13", "libcublasLt.so.13", "libcublas.so.12.1", "libcufft.so.12"):
        (tmp_path / f).write_text("")
    assert find_soname(tmp_path, "cublas") == "libcublas.so.13"
    assert find_soname(tmp_path, "cublasLt") == "libcublasLt.so.13"
    assert find_soname(tmp_path, "curand") is None


def test_nvcc_library_args_shape() -> None:
    dirs = cuda_library_dirs()
    if dirs is None:
        pytest.skip("PyPI nvidia cu13 wheels not installed")
    args = nvcc_library_args(["cublas"])
    assert args[0] == f"-I{dirs[0]}" and args[1] == f"-L{dirs[1]}"
    assert any(a.startswith("-l:libcublas.so.") for a in args)
    assert args[-2:] == ["-Xlinker", f"-rpath={dirs[1]}"]


# --- CLI helpers -----------------------------------------------------------------------------------------


def test_list_and_check_helpers(tmp_path: Path) -> None:
    make_task(tmp_path, name="vec-add")
    table = list_tasks(tmp_path, as_json=False)
    assert "vec-add" in table and "vector-ops" in table and "1 tasks" in table
    assert '"name": "vec-add"' in list_tasks(tmp_path, as_json=True)
    code, text = check_tasks(tmp_path, compile=False, jobs=1)
    assert code == 0 and "1 tasks valid" in text
    (tmp_path / "vec-add" / "task.toml").write_text("name = 1\n")
    code, text = check_tasks(tmp_path, compile=False, jobs=1)
    assert code == 1 and "vec-add/task.toml" in text


@pytest.mark.nvcc
def test_check_compile_reports_failing_task(tmp_path: Path) -> None:
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not on PATH")
    make_task(tmp_path, name="good-one")
    bad = make_task(tmp_path, name="bad-one")
    (bad / "main.cu").write_text("__global__ void k() { undeclared_thing(); }\n")
    code, text = check_tasks(tmp_path, compile=True, jobs=2)
    assert code == 1
    assert "1/2 tasks compile" in text and "FAIL bad-one" in text and "undeclared_thing" in text


# --- the real suite --------------------------------------------------------------------------------------

# Collected at import so each task is its own parametrized case; a broken task.toml elsewhere in the
# suite must not hide the loader tests above, so the error is kept and reported by test_real_suite_loads.
try:
    SUITE = load_suite(default_suite_root())
    SUITE_ERROR = ""
except TaskError as _e:
    SUITE, SUITE_ERROR = [], str(_e)


def test_real_suite_loads() -> None:
    assert not SUITE_ERROR, SUITE_ERROR
    counts = Counter(t.domain for t in SUITE)
    print("suite domains:", dict(sorted(counts.items())), "total", len(SUITE))
    # The suite's promise: at least 120 complete programs across at least 16 domains.
    assert len(SUITE) >= 120
    assert len(counts) >= 16


def test_coverage_table_is_current() -> None:
    import subprocess
    import sys

    # Checked, not rewritten: no test writes into the checkout.
    script = Path(__file__).resolve().parent.parent / "bench" / "suite_features.py"
    table = script.parent / "suite" / "COVERAGE.md"
    before = table.stat().st_mtime_ns
    proc = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert table.stat().st_mtime_ns == before


def test_coverage_check_fails_on_a_stale_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "bench"))
    sys.modules.pop("suite_features", None)
    import suite_features

    stale = tmp_path / "COVERAGE.md"
    stale.write_text("# an old table\n")
    monkeypatch.setattr(suite_features, "OUT", stale)
    assert suite_features.main(["--check"]) == 1
    assert stale.read_text() == "# an old table\n"  # --check writes nothing
    assert suite_features.main([]) == 0 and suite_features.main(["--check"]) == 0


@pytest.mark.nvcc
@pytest.mark.parametrize("task", SUITE, ids=[t.name for t in SUITE])
def test_task_compiles(task, tmp_path: Path) -> None:
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not on PATH")
    if task.libs and cuda_library_dirs() is None:
        pytest.skip(f"needs {', '.join(task.libs)} headers: PyPI nvidia cu13 wheels not installed")
    for i, src in enumerate(task.source_paths):
        cmd = nvcc_compile_command(task, src, tmp_path / f"{i}_{src.stem}.o")
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}{proc.stdout}"
