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
# surfaceless context on the CPU.
APT_PACKAGES="hipcc libamdhip64-dev rocm-device-libs libhiprand-dev libhipsparse-dev librocrand-dev librocsparse-dev chromium bubblewrap libgl-dev libegl-dev libegl-mesa0 libgl1-mesa-dri"
missing=""
for p in $APT_PACKAGES; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: apt-get install$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
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
# headers; we type-check SYCL output against them), and the CUDA library headers for nvcc compile checks.
$PY -m pip install -q --disable-pip-version-check -e ".[dev,dataset,html,ray,models]" \
  pytest-xdist intel-sycl-rt \
  "nvidia-cublas==13.*" nvidia-cufft nvidia-curand nvidia-cusparse \
  nvidia-cuda-cuobjdump "nvidia-cuda-nvdisasm==13.*"   # cuobjdump -sass runs nvdisasm
echo "setup: done"
