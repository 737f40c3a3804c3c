"""The translator fingerprint: a hash of the rule sources, the tables, the version and the options."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gpuport.transpile import fingerprint as fpm
from gpuport.transpile.options import Options


@pytest.fixture()
def package_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the translation package that the fingerprint reads instead of the checkout's."""
    copy = tmp_path / "transpile"
    shutil.copytree(fpm.PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(fpm, "PACKAGE_DIR", copy)
    fpm._code_fingerprint.cache_clear()
    yield copy
    fpm._code_fingerprint.cache_clear()


def _fp(options: Options | None = None) -> str:
    fpm._code_fingerprint.cache_clear()
    return fpm.translator_fingerprint(options)


def test_copy_of_the_package_has_the_checkout_fingerprint(package_copy: Path) -> None:
    here = _fp()
    fpm.PACKAGE_DIR = fpm.Path(fpm.__file__).resolve().parent  # restored by monkeypatch afterwards
    assert _fp() == here


def test_rule_source_changes_it(package_copy: Path) -> None:
    before = _fp()
    rule = package_copy / "rules" / "hip" / "launch_ggl.py"
    rule.write_text(rule.read_text() + "\n# a comment is a change too\n")
    assert _fp() != before


def test_table_row_changes_it(package_copy: Path) -> None:
    before = _fp()
    table = package_copy / "tables" / "runtime.tsv"
    table.write_text(table.read_text().replace("hipMalloc", "hipMallocX", 1))
    assert _fp() != before


def test_new_rule_module_changes_it_and_other_files_do_not(package_copy: Path) -> None:
    before = _fp()
    (package_copy / "tables" / "NOTES.txt").write_text("not read by the translator")
    assert _fp() == before
    (package_copy / "rules" / "sycl" / "new_rule.py").write_text("X = 1\n")
    assert _fp() != before


def test_options_change_it() -> None:
    base = fpm.translator_fingerprint(Options())
    assert len(base) == fpm.FINGERPRINT_LENGTH
    assert base == fpm.translator_fingerprint(Options())
    for other in (
        Options(target="sycl"),
        Options(hip_version=(5, 2)),
        Options(launch="hipLaunchKernelGGL"),
        Options(offload_arch=("gfx1030",)),
    ):
        assert fpm.translator_fingerprint(other) != base
    # The user's own CUDA-looking names change with the tree, not the translator.
    assert fpm.translator_fingerprint(Options(user_names=frozenset({"cudaCheck"}))) == base
