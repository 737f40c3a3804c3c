// cuComplex.h in SYCL: the types are CUDA's float2/double2 (fields .x/.y stay), the functions inline helpers.
#include <cuComplex.h>
#include <cstdio>

__global__ void rotate(cuDoubleComplex *z, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        cuDoubleComplex w = make_cuDoubleComplex(0.0, 1.0);
        z[i] = cuCadd(cuCmul(z[i], w), cuConj(z[i]));
        double m = cuCabs(z[i]) + cuCreal(z[i]) - cuCimag(z[i]);
        z[i].x += m;
    }
}

int main() {
    cuFloatComplex a = make_cuFloatComplex(1.0f, 2.0f), b = make_cuFloatComplex(3.0f, -1.0f);
    cuFloatComplex q = cuCdivf(a, b);
    cuDoubleComplex d = cuComplexFloatToDouble(cuCfmaf(a, b, q));
    printf("%f %f %f %f\n", cuCrealf(q), cuCimagf(q), d.x, d.y);
    cuDoubleComplex *z;
    cudaMallocManaged(&z, 4 * sizeof(cuDoubleComplex));
    for (int i = 0; i < 4; ++i) z[i] = make_cuDoubleComplex(i, 1.0);
    rotate<<<1, 4>>>(z, 4);
    cudaDeviceSynchronize();
    printf("%f %f\n", cuCreal(z[3]), cuCimag(z[3]));
    cudaFree(z);
    return 0;
}
