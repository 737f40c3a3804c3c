"""GP273's libcu++ emulation runs right: the golden lib-pipeline/double_buffer output (tiles double-buffered
through a thread-scope pipeline, front/back block barriers, a block pipeline with group copies, and the
__pipeline_* primitives with zero-fill) is built with AdaptiveCpp for the CPU and run, and every number
it prints is checked against the sums computed here in Python."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden" / "sycl" / "lib-pipeline"
TILE, TILES, BLOCKS = 32, 6, 3  # as double_buffer.cu defines them


def _build_and_run(case: Path, tmp: Path) -> str:
    if shutil.which("acpp") is None:
        pytest.skip("acpp (AdaptiveCpp) not on PATH")
    exe = tmp / "double_buffer"
    build = subprocess.run(
        ["acpp", "--acpp-targets=omp", "-std=c++17", "-O1", "-x", "c++", str(case), "-o", str(exe)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def _tile(data: list[float], block: int, t: int) -> list[float]:
    start = (block * TILES + t) * TILE
    return data[start : start + TILE]


@pytest.mark.acpp
@pytest.mark.slow
def test_pipeline_emulation_double_buffers_tiles(tmp_path: Path) -> None:
    out = _build_and_run(GOLDEN / "double_buffer.sycl.cpp", tmp_path)
    rows = {line.split()[0]: [float(x) for x in line.split()[1:]] for line in out.splitlines() if line}
    data = [float((i * 7) % 19 - 9) for i in range(BLOCKS * TILES * TILE)]
    pipeline, barrier, block = [], [], []
    for b in range(BLOCKS):
        for x in range(TILE):
            tiles = [_tile(data, b, t) for t in range(TILES)]
            pipeline.append(sum(tile[(x + k) % TILE] * (k + 1) for tile in tiles for k in range(TILE)))
            acc = 0.0
            for tile in tiles:
                acc = acc * 0.5 + tile[TILE - 1 - x]
            barrier.append(acc)
            best = 0.0
            for t, tile in enumerate(tiles):
                best = max(best, tile[(x * 7) % TILE] + t)
            block.append(best)
    assert rows["pipeline"] == pipeline  # integers: exact in float
    assert rows["barrier"] == barrier  # halvings of integers: exact in float
    assert rows["block"] == block
    # 16-byte copies with 8 bytes zero-filled: elements 2 and 3 of each group of four read as 0
    assert rows["primitives"] == [data[4 * x] + data[4 * x + 1] for x in range(TILE)]
