"""The HIP-on-CUDA header layer (dataset/hip_on_cuda): HIP programs compile with nvcc through it, its warp
and launch macros mean what HIP means, and the generated rename headers match the mapping tables."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from gpuport.dataset.cudalibs import cuda_library_dirs
from gpuport.dataset.hip_on_cuda import include_dir, nvcc_args

ROOT = Path(__file__).resolve().parent.parent
LAYER = ROOT / "dataset" / "hip_on_cuda"
EXAMPLES = LAYER / "examples"
TABLES = ROOT / "transpile" / "tables"
SCRIPT = ROOT / "scripts" / "gen_hip_on_cuda.py"

# Example programs that need a CUDA math library's headers (PyPI wheels, see dataset/cudalibs.py).
LIBRARY_EXAMPLES = {"hipblas_sgemm", "hiprand_kernel", "hipfft_c2c", "hipsparse_spmv"}


def _load_generator():
    spec = importlib.util.spec_from_file_location("gen_hip_on_cuda", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_hip_on_cuda"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


gen = _load_generator()


def nvcc_compile(source: Path, out: Path, libs: bool = False) -> subprocess.CompletedProcess[str]:
    cmd = ["nvcc", "-std=c++17", "-arch=sm_90"]
    if libs:
        dirs = cuda_library_dirs()
        if dirs is None:
            pytest.skip("CUDA library headers not installed (pip install nvidia-cublas nvidia-curand ...)")
        cmd.append(f"-I{dirs[0]}")
    cmd += [*nvcc_args(), "-c", str(source), "-o", str(out)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def compile_snippet(tmp_path: Path, code: str, name: str = "snippet.hip", libs: bool = False) -> None:
    source = tmp_path / name
    source.write_text(code)
    result = nvcc_compile(source, tmp_path / "snippet.o", libs=libs)
    assert result.returncode == 0, result.stderr[-4000:]


def compile_fails(tmp_path: Path, code: str) -> str:
    source = tmp_path / "bad.hip"
    source.write_text(code)
    result = nvcc_compile(source, tmp_path / "bad.o")
    assert result.returncode != 0, "expected a compile error"
    return result.stderr


# --- the Python helpers --------------------------------------------------------------------------------


def test_include_dir_holds_the_headers() -> None:
    inc = include_dir()
    for rel in (
        "hip/hip_runtime.h",
        "hip/hip_runtime_api.h",
        "hip/hip_fp16.h",
        "hip/hip_bf16.h",
        "hip/hip_bfloat16.h",
        "hip/hip_complex.h",
        "hip/hip_cooperative_groups.h",
        "hip/hip_vector_types.h",
        "hip/hip_texture_types.h",
        "hipblas.h",
        "hipblas/hipblas.h",
        "hiprand/hiprand.h",
        "hiprand/hiprand_kernel.h",
        "hipfft.h",
        "hipfft/hipfft.h",
        "hipsparse.h",
        "hipsparse/hipsparse.h",
        "hipcub/hipcub.hpp",
    ):
        assert (inc / rel).is_file(), rel
    for family in gen.FAMILIES:
        assert (inc / f"gpuport_hip_map_{family}.h").is_file(), family


def test_nvcc_args() -> None:
    args = nvcc_args()
    assert f"-I{include_dir()}" in args
    assert "-D__HIP_PLATFORM_NVIDIA__" in args
    # `-x cu` is what makes nvcc accept a .hip file; it must be one option with its value right after it.
    assert args[args.index("-x") + 1] == "cu"


# --- the example programs compile ----------------------------------------------------------------------

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.hip"))


def test_there_are_enough_examples() -> None:
    assert len(EXAMPLE_FILES) >= 8


@pytest.mark.nvcc
@pytest.mark.slow
@pytest.mark.parametrize("source", EXAMPLE_FILES, ids=[p.stem for p in EXAMPLE_FILES])
def test_example_compiles(source: Path, tmp_path: Path) -> None:
    result = nvcc_compile(source, tmp_path / f"{source.stem}.o", libs=source.stem in LIBRARY_EXAMPLES)
    assert result.returncode == 0, result.stderr[-4000:]
    # The layer itself must compile without warnings (deprecated mask-less intrinsics, defaulted __host__...).
    layer_warnings = [line for line in result.stderr.splitlines() if "hip_on_cuda/include" in line]
    assert layer_warnings == []


# --- semantics, checked at compile time ----------------------------------------------------------------


@pytest.mark.nvcc
def test_platform_and_version_macros(tmp_path: Path) -> None:
    compile_snippet(
        tmp_path,
        """
#include <hip/hip_runtime.h>
#if !defined(__HIP_PLATFORM_NVIDIA__) || !defined(__HIP_PLATFORM_NVCC__) || defined(__HIP_PLATFORM_AMD__)
#error platform macros
#endif
#if !defined(__HIPCC__)
#error __HIPCC__
#endif
#if HIP_VERSION != HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH
#error HIP_VERSION
#endif
#if HIP_VERSION_MAJOR < 5
#error HIP_VERSION_MAJOR
#endif
__global__ void k(int* out) {
#ifdef __CUDA_ARCH__
#ifndef __HIP_DEVICE_COMPILE__
#error __HIP_DEVICE_COMPILE__
#endif
#endif
  out[0] = 1;
}
""",
    )


@pytest.mark.nvcc
def test_maskless_warp_functions_have_hip_types(tmp_path: Path) -> None:
    compile_snippet(
        tmp_path,
        """
#include <hip/hip_runtime.h>
#include <type_traits>
__global__ void k(double* d, int* i, unsigned long long* m) {
  int lane = threadIdx.x % warpSize;
  static_assert(std::is_same<decltype(__ballot(lane & 1)), unsigned long long>::value, "__ballot is 64-bit");
  static_assert(std::is_same<decltype(__any(1)), int>::value, "__any returns int");
  static_assert(std::is_same<decltype(__all(1)), int>::value, "__all returns int");
  static_assert(std::is_same<decltype(__shfl(1.0, 0)), double>::value, "__shfl keeps its type");
  static_assert(std::is_same<decltype(__shfl_xor(1.0f, 1)), float>::value, "__shfl_xor keeps its type");
  static_assert(std::is_same<decltype(__shfl_down(1ull, 1u, 16)), unsigned long long>::value, "64-bit");
  static_assert(std::is_same<decltype(__shfl_up((long long)1, 1u)), long long>::value, "64-bit");
  d[threadIdx.x] = __shfl(d[threadIdx.x], 0) + __shfl_up(d[threadIdx.x], 1u, 8);
  i[threadIdx.x] = __shfl_down(i[threadIdx.x], 2) + __shfl_xor(i[threadIdx.x], 4, 16) + __any(lane > 3) +
                   __all(lane < 64) + (int)__lane_id();
  m[threadIdx.x] = __ballot(lane % 3 == 0) | __activemask();
}
""",
    )


@pytest.mark.nvcc
def test_warp_functions_lower_to_full_mask_sync_forms(tmp_path: Path) -> None:
    """The PTX must hold the *_sync shuffles and votes with the full mask, and no legacy forms."""
    source = tmp_path / "warp.hip"
    source.write_text(
        """
#include <hip/hip_runtime.h>
__global__ void k(int* i, unsigned long long* m) {
  i[threadIdx.x] = __shfl_xor(i[threadIdx.x], 1) + __any(i[threadIdx.x] > 3);
  m[threadIdx.x] = __ballot(i[threadIdx.x] > 0);
}
"""
    )
    ptx = tmp_path / "warp.ptx"
    cmd = ["nvcc", "-std=c++17", "-arch=sm_90", *nvcc_args(), "-ptx", str(source), "-o", str(ptx)]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-4000:]
    text = ptx.read_text()
    assert "shfl.sync.bfly.b32" in text
    assert "vote.sync.any.pred" in text
    assert "vote.sync.ballot.b32" in text
    assert "-1;" in text  # the full mask 0xffffffff as an immediate
    # The ballot is widened with zero extension, not sign extension: bits 32..63 stay clear.
    assert "cvt.u64.u32" in text
    assert "cvt.s64.s32" not in text


@pytest.mark.nvcc
def test_warp_macros_do_not_break_cuda_headers_read_later(tmp_path: Path) -> None:
    """hip_runtime.h first, then CUDA headers that use the names __any/__shfl/__activemask themselves."""
    compile_snippet(
        tmp_path,
        """
#include <hip/hip_runtime.h>
#include <cuda/std/functional>
#include <cuda/std/type_traits>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_cooperative_groups.h>
#include <hipcub/hipcub.hpp>
__global__ void k(int* out) { out[threadIdx.x] = __any(out[threadIdx.x]); }
int main() {
  thrust::device_vector<int> v(10, 1);
  return thrust::reduce(v.begin(), v.end()) == 10 ? 0 : 1;
}
""",
    )


@pytest.mark.nvcc
def test_hip_launch_kernel_ggl_forms(tmp_path: Path) -> None:
    compile_snippet(
        tmp_path,
        """
#include <hip/hip_runtime.h>
template <typename T, int N> __global__ void fill(T* p, T v) { p[threadIdx.x % N] = v; }
__global__ void nothing() {}
__global__ void one(int* p) { p[0] = 1; }
template <typename T> __global__ void one_t(T* p) { p[0] = T(1); }
int main() {
  float* f = nullptr;
  int* i = nullptr;
  hipStream_t s = nullptr;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float, 4>), dim3(1), dim3(32), 0, 0, f, 2.0f);
  hipLaunchKernelGGL(one_t<float>, dim3(1, 1, 1), dim3(32), 0, s, f);  // no comma: no HIP_KERNEL_NAME needed
  hipLaunchKernelGGL(nothing, dim3(1), dim3(1), 0, 0);
  hipLaunchKernelGGL(one, 1, 1, 16 * sizeof(int), s, i);
  if (true) hipLaunchKernelGGL(one, 1, 1, 0, 0, i); else hipLaunchKernelGGL(nothing, 1, 1, 0, 0);
  return hipGetLastError() == hipSuccess ? 0 : 1;
}
""",
    )


@pytest.mark.nvcc
def test_runtime_api_exceptions(tmp_path: Path) -> None:
    """The hand-written parts: properties CUDA 13 dropped, pinned-memory flags, prefetch by device id,
    symbols, attributes, events."""
    compile_snippet(
        tmp_path,
        """
#include <hip/hip_runtime.h>
#include <type_traits>
__constant__ float c_table[16];
__device__ int d_counter;
static_assert(std::is_base_of<cudaDeviceProp, hipDeviceProp_t>::value, "all CUDA fields are there");
static_assert(hipHostMallocDefault == cudaHostAllocDefault && hipHostMallocPortable == cudaHostAllocPortable &&
              hipHostMallocMapped == cudaHostAllocMapped &&
              hipHostMallocWriteCombined == cudaHostAllocWriteCombined, "shared flag bits agree");
static_assert(std::is_same<hipError_t, cudaError_t>::value && std::is_same<hipStream_t, cudaStream_t>::value &&
              std::is_same<hipEvent_t, cudaEvent_t>::value, "runtime types");
static_assert(hipSuccess == cudaSuccess && hipMemcpyHostToDevice == cudaMemcpyHostToDevice, "enums");
int main() {
  hipDeviceProp_t p;
  hipError_t e = hipGetDeviceProperties(&p, 0);
  int sum = p.clockRate + p.memoryClockRate + p.computeMode + p.kernelExecTimeoutEnabled + p.major +
            p.multiProcessorCount + p.warpSize + (int)p.maxSharedMemoryPerMultiProcessor + p.gcnArchName[0] +
            p.arch.hasWarpBallot + p.cooperativeMultiDeviceLaunch + p.maxTexture1DLinear;
  int dev = -1;
  e = hipChooseDevice(&dev, &p);
  int attr = 0;
  e = hipDeviceGetAttribute(&attr, hipDeviceAttributeClockRate, 0);
  e = hipDeviceGetAttribute(&attr, hipDeviceAttributeMemoryClockRate, 0);
  e = hipDeviceGetAttribute(&attr, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, 0);
  e = hipDeviceGetAttribute(&attr, hipDeviceAttributeComputeCapabilityMajor, 0);
  hipDeviceAttribute_t which = hipDeviceAttributeWarpSize;
  e = hipDeviceGetAttribute(&attr, which, 0);
  float* h = nullptr;
  void* hv = nullptr;
  e = hipHostMalloc(&h, 64 * sizeof(float));
  e = hipHostMalloc(&h, 64 * sizeof(float), hipHostMallocMapped | hipHostMallocCoherent);
  e = hipHostMalloc(&hv, 64, hipHostMallocDefault);
  e = hipHostFree(h);
  e = hipHostFree(hv);
  float* m = nullptr;
  e = hipMallocManaged(&m, 256, hipMemAttachGlobal);
  e = hipMemAdvise(m, 256, hipMemAdviseSetPreferredLocation, 0);
  e = hipMemPrefetchAsync(m, 256, 0);
  e = hipMemPrefetchAsync(m, 256, hipCpuDeviceId, nullptr);
  float table[16] = {};
  e = hipMemcpyToSymbol(HIP_SYMBOL(c_table), table, sizeof(table));
  e = hipMemcpyToSymbol(HIP_SYMBOL(c_table), table, 4 * sizeof(float), 4 * sizeof(float), hipMemcpyHostToDevice);
  int counter = 0;
  e = hipMemcpyFromSymbol(&counter, HIP_SYMBOL(d_counter), sizeof(int));
  hipEvent_t a, b;
  e = hipEventCreate(&a);
  e = hipEventCreateWithFlags(&b, hipEventDisableTiming);
  float ms = 0;
  e = hipEventElapsedTime(&ms, a, b);
  (void)hipGetErrorString(e);
  return sum + dev + attr + (int)ms + counter;
}
""",
    )


@pytest.mark.nvcc
def test_complex_and_reduced_precision(tmp_path: Path) -> None:
    compile_snippet(
        tmp_path,
        """
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <type_traits>
static_assert(std::is_same<hipFloatComplex, cuFloatComplex>::value, "float complex");
static_assert(std::is_same<hipDoubleComplex, cuDoubleComplex>::value, "double complex");
static_assert(std::is_same<__hip_bfloat16, __nv_bfloat16>::value, "bf16");
static_assert(sizeof(hip_bfloat16) == 2, "bf16 class");
__global__ void k(hipFloatComplex* z, float* f, __half* h, __hip_bfloat16* b, hip_bfloat16* c) {
  hipFloatComplex a = z[0], w = make_hipFloatComplex(1.0f, 2.0f);
  z[1] = hipCdivf(hipCmulf(hipCaddf(a, w), hipCsubf(a, w)), hipConjf(w));
  f[0] = hipCabsf(a) + hipCrealf(a) + hipCimagf(a) + hipCsqabsf(a);
  hipDoubleComplex d = hipComplexFloatToDouble(a);
  f[1] = (float)hipCabs(hipCfma(d, d, make_hipDoubleComplex(0.0, 1.0)));
  h[0] = __hadd(h[1], __float2half(f[0]));
  b[0] = __float2bfloat16(__bfloat162float(b[1]) * 2.0f);
  c[0] = c[1] * hip_bfloat16(f[0]) + c[2];
  f[2] = float(c[0]) + (c[0] < c[1] ? 1.0f : 0.0f);
}
""",
    )


@pytest.mark.nvcc
def test_hipblas_names_are_cublas_names(tmp_path: Path) -> None:
    compile_snippet(
        tmp_path,
        """
#include <hipblas.h>
#include <type_traits>
static_assert(std::is_same<hipblasHandle_t, cublasHandle_t>::value, "handle");
static_assert(HIPBLAS_OP_N == CUBLAS_OP_N && HIPBLAS_OP_T == CUBLAS_OP_T, "ops");
static_assert(HIPBLAS_STATUS_SUCCESS == CUBLAS_STATUS_SUCCESS, "status");
int main() {
  hipblasHandle_t h;
  hipblasStatus_t s = hipblasCreate(&h);
  float one = 1.0f;
  s = hipblasSaxpy(h, 4, &one, nullptr, 1, nullptr, 1);
  hipblasComplex alpha = {1.0f, 0.0f};
  // cublasCgemm's HIP spelling is HIPIFY's hipblasCgemm_v2 (HIP 6.0's complex API, cuComplex-compatible).
  s = hipblasCgemm_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_C, 2, 2, 2, &alpha, nullptr, 2, nullptr, 2, &alpha, nullptr, 2);
  s = hipblasDestroy(h);
  return s == HIPBLAS_STATUS_SUCCESS ? 0 : 1;
}
""",
        libs=True,
    )


@pytest.mark.nvcc
def test_host_only_file_compiles_with_the_host_compiler(tmp_path: Path) -> None:
    """A HIP program's plain .cpp files include hip_runtime.h too and go to g++, not nvcc."""
    cxx = shutil.which("g++")
    nvcc = shutil.which("nvcc")
    if cxx is None or nvcc is None:
        pytest.skip("g++ or nvcc not on PATH")
    # CUDA's include folder: beside nvcc, where its symlinks lead, or the usual install places.
    roots = [Path(nvcc).parent.parent, Path(nvcc).resolve().parent.parent, Path("/usr/local/cuda")]
    if os.environ.get("CUDA_HOME"):
        roots.insert(0, Path(os.environ["CUDA_HOME"]))
    candidates = [r / "include" for r in roots] + [r / "targets" / "x86_64-linux" / "include" for r in roots]
    cuda_include = next((c for c in candidates if (c / "cuda.h").is_file()), None)
    if cuda_include is None:
        pytest.skip("CUDA's include folder (with cuda.h) not found")
    source = tmp_path / "host.cpp"
    source.write_text(
        """
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <hip/hip_bfloat16.h>
int main() {
  float* p = nullptr;
  hipError_t e = hipMalloc(&p, 4);
  hipDeviceProp_t prop;
  e = hipGetDeviceProperties(&prop, 0);
  hipFloatComplex z = hipCaddf(make_hipFloatComplex(1, 2), make_hipFloatComplex(3, 4));
  hip_bfloat16 b(1.5f);
  return (int)e + hipFree(p) + (int)hipCrealf(z) + (int)float(b);
}
"""
    )
    cmd = [
        cxx,
        "-std=c++17",
        f"-I{include_dir()}",
        f"-I{cuda_include}",
        "-c",
        str(source),
        "-o",
        str(tmp_path / "h.o"),
    ]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-4000:]


@pytest.mark.nvcc
def test_undefined_hip_name_is_a_compile_error(tmp_path: Path) -> None:
    """The layer must not swallow names it does not know (no catch-all macros)."""
    err = compile_fails(
        tmp_path,
        "#include <hip/hip_runtime.h>\nint main() { return hipNoSuchFunction(); }\n",
    )
    assert "hipNoSuchFunction" in err


# --- the generator ---------------------------------------------------------------------------------------

HEADER = "cuda\thip\tsycl\tkind\tflags\tmin_hip\tnote\n"


def write_table(folder: Path, family: str, rows: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    body = "".join(row.replace(" | ", "\t") + "\n" for row in rows)
    (folder / f"{family}.tsv").write_text(f"# test table\n{HEADER}{body}")


def test_generator_reverses_and_filters(tmp_path: Path) -> None:
    tables, hand = tmp_path / "tables", tmp_path / "hand"
    write_table(
        tables,
        "runtime",
        [
            "cudaMalloc | hipMalloc |  | function |  |  | ",
            "cudaThreadSynchronize | hipDeviceSynchronize |  | function | deprecated |  | ",
            "cudaDeviceSynchronize | hipDeviceSynchronize |  | function |  |  | ",
            "cudaEventCreate | hipEventCreate |  | function |  |  | ",
            "cudaError_t | hipError_t |  | type |  |  | ",
            "cudaDeviceProp | hipDeviceProp_t |  | type |  |  | ",
            "cuda_runtime.h | hip/hip_runtime.h |  | header |  |  | ",
            "cudaFoo | - |  | function | unsupported-hip |  | ",
            "cudaBar | hipBar |  | function | unsupported-hip |  | ",
            "__syncthreads | = |  | device-function |  |  | ",
            "cudaSame | cudaSame |  | function |  |  | ",
            "__trap | __builtin_trap |  | device-function |  |  | ",  # a compiler built-in: never a macro
        ],
    )
    write_table(
        tables,
        "driver",
        [
            "cuEventCreate | hipEventCreate |  | function |  |  | ",
            "CUresult | hipError_t |  | type |  |  | ",
            "cuFoo | cudaMalloc |  | function |  |  | ",
            "cuModuleLoad | hipModuleLoad |  | function |  |  | ",
        ],
    )
    write_table(tables, "cub", ["cub::BlockReduce | hipcub::BlockReduce |  | type |  |  | "])
    hand.mkdir()
    (hand / "mine.h").write_text("#define hipDeviceProp_t something\n// gpuport-hand: hipModuleLoad\n")
    files = gen.generate(tables, hand)
    assert set(files) == {f"gpuport_hip_map_{f}.h" for f in gen.FAMILIES}
    runtime, driver = files["gpuport_hip_map_runtime.h"], files["gpuport_hip_map_driver.h"]
    defines = {
        line.split()[1]: line.split()[2]
        for text in files.values()
        for line in text.splitlines()
        if line.startswith("#define ")
    }
    assert defines == {
        "hipMalloc": "cudaMalloc",
        "hipDeviceSynchronize": "cudaDeviceSynchronize",  # the deprecated spelling loses
        "hipEventCreate": "cudaEventCreate",  # the runtime spelling beats the driver one
        "hipError_t": "cudaError_t",  # the runtime type, not CUresult
    }
    assert "GENERATED" in runtime.splitlines()[0] and "runtime.tsv" in runtime.splitlines()[0]
    assert "cudaThreadSynchronize (deprecated)" in runtime
    assert "hipDeviceProp_t" in runtime  # named as hand-written
    assert "cudaMalloc (from cuFoo)" in driver  # a HIP name that is a CUDA name is left out, with a note
    assert "hipModuleLoad" in driver and "#define hipModuleLoad" not in driver
    assert "does not exist yet" in files["gpuport_hip_map_math.h"]


def test_generator_is_deterministic_under_row_order(tmp_path: Path) -> None:
    rows = [
        "cudaB | hipX |  | function |  |  | ",
        "cudaA | hipX |  | function |  |  | ",
        "cudaC | hipX |  | function | removed |  | ",
    ]
    write_table(tmp_path / "t1", "runtime", rows)
    write_table(tmp_path / "t2", "runtime", rows[::-1])
    (tmp_path / "hand").mkdir()
    a = gen.generate(tmp_path / "t1", tmp_path / "hand")
    b = gen.generate(tmp_path / "t2", tmp_path / "hand")
    assert a == b
    assert "#define hipX cudaA" in a["gpuport_hip_map_runtime.h"]


def test_generator_check_mode(tmp_path: Path) -> None:
    write_table(tmp_path / "tables", "runtime", ["cudaMalloc | hipMalloc |  | function |  |  | "])
    out, hand = tmp_path / "out", tmp_path / "hand"
    hand.mkdir()
    base = [sys.executable, str(SCRIPT), "--tables", str(tmp_path / "tables"), "--hand", str(hand)]
    check = subprocess.run([*base, "--out", str(out), "--check"], capture_output=True, text=True)
    assert check.returncode == 1
    write = subprocess.run([*base, "--out", str(out)], capture_output=True, text=True)
    assert write.returncode == 0, write.stderr
    check = subprocess.run([*base, "--out", str(out), "--check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_generated_headers_are_up_to_date(tmp_path: Path) -> None:
    if not any(TABLES.glob("*.tsv")):
        pytest.skip(f"no mapping tables in {TABLES} yet")
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    stale = [
        p.name
        for p in sorted(tmp_path.glob("gpuport_hip_map_*.h"))
        if (include_dir() / p.name).read_text() != p.read_text()
    ]
    assert stale == [], "run: python scripts/gen_hip_on_cuda.py"


def test_generated_headers_hold_the_core_renames() -> None:
    if not any(TABLES.glob("*.tsv")):
        pytest.skip(f"no mapping tables in {TABLES} yet")
    text = "".join(p.read_text() for p in include_dir().glob("gpuport_hip_map_*.h"))
    for hip, cuda in [
        ("hipMalloc", "cudaMalloc"),
        ("hipMemcpy", "cudaMemcpy"),
        ("hipError_t", "cudaError_t"),
        ("hipSuccess", "cudaSuccess"),
        ("hipDeviceSynchronize", "cudaDeviceSynchronize"),
        ("hipEventElapsedTime", "cudaEventElapsedTime"),
        ("hipStream_t", "cudaStream_t"),
        ("hipblasSgemm", "cublasSgemm"),
        ("HIPBLAS_OP_N", "CUBLAS_OP_N"),
        ("hiprand_init", "curand_init"),
        ("hipfftExecC2C", "cufftExecC2C"),
    ]:
        assert f"#define {hip} {cuda}\n" in text, hip
    # Names with more than a rename never come from the tables.
    for hand in ("hipDeviceProp_t", "hipGetDeviceProperties", "hipHostMalloc", "hipMemPrefetchAsync"):
        assert f"#define {hand} " not in text, hand


# --- on a GPU: the examples run and check their own results ---------------------------------------------


@pytest.mark.gpu
@pytest.mark.nvcc
@pytest.mark.slow
def test_examples_run_on_gpu() -> None:
    result = subprocess.run(
        [sys.executable, str(LAYER / "run_examples.py")], capture_output=True, text=True, timeout=1800
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
