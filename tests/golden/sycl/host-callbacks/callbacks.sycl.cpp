#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

struct Job {
    int id;
    float *result;
};

void /*CUDART_CB*/ finished(sycl::queue * stream, int status, void *data)
{
    Job *job = (Job *)data;
    printf("job %d done: %f (%d)\n", job->id, job->result[0], (int)status);
}

void hello(void *data) { printf("host function %d\n", *(int *)data); }

void work(float *r, const sycl::nd_item<3> &item) { r[item.get_local_id(2)] = item.get_local_id(2); }

int main()
{
    sycl::queue * stream;
    stream = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    Job job = {7, nullptr};
    job.result = static_cast<std::remove_reference_t<decltype(job.result)>>(sycl::malloc_shared(32 * sizeof(float), gpuport_queue()));
    stream->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { work(job.result, item); });
    if ((stream->wait(), finished(stream, 0, &job), 0) != 0)
        return 1;
    int tag = 3;
    (gpuport_queue().wait(), hello(&tag), 0);
    stream->wait();
    delete stream;
    sycl::free(job.result, gpuport_queue());
    return 0;
}
