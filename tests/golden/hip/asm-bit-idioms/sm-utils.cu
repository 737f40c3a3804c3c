// AMGX's sm_utils.inl bit tools: one PTX instruction each, with an exact HIP expression. The operand that
// is not a plain value (a call) and the multi-instruction block are left to GP308.
static __device__ __forceinline__ int bfe(int src, int num_bits)
{
    unsigned mask;
    asm("bfe.u32 %0, %1, 0, %2;" : "=r"(mask) : "r"(src), "r"(num_bits));
    return mask;
}

static __device__ __forceinline__ int bfind(int src)
{
    int msb;
    asm("bfind.u32 %0, %1;" : "=r"(msb) : "r"(src));
    return msb;
}

static __device__ __forceinline__ int bfind(unsigned long long src)
{
    int msb;
    asm("bfind.u64 %0, %1;" : "=r"(msb) : "l"(src));
    return msb;
}

static __device__ __forceinline__ unsigned reverse(unsigned x)
{
    unsigned r;
    asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x));
    return r;
}

static __device__ __forceinline__ unsigned ones(unsigned x)
{
    unsigned r;
    asm("popc.b32 %0, %1;" : "=r"(r) : "r"(reverse(x)));
    return r;
}

static __device__ __forceinline__ unsigned add3(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm("{ .reg .u32 t; add.u32 t, %1, %2; add.u32 %0, t, %3; }" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}

__global__ void k(int *out, const int *in, unsigned long long w)
{
    int i = threadIdx.x;
    out[i] = bfe(in[i], 5) + bfind(in[i]) + bfind(w) + (int)reverse(in[i]) + (int)ones(in[i]) + (int)add3(1, 2, 3);
}
