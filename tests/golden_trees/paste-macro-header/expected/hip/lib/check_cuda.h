#include "stand_ins.h"
#define cuda( fn ) do { \
    status = (fn); \
    if ( hipSuccess != status ) { fprintf( stderr, "%s: %s\n", #fn, hipGetErrorString( status ) ); goto Error; } \
} while (0);
