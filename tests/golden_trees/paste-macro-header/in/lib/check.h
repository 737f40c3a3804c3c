#ifndef CHECK_H
#define CHECK_H
#include <stdio.h>
#ifdef __HIPCC__
#include "check_hip.h"
#else
#include "check_cuda.h"
#endif
#endif
