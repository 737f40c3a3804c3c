cmake_minimum_required(VERSION 3.18)
project(demo LANGUAGES CXX HIP)  # the CUDA app

find_package(hip REQUIRED)
find_package(hipblas REQUIRED)
set(CMAKE_HIP_STANDARD 17)
set(CMAKE_HIP_FLAGS "${CMAKE_HIP_FLAGS} -ffast-math -Wall")
set(CMAKE_HIP_ARCHITECTURES "gfx90a;gfx942")

add_executable(demo main.cu util.cpp)
set_source_files_properties(main.cu PROPERTIES LANGUAGE HIP)
target_compile_options(demo PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-gline-tables-only>)
target_link_libraries(demo PRIVATE hip::host roc::hipblas)
set_target_properties(demo PROPERTIES CUDA_SEPARABLE_COMPILATION ON HIP_ARCHITECTURES "gfx90a;gfx942")
message(STATUS "CUDA flags: ${CMAKE_HIP_FLAGS}")
