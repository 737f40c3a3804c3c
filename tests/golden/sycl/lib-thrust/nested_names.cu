// Thrust names inside a container's template arguments (thrust's examples/sort.cu) are translated too,
// and a dependent member type of a container keeps its scope rewrite: translating the output again
// changes nothing.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/pair.h>
void initialize(thrust::device_vector< thrust::pair<int,int> >& v);
template <typename T> void f(thrust::host_vector<T> &h) { typename thrust::host_vector<T>::iterator it = h.begin(); (void)it; }
