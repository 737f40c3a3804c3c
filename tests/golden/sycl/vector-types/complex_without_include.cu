// KBLAS's kblas_l2.h names cuComplex.h's types and leaves the include to the file including it.
int kblas_cscal(int n, cuFloatComplex alpha, cuFloatComplex *x, int incx);
int kblas_zscal(int n, cuDoubleComplex alpha, cuDoubleComplex *x, int incx);
