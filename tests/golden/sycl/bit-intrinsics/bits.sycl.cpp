#include <cmath>
#include <sycl/sycl.hpp>

void bits(const unsigned int *in, int *first, unsigned int *rev, float *out, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    first[i] = ([](int gp_v) { unsigned int gp_u = static_cast<unsigned int>(gp_v); return gp_u == 0u ? 0 : int(sycl::popcount(~gp_u & (gp_u - 1u))) + 1; })((int)in[i]);
    rev[([](unsigned int gp_v) { gp_v = ((gp_v >> 1) & 0x55555555u) | ((gp_v & 0x55555555u) << 1); gp_v = ((gp_v >> 2) & 0x33333333u) | ((gp_v & 0x33333333u) << 2); gp_v = ((gp_v >> 4) & 0x0F0F0F0Fu) | ((gp_v & 0x0F0F0F0Fu) << 4); gp_v = ((gp_v >> 8) & 0x00FF00FFu) | ((gp_v & 0x00FF00FFu) << 8); return (gp_v >> 16) | (gp_v << 16); })(in[i]) % n] = ([](unsigned int gp_v) { gp_v = ((gp_v >> 1) & 0x55555555u) | ((gp_v & 0x55555555u) << 1); gp_v = ((gp_v >> 2) & 0x33333333u) | ((gp_v & 0x33333333u) << 2); gp_v = ((gp_v >> 4) & 0x0F0F0F0Fu) | ((gp_v & 0x0F0F0F0Fu) << 4); gp_v = ((gp_v >> 8) & 0x00FF00FFu) | ((gp_v & 0x00FF00FFu) << 8); return (gp_v >> 16) | (gp_v << 16); })(in[i]);
    unsigned long long wide = ([](unsigned long long gp_v) { unsigned long long gp_r = 0; for (int gp_i = 0; gp_i < 64; ++gp_i) { gp_r = (gp_r << 1) | (gp_v & 1ull); gp_v >>= 1; } return gp_r; })((unsigned long long)in[i]);
    float f = sycl::bit_cast<float>(0x3f800000) + sycl::bit_cast<float>(in[i] & 0x3fffffffu);
    int bits_of = sycl::bit_cast<int>(f);
    double d = sycl::bit_cast<double>(sycl::bit_cast<long long>(1.0) + (long long)(wide & 1ull));
    float s, c, sp, cp;
    ([](float gp_x, float *gp_s, float *gp_c) { *gp_s = sycl::sin(gp_x); *gp_c = sycl::cos(gp_x); })(f, &s, &c);
    ([](float gp_x, float *gp_s, float *gp_c) { *gp_s = sycl::sinpi(gp_x); *gp_c = sycl::cospi(gp_x); })(f, &sp, &cp);
    out[i] = ([](float gp_v) { return gp_v > 0.0f ? (gp_v < 1.0f ? gp_v : 1.0f) : 0.0f; })(s + c + sp + cp) + (float)d + (float)bits_of + (float)([](long long gp_v) { unsigned long long gp_u = static_cast<unsigned long long>(gp_v); return gp_u == 0ull ? 0 : int(sycl::popcount(~gp_u & (gp_u - 1ull))) + 1; })((long long)wide);
}
