"""GP208 atomics: CUDA atomic functions become `sycl::atomic_ref` operations.

What it does
    `atomicAdd(p, v)` -> `sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device,
    sycl::access::address_space::generic_space>(*p).fetch_add(v)` (and `&x` -> `x`); likewise
    atomicSub/Min/Max/And/Or/Xor (`fetch_sub`, `fetch_min`, ...), atomicExch (`exchange`). `atomicCAS(p, c, v)`
    becomes a lambda invoked in place that calls `compare_exchange_strong` and returns the old value, as
    CUDA does. `_block` variants use `work_group` scope, `_system` variants `system` scope. T is the
    pointee type when the pointer's declaration is found in the function or file; otherwise the call
    becomes a generic lambda that deduces it (`std::remove_reference_t<decltype(obj)>`).
    `atomicInc`/`atomicDec` (CUDA's wrap-around counters) become a lambda running a
    `compare_exchange_weak` loop that stores CUDA's next value and returns the old one.
Why
    SYCL 2020 expresses atomics as references to ordinary memory with explicit order and scope; CUDA's
    atomics are relaxed and device-scoped.
Example
    atomicAdd(&hist[b], 1u);
Translated to
    sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device,
                     sycl::access::address_space::generic_space>(hist[b]).fetch_add(1u);
Safety
    safe. Generic address space works for global and local (shared) memory alike.
References
    SYCL 2020 specification, 4.15.3 (atomic_ref).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...calls import call_at
from ...context import Occurrence, RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ..base import Rule
from ._model import variable_type

OPS = {
    "atomicAdd": "fetch_add",
    "atomicSub": "fetch_sub",
    "atomicMin": "fetch_min",
    "atomicMax": "fetch_max",
    "atomicAnd": "fetch_and",
    "atomicOr": "fetch_or",
    "atomicXor": "fetch_xor",
    "atomicExch": "exchange",
    "atomicCAS": "compare_exchange_strong",
}
SCOPES = {"": "device", "_block": "work_group", "_system": "system"}
# CUDA's wrap-around counters on unsigned int: the new value from the old one (gp_old) and the bound.
WRAPPING = {
    "atomicInc": "gp_old >= gp_val ? 0u : gp_old + 1u",
    "atomicDec": "(gp_old == 0u || gp_old > gp_val) ? gp_val : gp_old - 1u",
}


def split_name(name: str) -> tuple[str, str] | None:
    for suffix in ("_block", "_system", ""):
        if name.endswith(suffix) and name[: len(name) - len(suffix)] in OPS | WRAPPING:
            return name[: len(name) - len(suffix)], SCOPES[suffix]
    return None


def ref_type(t: str, scope: str) -> str:
    return (
        f"sycl::atomic_ref<{t}, sycl::memory_order::relaxed, sycl::memory_scope::{scope}, "
        "sycl::access::address_space::generic_space>"
    )


class Atomics(Rule):
    code = "GP208"
    name = "atomics"
    targets = frozenset({"sycl"})
    summary = "Translate CUDA atomic functions to sycl::atomic_ref operations."

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for occ in ctx.occurrences:
            if not occ.name.startswith("atomic") or ctx.is_claimed(occ.start, occ.end):
                continue
            split = split_name(occ.name)
            if split is None:
                continue
            base, scope = split
            call = call_at(ctx, occ)
            want = 3 if base == "atomicCAS" else 2
            if call is None or len(call.args) != want:
                yield self.unconverted(
                    occ.start, occ.end, f"`{occ.name}` call not understood", family="atomic", symbol=occ.name
                )
                continue
            a0s, a0e = call.args[0]
            addr = ctx.slice(a0s, a0e)
            t = self._pointee(ctx, occ, addr)
            amp = addr.startswith("&")
            plain = bool(re.fullmatch(r"[A-Za-z_]\w*", addr))  # `*p` needs no parentheses
            # Edits leave the argument texts in place (other rules translate names inside them).
            if base in WRAPPING:
                # No atomic_ref operation wraps around: a compare-exchange loop computes CUDA's new value.
                ref = ref_type("unsigned int", scope)
                head = (
                    f"[](unsigned int &gp_obj, unsigned int gp_val) {{ {ref} gp_ref(gp_obj); "
                    "unsigned int gp_old = gp_ref.load(); "
                    f"while (!gp_ref.compare_exchange_weak(gp_old, {WRAPPING[base]})) {{}} return gp_old; }}("
                )
                edits = [
                    Edit(call.start, a0s + 1 if amp else a0s, head + ("" if amp else "*" if plain else "*("))
                ]
                if not amp and not plain:
                    edits.append(Edit(a0e, a0e, ")"))
            elif base == "atomicCAS":
                obj_t = t or "std::remove_reference_t<decltype(gp_obj)>"
                head = (
                    f"[](auto &gp_obj, auto gp_expected, auto gp_desired) {{ {obj_t} gp_old = gp_expected; "
                    f"{ref_type(obj_t, scope)}(gp_obj).compare_exchange_strong(gp_old, gp_desired); "
                    "return gp_old; }("
                )
                edits = [
                    Edit(call.start, a0s + 1 if amp else a0s, head + ("" if amp else "*" if plain else "*("))
                ]
                if not amp and not plain:
                    edits.append(Edit(a0e, a0e, ")"))
            elif t is not None:
                deref = "(" if amp else "(*" if plain else "(*("
                edits = [Edit(call.start, a0s + 1 if amp else a0s, ref_type(t, scope) + deref)]
                # The operand as T: atomic_ref<T>'s operations take a T, and some implementations
                # (AdaptiveCpp) deduce it from the argument, so `int` with an `unsigned` value fails.
                edits.append(
                    Edit(
                        a0e, call.args[1][0], f"{'' if amp or plain else ')'}).{OPS[base]}(static_cast<{t}>("
                    )
                )
                edits.append(Edit(call.args[1][1], call.args[1][1], ")"))
            else:
                obj_t = "std::remove_reference_t<decltype(gp_obj)>"
                head = f"[](auto &gp_obj, auto gp_v) {{ return {ref_type(obj_t, scope)}(gp_obj).{OPS[base]}(gp_v); }}("
                edits = [
                    Edit(call.start, a0s + 1 if amp else a0s, head + ("" if amp else "*" if plain else "*("))
                ]
                if not amp and not plain:
                    edits.append(Edit(a0e, a0e, ")"))
            yield self.converted(
                occ.start,
                occ.end,
                f"`{occ.name}` -> atomic_ref::{OPS.get(base, 'compare_exchange_weak loop')}",
                edits,
                family="atomic",
                symbol=occ.name,
            )

    @staticmethod
    def _pointee(ctx: RuleContext, occ: Occurrence, addr: str) -> str | None:
        """The type of the object `addr` points at, when a declaration says so."""
        node = occ.node
        if node is None:
            return None
        m = re.fullmatch(r"&\s*([A-Za-z_]\w*)\s*(\[[^\]]*\])*\s*", addr)
        if m:
            got = variable_type(ctx, m.group(1), node)
            n_sub = addr.count("[") - addr[m.end(1) :].count("[[")  # subscripts applied
            if got is None:
                return None
            t, dims, depth = got
            if n_sub == len(dims) + depth and n_sub <= len(dims) + depth:
                return _clean(t)
            return None
        m = re.fullmatch(r"([A-Za-z_]\w*)(\s*\+\s*[^,]+)?", addr)
        if m:
            got = variable_type(ctx, m.group(1), node)
            if got is None:
                return None
            t, dims, depth = got
            if depth + len(dims) == 1:
                return _clean(t)
        return None


def _clean(t: str) -> str | None:
    words = [w for w in t.split() if w not in ("volatile", "const")]
    return " ".join(words) or None
