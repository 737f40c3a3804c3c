// Texture objects over a CUDA array, pitched memory and linear memory; the handle lives in a struct.
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_CHECK(x) do { if ((x) != cudaSuccess) return 1; } while (0)

struct Image {
    cudaArray_t array;
    cudaTextureObject_t tex;
};

__global__ void shade(cudaTextureObject_t tex, float *out, int w) {
    int x = threadIdx.x;
    out[x] = tex2D<float>(tex, x + 0.5f, 0.5f) + tex1Dfetch<float>(tex, x);
}

static cudaTextureObject_t make_texture(const cudaResourceDesc &res, cudaTextureFilterMode filter,
                                        cudaTextureAddressMode mode, bool normalized) {
    cudaTextureDesc td = {};
    for (int d = 0; d < 2; ++d) td.addressMode[d] = mode;
    td.filterMode = filter;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = normalized;
    td.borderColor[0] = 0.0f;
    cudaTextureObject_t tex = 0;
    if (cudaCreateTextureObject(&tex, &res, &td, nullptr) != cudaSuccess) return 0;
    return tex;
}

int upload(Image &img, const float *host, int w, int h, cudaStream_t stream) {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    CUDA_CHECK(cudaMallocArray(&img.array, &desc, w, h));
    CUDA_CHECK(cudaMemcpy2DToArrayAsync(img.array, 0, 0, host, w * sizeof(float), w * sizeof(float), h,
                                        cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaMemcpyToArray(img.array, 0, 0, host, w * sizeof(float), cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = img.array;
    img.tex = make_texture(res, cudaFilterModeLinear, cudaAddressModeBorder, false);
    return img.tex != 0 ? 0 : 1;
}

int download(float *host, const Image &img, int w, int h) {
    CUDA_CHECK(cudaMemcpy2DFromArray(host, w * sizeof(float), img.array, 0, 0, w * sizeof(float), h,
                                     cudaMemcpyDeviceToHost));
    return 0;
}

void release(Image &img) {
    cudaDestroyTextureObject(img.tex);
    cudaFreeArray(img.array);
}

cudaTextureObject_t over_linear(float *d, size_t n) {
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = n * sizeof(float);
    return make_texture(res, cudaFilterModePoint, cudaAddressModeClamp, false);
}

cudaTextureObject_t over_pitched(unsigned char *d, size_t pitch, int w, int h) {
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypePitch2D;
    res.res.pitch2D.devPtr = d;
    res.res.pitch2D.desc = cudaCreateChannelDesc<uchar4>();
    res.res.pitch2D.width = w;
    res.res.pitch2D.height = h;
    res.res.pitch2D.pitchInBytes = pitch;
    return make_texture(res, cudaFilterModePoint, cudaAddressModeWrap, true);
}
