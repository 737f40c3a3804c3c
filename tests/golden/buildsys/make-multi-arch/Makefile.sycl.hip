# multi-arch build with a CUDA root and odd flags
CUDA_HOME := /opt/rocm
NVCC = icpx -fsycl
SM ?= gfx90a
ARCHFLAGS =  \

FLAGS = -O3  -fPIC -Wall   \
          -x c++
INC =  -Iinclude   # headers
SRCS = $(wildcard src/*.cpp) main.cpp

lib.so: $(SRCS:.cpp=.o)
	$(NVCC) -shared -o $@ $^  -lhipsparse -lcudadevrt -dlink

%.o: %.cpp
	$(NVCC) $(FLAGS) $(ARCHFLAGS) $(INC) -fopenmp -c $< -o $@
