// OpenGL buffer interop run on a real OpenGL context (Mesa, EGL surfaceless, no display): a kernel writes
// a mapped buffer; after unmap, OpenGL's buffer holds what it wrote; a read-only map sees OpenGL's data.
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <sycl/sycl.hpp>  // before X11's macros (None)
#include <GL/gl.h>
#include <GL/glext.h>
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_GL_INTEROP
#define GPUPORT_GL_INTEROP
#include <GL/gl.h>
#include <cstddef>
#include <map>
#include <vector>
// The helpers live in a namespace of their own, with OpenGL 1.5's buffer functions declared there (the
// same C functions; unless a loader such as GLEW has made them macros): a program's own declarations of
// those names (cuda-samples' helper_gl.h loads them into a namespace it then uses) stay unambiguous.
namespace gpuport_gl_impl {
#ifndef glBindBuffer
extern "C" void glBindBuffer(GLenum, GLuint);
#endif
#ifndef glGetBufferParameteriv
extern "C" void glGetBufferParameteriv(GLenum, GLenum, GLint *);
#endif
#ifndef glGetBufferSubData
extern "C" void glGetBufferSubData(GLenum, std::ptrdiff_t, std::ptrdiff_t, void *);
#endif
#ifndef glBufferSubData
extern "C" void glBufferSubData(GLenum, std::ptrdiff_t, std::ptrdiff_t, const void *);
#endif
// cuda_gl_interop.h: a registered OpenGL buffer; mapped, a device allocation holding its contents,
// written back to the buffer at unmap.
enum gpuport_gl_map_flag { gpuport_gl_map_none = 0, gpuport_gl_map_read_only = 1, gpuport_gl_map_write_discard = 2 };
struct gpuport_graphics_resource {
  GLuint buffer;
  unsigned int flags;
  void *ptr;
  size_t bytes;
};
typedef gpuport_graphics_resource *gpuport_graphics_resource_t;
inline sycl::queue &gpuport_gl_queue(sycl::queue *s) { return s != nullptr ? *s : gpuport_queue(); }
inline int gpuport_gl_register_buffer(gpuport_graphics_resource **res, GLuint buffer, unsigned int flags) {
  *res = new gpuport_graphics_resource{buffer, flags, nullptr, 0};
  return 0;
}
inline int gpuport_gl_set_map_flags(gpuport_graphics_resource *res, unsigned int flags) {
  res->flags = flags;
  return 0;
}
inline int gpuport_gl_map_resources(int count, gpuport_graphics_resource **res, sycl::queue *s = nullptr) {
  sycl::queue &q = gpuport_gl_queue(s);
  GLint bound = 0;
  glGetIntegerv(0x8894 /* GL_ARRAY_BUFFER_BINDING */, &bound);
  for (int i = 0; i < count; i++) {
    gpuport_graphics_resource *r = res[i];
    GLint size = 0;
    glBindBuffer(0x8892 /* GL_ARRAY_BUFFER */, r->buffer);
    glGetBufferParameteriv(0x8892, 0x8764 /* GL_BUFFER_SIZE */, &size);
    r->bytes = static_cast<size_t>(size);
    r->ptr = sycl::malloc_device(r->bytes > 0 ? r->bytes : 1, q);
    if (r->flags != gpuport_gl_map_write_discard && r->bytes > 0) {
      std::vector<unsigned char> host(r->bytes);
      glGetBufferSubData(0x8892, 0, static_cast<std::ptrdiff_t>(r->bytes), host.data());
      q.memcpy(r->ptr, host.data(), r->bytes).wait();
    }
  }
  glBindBuffer(0x8892, static_cast<GLuint>(bound));
  return 0;
}
inline int gpuport_gl_mapped_pointer(void **ptr, size_t *bytes, gpuport_graphics_resource *res) {
  *ptr = res->ptr;
  if (bytes != nullptr) *bytes = res->bytes;
  return 0;
}
inline int gpuport_gl_unmap_resources(int count, gpuport_graphics_resource **res, sycl::queue *s = nullptr) {
  sycl::queue &q = gpuport_gl_queue(s);
  q.wait();
  GLint bound = 0;
  glGetIntegerv(0x8894, &bound);
  for (int i = 0; i < count; i++) {
    gpuport_graphics_resource *r = res[i];
    if (r->ptr == nullptr) continue;
    if (r->flags != gpuport_gl_map_read_only && r->bytes > 0) {
      std::vector<unsigned char> host(r->bytes);
      q.memcpy(host.data(), r->ptr, r->bytes).wait();
      glBindBuffer(0x8892, r->buffer);
      glBufferSubData(0x8892, 0, static_cast<std::ptrdiff_t>(r->bytes), host.data());
    }
    sycl::free(r->ptr, q);
    r->ptr = nullptr;
  }
  glBindBuffer(0x8892, static_cast<GLuint>(bound));
  return 0;
}
inline int gpuport_gl_unregister_resource(gpuport_graphics_resource *res) {
  if (res != nullptr && res->ptr != nullptr) gpuport_gl_unmap_resources(1, &res);
  delete res;
  return 0;
}
// The deprecated buffer-object API: one registered resource per buffer name.
inline std::map<GLuint, gpuport_graphics_resource *> &gpuport_gl_buffers() {
  static std::map<GLuint, gpuport_graphics_resource *> m;
  return m;
}
inline int gpuport_gl_register_buffer_object(GLuint buffer) {
  return gpuport_gl_register_buffer(&gpuport_gl_buffers()[buffer], buffer, gpuport_gl_map_none);
}
inline int gpuport_gl_map_buffer_object(void **ptr, GLuint buffer, sycl::queue *s = nullptr) {
  gpuport_graphics_resource *r = gpuport_gl_buffers()[buffer];
  gpuport_gl_map_resources(1, &r, s);
  return gpuport_gl_mapped_pointer(ptr, nullptr, r);
}
inline int gpuport_gl_unmap_buffer_object(GLuint buffer, sycl::queue *s = nullptr) {
  gpuport_graphics_resource *r = gpuport_gl_buffers()[buffer];
  return gpuport_gl_unmap_resources(1, &r, s);
}
inline int gpuport_gl_unregister_buffer_object(GLuint buffer) {
  int rc = gpuport_gl_unregister_resource(gpuport_gl_buffers()[buffer]);
  gpuport_gl_buffers().erase(buffer);
  return rc;
}
inline int gpuport_gl_set_device(int) { return 0; }  // the queue's device is the one OpenGL shares
inline int gpuport_gl_set_buffer_object_map_flags(GLuint buffer, unsigned int flags) {
  return gpuport_gl_set_map_flags(gpuport_gl_buffers()[buffer], flags);
}
}  // namespace gpuport_gl_impl
using gpuport_gl_impl::gpuport_gl_map_none;
using gpuport_gl_impl::gpuport_gl_map_read_only;
using gpuport_gl_impl::gpuport_gl_map_write_discard;
using gpuport_gl_impl::gpuport_graphics_resource;
using gpuport_gl_impl::gpuport_graphics_resource_t;
using gpuport_gl_impl::gpuport_gl_register_buffer;
using gpuport_gl_impl::gpuport_gl_set_map_flags;
using gpuport_gl_impl::gpuport_gl_map_resources;
using gpuport_gl_impl::gpuport_gl_mapped_pointer;
using gpuport_gl_impl::gpuport_gl_unmap_resources;
using gpuport_gl_impl::gpuport_gl_unregister_resource;
using gpuport_gl_impl::gpuport_gl_register_buffer_object;
using gpuport_gl_impl::gpuport_gl_map_buffer_object;
using gpuport_gl_impl::gpuport_gl_unmap_buffer_object;
using gpuport_gl_impl::gpuport_gl_unregister_buffer_object;
using gpuport_gl_impl::gpuport_gl_set_device;
using gpuport_gl_impl::gpuport_gl_set_buffer_object_map_flags;
#endif
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void fill(unsigned int *dst, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) dst[i] = 3u * i + 1u;
}

void sum(const unsigned int *src, unsigned int *out, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*out).fetch_add(static_cast<unsigned int>(src[i]));
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

  struct gpuport_graphics_resource *res;
  gpuport_gl_register_buffer(&res, buf, gpuport_gl_map_write_discard);
  gpuport_gl_map_resources(1, &res, 0);
  unsigned int *d = NULL;
  size_t bytes = 0;
  gpuport_gl_mapped_pointer((void **)&d, &bytes, res);
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { fill(d, n, item); });
  gpuport_gl_unmap_resources(1, &res, 0);

  unsigned int host[n];
  glBindBuffer(GL_ARRAY_BUFFER, buf);
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(host), host);
  int ok = bytes == sizeof(host);
  for (int i = 0; i < n; i++) ok &= host[i] == 3u * i + 1u;

  gpuport_gl_set_map_flags(res, gpuport_gl_map_read_only);
  gpuport_gl_map_resources(1, &res, 0);
  gpuport_gl_mapped_pointer((void **)&d, &bytes, res);
  unsigned int *total;
  total = (unsigned int *)sycl::malloc_shared(sizeof(unsigned int), gpuport_queue());
  *total = 0;
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { sum(d, total, n, item); });
  gpuport_gl_unmap_resources(1, &res, 0);
  gpuport_queue().wait();
  ok &= *total == 3u * (n * (n - 1) / 2) + n;
  gpuport_gl_unregister_resource(res);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
