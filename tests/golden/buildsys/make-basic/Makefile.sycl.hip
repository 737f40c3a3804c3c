# CUDA build
CUDA_PATH ?= /opt/rocm
NVCC := icpx -fsycl
NVCCFLAGS = -O3 -std=c++17  \
             -ffast-math -fopenmp -Wall
LDLIBS =   -lhipblas

app: main.o kern.o
	$(NVCC) $(NVCCFLAGS) -o $@ $^ $(LDLIBS)

%.o: %.cpp
	$(NVCC) $(NVCCFLAGS) -c $< -o $@   # compile
