# multi-arch build with a CUDA root and odd flags
CUDA_HOME := /opt/rocm
NVCC = hipcc
SM ?= gfx90a
ARCHFLAGS = --offload-arch=gfx90a --offload-arch=gfx942 \

FLAGS = -O3 --offload-arch=gfx90a --offload-arch=gfx942 -fPIC -Wall   \
        -fgpu-default-stream=per-thread  -x hip
INC = -I/opt/rocm/include -Iinclude   # headers
SRCS = $(wildcard src/*.cu) main.cu

lib.so: $(SRCS:.cu=.o)
	$(NVCC) -shared -o $@ $^ -L/opt/rocm/lib -lhipsparse -lcudadevrt -dlink

%.o: %.cu
	$(NVCC) $(FLAGS) $(ARCHFLAGS) $(INC) -fopenmp -c $< -o $@
