// `dim3 d = {x, y, 1};` (darknet's cuda_gridsize): the range is named, else `= (1, y, x)` would be a comma
// expression; `dim3 d{...}` stays direct initialisation.
#include <cuda_runtime.h>

dim3 grid_for(size_t n) {
    size_t x = (n + 255) / 256, y = 1;
    dim3 d = {x, y, 1};
    dim3 e{(unsigned)x};
    return x > 1 ? d : e;
}
