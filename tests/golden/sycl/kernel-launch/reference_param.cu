// A kernel taking a host object by reference (the object lives in managed memory, as in NVIDIA's
// unified-memory post): the launch passes the object's address, not a const copy.
#include <cstdio>

struct Counter {
    int hits;
    float sum;
};

__global__ void bump(Counter &c, const Counter &limit, float v) {
    if (c.hits < limit.hits) {
        c.hits += 1;
        c.sum += v;
    }
}

int main() {
    Counter *c, *limit;
    cudaMallocManaged(&c, sizeof(Counter));
    cudaMallocManaged(&limit, sizeof(Counter));
    c->hits = 0;
    c->sum = 0.0f;
    limit->hits = 2;
    for (int i = 0; i < 3; ++i) {
        bump<<<1, 1>>>(*c, *limit, 1.5f);
        cudaDeviceSynchronize();
    }
    printf("%s %d %g\n", c->hits == 2 && c->sum == 3.0f ? "PASS" : "FAIL", c->hits, c->sum);
    return 0;
}
