"""The cooperative-groups emulations of GP241 compute what CUDA computes: the golden SYCL outputs for
coalesced groups (a group of one work-item), the grid group, and tiles larger than a sub-group (work-group
reductions per tile) are built with AdaptiveCpp for the CPU, run, and every number they print is checked
against values computed here. (The CPU's sub-groups have one lane, so only code that needs no particular
sub-group size is checked: `multi_warp_tile`'s 32-lane tiles are not.)"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden" / "sycl" / "coop-groups"


def _build_and_run(case: Path, tmp: Path) -> dict[str, list[int]]:
    """Build a golden SYCL output with AdaptiveCpp for the CPU, run it, return its rows of integers by
    their first word (`bucket B ...` rows by `bucketB`)."""
    if shutil.which("acpp") is None:
        pytest.skip("acpp (AdaptiveCpp) not on PATH")
    exe = tmp / case.stem.replace(".sycl", "")
    build = subprocess.run(
        ["acpp", "--acpp-targets=omp", "-std=c++17", "-O1", "-x", "c++", str(case), "-o", str(exe)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    rows: dict[str, list[int]] = {}
    for line in run.stdout.splitlines():
        words = line.split()
        if words:
            key = words[0] if words[0] != "bucket" else f"bucket{words[1]}"
            rows[key] = [int(w) for w in words[1:]]
    return rows


@pytest.mark.acpp
@pytest.mark.slow
def test_coalesced_and_grid_groups_count_and_reduce(tmp_path: Path) -> None:
    rows = _build_and_run(GOLDEN / "coalesced.sycl.cpp", tmp_path)
    h = [(i * 37) % 11 for i in range(1000)]
    positive = sum(1 for x in h if x > 0)
    # filter: count of items kept (by the aggregated atomic), expected count, their sum, expected sum
    assert rows["filter"] == [positive, positive, sum(h), sum(h)]
    for b in range(4):
        members = [x for x in h if x % 4 == b]
        # bucket b: items counted, expected, maximum (the coalesced reduce), expected
        assert rows[f"bucket{b}"] == [b, len(members), len(members), max(members), max(members)]


@pytest.mark.acpp
@pytest.mark.slow
def test_tiles_larger_than_a_sub_group_reduce_right(tmp_path: Path) -> None:
    rows = _build_and_run(GOLDEN / "multi_warp_tile.sycl.cpp", tmp_path)
    h = [(i * 7) % 13 for i in range(512)]
    assert rows["tile64"] == [sum(h[t * 64 : (t + 1) * 64]) for t in range(8)]
    assert rows["max64"] == [max(h[t * 64 : (t + 1) * 64]) for t in range(8)]
    assert rows["tile128"] == [sum(h[t * 128 : (t + 1) * 128]) for t in range(4)]
