# gpuport with Intel oneAPI DPC++ (icpx -fsycl): builds SYCL translations and runs them on the CPU device
# (ONEAPI_DEVICE_SELECTOR=opencl:cpu); on a host with an Intel GPU pass --device /dev/dri.
#   docker build -f docker/oneapi.Dockerfile -t gpuport/oneapi .
FROM intel/oneapi-basekit:latest

ENV DEBIAN_FRONTEND=noninteractive PIP_NO_CACHE_DIR=1 ONEAPI_DEVICE_SELECTOR=opencl:cpu
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-pip python3-venv git \
 && rm -rf /var/lib/apt/lists/*

RUN python3 -m venv /opt/gpuport
ENV PATH=/opt/gpuport/bin:$PATH
WORKDIR /src/gpuport
COPY . .
RUN pip install ".[ray]" intel-sycl-rt && (gpuport doctor || true)

WORKDIR /work
# A quick self-test that icpx builds SYCL and the CPU device is visible: `docker run gpuport/oneapi sycl-ls`.
CMD ["gpuport", "doctor"]
