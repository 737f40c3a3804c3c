// OpenGL buffer interop run on a real OpenGL context (Mesa, EGL surfaceless, no display): a kernel writes
// a mapped buffer; after unmap, OpenGL's buffer holds what it wrote; a read-only map sees OpenGL's data.
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <cstdio>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

__global__ void fill(unsigned int *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = 3u * i + 1u;
}

__global__ void sum(const unsigned int *src, unsigned int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(out, src[i]);
}

static bool make_context() {
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (get_display == NULL) return false;
  EGLDisplay dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) return false;
  eglBindAPI(EGL_OPENGL_API);
  EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);  // surfaceless, configless
  return ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

int main() {
  if (!make_context()) {
    printf("no-context\n");
    return 0;
  }
  const int n = 1000;
  GLuint buf;
  glGenBuffers(1, &buf);
  glBindBuffer(GL_ARRAY_BUFFER, buf);
  glBufferData(GL_ARRAY_BUFFER, n * sizeof(unsigned int), NULL, GL_DYNAMIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);

  struct cudaGraphicsResource *res;
  cudaGraphicsGLRegisterBuffer(&res, buf, cudaGraphicsMapFlagsWriteDiscard);
  cudaGraphicsMapResources(1, &res, 0);
  unsigned int *d = NULL;
  size_t bytes = 0;
  cudaGraphicsResourceGetMappedPointer((void **)&d, &bytes, res);
  fill<<<(n + 127) / 128, 128>>>(d, n);
  cudaGraphicsUnmapResources(1, &res, 0);

  unsigned int host[n];
  glBindBuffer(GL_ARRAY_BUFFER, buf);
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(host), host);
  int ok = bytes == sizeof(host);
  for (int i = 0; i < n; i++) ok &= host[i] == 3u * i + 1u;

  cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsReadOnly);
  cudaGraphicsMapResources(1, &res, 0);
  cudaGraphicsResourceGetMappedPointer((void **)&d, &bytes, res);
  unsigned int *total;
  cudaMallocManaged(&total, sizeof(unsigned int));
  *total = 0;
  sum<<<(n + 127) / 128, 128>>>(d, total, n);
  cudaGraphicsUnmapResources(1, &res, 0);
  cudaDeviceSynchronize();
  ok &= *total == 3u * (n * (n - 1) / 2) + n;
  cudaGraphicsUnregisterResource(res);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
