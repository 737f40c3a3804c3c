#ifndef API_H
#define API_H
#ifdef __cplusplus
extern "C" {
#endif
extern int gpu_index;
void set_device(int n);
float *make_array(float *x, int n);
#ifdef __cplusplus
}
#endif
#endif
