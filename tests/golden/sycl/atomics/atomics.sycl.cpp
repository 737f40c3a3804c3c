#include <sycl/sycl.hpp>
void hist(const int *keys, unsigned int *bins, float *sum, int *best, unsigned long long *word, int n, const sycl::nd_item<3> &item, unsigned int *local) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    [](auto &gp_obj, auto gp_v) { return sycl::atomic_ref<std::remove_reference_t<decltype(gp_obj)>, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(gp_obj).fetch_add(gp_v); }(bins[keys[i] % 64], 1u);
    sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(local[item.get_local_id(2) % 64]).fetch_add(static_cast<unsigned int>(1u));
    sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*sum).fetch_add(static_cast<float>(0.5f));
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*best).fetch_max(static_cast<int>(keys[i]));
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group, sycl::access::address_space::generic_space>(*(best + 1)).fetch_min(static_cast<int>(keys[i]));
    unsigned long long old = [](auto &gp_obj, auto gp_expected, auto gp_desired) { unsigned long long gp_old = gp_expected; sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(gp_obj).compare_exchange_strong(gp_old, gp_desired); return gp_old; }(*word, 0ull, (unsigned long long)i);
    int prev = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(best[2]).exchange(static_cast<int>(i));
    sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(bins[0]).fetch_or(static_cast<unsigned int>((unsigned)prev));
    (void)old;
}
