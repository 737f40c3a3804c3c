// CUDA's __align__(n) (the CUDA samples' dct8x8 packs shorts in an aligned struct) is alignas(n).
union P { struct __align__(8) { short a, b, c, d; }; long long v; };
__global__ void k(P *p) { __align__(16) float t[4]; t[0] = p->a; p->b = t[0]; }
