// The first texture use sits in an `#if` inside a function (convolutionFFT2D): the helpers go before the
// function, at file scope, not inside its body.
#define USE_TEXTURE 1

__global__ void copy(float *dst, int n
#if (USE_TEXTURE)
                     , cudaTextureObject_t tex
#endif
) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if (USE_TEXTURE)
  if (i < n) dst[i] = tex1Dfetch<float>(tex, i);
#endif
}

void run(float *d_dst, float *d_src, int n) {
#if (USE_TEXTURE)
  cudaTextureObject_t tex;
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = d_src;
  res.res.linear.sizeInBytes = n * sizeof(float);
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.readMode = cudaReadModeElementType;
  cudaCreateTextureObject(&tex, &res, &td, NULL);
#endif
  copy<<<(n + 127) / 128, 128>>>(d_dst, n
#if (USE_TEXTURE)
                                 , tex
#endif
  );
#if (USE_TEXTURE)
  cudaDestroyTextureObject(tex);
#endif
}
