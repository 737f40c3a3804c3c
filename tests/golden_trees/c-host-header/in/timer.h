#ifndef TIMER_H
#define TIMER_H

#ifdef __cplusplus
extern "C" {
#endif

struct timer_marker {
  void *marker;
  //cudaEvent_t marker; /* the driver event for this marker */
  /* timers of __global__ kernels are taken with events */
  struct timer_marker *next;
};

void timer_start(struct timer_marker *m);

#ifdef __cplusplus
}
#endif

#endif
