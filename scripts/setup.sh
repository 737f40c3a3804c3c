#!/usr/bin/env bash
# Set up everything gpuport and its tests need on a fresh Debian machine (run as root, or with sudo).
# Idempotent: packages already present are skipped quickly. GPUPORT_SETUP_MINIMAL=1 installs only the
# Python package (no compilers, no optional extras).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null; then SUDO=sudo; fi

if [ "${GPUPORT_SETUP_MINIMAL:-0}" = "1" ]; then
  $PY -m pip install -q -e .
  exit 0
fi

# AMD toolchain (ROCm 5.2 from Debian): hipcc for gfx90a/gfx1030 compile checks, hipRAND/hipSPARSE headers.
# Chromium for the HTML report's browser test. bubblewrap isolates the pipeline's compiles and runs of
# strangers' code (dataset/isolation.py); without it `gpuport build` compiles only with --trust-tasks.
# OpenGL and EGL (Mesa): the GL-interop goldens include GL/gl.h and EGL/egl.h; their run test makes a
# surfaceless context on the CPU. libomp-15-dev: omp.h for hipcc's clang (nvcc finds GCC's; without it a
# CUDA unit that includes omp.h compiles with nvcc and not with hipcc). libgtest-dev: googletest's headers,
# which a project's CUDA test units include (qsim's); the corpus compiles them alone (-c), nothing links.
APT_PACKAGES="hipcc libamdhip64-dev rocm-device-libs libhiprand-dev libhipsparse-dev librocrand-dev librocsparse-dev libomp-15-dev libgtest-dev chromium bubblewrap libgl-dev libegl-dev libegl-mesa0 libgl1-mesa-dri"
missing=""
for p in $APT_PACKAGES; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: apt-get install$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# ROCm library headers Debian 12 lacks (hipBLAS, hipSOLVER, hipFFT, hipCUB, rocThrust, rocPRIM), from Debian 13's
# -dev packages: unpacked (never installed: their runtime dependencies are not needed for `hipcc -c`) into
# a folder of their own that the pipeline's hipcc calls add with -isystem (dataset/toolchains.py), so a
# translation of a cuBLAS/CUB/Thrust unit is checked by the compiler instead of failing on a missing header.
# Pinned by sha256 (Debian 13's Packages index); nothing else on the machine sees these headers.
EXTRA=/usr/local/share/gpuport/rocm-extra
if [ ! -f "$EXTRA/VERSIONS" ]; then
  tmp=$(mktemp -d)
  ok=1
  while read -r path sha; do
    deb="$tmp/$(basename "$path")"
    if curl -fsS --retry 2 -o "$deb" "http://deb.debian.org/debian/$path" && echo "$sha  $deb" | sha256sum -c --quiet; then
      dpkg -x "$deb" "$tmp/root"
    else
      echo "setup: could not fetch $path (HIP library headers stay missing)"; ok=0
    fi
  done <<'DEBS'
pool/main/h/hipblas/libhipblas-dev_5.5.1-4_amd64.deb c1316103de353fbff558ec862ec3240eca02e8b9ef78dd9c29c912f8c9801c64
pool/main/h/hipsolver/libhipsolver-dev_5.5.1-8_amd64.deb 68bde822ac4ed62f58d70e97a9e380270e8944f8b49386be4ab25829f966e9af
pool/main/h/hipfft/libhipfft-dev_6.1.2-3_amd64.deb f2b47ff80a29ebadbfebfa8894429470db89b0d4bd179d9dfbc6b8fc92d1259b
pool/main/h/hipcub/libhipcub-dev_5.7.1-3_all.deb acfa310b47946ba6e3fbd16195689310d93e779336458dfd5f8c590aaaf45ef2
pool/main/r/rocthrust/librocthrust-dev_5.7.1-3_all.deb 7dc463d3e68981c99cd6e94d9c5fef26b1b2237d05d23542b7cdf791e45fe32c
pool/main/r/rocprim/librocprim-dev_5.7.1-2_all.deb ac6157956c9bb07146ebbdb68e0e5552696877caa78a630c0bc7d384926cf0ec
DEBS
  if [ "$ok" = 1 ]; then
    $SUDO mkdir -p "$EXTRA"
    $SUDO cp -r "$tmp/root/usr/include" "$EXTRA/"
    echo "hipblas 5.5.1 hipsolver 5.5.1 hipfft 6.1.2 hipcub 5.7.1 rocthrust 5.7.1 rocprim 5.7.1 (Debian 13 -dev packages)" \
      | $SUDO tee "$EXTRA/VERSIONS" >/dev/null
  fi
  rm -rf "$tmp"
fi

# bfloat16 for the 5.2 hipcc: ROCm 5.7's hip_bf16.h (Debian 13's libamdhip64-dev), its two headers only, into
# the same folder. They compile against 5.2's amd_detail headers once their quoted includes name those by
# path. The pipeline tells the translator what they declare (--hip-headers), so CUDA's bfloat16 API is
# translated for this toolchain although its hipcc predates it.
if [ -f "$EXTRA/VERSIONS" ] && [ ! -f "$EXTRA/include/hip/hip_bf16.h" ]; then
  tmp=$(mktemp -d)
  deb_path=pool/main/r/rocm-hipamd/libamdhip64-dev_5.7.1-6+deb13u1_amd64.deb
  deb_sha=471242c9d89ce6aca57b2dc75eabbeb872d787f70d3b92144c58bb444e6256a1
  if curl -fsS --retry 2 -o "$tmp/hip.deb" "http://deb.debian.org/debian/$deb_path" \
     && echo "$deb_sha  $tmp/hip.deb" | sha256sum -c --quiet; then
    dpkg -x "$tmp/hip.deb" "$tmp/root"
    sed -i -E 's@#include "(amd_hip_common|amd_hip_vector_types|device_library_decls|math_fwd)\.h"@#include <hip/amd_detail/\1.h>@' \
      "$tmp/root/usr/include/hip/amd_detail/amd_hip_bf16.h"
    $SUDO mkdir -p "$EXTRA/include/hip/amd_detail"
    $SUDO cp "$tmp/root/usr/include/hip/hip_bf16.h" "$EXTRA/include/hip/"
    $SUDO cp "$tmp/root/usr/include/hip/amd_detail/amd_hip_bf16.h" "$EXTRA/include/hip/amd_detail/"
    echo "hip_bf16 5.7.1 (libamdhip64-dev, Debian 13: hip/hip_bf16.h, hip/amd_detail/amd_hip_bf16.h)" \
      | $SUDO tee -a "$EXTRA/VERSIONS" >/dev/null
  else
    echo "setup: could not fetch $deb_path (hip_bf16.h stays missing)"
  fi
  rm -rf "$tmp"
fi

# torch first, as a CPU build: peft (the fine-tuning extra) depends on torch, and left to itself pip would
# fetch a multi-gigabyte CUDA build. A CPU build lies on disk on the machines of this workplace.
if ! $PY -c "import torch" 2>/dev/null; then
  if ls /opt/wheels/torch-2.13.0+cpu-*.whl >/dev/null 2>&1; then
    $PY -m pip install -q --disable-pip-version-check /opt/wheels/torch-2.13.0+cpu-*.whl
  else
    $PY -m pip install -q --disable-pip-version-check "torch==2.13.*"
  fi
fi
# Python: the package with every extra, the test tools, the SYCL headers (intel-sycl-rt ships DPC++'s
# headers; we type-check SYCL output against them), and the CUDA library headers for nvcc compile checks
# (cuSOLVER's too: the corpus's cuSOLVER samples compile as CUDA only with them; hipSOLVER is their HIP side;
# nvFatbin's: cuda-api-wrappers' versions.hpp, included by all its samples, includes nvFatbin.h).
$PY -m pip install -q --disable-pip-version-check -e ".[dev,dataset,html,ray,models]" \
  pytest-xdist intel-sycl-rt \
  "nvidia-cublas==13.*" nvidia-cufft nvidia-curand nvidia-cusparse nvidia-cusolver nvidia-nvfatbin \
  nvidia-cuda-cuobjdump "nvidia-cuda-nvdisasm==13.*"   # cuobjdump -sass runs nvdisasm
echo "setup: done"
