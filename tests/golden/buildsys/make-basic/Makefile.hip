# CUDA build
CUDA_PATH ?= /opt/rocm
NVCC := hipcc
NVCCFLAGS = -O3 -std=c++17 --offload-arch=gfx90a --offload-arch=gfx942 \
             -ffast-math -fopenmp -Wall
LDLIBS = -L/opt/rocm/lib -lamdhip64 -lhipblas

app: main.o kern.o
	$(NVCC) -fgpu-rdc $(NVCCFLAGS) -o $@ $^ $(LDLIBS)

%.o: %.cu
	$(NVCC) $(NVCCFLAGS) -fgpu-rdc -c $< -o $@   # compile
