"""GP252 texture-objects: CUDA texture objects, their descriptors and CUDA arrays on plain USM memory.

What it does
    Renames the texture-object API to small inline definitions emitted once per file (before the first
    file-level item that uses them, guarded by `GPUPORT_TEXTURE` / `GPUPORT_TEXTURE_HOST`):
    `cudaTextureObject_t` -> `gpuport_texture_object`, a USM pointer to a `gpuport_texture` descriptor
    (data pointer, width, height, pitch, texel format, address/filter/read modes, normalisation, border
    colour); `cudaResourceDesc`, `cudaTextureDesc`, `cudaChannelFormatDesc` -> structs with CUDA's field
    names (`res.array.array`, `res.linear.devPtr`, `res.pitch2D.pitchInBytes`, `addressMode[i]`,
    `filterMode`, `readMode`, `normalizedCoords`, `borderColor`...), the enumerators (`cudaAddressModeClamp`,
    `cudaFilterModeLinear`, `cudaReadModeNormalizedFloat`, `cudaResourceTypePitch2D`,
    `cudaChannelFormatKindFloat`...) -> `gpuport_*` enumerators with CUDA's values;
    `cudaCreateChannelDesc<T>()` / `cudaCreateChannelDesc(x, y, z, w, kind)`, `cudaMallocArray`,
    `cudaFreeArray`, `cudaCreateTextureObject`, `cudaDestroyTextureObject` -> `gpuport_*` functions with
    the same arguments returning CUDA's error codes (0: success); `cudaMemcpy2DToArray`,
    `cudaMemcpyToArray`, `cudaMemcpy2DFromArray`, `cudaMemcpyFromArray` and their `Async` forms ->
    `gpuport_memcpy_*` without the copy-kind argument (the stream argument, a `sycl::queue *`, stays).
    A CUDA array is a dense row-major USM device allocation. 3-D, layered and mipmapped arrays, surfaces,
    resource views and descriptor queries are reported as unconverted.
Why
    SYCL 2020 images are optional (AdaptiveCpp's CPU target has none) and SYCL samplers do not define
    CUDA's filtering arithmetic, so the portable translation keeps the texture in USM and does the
    addressing and filtering in code (GP253). Structs with CUDA's field names keep every descriptor
    assignment (`td.addressMode[0] = ...`, `memset(&rd, 0, sizeof(rd))`, `= {}`) valid as written; a
    pointer handle keeps `cudaTextureObject_t tex = 0;`, comparisons with 0 and by-value kernel arguments.
Example
    cudaTextureDesc td = {};
    td.filterMode = cudaFilterModeLinear;
    CUDA_CHECK(cudaMallocArray(&arr, &desc, w, h));
    CUDA_CHECK(cudaMemcpy2DToArray(arr, 0, 0, src, pitch, w * 4, h, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
Translated to
    gpuport_texture_desc td = {};
    td.filterMode = gpuport_filter_linear;
    CUDA_CHECK(gpuport_malloc_array(&arr, &desc, w, h));
    CUDA_CHECK(gpuport_memcpy_2d_to_array(arr, 0, 0, src, pitch, w * 4, h));
    CUDA_CHECK(gpuport_create_texture_object(&tex, &res, &td, nullptr));
Safety
    safe. The emulation reads the texels from USM through the data cache instead of the texture cache:
    results are those of CUDA's texture unit (see GP253), speed may differ. `sRGB`, `maxAnisotropy` and
    the mipmap fields of the texture descriptor are accepted and ignored (they need mipmapped or sRGB
    formats, which are not emulated).
References
    CUDA Runtime API, Texture Object Management and Array Management; CUDA C++ Programming Guide, Texture
    and Surface Memory; SYCL 2020 specification, 4.8 (USM).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tree_sitter import Node

from ...calls import call_at
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._texture import HOST_COPIES, UNSUPPORTED, definitions, fetch_calls, insertion, renames


class TextureObjects(Rule):
    code = "GP252"
    name = "texture-objects"
    targets = frozenset({"sycl"})
    summary = "Texture objects, their descriptors and CUDA arrays -> inline structs and functions on USM."
    triggers = (
        b"Texture", b"Array", b"cudaResource", b"Channel", b"cudaAddressMode", b"cudaFilterMode",
        b"cudaReadMode", b"Surface", b"tex1D", b"tex2D", b"tex3D", b"texCubemap", b"surf",
    )  # fmt: skip

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        first: int | None = None
        host = False
        declared = ctx.declared_names
        spellings = renames(ctx.tables)
        for occ in ctx.occurrences:
            name = occ.name
            if name not in spellings and name not in UNSUPPORTED:
                continue
            if occ.node is not None and occ.node.type == "field_identifier":
                continue
            if name in declared or ctx.is_claimed(occ.start, occ.end):
                continue
            if name in UNSUPPORTED:
                yield self.unconverted(
                    occ.start, occ.end, f"`{name}`: {UNSUPPORTED[name]}", family="texture", symbol=name
                )
                continue
            if name in HOST_COPIES:
                new, kind_at = spellings[name], HOST_COPIES[name]
                call = call_at(ctx, occ)
                n_max = kind_at + 2 if name.endswith("Async") else kind_at + 1
                if call is None or not kind_at + 1 <= len(call.args) <= n_max:
                    yield self.unconverted(
                        occ.start, occ.end, f"`{name}` call not understood", family="texture", symbol=name
                    )
                    continue
                kind = call.args[kind_at]
                edits = [Edit(occ.start, occ.end, new), Edit(call.args[kind_at - 1][1], kind[1], "")]
                yield self.converted(
                    occ.start, occ.end, f"`{name}` -> `{new}`", edits, family="texture", symbol=name
                )
                yield self.converted(kind[0], kind[1], "copy kind dropped", family="texture")
            else:
                new = spellings[name]
                yield self.converted(
                    occ.start,
                    occ.end,
                    f"`{name}` -> `{new}`",
                    [Edit(occ.start, occ.end, new)],
                    family="texture",
                    symbol=name,
                )
            if _in_legacy_reference(ctx, occ.node):
                continue  # `texture<float, 1, cudaReadModeElementType>`: renamed, reported by GP309
            host = host or (name in spellings and ctx.tables.symbols[name].kind == "function")
            first = occ.start if first is None else min(first, occ.start)
        fetches = fetch_calls(ctx)
        if fetches:
            at = fetches[0][0]
            first = at if first is None else min(first, at)
        if first is None:
            return
        # Output translated again (a fetch left unconverted, tex3D, still finds a use): the definitions
        # it already holds are not added a second time.
        have_device = re.search(rb"#\s*define\s+GPUPORT_TEXTURE\s", ctx.source) is not None
        have_host = re.search(rb"#\s*define\s+GPUPORT_TEXTURE_HOST\s", ctx.source) is not None
        if have_device and (have_host or not host):
            return
        text = definitions(host)
        if have_device:
            text = text[len(definitions(False)) :]  # the host part alone
        edit = insertion(ctx, first, text)
        what = "texture types, fetches and host functions" if host else "texture types and fetches"
        yield self.converted(edit.start, edit.start, f"inline {what} defined", [edit], family="texture")


def _in_legacy_reference(ctx: RuleContext, node: Node | None) -> bool:
    """True inside the template arguments of a legacy `texture<...>` / `surface<...>` declaration."""
    for _ in range(4):
        if node is None:
            return False
        if node.type == "template_type":
            name = node.child_by_field_name("name")
            return name is not None and ctx.text(name) in ("texture", "surface")
        node = node.parent
    return False
