"""GP202 kernel-signature: a `__global__` function becomes a plain function taking the `nd_item`.

What it does
    Removes `__global__` and appends the kernel's implicit parameters: `const sycl::nd_item<3> &item`,
    then one pointer per `__shared__` variable (GP206 removes the declarations; the launch, GP203, creates
    the `local_accessor`s), then one pointer/reference per device global it uses (GP213). Kernel
    declarations without a body get the `nd_item` parameter only.
Why
    SYCL kernels are lambdas given to `parallel_for`; the translated kernel body stays a named function
    the lambda calls, so the code still reads as the maintainer's kernel.
Example
    __global__ void scale(float *x, float a, int n) { ... }
Translated to
    void scale(float *x, float a, int n, const sycl::nd_item<3> &item) { ... }
Safety
    safe. A kernel defined in another file of the tree and declared here gets the same parameters as its
    definition (the tree's first pass, rules/sycl/project_kernels.py, says which); translated alone, a
    declaration gets only `item`, and if the definition uses shared memory or device globals the two
    signatures differ and the link fails (never silently wrong). An explicit instantiation
    (`template __global__ void k<float>(float*);`) gets the same parameters, with its template arguments
    written in.
References
    SYCL 2020 specification, 4.9.4 (parallel_for with nd_range), 4.9.1 (nd_item).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ..base import Rule
from ._model import ITEM_PARAM, STREAM_PARAM, Function, Model, model, qualifiers, shared_param
from ._signature import append_params, remove_token
from ._syntax import substitute


class KernelSignature(Rule):
    code = "GP202"
    name = "kernel-signature"
    targets = frozenset({"sycl"})
    summary = "Turn a __global__ kernel into a plain function taking the nd_item (and its local memory)."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        m = model(ctx)
        for f in m.kernels.values():
            yield from self._kernel(ctx, f, m)
        # Declarations (prototypes) of kernels.
        for decl in ts.captures("(declaration) @d", ctx.root).get("d", []):
            if "__global__" not in qualifiers(decl, ctx):
                continue
            fd = next((c for c in decl.named_children if c.type == "function_declarator"), None)
            if fd is None:
                continue
            params = fd.child_by_field_name("parameters")
            if params is None:
                continue
            name_node = fd.child_by_field_name("declarator")
            name = ctx.text(name_node) if name_node is not None else ""
            known = m.functions.get(name)
            external = next((k for k in ctx.options.project_kernels if k.name == name), None)
            if known is not None:
                extra = known.extra_params(m)
            elif external is not None:  # defined in another file of the tree: the same parameters
                extra = [
                    ITEM_PARAM,
                    *(shared_param(n, t, list(d)) for n, t, d, _ in external.shared),
                    *external.globals_params,  # the globals of its own file (qulacs' matrix_const_gpu)
                    *([STREAM_PARAM] if external.needs_stream else []),
                ]
            else:
                extra = [ITEM_PARAM]
            # `__global__` itself, or a qualifier macro standing for it (its definition loses the word)
            glob = next((c for c in decl.children if c.type == "__global__"), None)
            at = glob if glob is not None else fd
            yield self.converted(
                at.start_byte,
                at.end_byte if glob is not None else at.start_byte + 1,
                f"kernel declaration `{name}`",
                [*([remove_token(ctx, glob)] if glob is not None else []), append_params(ctx, params, extra)],
                family="kernel",
                symbol=name,
            )

        yield from self._instantiations(ctx, m)

    def _instantiations(self, ctx: RuleContext, m: Model) -> Iterator[Diagnostic]:
        """`template __global__ void k<float, 8>(float*);`: the explicit instantiation names the kernel's
        new signature, its extra parameters written with the instantiation's template arguments."""
        for inst in ts.captures("(template_instantiation) @t", ctx.root).get("t", []):
            glob = next((c for c in inst.children if c.type == "__global__"), None)
            fd = next((c for c in inst.named_children if c.type == "function_declarator"), None)
            if glob is None or fd is None:
                continue
            params, name_node = fd.child_by_field_name("parameters"), fd.child_by_field_name("declarator")
            if params is None or name_node is None:
                continue
            base = (
                name_node.child_by_field_name("name") if name_node.type == "template_function" else name_node
            )
            name = ctx.text(base) if base is not None else ctx.text(name_node)
            known = m.functions.get(name)
            extra = known.extra_params(m) if known is not None else [ITEM_PARAM]
            args = (
                name_node.child_by_field_name("arguments") if name_node.type == "template_function" else None
            )
            values = [ctx.text(a) for a in args.named_children] if args is not None else []
            names = known.template_params if known is not None else []
            mapping = dict(zip(names, values, strict=False))
            unbound = [
                n for n in names[len(values) :] if any(re.search(rf"\b{re.escape(n)}\b", e) for e in extra)
            ]
            if unbound:
                yield self.unconverted(
                    glob.start_byte,
                    glob.end_byte,
                    f"explicit instantiation of kernel `{name}`: its new parameters use template parameter(s) "
                    f"{', '.join(unbound)} that the instantiation leaves to deduction",
                    family="kernel",
                    symbol=name,
                )
                continue
            extra = [substitute(e, mapping) for e in extra]
            yield self.converted(
                glob.start_byte,
                glob.end_byte,
                f"explicit instantiation of kernel `{name}`",
                [remove_token(ctx, glob), append_params(ctx, params, extra)],
                family="kernel",
                symbol=name,
            )

    def _kernel(self, ctx: RuleContext, f: Function, m: Model) -> Iterator[Diagnostic]:
        # `__global__` itself, or a qualifier macro standing for it (`HEMI_LAUNCHABLE`: GP209 empties its
        # definition)
        glob = next((c for c in f.node.children if c.type == "__global__"), None)
        declarator = f.node.child_by_field_name("declarator")
        at = glob if glob is not None else declarator if declarator is not None else f.node
        span = (at.start_byte, at.end_byte if glob is not None else at.start_byte + 1)
        params = f.params_node
        if params is None:
            yield self.unconverted(*span, "kernel signature not understood")
            return
        edits = [
            *([remove_token(ctx, glob)] if glob is not None else []),
            append_params(ctx, params, f.extra_params(m)),
        ]
        yield self.converted(
            *span,
            f"kernel `{f.name}` takes the nd_item",
            edits,
            family="kernel",
            symbol=f.name,
        )
        decl = ts.function_declarator(f.node)
        name = decl.child_by_field_name("declarator") if decl is not None else None
        for start, _end, why in f.problems:
            if start == f.node.start_byte and name is not None:
                start = name.start_byte  # not on `__global__`, which the edit above removes (and its report)
            yield self.unconverted(start, start + 1, f"kernel `{f.name}`: {why}", family="kernel")
