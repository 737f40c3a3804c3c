// A scalar cast to dim3 (x = the value, y = z = 1); a dim3 cast to dim3 stays a copy.
struct Launch {
  dim3 grid;
  dim3 block;
  Launch(const dim3 &g, const dim3 &b) : grid(g), block(b) {}
};

__global__ void zero(int *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }

void run(int *x, int n) {
  const int blocks = (n + 255) / 256;
  Launch p((dim3)blocks, (dim3)(blocks * 2));
  dim3 copy = (dim3)p.grid;
  zero<<<copy, p.block>>>(x);
}
