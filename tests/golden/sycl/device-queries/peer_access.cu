// Peer access between "devices" that the SYCL translation folds onto one device.
#include <cstdio>

int main() {
    int n = 0;
    cudaGetDeviceCount(&n);
    for (int d = 0; d < n; ++d) {
        for (int p = 0; p < n; ++p) {
            int can = 0;
            cudaDeviceCanAccessPeer(&can, d, p);
            if (can && p != d) cudaDeviceEnablePeerAccess(p, 0);
        }
    }
    if (cudaDeviceDisablePeerAccess(0) != cudaSuccess) printf("no peer\n");
    printf("%d\n", n);
    return 0;
}
