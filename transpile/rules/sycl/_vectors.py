"""CUDA's vector types (`float4`, `int2`...) as plain structs with CUDA's fields and alignment (a helper
layer module: it imports no rule module). GP236 defines the ones a file uses; GP240 needs `float2`."""

from __future__ import annotations

import re

# element type, alignments of the 1-, 2-, 3- and 4-component forms (CUDA's vector_types.h, LP64)
_ELEMS: dict[str, tuple[str, tuple[int, int, int, int]]] = {
    "char": ("signed char", (1, 2, 1, 4)),
    "uchar": ("unsigned char", (1, 2, 1, 4)),
    "short": ("short", (2, 4, 2, 8)),
    "ushort": ("unsigned short", (2, 4, 2, 8)),
    "int": ("int", (4, 8, 4, 16)),
    "uint": ("unsigned int", (4, 8, 4, 16)),
    "long": ("long", (8, 16, 8, 16)),
    "ulong": ("unsigned long", (8, 16, 8, 16)),
    "longlong": ("long long", (8, 16, 8, 16)),
    "ulonglong": ("unsigned long long", (8, 16, 8, 16)),
    "float": ("float", (4, 8, 4, 16)),
    "double": ("double", (8, 16, 8, 16)),
}
VECTOR_NAME = re.compile(r"(?:make_)?(u?char|u?short|u?int|u?long|u?longlong|float|double)([1-4])")
_FIELDS = "xyzw"


def definition(name: str) -> str:
    m = VECTOR_NAME.fullmatch(name)
    assert m is not None
    elem, align = _ELEMS[m.group(1)]
    n = int(m.group(2))
    fields = _FIELDS[:n]
    params = ", ".join(f"{elem} {f}" for f in fields)
    inits = ", ".join(fields)
    return (
        f"#ifndef GPUPORT_VEC_{name}\n#define GPUPORT_VEC_{name}\n"
        f"struct alignas({align[n - 1]}) {name} {{ {elem} {', '.join(fields)}; }};\n"
        f"inline {name} make_{name}({params}) {{ return {name}{{{inits}}}; }}\n"
        "#endif\n"
    )
