// OpenGL buffer interop (the Mandelbrot and nbody samples' pattern): a kernel writes into a mapped pixel
// buffer object; after unmap, OpenGL's buffer holds what the kernel wrote.
#include <sycl/sycl.hpp>  // before X11's macros (None)
#include <GL/gl.h>
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
#ifndef GPUPORT_VEC_uchar4
#define GPUPORT_VEC_uchar4
struct alignas(4) uchar4 { unsigned char x, y, z, w; };
inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { return uchar4{x, y, z, w}; }
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void shade(uchar4 *dst, int w, int h, const sycl::nd_item<3> &item) {
  int x = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2), y = item.get_group(1);
  if (x < w && y < h) dst[y * w + x] = make_uchar4(x, y, x + y, 255);
}

struct gpuport_graphics_resource *pbo_resource;

void init(GLuint pbo) {
  gpuport_gl_set_device(0);
  gpuport_gl_register_buffer(&pbo_resource, pbo, gpuport_gl_map_write_discard);
}

void render(int w, int h) {
  uchar4 *d_dst = NULL;
  size_t bytes;
  gpuport_gl_map_resources(1, &pbo_resource, 0);
  gpuport_gl_mapped_pointer((void **)&d_dst, &bytes, pbo_resource);
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, h, (w + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { shade(d_dst, w, h, item); });
  gpuport_gl_unmap_resources(1, &pbo_resource, 0);
}

void done() { gpuport_gl_unregister_resource(pbo_resource); }
