"""Build the HIP example programs with nvcc through the HIP-on-CUDA layer and run them on an NVIDIA GPU.

Each program checks its own results and prints PASS or FAIL; this runner reports one line per program and
exits non-zero when any failed to build or run. It works from a plain checkout (no install needed):

    python dataset/hip_on_cuda/run_examples.py [--arch sm_90] [--only warp_ops ...] [--build-only]
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
INCLUDE = HERE / "include"

# Which CUDA libraries each example links (the rest need only the runtime).
LIBS = {
    "hipblas_sgemm": ["cublas"],
    "hiprand_kernel": ["curand"],
    "hipfft_c2c": ["cufft"],
    "hipsparse_spmv": ["cusparse"],
}


def _cudalibs() -> types.ModuleType:
    """dataset/cudalibs.py, loaded by path so the runner works without gpuport installed."""
    spec = importlib.util.spec_from_file_location("gpuport_cudalibs", HERE.parent / "cudalibs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_command(source: Path, exe: Path, arch: str) -> list[str]:
    cmd = ["nvcc", "-std=c++17", f"-arch={arch}", f"-I{INCLUDE}", "-D__HIP_PLATFORM_NVIDIA__"]
    cmd += ["-x", "cu", str(source), "-o", str(exe)]
    libs = LIBS.get(source.stem, [])
    if libs:
        cmd += _cudalibs().nvcc_library_args(libs)
    return cmd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--only", nargs="*", help="example names (file stems)")
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per build and per run")
    args = parser.parse_args(argv)
    sources = sorted(EXAMPLES.glob("*.hip"))
    if args.only:
        sources = [s for s in sources if s.stem in set(args.only)]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="hip_on_cuda_") as tmp:
        for source in sources:
            exe = Path(tmp) / source.stem
            build = subprocess.run(
                build_command(source, exe, args.arch), capture_output=True, text=True, timeout=args.timeout
            )
            if build.returncode != 0:
                failures += 1
                print(f"BUILD-FAIL {source.stem}\n{build.stderr[-3000:]}")
                continue
            if args.build_only:
                print(f"BUILT {source.stem}")
                continue
            try:
                run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=args.timeout)
            except subprocess.TimeoutExpired:
                failures += 1
                print(f"TIMEOUT {source.stem}")
                continue
            status = "OK" if run.returncode == 0 else "RUN-FAIL"
            failures += run.returncode != 0
            print(f"{status} {source.stem}: {(run.stdout + run.stderr).strip()}")
    print(f"{len(sources) - failures}/{len(sources)} examples passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
