#include "stand_ins.h"
#define cuda( fn ) do { \
    status = (cuda##fn); \
    if ( cudaSuccess != status ) { fprintf( stderr, "%s: %s\n", #fn, cudaGetErrorString( status ) ); goto Error; } \
} while (0);
