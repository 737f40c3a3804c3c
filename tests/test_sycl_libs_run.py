"""The standard-SYCL library helpers run right: the golden outputs of GP270 (cuFFT), GP269 (cuComplex)
and GP255 (cuRAND's host generator) are built with AdaptiveCpp for the CPU and run, and every number they
print is checked against an independent reference (numpy's FFT; complex arithmetic by Python; the device
generator of the same seed). The goldens show the text; this shows the helpers compute what cuFFT,
cuComplex.h and cuRAND compute."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden" / "sycl"


def _build_and_run(case: Path, tmp: Path) -> str:
    """Build a golden SYCL output with AdaptiveCpp for the CPU, run it, return what it printed."""
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
    return run.stdout


def _named_rows(stdout: str) -> dict[str, list[float]]:
    return {line.split()[0]: [float(x) for x in line.split()[1:]] for line in stdout.splitlines() if line}


def _complex(values: list[float]) -> list[complex]:
    return [complex(re, im) for re, im in zip(values[0::2], values[1::2], strict=True)]


@pytest.mark.acpp
@pytest.mark.slow
def test_cufft_helpers_match_numpy(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    got = _named_rows(_build_and_run(GOLDEN / "lib-cufft" / "plans.sycl.cpp", tmp_path))

    def signal(count: int):  # the inputs plans.cu builds
        i = np.arange(count)
        return np.sin(0.37 * i + 0.1) + 1j * np.cos(1.3 * i)

    for n in (8, 6):  # a power of two (Stockham passes) and another length (direct DFT), batch 2
        x = signal(2 * n).reshape(2, n)
        assert np.allclose(_complex(got[f"fwd{n}"]), np.fft.fft(x, axis=1).reshape(-1), atol=1e-7)
        assert np.allclose(_complex(got[f"inv{n}"]), n * x.reshape(-1), atol=1e-7)  # unnormalised
    real = np.sin(0.37 * np.arange(24) + 0.1).reshape(4, 6)
    assert np.allclose(_complex(got["r2c"]), np.fft.rfft2(real).reshape(-1), atol=1e-7)
    assert np.allclose(got["c2r"], 24 * real.reshape(-1), atol=1e-6)
    strided = signal(51)
    x = np.array([[strided[b * 17 + 2 * i] for i in range(8)] for b in range(3)])
    assert np.allclose(_complex(got["many"]), np.fft.fft(x, axis=1).reshape(-1), atol=1e-7)
    assert got["work"] == [0.0]


@pytest.mark.acpp
@pytest.mark.slow
def test_cucomplex_helpers_compute_cuda_values(tmp_path: Path) -> None:
    lines = _build_and_run(GOLDEN / "lib-complex" / "complex.sycl.cpp", tmp_path).split("\n")
    a, b = complex(1, 2), complex(3, -1)
    q = a / b
    d = a * b + q
    assert [float(x) for x in lines[0].split()] == pytest.approx([q.real, q.imag, d.real, d.imag], abs=1e-5)
    z = complex(3, 1)  # z[3] of complex.cu: z*i + conj(z), then re += |.| + re - im
    z = z * 1j + z.conjugate()
    z = complex(z.real + abs(z) + z.real - z.imag, z.imag)
    assert [float(x) for x in lines[1].split()] == pytest.approx([z.real, z.imag], abs=1e-5)


@pytest.mark.acpp
@pytest.mark.slow
def test_curand_host_generator_matches_device_generator(tmp_path: Path) -> None:
    # GP255: a host generator (curandCreateGeneratorHost) fills host memory on the calling thread with the
    # very numbers the device generator of the same seed writes through its queue; they are normal(0, 1).
    got = _named_rows(_build_and_run(GOLDEN / "lib-curand" / "host_generator.sycl.cpp", tmp_path))
    assert got["same"] == [1000.0]
    assert abs(got["mean"][0]) < 0.1  # 1000 draws: the standard error of the mean is about 0.03
