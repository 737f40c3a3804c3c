"""The docker runner: a HIP translation compiled inside the Debian hipcc image.

Needs a docker daemon. Where none can run (`docker info` fails), the test skips and prints why. The image's
base is made from a debootstrap'd Debian root (no registry is reachable here): see docker/README.md.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from gpuport.dataset import docker_runner

REPO = Path(__file__).resolve().parent.parent
BASE = "gpuport/debian:bookworm"
IMAGE = "gpuport/debian-hipcc:toolchain"
KERNEL = """#include <hip/hip_runtime.h>
__global__ void saxpy(int n, float a, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
"""


def test_docker_argv_mounts_every_named_folder(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    out = tmp_path / "out"
    argv = docker_runner.docker_argv(
        "img:1",
        "hipcc",
        ["-I/usr/include", "-c", str(src / "a.hip"), "-o", str(out / "a.o")],
        str(src),
        env={"HIP_PLATFORM": "amd", "SECRET": "x"},
    )
    assert argv[:3] == ["docker", "run", "--rm"] and argv[-7:-5] == ["img:1", "hipcc"]
    mounts = {argv[i + 1] for i, a in enumerate(argv) if a == "-v"}
    # tmp_path holds both src and out (out does not exist yet): one mount covers them; /usr for -I.
    assert f"{os.path.realpath(tmp_path)}:{os.path.realpath(tmp_path)}" in mounts or f"{src}:{src}" in mounts
    assert "/usr/include:/usr/include" in mounts
    assert "-e" in argv and "HIP_PLATFORM=amd" in argv and not any("SECRET" in a for a in argv)
    assert argv[argv.index("-w") + 1] == os.path.realpath(src)


def test_parse_images() -> None:
    assert docker_runner.parse_images(["hipcc=a/b:1", "nvcc = c"]) == {"hipcc": "a/b:1", "nvcc": "c"}
    with pytest.raises(ValueError):
        docker_runner.parse_images(["hipcc"])


@pytest.fixture(scope="module")
def image() -> str:
    ok, why = docker_runner.docker_available()
    if not ok:
        print(f"skipping docker tests: {why}")
        pytest.skip(f"no docker daemon: {why}")
    have = subprocess.run(["docker", "image", "inspect", BASE], capture_output=True).returncode == 0
    if not have:
        if shutil.which("debootstrap") is None:
            pytest.skip("no base image and no debootstrap (apt-get install debootstrap)")
        import tempfile

        root = Path(tempfile.mkdtemp(prefix="gpuport-rootfs-"))
        subprocess.run(["debootstrap", "--variant=minbase", "bookworm", str(root)], check=True)
        tar = subprocess.Popen(["tar", "-C", str(root), "-c", "."], stdout=subprocess.PIPE)
        subprocess.run(["docker", "import", "-", BASE], stdin=tar.stdout, check=True)
        tar.wait()
        shutil.rmtree(root, ignore_errors=True)
    subprocess.run(
        [
            "docker",
            "build",
            "--target",
            "toolchain",
            "-f",
            str(REPO / "docker" / "debian-hipcc.Dockerfile"),
            "-t",
            IMAGE,
            str(REPO / "docker"),
        ],
        check=True,
    )
    return IMAGE


@pytest.mark.docker
@pytest.mark.slow
def test_hip_compiles_inside_the_image(image: str, tmp_path: Path) -> None:
    (tmp_path / "k.hip").write_text(KERNEL)
    shims = docker_runner.write_shims({"hipcc": image}, tmp_path / "shims")
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    argv = [
        str(shims["hipcc"]),
        "-std=c++17",
        "--offload-arch=gfx90a",
        "-c",
        str(tmp_path / "k.hip"),
        "-o",
        str(tmp_path / "k.o"),
    ]
    proc = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "k.o").stat().st_size > 0  # written through the same-path mount
    version = subprocess.run([str(shims["hipcc"]), "--version"], env=env, capture_output=True, text=True)
    assert "HIP version: 5.2" in version.stdout + version.stderr
