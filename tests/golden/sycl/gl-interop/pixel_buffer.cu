// OpenGL buffer interop (the Mandelbrot and nbody samples' pattern): a kernel writes into a mapped pixel
// buffer object; after unmap, OpenGL's buffer holds what the kernel wrote.
#include <GL/gl.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

__global__ void shade(uchar4 *dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x < w && y < h) dst[y * w + x] = make_uchar4(x, y, x + y, 255);
}

struct cudaGraphicsResource *pbo_resource;

void init(GLuint pbo) {
  cudaGLSetGLDevice(0);
  cudaGraphicsGLRegisterBuffer(&pbo_resource, pbo, cudaGraphicsMapFlagsWriteDiscard);
}

void render(int w, int h) {
  uchar4 *d_dst = NULL;
  size_t bytes;
  cudaGraphicsMapResources(1, &pbo_resource, 0);
  cudaGraphicsResourceGetMappedPointer((void **)&d_dst, &bytes, pbo_resource);
  shade<<<dim3((w + 127) / 128, h), 128>>>(d_dst, w, h);
  cudaGraphicsUnmapResources(1, &pbo_resource, 0);
}

void done() { cudaGraphicsUnregisterResource(pbo_resource); }
