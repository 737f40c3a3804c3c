/* A C host file as older suites write them: plain C, one CUDA runtime call. */
#include <stdio.h>
#include <stdlib.h>
#include "wrapper.h"

int main(int argc, char **argv)
{
    int device = argc > 1 ? atoi(argv[1]) : 0;
    int *values = malloc(4 * sizeof(int)); /* void * into int *: C only */
    cudaSetDevice(device);
    for (int i = 0; i < 4; i++)
        values[i] = i;
    run_wrapper(values, 4);
    printf("%d\n", values[3]);
    free(values);
    return 0;
}
