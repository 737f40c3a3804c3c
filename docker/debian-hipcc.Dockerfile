# gpuport with Debian bookworm's hipcc (ROCm 5.2, clang 15): the AMD compile toolchain that can be built
# without any image registry. No registry is needed for the base either: make it from a debootstrap'd root
# file system (see docker/README.md):
#   debootstrap --variant=minbase bookworm rootfs http://deb.debian.org/debian
#   tar -C rootfs -c . | docker import - gpuport/debian:bookworm
#   docker build -f docker/debian-hipcc.Dockerfile -t gpuport/debian-hipcc .
# With a registry, --build-arg BASE=debian:bookworm works the same.
ARG BASE=gpuport/debian:bookworm
# `--target toolchain` stops after the compilers (what tests/test_docker_runner.py builds: no PyPI needed).
FROM ${BASE} AS toolchain

ENV DEBIAN_FRONTEND=noninteractive PIP_NO_CACHE_DIR=1 HIP_PLATFORM=amd
RUN apt-get update \
 && apt-get install -y --no-install-recommends hipcc libamdhip64-dev rocm-device-libs \
      g++ \
 && rm -rf /var/lib/apt/lists/*
CMD ["hipcc", "--version"]

FROM toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-pip python3-venv \
 && rm -rf /var/lib/apt/lists/*

RUN python3 -m venv /opt/gpuport
ENV PATH=/opt/gpuport/bin:$PATH
WORKDIR /src/gpuport
COPY . .
RUN pip install ".[ray]" && (gpuport doctor || true)

WORKDIR /work
CMD ["hipcc", "--version"]
