"""GP309 texture-reference: legacy texture references (`texture<T, dim, mode>`) and their fetches.

What it does
    Reports declarations of texture references (`texture<float, 1, cudaReadModeElementType> tex;`, also
    `surface<...>`) and texture fetches (`tex1Dfetch`, `tex1D`, `tex2D`, `tex3D`, layered and cubemap forms)
    whose first argument is such a reference.
Why
    Texture references were deprecated in CUDA 11 and removed in CUDA 12; HIP keeps them only as a
    deprecated API (gone in ROCm 7), and SYCL has no counterpart. Texture objects
    (`cudaTextureObject_t`, `cudaCreateTextureObject`) translate one-to-one and are not reported.
Example
    texture<float, 1, cudaReadModeElementType> texRef;
    float v = tex1Dfetch(texRef, i);
Translated to
    `cudaReadModeElementType` renamed by GP001; the declaration and the fetch reported: move to texture
    objects
Safety
    reports only (review).
References
    CUDA 12.0 release notes (texture reference API removed); HIP programming guide, texture functions.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from .portability_shared import call_args, callee_name

_DECL = """
(declaration type: (template_type name: (type_identifier) @t) declarator: (identifier) @name) @decl
(parameter_declaration type: (template_type name: (type_identifier) @t) declarator: (_) @name) @decl
"""
_CALLS = "(call_expression) @call"
_FETCHES = frozenset(
    {
        "tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered", "texCubemap",
        "texCubemapLayered", "tex2Dgather", "tex1DLod", "tex2DLod", "tex3DLod", "tex1DGrad", "tex2DGrad",
        "tex3DGrad", "surf1Dread", "surf1Dwrite", "surf2Dread", "surf2Dwrite", "surf3Dread", "surf3Dwrite",
    }
)  # fmt: skip


class TextureReference(Rule):
    code = "GP309"
    name = "texture-reference"
    targets = frozenset({"hip", "sycl"})
    summary = "Report legacy texture references (removed in CUDA 12, deprecated in HIP)."
    triggers = (b"texture", b"tex1D", b"tex2D", b"tex3D")

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if b"texture" not in ctx.source and b"surface" not in ctx.source:
            return
        refs: set[str] = set()
        why = (
            "HIP keeps texture references only as a deprecated API"
            if ctx.target == "hip"
            else "SYCL has no texture references"
        )
        for m in ts.matches(_DECL, ctx.root):
            kind = ctx.text(m["t"][0])
            if kind not in ("texture", "surface"):
                continue
            name = ctx.text(m["name"][0]).lstrip("&* ")
            refs.add(name)
            decl = m["decl"][0]
            yield self.warning(
                decl.start_byte,
                decl.end_byte,
                f"legacy {kind} reference `{name}` (removed in CUDA 12): {why}; use a {kind} object",
                family="texture",
                symbol=name,
            )
        if not refs:
            return
        for call in ts.captures(_CALLS, ctx.root).get("call", []):
            fn = callee_name(ctx, call)
            args = call_args(call)
            if fn in _FETCHES and args and ctx.text(args[0]) in refs:
                yield self.warning(
                    call.start_byte,
                    call.end_byte,
                    f"`{fn}` through texture reference `{ctx.text(args[0])}`: {why}; use a texture object",
                    family="texture",
                    symbol=fn,
                )
