#include <cstdio>
#include <cuda_runtime.h>

struct Job {
    int id;
    float *result;
};

void CUDART_CB finished(cudaStream_t stream, cudaError_t status, void *data)
{
    Job *job = (Job *)data;
    printf("job %d done: %f (%d)\n", job->id, job->result[0], (int)status);
}

void hello(void *data) { printf("host function %d\n", *(int *)data); }

__global__ void work(float *r) { r[threadIdx.x] = threadIdx.x; }

int main()
{
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    Job job = {7, nullptr};
    cudaMallocManaged(&job.result, 32 * sizeof(float));
    work<<<1, 32, 0, stream>>>(job.result);
    if (cudaStreamAddCallback(stream, finished, &job, 0) != cudaSuccess)
        return 1;
    int tag = 3;
    cudaLaunchHostFunc(0, hello, &tag);
    cudaStreamSynchronize(stream);
    cudaStreamDestroy(stream);
    cudaFree(job.result);
    return 0;
}
