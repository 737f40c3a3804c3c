#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// The first texture use sits in an `#if` inside a function (convolutionFFT2D): the helpers go before the
// function, at file scope, not inside its body.
#define USE_TEXTURE 1

#ifndef GPUPORT_TEXTURE
#define GPUPORT_TEXTURE
#include <sycl/sycl.hpp>
#include <cstddef>
#include <type_traits>
// CUDA texture objects on plain USM memory (gpuport GP252/GP253): enumerators keep CUDA's values.
enum gpuport_address_mode { gpuport_address_wrap = 0, gpuport_address_clamp = 1, gpuport_address_mirror = 2, gpuport_address_border = 3 };
enum gpuport_filter_mode { gpuport_filter_point = 0, gpuport_filter_linear = 1 };
enum gpuport_read_mode { gpuport_read_element_type = 0, gpuport_read_normalized_float = 1 };
enum gpuport_resource_type { gpuport_resource_array = 0, gpuport_resource_mipmapped_array = 1, gpuport_resource_linear = 2, gpuport_resource_pitch2d = 3 };
enum gpuport_channel_kind { gpuport_channel_signed = 0, gpuport_channel_unsigned = 1, gpuport_channel_float = 2, gpuport_channel_none = 3 };
struct gpuport_channel_desc { int x, y, z, w; gpuport_channel_kind f; };
// A CUDA array: a dense row-major USM allocation of width x height texels.
struct gpuport_array { unsigned char *data; int width, height; size_t pitch; gpuport_channel_desc desc; };
typedef gpuport_array *gpuport_array_t;
typedef const gpuport_array *gpuport_array_const_t;
// cudaResourceDesc and cudaTextureDesc with CUDA's field names (a struct, not a union, for `res`).
struct gpuport_resource_desc {
  gpuport_resource_type resType;
  struct {
    struct { gpuport_array_t array; } array;
    struct { void *mipmap; } mipmap;
    struct { void *devPtr; gpuport_channel_desc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; gpuport_channel_desc desc; size_t width, height, pitchInBytes; } pitch2D;
  } res;
  unsigned int flags;
};
struct gpuport_texture_desc {
  gpuport_address_mode addressMode[3];
  gpuport_filter_mode filterMode;
  gpuport_read_mode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  gpuport_filter_mode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization, seamlessCubemap;
};
// What cudaCreateTextureObject captured; a texture object is a USM pointer to one of these.
struct gpuport_texture {
  const unsigned char *data;
  int width, height;  // texels (height 1 for 1-D)
  size_t pitch;       // bytes from one row to the next
  int channels, bits; // channels of `bits` bits each
  gpuport_channel_kind kind;
  gpuport_address_mode address[2];
  gpuport_filter_mode filter;
  gpuport_read_mode read;
  int normalized;
  float border[4];
};
typedef const gpuport_texture *gpuport_texture_object;
// Element type and component count of a texel type: float -> (float, 1), float4 -> (float, 4).
template <class T, class = void> struct gpuport_texel_traits { using elem = T; static constexpr int n = 1; };
template <class T> struct gpuport_texel_traits<T, std::void_t<decltype(T::x)>> {
  using elem = std::remove_cv_t<decltype(T::x)>;
  static constexpr int n = int(sizeof(T) / sizeof(elem));
};
template <class T> gpuport_channel_desc gpuport_create_channel_desc() {
  using E = typename gpuport_texel_traits<T>::elem;
  constexpr int n = gpuport_texel_traits<T>::n, bits = int(8 * sizeof(E));
  gpuport_channel_kind f = std::is_floating_point_v<E> || std::is_same_v<E, sycl::half> ? gpuport_channel_float
                           : std::is_signed_v<E> ? gpuport_channel_signed : gpuport_channel_unsigned;
  return {bits, n > 1 ? bits : 0, n > 2 ? bits : 0, n > 3 ? bits : 0, f};
}
inline gpuport_channel_desc gpuport_create_channel_desc(int x, int y, int z, int w, gpuport_channel_kind f) {
  return {x, y, z, w, f};
}
template <class T> T gpuport_texel_from(const float *c) {
  using E = typename gpuport_texel_traits<T>::elem;
  constexpr int n = gpuport_texel_traits<T>::n;
  if constexpr (n == 1) return T{E(c[0])};
  else if constexpr (n == 2) return T{E(c[0]), E(c[1])};
  else if constexpr (n == 3) return T{E(c[0]), E(c[1]), E(c[2])};
  else return T{E(c[0]), E(c[1]), E(c[2]), E(c[3])};
}
// Component c of the texel at p, as the read mode returns it (8/16-bit integers scaled to [0,1]/[-1,1]).
inline float gpuport_texel_component(const gpuport_texture &t, const unsigned char *p, int c) {
  const bool norm = t.read == gpuport_read_normalized_float;
  if (t.kind == gpuport_channel_float)
    return t.bits == 16 ? float(reinterpret_cast<const sycl::half *>(p)[c]) : reinterpret_cast<const float *>(p)[c];
  if (t.kind == gpuport_channel_unsigned) {
    if (t.bits == 8) return norm ? p[c] / 255.0f : float(p[c]);
    if (t.bits == 16) return norm ? reinterpret_cast<const unsigned short *>(p)[c] / 65535.0f : float(reinterpret_cast<const unsigned short *>(p)[c]);
    return float(reinterpret_cast<const unsigned int *>(p)[c]);
  }
  if (t.bits == 8) return norm ? sycl::fmax(reinterpret_cast<const signed char *>(p)[c] / 127.0f, -1.0f) : float(reinterpret_cast<const signed char *>(p)[c]);
  if (t.bits == 16) return norm ? sycl::fmax(reinterpret_cast<const short *>(p)[c] / 32767.0f, -1.0f) : float(reinterpret_cast<const short *>(p)[c]);
  return float(reinterpret_cast<const int *>(p)[c]);
}
// CUDA's address modes on texel index i of a dimension of n texels; false: outside (border colour).
// Wrap and mirror apply to normalised coordinates only; CUDA clamps unnormalised ones.
inline bool gpuport_address(gpuport_address_mode m, int normalized, int &i, int n) {
  if (m == gpuport_address_border) return i >= 0 && i < n;
  if (normalized && m == gpuport_address_wrap) {
    i %= n;
    if (i < 0) i += n;
  } else if (normalized && m == gpuport_address_mirror) {
    int p = i % (2 * n);
    if (p < 0) p += 2 * n;
    i = p < n ? p : 2 * n - 1 - p;
  } else {
    i = sycl::clamp(i, 0, n - 1);
  }
  return true;
}
inline const unsigned char *gpuport_texel_at(const gpuport_texture &t, int i, int j) {
  return t.data + size_t(j) * t.pitch + size_t(i) * size_t(t.channels * t.bits / 8);
}
// The components of texel (i, j) after addressing.
inline void gpuport_texel(const gpuport_texture &t, int i, int j, float *out) {
  const bool in = gpuport_address(t.address[0], t.normalized, i, t.width) & gpuport_address(t.address[1], t.normalized, j, t.height);
  for (int c = 0; c < 4; ++c) out[c] = !in ? t.border[c] : c < t.channels ? gpuport_texel_component(t, gpuport_texel_at(t, i, j), c) : 0.0f;
}
inline int gpuport_texel_index(float x) { return int(sycl::floor(sycl::fmin(sycl::fmax(x, -1.0e9f), 1.0e9f))); }
// CUDA's texture fetch at (x, y) (y unused for 1-D textures): nearest texel for point filtering; for
// linear filtering (1-a)(1-b)T[i,j] + a(1-b)T[i+1,j] + (1-a)bT[i,j+1] + abT[i+1,j+1] with i = floor(x-0.5),
// a = frac(x-0.5) kept, as CUDA's texture unit keeps it, in 9-bit fixed point (8 fractional bits).
template <class T> T gpuport_tex_sample(const gpuport_texture &t, float x, float y, bool two_d) {
  if (t.normalized) {
    x *= t.width;
    y *= t.height;
  }
  if (!two_d) y = 0.5f;
  float c[4];
  if (t.filter == gpuport_filter_point) {
    int i = gpuport_texel_index(x), j = gpuport_texel_index(y);
    if (t.read == gpuport_read_element_type && sizeof(T) == size_t(t.channels * t.bits / 8) &&
        gpuport_address(t.address[0], t.normalized, i, t.width) & gpuport_address(t.address[1], t.normalized, j, t.height))
      return *reinterpret_cast<const T *>(gpuport_texel_at(t, i, j));
    gpuport_texel(t, i, j, c);
    return gpuport_texel_from<T>(c);
  }
  const float xb = x - 0.5f, yb = y - 0.5f;
  const int i = gpuport_texel_index(xb), j = gpuport_texel_index(yb);
  const float a = sycl::rint((xb - sycl::floor(xb)) * 256.0f) / 256.0f;
  const float b = two_d ? sycl::rint((yb - sycl::floor(yb)) * 256.0f) / 256.0f : 0.0f;
  float t00[4], t10[4], t01[4], t11[4];
  gpuport_texel(t, i, j, t00);
  gpuport_texel(t, i + 1, j, t10);
  gpuport_texel(t, i, j + 1, t01);
  gpuport_texel(t, i + 1, j + 1, t11);
  for (int k = 0; k < 4; ++k)
    c[k] = (1.0f - b) * ((1.0f - a) * t00[k] + a * t10[k]) + b * ((1.0f - a) * t01[k] + a * t11[k]);
  return gpuport_texel_from<T>(c);
}
// tex1Dfetch: integer index into linear memory, no filtering or addressing; outside the range: zero.
template <class T> T gpuport_tex1Dfetch(gpuport_texture_object tex, int i) {
  const gpuport_texture &t = *tex;
  float c[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  if (i < 0 || i >= t.width) return gpuport_texel_from<T>(c);
  if (t.read == gpuport_read_element_type && sizeof(T) == size_t(t.channels * t.bits / 8))
    return *reinterpret_cast<const T *>(gpuport_texel_at(t, i, 0));
  for (int k = 0; k < t.channels && k < 4; ++k) c[k] = gpuport_texel_component(t, gpuport_texel_at(t, i, 0), k);
  return gpuport_texel_from<T>(c);
}
template <class T> T gpuport_tex1D(gpuport_texture_object tex, float x) { return gpuport_tex_sample<T>(*tex, x, 0.0f, false); }
template <class T> T gpuport_tex2D(gpuport_texture_object tex, float x, float y) { return gpuport_tex_sample<T>(*tex, x, y, true); }
template <class T> void gpuport_tex1Dfetch(T *out, gpuport_texture_object tex, int i) { *out = gpuport_tex1Dfetch<T>(tex, i); }
template <class T> void gpuport_tex1D(T *out, gpuport_texture_object tex, float x) { *out = gpuport_tex1D<T>(tex, x); }
template <class T> void gpuport_tex2D(T *out, gpuport_texture_object tex, float x, float y) { *out = gpuport_tex2D<T>(tex, x, y); }
#endif
#ifndef GPUPORT_TEXTURE_HOST
#define GPUPORT_TEXTURE_HOST
inline sycl::queue &gpuport_queue();
// CUDA arrays and texture objects on the host; they return CUDA's error codes (0: success).
inline int gpuport_malloc_array(gpuport_array_t *array, const gpuport_channel_desc *desc, size_t width, size_t height = 0, unsigned int flags = 0) {
  (void)flags;
  const size_t rows = height ? height : 1, texel = size_t(desc->x + desc->y + desc->z + desc->w) / 8;
  gpuport_array *a = new gpuport_array{nullptr, int(width), int(rows), width * texel, *desc};
  a->data = sycl::malloc_device<unsigned char>(a->pitch * rows, gpuport_queue());
  *array = a;
  return a->data ? 0 : 2;
}
inline int gpuport_free_array(gpuport_array_t array) {
  if (array) sycl::free(array->data, gpuport_queue());
  delete array;
  return 0;
}
// Row-by-row 2-D copy between pitched memory and an array (one copy when both sides are dense).
inline int gpuport_copy_2d(sycl::queue &q, unsigned char *dst, size_t dpitch, const unsigned char *src, size_t spitch, size_t width, size_t height) {
  if (dpitch == width && spitch == width) {
    q.memcpy(dst, src, width * height);
  } else {
    for (size_t r = 0; r < height; ++r) q.memcpy(dst + r * dpitch, src + r * spitch, width);
  }
  return 0;
}
inline int gpuport_memcpy_2d_to_array_async(gpuport_array_t dst, size_t w_offset, size_t h_offset, const void *src, size_t spitch, size_t width, size_t height, sycl::queue *q = nullptr) {
  return gpuport_copy_2d(q ? *q : gpuport_queue(), dst->data + h_offset * dst->pitch + w_offset, dst->pitch, static_cast<const unsigned char *>(src), spitch, width, height);
}
inline int gpuport_memcpy_2d_to_array(gpuport_array_t dst, size_t w_offset, size_t h_offset, const void *src, size_t spitch, size_t width, size_t height) {
  gpuport_memcpy_2d_to_array_async(dst, w_offset, h_offset, src, spitch, width, height);
  gpuport_queue().wait();
  return 0;
}
inline int gpuport_memcpy_2d_from_array_async(void *dst, size_t dpitch, gpuport_array_const_t src, size_t w_offset, size_t h_offset, size_t width, size_t height, sycl::queue *q = nullptr) {
  return gpuport_copy_2d(q ? *q : gpuport_queue(), static_cast<unsigned char *>(dst), dpitch, src->data + h_offset * src->pitch + w_offset, src->pitch, width, height);
}
inline int gpuport_memcpy_2d_from_array(void *dst, size_t dpitch, gpuport_array_const_t src, size_t w_offset, size_t h_offset, size_t width, size_t height) {
  gpuport_memcpy_2d_from_array_async(dst, dpitch, src, w_offset, h_offset, width, height);
  gpuport_queue().wait();
  return 0;
}
// The 1-D forms copy `count` bytes starting at (w_offset, h_offset), running on through the rows.
inline int gpuport_memcpy_to_array_async(gpuport_array_t dst, size_t w_offset, size_t h_offset, const void *src, size_t count, sycl::queue *q = nullptr) {
  (q ? *q : gpuport_queue()).memcpy(dst->data + h_offset * dst->pitch + w_offset, src, count);
  return 0;
}
inline int gpuport_memcpy_to_array(gpuport_array_t dst, size_t w_offset, size_t h_offset, const void *src, size_t count) {
  gpuport_memcpy_to_array_async(dst, w_offset, h_offset, src, count);
  gpuport_queue().wait();
  return 0;
}
inline int gpuport_memcpy_from_array_async(void *dst, gpuport_array_const_t src, size_t w_offset, size_t h_offset, size_t count, sycl::queue *q = nullptr) {
  (q ? *q : gpuport_queue()).memcpy(dst, src->data + h_offset * src->pitch + w_offset, count);
  return 0;
}
inline int gpuport_memcpy_from_array(void *dst, gpuport_array_const_t src, size_t w_offset, size_t h_offset, size_t count) {
  gpuport_memcpy_from_array_async(dst, src, w_offset, h_offset, count);
  gpuport_queue().wait();
  return 0;
}
// Fills the descriptor from CUDA's resource and texture descriptors and copies it to the device.
inline int gpuport_create_texture_object(gpuport_texture_object *tex, const gpuport_resource_desc *res, const gpuport_texture_desc *td, const void *view) {
  gpuport_texture t{};
  const gpuport_channel_desc *d = nullptr;
  if (view) return 1;  // resource views: not emulated (cudaErrorInvalidValue)
  if (res->resType == gpuport_resource_array) {
    const gpuport_array *a = res->res.array.array;
    t.data = a->data, t.width = a->width, t.height = a->height, t.pitch = a->pitch, d = &a->desc;
  } else if (res->resType == gpuport_resource_linear) {
    d = &res->res.linear.desc;
    const size_t texel = size_t(d->x + d->y + d->z + d->w) / 8;
    t.data = static_cast<const unsigned char *>(res->res.linear.devPtr);
    t.width = int(res->res.linear.sizeInBytes / (texel ? texel : 1)), t.height = 1, t.pitch = res->res.linear.sizeInBytes;
  } else if (res->resType == gpuport_resource_pitch2d) {
    d = &res->res.pitch2D.desc;
    t.data = static_cast<const unsigned char *>(res->res.pitch2D.devPtr);
    t.width = int(res->res.pitch2D.width), t.height = int(res->res.pitch2D.height), t.pitch = res->res.pitch2D.pitchInBytes;
  } else {
    return 1;  // mipmapped arrays: not emulated (cudaErrorInvalidValue)
  }
  t.channels = (d->x > 0) + (d->y > 0) + (d->z > 0) + (d->w > 0), t.bits = d->x, t.kind = d->f;
  t.address[0] = td->addressMode[0], t.address[1] = td->addressMode[1];
  t.filter = td->filterMode, t.read = td->readMode, t.normalized = td->normalizedCoords;
  for (int c = 0; c < 4; ++c) t.border[c] = td->borderColor[c];
  gpuport_texture *p = sycl::malloc_device<gpuport_texture>(1, gpuport_queue());
  gpuport_queue().memcpy(p, &t, sizeof t).wait();
  *tex = p;
  return 0;
}
inline int gpuport_destroy_texture_object(gpuport_texture_object tex) {
  if (tex) sycl::free(const_cast<gpuport_texture *>(tex), gpuport_queue());
  return 0;
}
#endif
void copy(float *dst, int n
#if (USE_TEXTURE)
                     , gpuport_texture_object tex
#endif
, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
#if (USE_TEXTURE)
  if (i < n) dst[i] = gpuport_tex1Dfetch<float>(tex, i);
#endif
}

void run(float *d_dst, float *d_src, int n) {
#if (USE_TEXTURE)
  gpuport_texture_object tex;
  gpuport_resource_desc res;
  memset(&res, 0, sizeof(res));
  res.resType = gpuport_resource_linear;
  res.res.linear.devPtr = d_src;
  res.res.linear.sizeInBytes = n * sizeof(float);
  res.res.linear.desc = gpuport_create_channel_desc<float>();
  gpuport_texture_desc td;
  memset(&td, 0, sizeof(td));
  td.readMode = gpuport_read_element_type;
  gpuport_create_texture_object(&tex, &res, &td, NULL);
#endif
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { copy(d_dst, n
#if (USE_TEXTURE)
                                 , tex
#endif
  , item); });
#if (USE_TEXTURE)
  gpuport_destroy_texture_object(tex);
#endif
}
