"""The standard-SYCL helpers and rewrites run right: the golden outputs of GP270 (cuFFT), GP269 (cuComplex),
GP254 (cuBLAS and cuBLASLt), GP255 (cuRAND's host generator) and GP206 (shared memory under `__CUDA_ARCH__`
tests and in overloaded device functions) are built with AdaptiveCpp for the CPU and run, and every number
they print is checked against an independent reference (numpy; complex arithmetic and sums by Python; the
device generator of the same seed). The goldens show the text; this shows it computes what CUDA does."""

from __future__ import annotations

import math
import shutil
import struct
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


@pytest.mark.acpp
@pytest.mark.slow
def test_cublas_legacy_helpers_match_numpy(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    got = _named_rows(_build_and_run(GOLDEN / "lib-cublas" / "legacy.sycl.cpp", tmp_path))
    m, n, k = 2, 3, 4  # the inputs legacy.cu builds; matrices column-major (order="F")
    a = np.sin(0.3 * np.arange(k * m, dtype=np.float32) + 0.2).reshape((k, m), order="F")
    b = np.cos(0.7 * np.arange(k * n, dtype=np.float32)).reshape((k, n), order="F")
    assert np.allclose(got["sgemm"], (a.T @ b).reshape(-1, order="F"), atol=1e-5)
    a2 = (0.25 * np.arange(m * k) - 1.0).reshape((m, k), order="F")
    b2 = (1.0 / (np.arange(n * k) + 1)).reshape((n, k), order="F")
    c2 = np.arange(m * n, dtype=float).reshape((m, n), order="F")
    assert np.allclose(got["dgemm"], (0.5 * a2 @ b2.T + 2 * c2).reshape(-1, order="F"), atol=1e-12)
    assert np.allclose(got["sgemv"], a.T @ np.array([1.0, -2.0, 0.5, 3.0]), atol=1e-5)
    assert np.allclose(got["dgemv"], 2 * a2 @ np.array([0.5, 1.5, -1.0, 2.0]) + [1.0, -1.0], atol=1e-12)
    x = 0.5 * np.arange(8) - 2.0
    y = np.cos(np.arange(8, dtype=np.float32))
    assert got["isamax"] == [1.0] and got["isamin"] == [5.0]  # 1-based, the first of equal magnitudes
    assert got["sasum"] == pytest.approx([np.abs(x).sum()], abs=1e-5)
    assert got["snrm2"] == pytest.approx([np.linalg.norm(x)], abs=1e-5)
    y = y - 1.5 * x
    assert np.allclose(got["saxpy"], y, atol=1e-5)
    assert got["sdot"] == pytest.approx([x @ y], abs=1e-4)
    z = x.copy()
    z[0::2] *= 2
    assert np.allclose(got["sswap_y"], z, atol=1e-6) and np.allclose(got["sswap_z"], y, atol=1e-5)
    d = 1.0 - 0.3 * np.arange(8)  # after copy, axpy, scal and swap: d = 1.5 d, e = -d
    assert got["ddot"] == pytest.approx([(1.5 * d) @ -d], abs=1e-12)
    assert got["dnrm2"] == pytest.approx([np.linalg.norm(1.5 * d)], abs=1e-12)
    assert got["dasum"] == pytest.approx([np.abs(d).sum()], abs=1e-12)
    assert got["idamax"] == [np.argmax(np.abs(d)) + 1] and got["idamin"] == [np.argmin(np.abs(d)) + 1]
    assert np.allclose(got["dback"], 1.5 * d, atol=1e-12)


@pytest.mark.acpp
@pytest.mark.slow
def test_wmma_emulation_matches_numpy(tmp_path: Path) -> None:
    # GP272: WMMA with whole tiles per work-item. The three kernels of gemm.cu (a 32 x 32 x 32 half GEMM
    # scaled element-wise, a 32 x 8 x 16 tile with a column-major matrix_a and a half accumulator stored
    # column-major, a 16 x 16 x 8 tf32 tile); an H200 printed the same numbers for the CUDA original (the
    # half results exactly, tf32 within 1e-7).
    np = pytest.importorskip("numpy")
    got = _named_rows(_build_and_run(GOLDEN / "lib-wmma" / "gemm.sycl.cpp", tmp_path))
    m = n = k = 32
    a = (((np.arange(m * k) * 7) % 11 - 5) / 4.0).reshape(m, k)  # row-major
    b = (((np.arange(k * n) * 5) % 13 - 6) / 8.0).reshape(n, k).T  # column-major k x n
    c = (np.arange(m * n) % 9 - 4.0).reshape(m, n)
    assert np.array_equal(got["gemm"], (1.5 * a @ b - 0.5 * c).reshape(-1))  # exact in float
    assert np.array_equal(got["tall"], (a.T[:, :16] @ b[:16, :8]).reshape(-1, order="F"))

    def tf32(x):  # cvt.rna.tf32.f32: 10 mantissa bits, ties away from zero
        bits = (x.astype(np.float32).view(np.uint32) + np.uint32(0x1000)) & np.uint32(0xFFFFE000)
        return bits.astype(np.uint32).view(np.float32).astype(np.float64)

    fa = np.sin(np.float32(0.37) * np.arange(128, dtype=np.float32) + np.float32(0.1))
    fb = np.cos(np.float32(1.3) * np.arange(128, dtype=np.float32))
    want = tf32(fa).reshape(16, 8) @ tf32(fb).reshape(8, 16)
    assert np.allclose(got["tf32"], want.reshape(-1), atol=1e-6)
    assert not np.allclose(
        got["tf32"], (fa.astype(float).reshape(16, 8) @ fb.reshape(8, 16)).reshape(-1), atol=1e-4
    )


@pytest.mark.acpp
@pytest.mark.slow
def test_thrust_host_algorithms_wait_for_kernels(tmp_path: Path) -> None:
    # The kernel writes for a while; the policy-less scan and copy, and the element reads, run on the host.
    # Without the device_vector's wait they read the zeros it was created with (the helpers before the fix
    # printed `0 0 0 0` every time).
    out = _build_and_run(GOLDEN / "lib-thrust" / "host_after_kernel.sycl.cpp", tmp_path)
    n = 4096
    values = [float(i % 7 + 1) for i in range(n)]
    running = [max(values[: i + 1]) for i in (5, n - 1)]
    assert [float(x) for x in out.split()] == [values[0], values[n - 1], *running]


@pytest.mark.acpp
@pytest.mark.slow
def test_cufftxt_plans_match_numpy(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    rows = _named_rows(_build_and_run(GOLDEN / "lib-cufft" / "xt_plans.sycl.cpp", tmp_path))
    assert rows["status"] == [0.0, 0.0]  # success; no work area
    i = np.arange(16)
    x = ((i % 5) - 1.5 + 1j * 0.25 * (i % 3)).reshape(2, 8)  # the inputs xt_plans.cu builds, batch 2
    want = np.fft.fft(x, axis=1).reshape(-1)
    assert np.allclose(_complex(rows["f32"]), want, atol=1e-4)
    assert np.allclose(_complex(rows["f16"]), want, atol=1e-2)  # stored as half


@pytest.mark.acpp
@pytest.mark.slow
def test_arch_branch_shared_memory_sums_blocks(tmp_path: Path) -> None:
    # shoc's `#if __CUDA_ARCH__ <= 130` shared array beside the `#else` pointer of the same name: only the
    # sm_90 branch shapes the kernel, so the block sums are CUDA's (not a type error, not a second array).
    out = _build_and_run(GOLDEN / "shared-memory" / "arch_branches.sycl.cpp", tmp_path)
    values = [float(i % 7) for i in range(4 * 256)]
    assert [float(x) for x in out.split()] == [sum(values[b * 256 : (b + 1) * 256]) for b in range(4)]


@pytest.mark.acpp
@pytest.mark.slow
def test_cublaslt_matmul_matches_numpy(tmp_path: Path) -> None:
    # llm.c's cuBLASLt calls: transposed A, bias and GELU-bias epilogues, strided batches, row-major layouts;
    # bitsandbytes' per-row alpha vector.
    np = pytest.importorskip("numpy")
    rows = _named_rows(_build_and_run(GOLDEN / "lib-cublas" / "lt_matmul.sycl.cpp", tmp_path))
    m, n, k, batch = 5, 3, 4, 2

    def fill(count: int, seed: int):
        return np.array([((i * 7 + seed * 3) % 11) / 8.0 - 0.6 for i in range(count)], dtype=np.float64)

    a, b, bias = fill(batch * k * m, 1), fill(batch * k * n, 2), fill(m, 3)

    def col(values, r: int, c: int):  # column-major r x c
        return values[: r * c].reshape(c, r).T

    def gelu(x):
        return 0.5 * x * (1 + np.tanh(0.7978845608 * (x + 0.044715 * x**3)))

    product = col(a, k, m).T @ col(b, k, n)  # A stored K x M, transposed
    expected = {
        "bias": product + bias[:, None],
        "gelu_bias": gelu(0.5 * product + bias[:, None]),
        "batched": np.concatenate(
            [(col(a[i * k * m :], k, m).T @ col(b[i * k * n :], k, n)).T.ravel() for i in range(batch)]
        ),
        "rowmajor": a[: m * k].reshape(m, k) @ b[: k * n].reshape(k, n),
    }
    for name in ("bias", "gelu_bias"):
        assert np.allclose(rows[name], expected[name].T.ravel(), atol=2e-5), name
    assert np.allclose(rows["batched"], expected["batched"], atol=2e-5)
    assert np.allclose(rows["rowmajor"], expected["rowmajor"].ravel(), atol=2e-5)
    # alpha a device vector: row i of D scaled by bias[i]
    assert np.allclose(rows["row_scaled"], (bias[:, None] * expected["rowmajor"]).ravel(), atol=2e-5)


@pytest.mark.acpp
@pytest.mark.slow
def test_overloaded_device_function_shared_memory_sums_blocks(tmp_path: Path) -> None:
    # llm.c's blockReduce: both overloads take the `__shared__` array as one parameter the kernel allocates.
    out = _build_and_run(GOLDEN / "shared-memory" / "overloaded_device_function.sycl.cpp", tmp_path)
    values = [float(i % 5) for i in range(64)]
    assert [float(x) for x in out.split()] == [2 * sum(values[:32]), 2 * sum(values[32:])]


@pytest.mark.acpp
@pytest.mark.slow
def test_dp4a_and_simd_intrinsics_compute_cuda_values(tmp_path: Path) -> None:
    # GP238's `__dp4a`/`__dp2a_lo` and SIMD-within-a-word lambdas inside a kernel, against the Python
    # models of the CUDA Math API that test_bit_lambdas checks them with as plain C++.
    from test_bit_lambdas import M32, _dp_model, _simd_model

    def v(name: str, *args: int) -> int:
        return _simd_model(name)[1](*args) & M32

    out = _build_and_run(GOLDEN / "bit-intrinsics" / "simd_dp4a.sycl.cpp", tmp_path)
    rows = [[int(x) for x in line.split()] for line in out.splitlines() if line]
    assert len(rows) == 8
    for a, b, dot, s0, s1, s2, s3 in rows:
        first = _dp_model("__dp4a", True)(a, b, 0)
        assert dot & M32 == _dp_model("__dp4a", True)(a, a, first)
        assert s0 == v("__vsub4", a, b) ^ v("__vcmpne4", a, b)
        assert s1 == (v("__vsubss4", a, b) + v("__vabsdiffu2", a, b)) & M32
        assert s2 == _dp_model("__dp2a_lo", False)(a, b, v("__vmaxs4", a, b))
        assert s3 == (v("__vsads4", a, b) + v("__vseteq2", a, a)) & M32


@pytest.mark.acpp
@pytest.mark.slow
def test_cub_device_algorithms_compute_cub_results(tmp_path: Path) -> None:
    # GP256's gpuport_cub helpers (size query, then the work) give what CUB documents, computed here in
    # Python from the input the program prints.
    rows = {
        line.split()[0]: [int(x) for x in line.split()[1:]]
        for line in _build_and_run(GOLDEN / "lib-cub" / "device_algorithms.sycl.cpp", tmp_path).splitlines()
        if line
    }
    x = rows["input"]
    n = len(x)
    assert n == 24 and rows["reduce"] == [sum(x), max(x), min(x)]
    assert rows["inclusive"] == [sum(x[: i + 1]) for i in range(n)]
    assert rows["exclusive"] == [sum(x[:i]) for i in range(n)]
    order = sorted(range(n), key=lambda i: x[i])  # stable, like a radix sort
    assert rows["sorted_keys"] == sorted(x) and rows["sorted_vals"] == order
    assert rows["descending"] == sorted(x, reverse=True)
    odd = [v for v in x if v & 1]
    assert rows["odd_count"] == [len(odd)] and rows["odd"][: len(odd)] == odd
    assert rows["segments"] == [sum(x[0:5]), 0, sum(x[5:24])]
    assert rows["histogram"] == [sum(1 for v in x if 2 * b <= v < 2 * b + 2) for b in range(5)]
    assert rows["double_buffer"] == sorted(x)


@pytest.mark.acpp
@pytest.mark.slow
def test_thrust_fancy_iterators_in_kernels_and_cub(tmp_path: Path) -> None:
    # GP260's transform and counting iterators read by a kernel and by GP256's DeviceReduce::Sum: the
    # program checks the squares 1..100 and their sum itself.
    out = _build_and_run(GOLDEN / "lib-thrust" / "fancy_iterators.sycl.cpp", tmp_path)
    assert out.strip() == "PASS"


@pytest.mark.acpp
@pytest.mark.slow
def test_shared_table_typed_by_kernel_local_alias(tmp_path: Path) -> None:
    # A shared table whose element type is the kernel's own `using` alias: the parameter and the launch's
    # local accessor spell the aliased type, and the program checks its results itself.
    out = _build_and_run(GOLDEN / "shared-memory" / "local_type_alias.sycl.cpp", tmp_path)
    assert out.strip() == "PASS"


@pytest.mark.acpp
@pytest.mark.slow
def test_shared_array_sizeof_and_range_for(tmp_path: Path) -> None:
    # GP206: a static shared array becomes a pointer parameter; `sizeof(hist)` must still be the array's
    # 256 bytes (not a pointer's 8, which would clear 8 bytes silently) and a range-for must still see
    # 64 elements.
    out = _build_and_run(GOLDEN / "shared-memory" / "array_sizes.sycl.cpp", tmp_path).split()
    assert out == ["64", "0", "256", "PASS"]


@pytest.mark.acpp
@pytest.mark.slow
def test_symbol_size_and_address(tmp_path: Path) -> None:
    # GP213: cudaGetSymbolSize is the global's 16 ints; cudaGetSymbolAddress is the pointer kernels see.
    out = _build_and_run(GOLDEN / "device-globals" / "symbol_size_address.sycl.cpp", tmp_path).split()
    assert out == ["64", "7"]


@pytest.mark.acpp
@pytest.mark.slow
def test_math_constants_have_cuda_values(tmp_path: Path) -> None:
    # GP276: math_constants.h's names keep their values (pi, 1/sqrt(2), the IEEE special values).
    import math

    out = _build_and_run(GOLDEN / "math-constants" / "constants.sycl.cpp", tmp_path).split()
    f32 = [struct.unpack("f", struct.pack("f", v))[0] for v in (math.pi, math.sqrt(0.5))]
    assert float.fromhex(out[0]) == f32[0]  # 2 * pi_f * 0.5 is exact
    assert float.fromhex(out[1]) == f32[1]
    assert out[2] == "inf"
    assert float.fromhex(out[3]) == 2.0**-149
    assert [float.fromhex(x) for x in out[4:7]] == [math.pi, math.log(2), 2 / math.pi]
    assert out[7] == "1"


@pytest.mark.acpp
@pytest.mark.slow
def test_generic_launcher_runs(tmp_path: Path) -> None:
    """ggml's launcher shape (tests/golden_trees/generic-launcher): kernels with static shared memory and
    defaulted parameters passed by value to a header's launcher, which launches them with <<<>>> or with
    cudaLaunchKernelEx; every row sum and fill must come out as CUDA computes them."""
    tree = Path(__file__).parent / "golden_trees" / "generic-launcher" / "expected" / "sycl"
    assert _build_and_run(tree / "norm.cpp", tmp_path).split() == ["PASS"]


def _small_float_code(x: float, mant: int, bias: int, largest: int) -> int:
    """The magnitude code of |x| in a small float format, by exact round-to-nearest-even over every finite
    code (ties to the even code), which saturates at `largest` as CUDA's __NV_SATFINITE does."""
    from fractions import Fraction

    if math.isinf(x):
        return largest
    a = abs(Fraction(x))
    best, best_err = 0, None
    for code in range(largest + 1):
        e, m = code >> mant, code & ((1 << mant) - 1)
        v = Fraction((1 << mant) | m if e else m, 1 << mant) * Fraction(2) ** ((e or 1) - bias)
        err = abs(v - a)
        if best_err is None or err < best_err or (err == best_err and code % 2 == 0):
            best, best_err = code, err
    return best


def _small_float_value(code: int, mant: int, bias: int, nan_all_ones: bool, ieee: bool, width: int) -> float:
    sign = -1.0 if code >> (width - 1) else 1.0
    mag = code & ((1 << (width - 1)) - 1)
    e, m = mag >> mant, mag & ((1 << mant) - 1)
    if nan_all_ones and mag == (1 << (width - 1)) - 1:
        return math.nan
    if ieee and e == (1 << (width - 1 - mant)) - 1:
        return sign * math.inf if m == 0 else math.nan
    return sign * math.ldexp(((1 << mant) | m if e else m) / (1 << mant), (e or 1) - bias)


@pytest.mark.acpp
@pytest.mark.slow
def test_fp8_fp4_types_round_exactly(tmp_path: Path) -> None:
    """GP278's software E4M3, E5M2 and E2M1 types: every encoding of 4,096 floats (random magnitudes from
    2^-24 to 2^20, zeros, infinities, NaN, ties and the saturation edges) equals exact round-to-nearest-
    even with saturation, every decoded value is exact, and E8M0 scales decode to 2^(x-127)."""
    out = _build_and_run(GOLDEN / "low-precision" / "fp8_fp4.sycl.cpp", tmp_path)
    f32 = lambda bits: struct.unpack("<f", struct.pack("<I", bits))[0]  # noqa: E731
    rows = [line.split() for line in out.splitlines()]
    codes = [r for r in rows if r[0] != "e8m0"]
    assert len(codes) == 4096
    for xs, e4, e5, f4, b0, b1, b2 in codes:
        x = f32(int(xs, 16))
        neg = int(xs, 16) >> 31

        def fp8(mant: int, bias: int, largest: int, x: float = x, neg: int = neg) -> int:
            return (neg << 7) | (0x7F if math.isnan(x) else _small_float_code(x, mant, bias, largest))

        def fp4(v: float) -> int:
            s = struct.unpack("<I", struct.pack("<f", v))[0] >> 31
            return (s << 3) | (0x7 if math.isnan(v) else _small_float_code(v, 1, 1, 0x7))

        want4, want5 = fp8(3, 7, 0x7E), fp8(2, 15, 0x7B)
        assert (int(e4, 16), int(e5, 16)) == (want4, want5), xs
        # the program packs (x, -x, 0.5x, 2x), computed in float, first value in the low bits
        parts = [x, -x, struct.unpack("<f", struct.pack("<f", 0.5 * x))[0], _float_times_two(x)]
        assert int(f4, 16) == sum(fp4(v) << (4 * k) for k, v in enumerate(parts)), xs
        for got, want in (
            (b0, _small_float_value(want4, 3, 7, True, False, 8)),
            (b1, _small_float_value(want5, 2, 15, False, True, 8)),
            (b2, _small_float_value(fp4(x), 1, 1, False, False, 4)),
        ):
            g = f32(int(got, 16))
            assert (math.isnan(g) and math.isnan(want)) or g == want, (xs, got, want)
    scales = {int(r[1]): f32(int(r[2], 16)) for r in rows if r[0] == "e8m0"}
    assert all(scales[c] == math.ldexp(1.0, c - 127) for c in range(255))
    assert math.isnan(scales[255])


def _float_times_two(x: float) -> float:
    """2x in float arithmetic (overflowing to infinity)."""
    if math.isnan(x) or math.isinf(x):
        return x
    y = 2.0 * x
    return y if abs(y) <= 3.4028234663852886e38 else math.copysign(math.inf, x)


@pytest.mark.acpp
@pytest.mark.slow
def test_cub_segmented_sorts_sort_each_row(tmp_path: Path) -> None:
    """GP256's segmented sorts, reached through `using namespace cub;` (ggml's argsort): each row sorted
    on its own, descending then ascending, values following their keys (stably)."""
    out = _build_and_run(GOLDEN / "lib-cub" / "segmented_sort_using_namespace.sycl.cpp", tmp_path)
    rows = [
        [(int(p.split(":")[0]), float(p.split(":")[1])) for p in line.split()] for line in out.splitlines()
    ]
    ncols, nrows = 7, 3
    keys = [float((i * 37) % 11) - 5.0 for i in range(ncols * nrows)]
    for r in range(nrows):
        row = [(c, keys[r * ncols + c]) for c in range(ncols)]
        down = sorted(row, key=lambda cv: -cv[1])
        assert rows[r] == [(c, v) for c, v in down]
        assert rows[nrows + r] == sorted(down, key=lambda cv: cv[1])


@pytest.mark.acpp
@pytest.mark.slow
def test_gl_interop_writes_back_through_opengl(tmp_path: Path) -> None:
    """GP279 on a real OpenGL context (Mesa through EGL, surfaceless, no display): a kernel's writes to a
    mapped buffer are in OpenGL's buffer after unmap, and a read-only map sees OpenGL's contents."""
    if shutil.which("acpp") is None:
        pytest.skip("acpp (AdaptiveCpp) not on PATH")
    case = GOLDEN / "gl-interop" / "buffer_map_unmap.sycl.cpp"
    exe = tmp_path / "gl"
    build = subprocess.run(
        [
            "acpp",
            "--acpp-targets=omp",
            "-std=c++17",
            "-O1",
            "-x",
            "c++",
            str(case),
            "-o",
            str(exe),
            "-lEGL",
            "-lGL",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if build.returncode != 0 and (
        "-lEGL" in build.stderr or "-lGL" in build.stderr or "EGL/egl.h" in build.stderr
    ):
        pytest.skip("OpenGL/EGL development files not installed")
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    if run.stdout.strip() == "no-context":
        pytest.skip("no OpenGL context (Mesa's EGL surfaceless platform) on this machine")
    assert run.returncode == 0 and run.stdout.split() == ["PASS"], run.stdout + run.stderr[-2000:]


@pytest.mark.acpp
@pytest.mark.slow
def test_cublas_complex_helpers_match_numpy(tmp_path: Path) -> None:
    """GP254's complex routines (Zgemm with conjugate transposes, Zgemv N and C, Zdotc, Zdotu, Dznrm2,
    Cgemm T) against numpy on the inputs lib-cublas/complex.cu builds."""
    np = pytest.importorskip("numpy")
    got = _named_rows(_build_and_run(GOLDEN / "lib-cublas" / "complex.sycl.cpp", tmp_path))
    m, n, k = 3, 2, 4
    col = lambda v, rows, cols: np.array(v).reshape(cols, rows).T  # noqa: E731  (column-major)
    a = col([complex(0.5 * i - 1.0, 0.25 * (i % 3)) for i in range(m * k)], m, k)
    b = [complex(1.0 - 0.3 * i, 0.1 * i) for i in range(k * n)]
    c = col([complex(i, -i) for i in range(m * n)], m, n)
    x = np.array([complex(i + 1, 0.5 * i) for i in range(k)])
    y = np.ones(m) * (1 + 1j)
    alpha, beta = 1.5 - 0.5j, 0.25 + 1.0j
    c = alpha * a @ col(b, k, n) + beta * c
    assert np.allclose(_complex(got["zgemm_nn"]), c.T.reshape(-1), rtol=1e-13)
    c = alpha * a @ col(b, n, k).conj().T + beta * c
    assert np.allclose(_complex(got["zgemm_nc"]), c.T.reshape(-1), rtol=1e-13)
    y = alpha * a @ x + beta * y
    assert np.allclose(_complex(got["zgemv_n"]), y, rtol=1e-13)
    x = alpha * a.conj().T @ y + beta * x
    assert np.allclose(_complex(got["zgemv_c"]), x, rtol=1e-13)
    bv = np.array(b[:k])
    assert np.allclose(_complex(got["zdot"]), [np.vdot(x, bv), np.dot(x, bv)], rtol=1e-13)
    assert np.isclose(got["dznrm2"][0], np.linalg.norm(x), rtol=1e-13)
    fa = col([complex(i, 1) for i in range(4)], 2, 2)
    fb = col([complex(1, -i) for i in range(4)], 2, 2)
    assert np.allclose(_complex(got["cgemm_tn"]), (fa.T @ fb).T.reshape(-1), rtol=1e-6)
