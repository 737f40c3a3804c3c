"""GP276 math-constants: `math_constants.h`'s `CUDART_*` constants defined in the translation.

What it does
    Replaces `#include <math_constants.h>` (or `"math_constants.h"`) with a guarded block of `#define`s for
    CUDA's named constants: pi and its fractions (`CUDART_PI_F`, `CUDART_PIO2`, `CUDART_2_OVER_PI`,
    `CUDART_SQRT_2PI`, ...), logarithm constants (`CUDART_LN2`, `CUDART_L2E_F`, `CUDART_LNT`, ...), roots
    and fractions (`CUDART_SQRT_HALF_F`, `CUDART_THIRD`), powers of two (`CUDART_TWO_TO_23_F`, ...) and the
    special values (`CUDART_INF_F`, `CUDART_NAN`, `CUDART_NEG_ZERO`, `CUDART_MIN_DENORM_F`,
    `CUDART_MAX_NORMAL_F`), so every use keeps its name. The split constants of extended-precision
    argument reduction (`CUDART_PI_HI`/`_LO`, ...) are reported: their split is the library's choice.
Why
    SYCL 2020 has no such header (`sycl::` math has no named constants, `std::numbers` is C++20). The
    values are the mathematical constants correctly rounded to `float` or `double` (computed with mpmath
    at 60 digits), the special values their IEEE bit patterns (`sycl::bit_cast`), as CUDA defines them.
Example
    #include <math_constants.h>
    float a = 2.0f * CUDART_PI_F * r;
Translated to
    #ifndef GPUPORT_MATH_CONSTANTS ... #define CUDART_PI_F 3.1415927410125732f ... #endif
    float a = 2.0f * CUDART_PI_F * r;
Safety
    safe: the same values.
References
    CUDA Toolkit `math_constants.h` (names); IEEE 754-2008 binary32/binary64; SYCL 2020 specification,
    4.17.5 (no named constants).
"""

from __future__ import annotations

import re

from ._libs import LibraryRule

# Correctly rounded values (mpmath, 60 digits; floats checked against their neighbours).
CONSTANTS = (
    "#ifndef GPUPORT_MATH_CONSTANTS\n#define GPUPORT_MATH_CONSTANTS\n"
    "// math_constants.h: CUDA's named constants, correctly rounded; the special values as IEEE bit patterns.\n"
    "#define CUDART_PI 3.141592653589793\n"
    "#define CUDART_PIO2 1.5707963267948966\n"
    "#define CUDART_PIO4 0.7853981633974483\n"
    "#define CUDART_3PIO4 2.356194490192345\n"
    "#define CUDART_2_OVER_PI 0.6366197723675814\n"
    "#define CUDART_SQRT_2OPI 0.7978845608028654\n"
    "#define CUDART_SQRT_2PI 2.5066282746310007\n"
    "#define CUDART_SQRT_PIO2 1.2533141373155003\n"
    "#define CUDART_SQRT_HALF 0.7071067811865476\n"
    "#define CUDART_SQRT_TWO 1.4142135623730951\n"
    "#define CUDART_THIRD 0.3333333333333333\n"
    "#define CUDART_TWOTHIRD 0.6666666666666666\n"
    "#define CUDART_L2E 1.4426950408889634\n"
    "#define CUDART_L2T 3.321928094887362\n"
    "#define CUDART_LG2 0.3010299956639812\n"
    "#define CUDART_LGE 0.4342944819032518\n"
    "#define CUDART_LN2 0.6931471805599453\n"
    "#define CUDART_LNT 2.302585092994046\n"
    "#define CUDART_LNPI 1.1447298858494002\n"
    "#define CUDART_LG2_X_1024 308.25471555991675\n"
    "#define CUDART_LG2_X_1075 323.60724533877976\n"
    "#define CUDART_LN2_X_1024 709.782712893384\n"
    "#define CUDART_LN2_X_1025 710.475860073944\n"
    "#define CUDART_LN2_X_1075 745.1332191019412\n"
    "#define CUDART_PI_F 3.1415927410125732f\n"
    "#define CUDART_PIO2_F 1.5707963705062866f\n"
    "#define CUDART_PIO4_F 0.7853981852531433f\n"
    "#define CUDART_3PIO4_F 2.356194496154785f\n"
    "#define CUDART_2_OVER_PI_F 0.6366197466850281f\n"
    "#define CUDART_SQRT_2_OVER_PI_F 0.7978845834732056f\n"
    "#define CUDART_SQRT_HALF_F 0.7071067690849304f\n"
    "#define CUDART_SQRT_TWO_F 1.4142135381698608f\n"
    "#define CUDART_THIRD_F 0.3333333432674408f\n"
    "#define CUDART_L2E_F 1.4426950216293335f\n"
    "#define CUDART_L2T_F 3.321928024291992f\n"
    "#define CUDART_LG2_F 0.3010300099849701f\n"
    "#define CUDART_LGE_F 0.4342944920063019f\n"
    "#define CUDART_LN2_F 0.6931471824645996f\n"
    "#define CUDART_LNT_F 2.3025851249694824f\n"
    "#define CUDART_LNPI_F 1.1447298526763916f\n"
    "#define CUDART_ZERO 0.0\n"
    "#define CUDART_ONE 1.0\n"
    "#define CUDART_ZERO_F 0.0f\n"
    "#define CUDART_ONE_F 1.0f\n"
    "#define CUDART_TWO_TO_23 8388608.0\n"
    "#define CUDART_TWO_TO_52 4503599627370496.0\n"
    "#define CUDART_TWO_TO_53 9007199254740992.0\n"
    "#define CUDART_TWO_TO_54 18014398509481984.0\n"
    "#define CUDART_TWO_TO_M54 5.551115123125783e-17\n"
    "#define CUDART_TWO_TO_M1022 2.2250738585072014e-308\n"
    "#define CUDART_DBL2INT_CVT 6755399441055744.0\n"
    "#define CUDART_TWO_TO_23_F 8388608.0f\n"
    "#define CUDART_TWO_TO_24_F 16777216.0f\n"
    "#define CUDART_TWO_TO_31_F 2147483648.0f\n"
    "#define CUDART_TWO_TO_32_F 4294967296.0f\n"
    "#define CUDART_TWO_TO_126_F 8.507059173023462e+37f\n"
    "#define CUDART_TWO_TO_M126_F 1.1754943508222875e-38f\n"
    "#define CUDART_REMQUO_BITS_F 3\n"
    "#define CUDART_REMQUO_MASK_F (~((~0u) << CUDART_REMQUO_BITS_F))\n"
    "#define CUDART_INF_F sycl::bit_cast<float>(0x7f800000u)\n"
    "#define CUDART_NAN_F sycl::bit_cast<float>(0x7fffffffu)\n"
    "#define CUDART_NEG_ZERO_F sycl::bit_cast<float>(0x80000000u)\n"
    "#define CUDART_MIN_DENORM_F sycl::bit_cast<float>(0x00000001u)\n"
    "#define CUDART_MAX_NORMAL_F sycl::bit_cast<float>(0x7f7fffffu)\n"
    "#define CUDART_NORM_HUGE_F 3.4028234663852886e+38f\n"
    "#define CUDART_INF sycl::bit_cast<double>(0x7ff0000000000000ull)\n"
    "#define CUDART_NAN sycl::bit_cast<double>(0xfff8000000000000ull)\n"
    "#define CUDART_NEG_ZERO sycl::bit_cast<double>(0x8000000000000000ull)\n"
    "#define CUDART_MIN_DENORM sycl::bit_cast<double>(0x0000000000000001ull)\n"
    "#endif\n"
)
DEFINED = frozenset(re.findall(r"#define (CUDART_\w+)", CONSTANTS))


class MathConstants(LibraryRule):
    code = "GP276"
    name = "math-constants"
    targets = frozenset({"sycl"})
    summary = (
        "Replace math_constants.h with a block defining CUDA's CUDART_* constants (same names and values)."
    )
    triggers = (b"math_constants", b"CUDART_")
    headers = {"math_constants.h": [CONSTANTS]}
    library_names = re.compile(r"CUDART_(?!VERSION\b|CB\b)\w+")
    library = "math_constants.h"
    mapped_summary = "its named constants (not the _HI/_LO splits)"
    family = "math"
    needs_queue = False
