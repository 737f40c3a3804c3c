#include <sycl/sycl.hpp>

// High halves of products and halving adds: computed in a wider type, no sycl::mul_hi / sycl::hadd.
void halves(const int *a, const long long *b, long long *out, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i + 1 >= n) return;
    unsigned int ua = (unsigned int)a[i], ub = (unsigned int)a[i + 1];
    long long s = ([](int gp_a, int gp_b) { return int((static_cast<long long>(gp_a) * gp_b) >> 32); })(a[i], a[i + 1]) + ([](int gp_a, int gp_b) { return int((static_cast<long long>(gp_a) + gp_b + 1) >> 1); })(a[i], a[i + 1]);
    unsigned int u = ([](unsigned int gp_a, unsigned int gp_b) { return static_cast<unsigned int>((static_cast<unsigned long long>(gp_a) * gp_b) >> 32); })(ua, ub) ^ ([](unsigned int gp_a, unsigned int gp_b) { return static_cast<unsigned int>((static_cast<unsigned long long>(gp_a) + gp_b + 1u) >> 1); })(ua, ub) ^ ([](unsigned int gp_a, unsigned int gp_b) { return static_cast<unsigned int>((static_cast<unsigned long long>(gp_a) + gp_b) >> 1); })(ua, ub);
    long long w = ([](long long gp_sa, long long gp_sb) { unsigned long long gp_a = static_cast<unsigned long long>(gp_sa), gp_b = static_cast<unsigned long long>(gp_sb); unsigned long long gp_al = gp_a & 0xFFFFFFFFull, gp_ah = gp_a >> 32, gp_bl = gp_b & 0xFFFFFFFFull, gp_bh = gp_b >> 32; unsigned long long gp_t = gp_ah * gp_bl + ((gp_al * gp_bl) >> 32); unsigned long long gp_u = gp_al * gp_bh + (gp_t & 0xFFFFFFFFull); unsigned long long gp_h = gp_ah * gp_bh + (gp_t >> 32) + (gp_u >> 32); if (gp_sa < 0) gp_h -= gp_b; if (gp_sb < 0) gp_h -= gp_a; return static_cast<long long>(gp_h); })(b[i], b[i + 1]);
    unsigned long long uw = ([](unsigned long long gp_a, unsigned long long gp_b) { unsigned long long gp_al = gp_a & 0xFFFFFFFFull, gp_ah = gp_a >> 32, gp_bl = gp_b & 0xFFFFFFFFull, gp_bh = gp_b >> 32; unsigned long long gp_t = gp_ah * gp_bl + ((gp_al * gp_bl) >> 32); unsigned long long gp_u = gp_al * gp_bh + (gp_t & 0xFFFFFFFFull); unsigned long long gp_h = gp_ah * gp_bh + (gp_t >> 32) + (gp_u >> 32); return gp_h; })((unsigned long long)b[i], (unsigned long long)b[i + 1]);
    out[i] = s + u + w + (long long)uw;
}
