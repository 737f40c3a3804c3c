# gpuport with the CUDA toolkit: compiles originals (nvcc), HIP-on-CUDA translations, and runs them on an
# NVIDIA GPU (start with --gpus all). Build from the repository root:
#   docker build -f docker/nvidia.Dockerfile -t gpuport/nvidia .
FROM nvidia/cuda:13.0.1-devel-ubuntu24.04

ENV DEBIAN_FRONTEND=noninteractive PIP_BREAK_SYSTEM_PACKAGES=1 PIP_NO_CACHE_DIR=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-pip python3-venv git g++ \
 && rm -rf /var/lib/apt/lists/*

# The project in a virtual environment (Ubuntu 24.04's system Python refuses global pip installs).
RUN python3 -m venv /opt/gpuport
ENV PATH=/opt/gpuport/bin:$PATH
WORKDIR /src/gpuport
COPY . .
# ray: the image is also a Ray worker node (docker/compose.yaml); the cu13 library wheels give the
# cuBLAS/cuFFT/cuRAND/cuSPARSE headers and libraries the suite links against, and cuobjdump for SASS.
RUN pip install ".[ray]" nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm \
      "nvidia-cublas" "nvidia-cufft" "nvidia-curand" "nvidia-cusparse" \
 && gpuport doctor || true

WORKDIR /work
CMD ["gpuport", "doctor"]
