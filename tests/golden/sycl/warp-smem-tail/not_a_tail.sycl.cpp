#include <sycl/sycl.hpp>
#include <cmath>
// Left to the other rules: strides stopping at 2, a mixed operator, a step without a store, a value
// every lane uses, and a kernel whose work-items may return early.
void partial(float *data, float *out, const sycl::nd_item<3> &item, float *sdata) {
    int tid = item.get_local_id(2);
    sdata[tid] = data[tid];
    sycl::group_barrier(item.get_group());
    if (tid < 32) {
        float v = sdata[tid] + sdata[tid + 32];
        for (int s = 16; s > 1; s >>= 1) {
            sycl::group_barrier(item.get_sub_group());
            sdata[tid] = v;
            sycl::group_barrier(item.get_sub_group());
            v += sdata[tid + s];
        }
        if (tid == 0) out[0] = v;
    }
}

void mixed(float *data, float *out, const sycl::nd_item<3> &item, float *sdata) {
    int tid = item.get_local_id(2);
    sdata[tid] = data[tid];
    sycl::group_barrier(item.get_group());
    if (tid < 32) {
        volatile float *vs = sdata;
        vs[tid] += vs[tid + 32];
        vs[tid] += vs[tid + 16];
        vs[tid] = sycl::fmax(vs[tid], vs[tid + 8]);
        vs[tid] += vs[tid + 4];
        vs[tid] += vs[tid + 2];
        vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[1] = sdata[0];
}

void no_store(const float *in, float *out, const sycl::nd_item<3> &item, float *s) {
    int tid = item.get_local_id(2);
    s[tid] = in[tid];
    sycl::group_barrier(item.get_group());
    if (tid < 32) {
        float v = s[tid] + s[tid + 32];
        for (int o = 16; o > 0; o >>= 1) { sycl::group_barrier(item.get_sub_group()); v += s[tid + o]; }
        if (tid == 0) out[0] = v;
    }
}
void every_lane_reads(const float *in, float *out, const sycl::nd_item<3> &item, float *s) {
    int tid = item.get_local_id(2);
    s[tid] = in[tid];
    sycl::group_barrier(item.get_group());
    if (tid < 32) {
        float v = s[tid] + s[tid + 32];
        for (int o = 16; o > 0; o >>= 1) { sycl::group_barrier(item.get_sub_group()); s[tid] = v; sycl::group_barrier(item.get_sub_group()); v += s[tid + o]; }
        out[tid] = v;
    }
}

void early_return(const float *in, float *out, int n, const sycl::nd_item<3> &item, float *s) {
    int tid = item.get_local_id(2);
    if (item.get_group(2) * 64 + tid >= n) return;
    s[tid] = in[item.get_group(2) * 64 + tid];
    sycl::group_barrier(item.get_group());
    if (tid < 32) {
        volatile float *vs = s;
        vs[tid] += vs[tid + 32]; vs[tid] += vs[tid + 16]; vs[tid] += vs[tid + 8];
        vs[tid] += vs[tid + 4]; vs[tid] += vs[tid + 2]; vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[item.get_group(2)] = s[0];
}
