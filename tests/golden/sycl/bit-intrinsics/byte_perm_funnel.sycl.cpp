#include <sycl/sycl.hpp>
// Byte permutes, funnel shifts and sums of absolute differences: no SYCL built-in, so inline lambdas.
void mix(const unsigned int *a, const unsigned int *b, unsigned int *out, int n, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) {
        unsigned int swapped = ([](unsigned int gp_x, unsigned int gp_y, unsigned int gp_s) { unsigned long long gp_v = (static_cast<unsigned long long>(gp_y) << 32) | gp_x; unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 4; ++gp_i) gp_r |= static_cast<unsigned int>((gp_v >> (8u * ((gp_s >> (4 * gp_i)) & 7u))) & 0xFFull) << (8 * gp_i); return gp_r; })(a[i], 0, 0x0123);
        unsigned int rotated = ([](unsigned int gp_lo, unsigned int gp_hi, unsigned int gp_s) { unsigned long long gp_v = (static_cast<unsigned long long>(gp_hi) << 32) | gp_lo; gp_v = gp_v << (gp_s & 31u); return static_cast<unsigned int>((gp_v >> 32) & 0xFFFFFFFFull); })(a[i], a[i], 8) ^ ([](unsigned int gp_lo, unsigned int gp_hi, unsigned int gp_s) { unsigned long long gp_v = (static_cast<unsigned long long>(gp_hi) << 32) | gp_lo; gp_v = gp_v >> (gp_s & 31u); return static_cast<unsigned int>(gp_v & 0xFFFFFFFFull); })(b[i], a[i], i);
        out[i] = swapped + rotated + ([](unsigned int gp_lo, unsigned int gp_hi, unsigned int gp_s) { unsigned long long gp_v = (static_cast<unsigned long long>(gp_hi) << 32) | gp_lo; gp_v = gp_v << (gp_s < 32u ? gp_s : 32u); return static_cast<unsigned int>((gp_v >> 32) & 0xFFFFFFFFull); })(a[i], b[i], 40) + ([](unsigned int gp_x, unsigned int gp_y, unsigned int gp_z) { return (gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x) + gp_z; })(a[i], b[i], 0u) + ([](int gp_x, int gp_y, unsigned int gp_z) { long long gp_d = static_cast<long long>(gp_x) - gp_y; return static_cast<unsigned int>(gp_d < 0 ? -gp_d : gp_d) + gp_z; })((int)a[i], 3, 1u);
    }
}
