/* The wrappers the C main calls; defined in kernels.cu with C linkage. */
#ifndef WRAPPER_H
#define WRAPPER_H
#ifdef __cplusplus
extern "C" {
#endif
void run_wrapper(int *values, int n);
#ifdef __cplusplus
}
#endif
#endif
