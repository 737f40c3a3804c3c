"""Shared pytest set-up: markers that skip with a printed reason when a tool is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", help="rewrite golden outputs from the current rules"
    )


def _have_gpu() -> bool:
    if shutil.which("nvidia-smi") is None:
        return False
    try:
        return subprocess.run(["nvidia-smi", "-L"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _have_sycl_headers() -> bool:
    from gpuport.dataset import toolchains  # noqa: PLC0415  (optional module)

    return toolchains.sycl_include_dir() is not None


def _probe(marker: str) -> str | None:
    """None when the marker's requirement is met, else the reason to skip."""
    if marker == "nvcc":
        return None if shutil.which("nvcc") else "nvcc not on PATH"
    if marker == "hipcc":
        return None if shutil.which("hipcc") else "hipcc not on PATH (apt-get install hipcc)"
    if marker == "acpp":
        return None if shutil.which("acpp") else "acpp (AdaptiveCpp) not on PATH"
    if marker == "gpu":
        return None if _have_gpu() else "no NVIDIA GPU (nvidia-smi -L failed)"
    if marker == "docker":
        if shutil.which("docker") is None:
            return "docker client not installed"
        ok = subprocess.run(["docker", "info"], capture_output=True).returncode == 0
        return None if ok else "no docker daemon running"
    if marker == "chromium":
        return (
            None
            if (shutil.which("chromium") or shutil.which("chromium-browser"))
            else "chromium not installed"
        )
    if marker == "sycl":
        try:
            return None if _have_sycl_headers() else "SYCL headers not found (pip install intel-sycl-rt)"
        except ImportError:
            return "SYCL toolchain detection not available"
    return None


_CACHE: dict[str, str | None] = {}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in ("nvcc", "hipcc", "acpp", "gpu", "docker", "chromium", "sycl"):
        if item.get_closest_marker(marker) is None:
            continue
        if marker not in _CACHE:
            _CACHE[marker] = _probe(marker)
        reason = _CACHE[marker]
        if reason is not None:
            pytest.skip(f"[{marker}] {reason}")
    if item.get_closest_marker("slow") and os.environ.get("GPUPORT_SKIP_SLOW"):
        pytest.skip("[slow] GPUPORT_SKIP_SLOW is set")


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
