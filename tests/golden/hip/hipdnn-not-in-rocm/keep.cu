// gpuport: dnn=keep
// --dnn keep: the cuDNN names and <cudnn.h> stay, each reported unconverted; no GP126.
#include <cudnn.h>
#include <stdio.h>

#define CUDNN_CALL(f) { cudnnStatus_t err = (f); if (err != CUDNN_STATUS_SUCCESS) printf("%s\n", cudnnGetErrorString(err)); }

struct Net { cudnnHandle_t cudnnHandle; cudnnTensorDescriptor_t desc; };

void softmax(Net &net, const double *x, double *y, int n) {
  const double one = 1.0, zero = 0.0;
  CUDNN_CALL(cudnnCreate(&net.cudnnHandle));
  CUDNN_CALL(cudnnCreateTensorDescriptor(&net.desc));
  CUDNN_CALL(cudnnSetTensor4dDescriptor(net.desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_DOUBLE, n, 1, 1, 1));
  CUDNN_CALL(cudnnSoftmaxForward(net.cudnnHandle, CUDNN_SOFTMAX_ACCURATE, CUDNN_SOFTMAX_MODE_CHANNEL, &one,
                                 net.desc, x, &zero, net.desc, y));
  cudnnBackendDescriptor_t backend;  // cuDNN 8's backend API: hipDNN has none
  CUDNN_CALL(cudnnDestroyTensorDescriptor(net.desc));
  CUDNN_CALL(cudnnDestroy(net.cudnnHandle));
}
