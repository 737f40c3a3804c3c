"""GP269 lib-complex: `cuComplex.h`'s types and functions in standard SYCL 2020.

What it does
    `cuFloatComplex`/`cuComplex` -> `float2`, `cuDoubleComplex` -> `double2` (the aligned `.x`/`.y`
    structs GP236 defines for CUDA's vector types); `make_cuFloatComplex`/`make_cuComplex` ->
    `make_float2`, `make_cuDoubleComplex` -> `make_double2`; `cuCrealf`, `cuCimagf`, `cuConjf`,
    `cuCaddf`, `cuCsubf`, `cuCmulf`, `cuCdivf`, `cuCabsf`, `cuCfmaf` and their double forms ->
    `gpuport_crealf`... `gpuport_cfma`; `cuComplexFloatToDouble`/`cuComplexDoubleToFloat` ->
    `gpuport_complex_float_to_double`/`..._double_to_float`. The `#include <cuComplex.h>` is replaced by
    the two struct definitions and the helpers (guarded by `GPUPORT_SYCL_COMPLEX`).
Why
    SYCL 2020 has no complex type in its core (`sycl::ext::oneapi::experimental::complex` is an Intel
    extension), and `std::complex` is not guaranteed in device code. CUDA's complex numbers are its
    `float2`/`double2` (real in `.x`, imaginary in `.y`), and code reads `.x` and `.y` directly, so the
    same structs keep every field access, every `reinterpret_cast` to `std::complex<double>` (same layout)
    and every cuFFT-style buffer valid. The helpers compute what CUDA's inline functions compute: division
    scales by `|re| + |im|` of the divisor first (so it does not overflow where the plain formula would),
    the absolute value is `hypot`.
Example
    cuDoubleComplex z = cuCmul(a, make_cuDoubleComplex(0.0, 1.0));
Translated to
    double2 z = gpuport_cmul(a, make_double2(0.0, 1.0));
Safety
    safe: the same layout and arithmetic; `cuCabs` rounds like `sycl::hypot`, which may differ from CUDA's
    own scaled formula in the last bit.
References
    CUDA Toolkit `cuComplex.h` (the types are `float2`/`double2`; the functions are inline); SYCL 2020
    specification, 4.17.5 (math functions: `hypot`, `fabs`).
"""

from __future__ import annotations

import re

from ._libs import LibraryRule
from ._vectors import definition


def _helpers(elem: str, vec: str, suffix: str) -> str:
    """CUDA's complex functions over one element type (`f` names for float, none for double)."""
    c = f"inline {vec} gpuport_c"
    return (
        f"inline {elem} gpuport_creal{suffix}({vec} z) {{ return z.x; }}\n"
        f"inline {elem} gpuport_cimag{suffix}({vec} z) {{ return z.y; }}\n"
        f"inline {vec} gpuport_conj{suffix}({vec} z) {{ return {vec}{{z.x, -z.y}}; }}\n"
        f"{c}add{suffix}({vec} a, {vec} b) {{ return {vec}{{a.x + b.x, a.y + b.y}}; }}\n"
        f"{c}sub{suffix}({vec} a, {vec} b) {{ return {vec}{{a.x - b.x, a.y - b.y}}; }}\n"
        f"{c}mul{suffix}({vec} a, {vec} b) {{\n"
        f"  return {vec}{{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}};\n}}\n"
        f"// Scaled by |re| + |im| of the divisor first, as CUDA's cuCdiv: no overflow in |b|^2.\n"
        f"{c}div{suffix}({vec} a, {vec} b) {{\n"
        f"  const {elem} s = sycl::fabs(b.x) + sycl::fabs(b.y), inv = {elem}(1) / s;\n"
        f"  const {elem} ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;\n"
        f"  const {elem} d = {elem}(1) / (br * br + bi * bi);\n"
        f"  return {vec}{{(ar * br + ai * bi) * d, (ai * br - ar * bi) * d}};\n}}\n"
        f"inline {elem} gpuport_cabs{suffix}({vec} z) {{ return sycl::hypot(z.x, z.y); }}\n"
        f"// x * y + d, in CUDA's order of operations.\n"
        f"{c}fma{suffix}({vec} x, {vec} y, {vec} d) {{\n"
        f"  return {vec}{{(x.x * y.x + d.x) + -x.y * y.y, (x.x * y.y + d.y) + x.y * y.x}};\n}}\n"
    )


COMPLEX = (
    "#ifndef GPUPORT_SYCL_COMPLEX\n#define GPUPORT_SYCL_COMPLEX\n"
    "// cuComplex.h: a complex number is CUDA's float2/double2, real in .x, imaginary in .y.\n"
    + definition("float2")
    + definition("double2")
    + _helpers("float", "float2", "f")
    + _helpers("double", "double2", "")
    + "inline double2 gpuport_complex_float_to_double(float2 z) { return double2{z.x, z.y}; }\n"
    + "inline float2 gpuport_complex_double_to_float(double2 z) { return float2{(float)z.x, (float)z.y}; }\n"
    + "#endif\n"
)


class LibComplex(LibraryRule):
    code = "GP269"
    name = "lib-complex"
    targets = frozenset({"sycl"})
    summary = "Map cuComplex.h to float2/double2 structs and inline complex helpers."
    triggers = (b"cuComplex", b"cuC", b"Complex")
    headers = {"cuComplex.h": [COMPLEX]}
    # cuComplex.h's own names only (`cuCtxCreate` is the driver API's, `cuC\w+` would take it)
    library_names = re.compile(
        r"cuC(?:real|imag|add|sub|mul|div|abs|fma)f?|cuConjf?|make_cu(?:Float|Double)?Complex"
        r"|cu(?:Float|Double)?Complex|cuComplex(?:FloatToDouble|DoubleToFloat)"
    )
    library = "cuComplex"
    mapped_summary = "the complex types, make_*, and the cuC* arithmetic, conj, abs and fma functions"
    family = "complex"
    needs_queue = False
