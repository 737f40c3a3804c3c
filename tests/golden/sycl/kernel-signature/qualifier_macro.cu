// hemi's kernels: `__global__` and `__host__ __device__` spelled by macros (`HEMI_LAUNCHABLE`,
// `HEMI_DEV_CALLABLE`). The kernel is a kernel all the same (it takes the nd_item, its launch is a
// parallel_for), and the macros' definitions lose the CUDA words.
#ifdef __CUDACC__
#define HEMI_LAUNCHABLE __global__
#define HEMI_DEV_CALLABLE_INLINE __host__ __device__ inline
#else
#define HEMI_LAUNCHABLE
#define HEMI_DEV_CALLABLE_INLINE inline
#endif

HEMI_DEV_CALLABLE_INLINE float scale(float x) { return 2.0f * x; }

HEMI_LAUNCHABLE void twice(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = scale(x[i]);
}

void run(float *x, int n) { twice<<<(n + 127) / 128, 128>>>(x, n); }
