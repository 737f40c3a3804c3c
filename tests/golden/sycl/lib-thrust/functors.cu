// Thrust's function objects passed to algorithms without a policy (cuda-samples' lineOfSight):
// maximum/plus have sycl:: counterparts, comparisons and arithmetic go to <functional>.
#include <thrust/device_vector.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/functional.h>

void scan_max(thrust::device_vector<float> &in, thrust::device_vector<float> &out)
{
    thrust::inclusive_scan(in.begin(), in.end(), out.begin(), thrust::maximum<float>());
}

void sort_down(thrust::device_vector<int> &v)
{
    thrust::sort(v.begin(), v.end(), thrust::greater<int>());
}

int total(thrust::device_vector<int> &v)
{
    return thrust::reduce(v.begin(), v.end(), 0, thrust::plus<int>());
}
