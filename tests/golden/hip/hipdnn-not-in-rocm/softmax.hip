// cuDNN becomes hipDNN as hipify-clang writes it; the file is reported once (GP126: ROCm ships no
// hipDNN), names hipDNN lacks are reported one by one, and a member or the file's own name stays.
#include <hip/hip_runtime.h>
#include <hipDNN.h>
#include <stdio.h>

#define CUDNN_CALL(f) { hipdnnStatus_t err = (f); if (err != HIPDNN_STATUS_SUCCESS) printf("%s\n", hipdnnGetErrorString(err)); }

struct Net { hipdnnHandle_t cudnnHandle; hipdnnTensorDescriptor_t desc; };

void softmax(Net &net, const double *x, double *y, int n) {
  const double one = 1.0, zero = 0.0;
  CUDNN_CALL(hipdnnCreate(&net.cudnnHandle));
  CUDNN_CALL(hipdnnCreateTensorDescriptor(&net.desc));
  CUDNN_CALL(hipdnnSetTensor4dDescriptor(net.desc, HIPDNN_TENSOR_NCHW, HIPDNN_DATA_DOUBLE, n, 1, 1, 1));
  CUDNN_CALL(hipdnnSoftmaxForward(net.cudnnHandle, HIPDNN_SOFTMAX_ACCURATE, HIPDNN_SOFTMAX_MODE_CHANNEL, &one,
                                 net.desc, x, &zero, net.desc, y));
  cudnnBackendDescriptor_t backend;  // cuDNN 8's backend API: hipDNN has none
  CUDNN_CALL(hipdnnDestroyTensorDescriptor(net.desc));
  CUDNN_CALL(hipdnnDestroy(net.cudnnHandle));
}
