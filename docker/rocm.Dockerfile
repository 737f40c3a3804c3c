# gpuport with ROCm's hipcc: compiles HIP translations for AMD targets (gfx90a, gfx942, gfx1100, ...).
# On a host with an AMD GPU, run with --device /dev/kfd --device /dev/dri --group-add video.
#   docker build -f docker/rocm.Dockerfile -t gpuport/rocm .
FROM rocm/dev-ubuntu-24.04:latest

ENV DEBIAN_FRONTEND=noninteractive PIP_NO_CACHE_DIR=1 HIP_PLATFORM=amd
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-pip python3-venv git \
 && rm -rf /var/lib/apt/lists/*
# hipcc lives in /opt/rocm/bin; put it on PATH so toolchain detection finds it.
ENV PATH=/opt/rocm/bin:$PATH

RUN python3 -m venv /opt/gpuport
ENV PATH=/opt/gpuport/bin:$PATH
WORKDIR /src/gpuport
COPY . .
RUN pip install ".[ray]" && (gpuport doctor || true)

WORKDIR /work
CMD ["gpuport", "doctor"]
