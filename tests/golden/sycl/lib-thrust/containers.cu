// Thrust containers and algorithms without an execution policy (cuda-samples' radixSortThrust):
// device_vector holds USM shared memory, the algorithms run on the host.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/copy.h>
#include <thrust/sequence.h>
#include <thrust/random.h>
#include <cstdio>

__global__ void twice(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}

int main() {
    const int n = 1000;
    thrust::host_vector<float> h_keys(n);
    thrust::host_vector<unsigned int> h_values(n);
    thrust::default_random_engine rng(7);
    thrust::uniform_real_distribution<float> u01(0, 1);
    for (int i = 0; i < n; i++) h_keys[i] = u01(rng);
    thrust::sequence(h_values.begin(), h_values.end());
    thrust::device_vector<float> d_keys = h_keys;
    thrust::device_vector<unsigned int> d_values;
    d_values = h_values;
    thrust::sort_by_key(d_keys.begin(), d_keys.end(), d_values.begin());
    twice<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(d_keys.data()), n);
    cudaDeviceSynchronize();
    thrust::host_vector<float> sorted(n);
    thrust::copy(d_keys.begin(), d_keys.end(), sorted.begin());
    bool ok = thrust::is_sorted(sorted.begin(), sorted.end()) && sorted[n - 1] <= 2.0f;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return 0;
}
