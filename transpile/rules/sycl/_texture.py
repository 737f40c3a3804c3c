"""What the texture rules (GP252 texture-objects, GP253 texture-fetch) share: the CUDA names they map and
the inline standard-SYCL code they emit once per file.

SYCL 2020 has images and samplers, but AdaptiveCpp's CPU target (and other implementations) have no image
support, and SYCL's samplers do not define CUDA's 9-bit filtering weights. So a texture object becomes a
USM pointer to a small descriptor (`gpuport_texture`: data pointer, size, pitch, texel format, address
and filter modes) filled from CUDA's descriptors at `cudaCreateTextureObject`; the fetches are inline
device functions that do CUDA's addressing and filtering arithmetic on plain USM memory.

The definitions come in two guarded parts: the types and device functions (every file that names a
texture type or fetches), and the host functions that allocate through `gpuport_queue()` (files that call
the host API). A header and the file including it may both carry them.
"""

from __future__ import annotations

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...edits import Edit
from ...tables import Tables
from ...tokens import tokenize

# The names GP252 maps and what each becomes are the tables' rows routed to it (`rule:GP252 spelling`):
# CUDA's texture types and enumerators become the inline definitions' names (a plain rename keeps every use
# valid: the structs have CUDA's field names, the enumerators CUDA's values), host functions whose
# arguments stay as written become the inline functions' names. Rows routed without a spelling are the
# unsupported ones below.


def renames(tables: Tables) -> dict[str, str]:
    """CUDA texture name -> what GP252 writes for it (host copies included)."""
    return {n: s for n, s in tables.handled_by("GP252").items() if s is not None}


# Host copies (renamed as the tables say): the index of the copy-kind argument (dropped: USM pointers know
# where they live); an `...Async` copy may take a trailing stream argument.
HOST_COPIES: dict[str, int] = {
    "cudaMemcpy2DToArray": 7,
    "cudaMemcpy2DToArrayAsync": 7,
    "cudaMemcpyToArray": 5,
    "cudaMemcpyToArrayAsync": 5,
    "cudaMemcpy2DFromArray": 7,
    "cudaMemcpy2DFromArrayAsync": 7,
    "cudaMemcpyFromArray": 5,
    "cudaMemcpyFromArrayAsync": 5,
}
# Texture and surface API with no mapping here: reported with what remains.
UNSUPPORTED: dict[str, str] = {
    "cudaMalloc3DArray": "3-D and layered CUDA arrays are not emulated",
    "cudaMallocMipmappedArray": "mipmapped arrays are not emulated",
    "cudaGetMipmappedArrayLevel": "mipmapped arrays are not emulated",
    "cudaFreeMipmappedArray": "mipmapped arrays are not emulated",
    "cudaMemcpyArrayToArray": "array-to-array copies are not emulated",
    "cudaMemcpy2DArrayToArray": "array-to-array copies are not emulated",
    "cudaCreateSurfaceObject": "surface objects are not emulated",
    "cudaDestroySurfaceObject": "surface objects are not emulated",
    "cudaSurfaceObject_t": "surface objects are not emulated",
    "cudaGetTextureObjectResourceDesc": "descriptor queries of texture objects are not emulated",
    "cudaGetTextureObjectTextureDesc": "descriptor queries of texture objects are not emulated",
    "cudaGetTextureObjectResourceViewDesc": "resource views are not emulated",
    "cudaResourceViewDesc": "resource views are not emulated",
    "cudaGetChannelDesc": "channel queries of CUDA arrays are not emulated",
    "cudaArrayGetInfo": "CUDA array queries are not emulated",
}
# Device fetches emulated (GP253): name -> number of coordinates.
FETCHES: dict[str, int] = {"tex1Dfetch": 1, "tex1D": 1, "tex2D": 2}
# Texture-object fetches that are not emulated (reported when called through a texture object).
OTHER_FETCHES = frozenset(
    {
        "tex3D", "tex1DLayered", "tex2DLayered", "texCubemap", "texCubemapLayered", "tex2Dgather",
        "tex1DLod", "tex2DLod", "tex3DLod", "tex1DGrad", "tex2DGrad", "tex3DGrad", "tex2DLayeredLod",
        "tex2DLayeredGrad", "surf1Dread", "surf1Dwrite", "surf2Dread", "surf2Dwrite", "surf3Dread",
        "surf3Dwrite",
    }
)  # fmt: skip

DEVICE_PART = r"""#ifndef GPUPORT_TEXTURE
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
"""

HOST_PART = r"""#ifndef GPUPORT_TEXTURE_HOST
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
"""


def definitions(host: bool) -> str:
    return DEVICE_PART + (HOST_PART if host else "")


_STOP = frozenset(
    {"translation_unit", "preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "preproc_elifdef"}
)

_BODIES = frozenset({"compound_statement", "field_declaration_list", "function_definition"})


def insertion(ctx: RuleContext, first_use: int, text: str) -> Edit:
    """An edit placing `text` before the file-level item holding the first texture use: on the blank
    line before the item when there is one, else at the item's start (after the queue prelude, an
    earlier rule's insertion, when the item follows the includes directly)."""
    n: Node | None = ctx.root.descendant_for_byte_range(first_use, first_use)
    node: Node | None = None
    # The item under the translation unit or a file-level `#if`; an `#if` inside a function or class body
    # does not count (convolutionFFT2D's first use is in `#if (USE_TEXTURE)` inside a function).
    while n is not None and n.parent is not None:
        if n.type in _BODIES:
            node = None
        if node is None and n.parent.type in _STOP:
            node = n
        n = n.parent
    if node is None or node.type == "translation_unit":
        return Edit(0, 0, text)
    at = node.start_byte
    prev = node.prev_sibling
    prev_end = prev.end_byte if prev is not None else 0
    gap = ctx.source[prev_end:at]
    newline = gap.find(b"\n")
    if not gap.strip() and newline != -1 and prev_end + newline + 1 < at:
        at = prev_end + newline + 1
    return Edit(at, at, text)


_FETCH_CALLS = """
(call_expression function: (identifier) @name) @call
(call_expression function: (template_function name: (identifier) @name)) @call
"""
_DECLARED = "(function_declarator declarator: (identifier) @name)"


def fetch_calls(ctx: RuleContext) -> list[tuple[int, int, str, bool]]:
    """(start, end, name, emulated) of the name of each texture-object fetch, in code and macro bodies.

    A call goes through a texture object when it has explicit template arguments (`tex2D<float>(t, x,
    y)`, the only form that names the result type) or is the pointer form (`tex2D(&v, t, x, y)`, one
    argument more than the coordinates need). Other calls are legacy texture references (GP309). In
    macro bodies only the template form is recognised."""
    cached = getattr(ctx, "_texture_fetches", None)
    if isinstance(cached, list):
        return cached
    out: list[tuple[int, int, str, bool]] = []
    if not any(n.encode() in ctx.source for n in ("tex1D", "tex2D", "tex3D", "texCubemap", "surf")):
        ctx._texture_fetches = out  # type: ignore[attr-defined]
        return out
    own = {ctx.text(n) for n in ts.captures(_DECLARED, ctx.root).get("name", [])}
    for m in ts.matches(_FETCH_CALLS, ctx.root):
        name_node, call = m["name"][0], m["call"][0]
        name = ctx.text(name_node)
        if name in own or (name not in FETCHES and name not in OTHER_FETCHES):
            continue
        fn = call.child_by_field_name("function")
        args = call.child_by_field_name("arguments")
        n_args = len([a for a in args.named_children if a.type != "comment"]) if args is not None else 0
        templated = fn is not None and fn.type == "template_function"
        span = (name_node.start_byte, name_node.end_byte, name)
        if name in FETCHES:
            if templated or n_args == FETCHES[name] + 2:
                out.append((*span, True))
        elif templated:
            out.append((*span, False))
    for d in ts.captures("(preproc_def) @d (preproc_function_def) @d", ctx.root).get("d", []):
        value = d.child_by_field_name("value")
        if value is None:
            continue
        toks = [t for t in tokenize(ctx.source[value.start_byte : value.end_byte], value.start_byte)]
        code = [t for t in toks if t.kind not in ("space", "comment")]
        for t, nxt in zip(code, code[1:], strict=False):
            name = t.text.decode("ascii", "replace")
            if t.kind == "ident" and nxt.text == b"<" and name not in own:
                if name in FETCHES or name in OTHER_FETCHES:
                    out.append((t.start, t.start + len(t.text), name, name in FETCHES))
    out.sort()
    ctx._texture_fetches = out  # type: ignore[attr-defined]
    return out
