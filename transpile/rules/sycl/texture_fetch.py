"""GP253 texture-fetch: `tex1Dfetch`, `tex1D` and `tex2D` on texture objects -> inline device functions.

What it does
    Renames fetches through texture objects, `tex2D<T>(tex, x, y)`, `tex1D<T>(tex, x)`,
    `tex1Dfetch<T>(tex, i)` and their pointer forms (`tex2D(&v, tex, x, y)`), to `gpuport_tex2D<T>`,
    `gpuport_tex1D<T>`, `gpuport_tex1Dfetch<T>`: inline device functions (defined by GP252 once per file)
    that do what CUDA's texture unit does, on the USM descriptor GP252 filled:
    - normalised coordinates are scaled by the width/height;
    - point filtering reads texel (floor(x), floor(y));
    - linear filtering returns (1-a)(1-b)T[i,j] + a(1-b)T[i+1,j] + (1-a)bT[i,j+1] + abT[i+1,j+1] with
      i = floor(x - 0.5), a = frac(x - 0.5) (j, b likewise), the weights a and b rounded, as CUDA's texture
      unit stores them, to 9-bit fixed point with 8 fractional bits (steps of 1/256); the blend itself is
      computed in float. So the result differs from exact bilinear interpolation by at most
      (|a error| + |b error|) x the largest texel difference <= 1/256 of it, as CUDA's does, and from
      CUDA's own result by float rounding plus at most one 1/256 step of a weight where CUDA's rounding of
      the weight differs (CUDA does not document it; round-to-nearest is used);
    - address modes per texel index: clamp, border (the texture descriptor's border colour, zero when it
      was zero-initialised), and, for normalised coordinates, wrap and mirror (CUDA clamps unnormalised
      coordinates in those modes);
    - read modes: element type, or normalised float for 8- and 16-bit integer texels (unsigned to [0, 1],
      signed to [-1, 1]); 16-bit float texels are read as `sycl::half`;
    - `tex1Dfetch` reads linear memory by integer index without filtering; outside it returns zero.
    `T` may be a scalar or a CUDA vector type (`float4`, `uchar4`: GP236 keeps their `.x` fields).
    Other fetches through texture objects (`tex3D`, layered, cubemap, gather, `Lod`/`Grad`, surfaces) are
    reported as unconverted; fetches through legacy texture references are left to GP309.
Why
    SYCL 2020 images are optional and absent on AdaptiveCpp's CPU target, and a SYCL sampler's linear
    filtering is not specified to use CUDA's fixed-point weights; doing the arithmetic in code runs on
    every SYCL implementation and gives CUDA's results.
Example
    out[y * w + x] = tex2D<float>(tex, u, v);
Translated to
    out[y * w + x] = gpuport_tex2D<float>(tex, u, v);
Safety
    safe. Precision: see above (CUDA's 1/256 weight steps are reproduced; results match CUDA's texture
    unit to float rounding and at most one weight step). Texels are read through the data cache, not a
    texture cache, so speed may differ.
References
    CUDA C++ Programming Guide, Texture Fetching (nearest-point sampling, linear filtering, 9-bit fixed
    point weights) and Texture Object API; SYCL 2020 specification, 4.8 (USM).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._texture import fetch_calls


class TextureFetch(Rule):
    code = "GP253"
    name = "texture-fetch"
    targets = frozenset({"sycl"})
    summary = "tex1Dfetch/tex1D/tex2D on texture objects -> inline device functions with CUDA's filtering."
    triggers = (b"tex1D", b"tex2D", b"tex3D", b"texCubemap", b"surf")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for s, e, name, emulated in fetch_calls(ctx):
            if ctx.is_claimed(s, e):
                continue
            if not emulated:
                yield self.unconverted(
                    s,
                    e,
                    f"`{name}` on a texture object: only tex1Dfetch, tex1D and tex2D are emulated",
                    family="texture",
                    symbol=name,
                )
                continue
            yield self.converted(
                s,
                e,
                f"`{name}` -> `gpuport_{name}`",
                [Edit(s, e, f"gpuport_{name}")],
                family="texture",
                symbol=name,
            )
