"""GP101 launch-ggl: kernel launches as `hipLaunchKernelGGL` (opt-in, `--launch hipLaunchKernelGGL`).

What it does
    Rewrites `kernel<<<grid, block[, shmem[, stream]]>>>(args...)` to
    `hipLaunchKernelGGL(kernel, dim3(grid), dim3(block), shmem, stream, args...)`, filling 0 for a
    missing shared memory size or stream, as hipify-clang writes it. Grid and block are wrapped in
    `dim3(...)` (the macro passes them to a function taking `dim3`; an integer or a `dim3` variable both
    convert) unless already written as `dim3(...)`. Template kernels (explicit template arguments, or a
    name this file declares as a template, whose arguments the call deduces) are wrapped in
    `HIP_KERNEL_NAME(...)` so commas in their template arguments survive the macro; qualified names,
    expressions and macros in the configuration are kept inside the wrap as written. By default
    launches are kept: HIP's compiler accepts `<<<...>>>`.
Why
    Some code bases and tools (older HIP, hipify-style style guides) want the macro form.
Example
    scale<float, 4><<<blocks, 256, 0, stream>>>(d_x, n);
Translated to
    hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float, 4>), dim3(blocks), dim3(256), 0, stream, d_x, n);
Safety
    safe. Launches inside macro bodies or unparsed regions are left as `<<<...>>>` (still valid HIP).
References
    HIP programming guide, kernel launch.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

from ... import parse as ts
from ...context import RuleContext
from ...diagnostics import Diagnostic
from ...edits import Edit
from ...tokens import Token, code_tokens
from ..base import Rule

_LAUNCH = (
    "(call_expression function: (_) @fn (kernel_call_syntax) @cfg arguments: (argument_list) @args) @call"
)
# Function templates of the file: their names, for launches that deduce the template arguments.
_MACROS = "[(preproc_def) (preproc_function_def)] @def"
_TEMPLATES = """
(template_declaration (function_definition declarator: (function_declarator declarator: (_) @name)))
(template_declaration (declaration declarator: (function_declarator declarator: (_) @name)))
"""


def _last_name(text: str) -> str:
    return text.rsplit("::", 1)[-1].strip()


def _is_dim3(ctx: RuleContext, node: Node) -> bool:
    """`dim3(...)` as written: a call (or functional cast) of dim3."""
    if node.type not in ("call_expression", "function_cast_expression"):
        return False
    fn = node.child_by_field_name("function") or node.child_by_field_name("type")
    return fn is not None and ctx.text(fn).strip() == "dim3"


@dataclass(frozen=True)
class _Launch:
    """One launch, as byte ranges: the kernel name, the configuration items (with whether each is
    already `dim3(...)`), the kernel arguments and the span of the argument list."""

    name: tuple[int, int]
    name_text: str
    explicit_template: bool
    config: list[tuple[int, int, bool]]
    args: list[tuple[int, int]]
    args_span: tuple[int, int]  # `(` start, `)` end
    blank_args: bool  # `( )`: nothing but blanks between the parentheses


def _token_launches(tokens: list[Token]) -> Iterator[_Launch]:
    """Launches `name<<<cfg>>>(args)` in a macro body, from its code tokens (no parse there)."""
    closing = {b")": b"(", b"]": b"[", b"}": b"{"}
    for at, tok in enumerate(tokens):
        if tok.text != b"<<<" or at == 0:
            continue
        j = at - 1
        explicit = False
        if tokens[j].text == b">":
            depth = 0
            while j >= 0:
                depth += {b">": 1, b"<": -1}.get(tokens[j].text, 0)
                if depth == 0:
                    break
                j -= 1
            j -= 1
            explicit = True
        if j < 0 or tokens[j].kind != "ident":
            continue
        while j >= 2 and tokens[j - 1].text == b"::" and tokens[j - 2].kind == "ident":
            j -= 2
        # The configuration: items split at commas outside brackets, up to `>>>`.
        items: list[list[Token]] = [[]]
        stack: list[bytes] = []
        k = at + 1
        while k < len(tokens) and not (tokens[k].text == b">>>" and not stack):
            t = tokens[k].text
            if t in (b"(", b"[", b"{"):
                stack.append(t)
            elif t in closing:
                if not stack or stack.pop() != closing[t]:
                    break
            elif t == b"," and not stack:
                items.append([])
                k += 1
                continue
            items[-1].append(tokens[k])
            k += 1
        if k + 1 >= len(tokens) or tokens[k].text != b">>>" or tokens[k + 1].text != b"(":
            continue
        if any(not item for item in items) or not 2 <= len(items) <= 4:
            continue
        # The arguments, up to the matching `)`.
        args: list[list[Token]] = [[]]
        depth = 0
        m = k + 2
        while m < len(tokens):
            t = tokens[m].text
            if t in (b"(", b"[", b"{"):
                depth += 1
            elif t in closing:
                if depth == 0:
                    break
                depth -= 1
            elif t == b"," and depth == 0:
                args.append([])
                m += 1
                continue
            args[-1].append(tokens[m])
            m += 1
        if m >= len(tokens) or tokens[m].text != b")":
            continue
        if args == [[]]:
            args = []
        if any(not a for a in args):
            continue
        yield _Launch(
            name=(tokens[j].start, tokens[at - 1].end),
            name_text=b"".join(t.text for t in tokens[j:at]).decode("utf-8", "surrogateescape"),
            explicit_template=explicit,
            config=[
                (
                    item[0].start,
                    item[-1].end,
                    len(item) >= 3
                    and item[0].text == b"dim3"
                    and item[1].text == b"("
                    and item[-1].text == b")",
                )
                for item in items
            ],
            args=[(a[0].start, a[-1].end) for a in args],
            args_span=(tokens[k + 1].start, tokens[m].end),
            blank_args=not args,
        )


class LaunchGGL(Rule):
    code = "GP101"
    name = "launch-ggl"
    targets = frozenset({"hip"})
    summary = "Rewrite <<<...>>> launches as hipLaunchKernelGGL (opt-in)."
    triggers = (b"<<<",)

    def run(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ctx.options.launch != "hipLaunchKernelGGL":
            return
        found = [self._parsed(ctx, m) for m in ts.matches(_LAUNCH, ctx.root)]
        launches = [launch for launch in found if launch is not None]
        macros: dict[str, str] = {}
        for node in ts.captures(_MACROS, ctx.root).get("def", []):
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if name is None or value is None:
                continue
            body = ctx.source[value.start_byte : value.end_byte]
            if node.type == "preproc_def":
                macros[ctx.text(name)] = body.decode("utf-8", "surrogateescape").strip()
            if b"<<<" in body:
                launches += _token_launches(code_tokens(body, value.start_byte))
        if not launches:
            return
        templates = {_last_name(ctx.text(n)) for n in ts.captures(_TEMPLATES, ctx.root).get("name", [])}
        for launch in launches:
            if not 2 <= len(launch.config) <= 4:
                continue
            expansion = macros.get(launch.name_text, "")
            templated = (
                launch.explicit_template
                or _last_name(launch.name_text) in templates
                or ("<" in expansion and "<<<" not in expansion)
            )
            yield self._rewrite(launch, templated)

    @staticmethod
    def _parsed(ctx: RuleContext, m: dict[str, list[Node]]) -> _Launch | None:
        fn, cfg, args = m["fn"][0], m["cfg"][0], m["args"][0]
        if any(c.type == "comment" for c in cfg.named_children):
            return None  # separators are rewritten: a comment among the items would go with them
        text = ctx.text(fn)
        return _Launch(
            name=(fn.start_byte, fn.end_byte),
            name_text=text,
            explicit_template=fn.type == "template_function"
            or (fn.type == "qualified_identifier" and "<" in text),
            config=[(c.start_byte, c.end_byte, _is_dim3(ctx, c)) for c in cfg.named_children],
            args=[(a.start_byte, a.end_byte) for a in args.named_children if a.type != "comment"],
            args_span=(args.start_byte, args.end_byte),
            blank_args=not args.named_children,
        )

    def _rewrite(self, launch: _Launch, templated: bool) -> Diagnostic:
        start, end = launch.name
        head = "hipLaunchKernelGGL(" + ("HIP_KERNEL_NAME(" if templated else "")
        edits = [Edit(start, start, head)]
        # Between the name and the first item: "<<<" (and whatever spacing) becomes ", ", closing
        # HIP_KERNEL_NAME first; between two items the separator becomes ", " as hipify-clang writes it;
        # grid and block are wrapped in dim3(...) unless written so.
        gap_start, gap_text = end, ")" * templated + ", "
        for i, (c_start, c_end, is_dim3) in enumerate(launch.config):
            wrap = i < 2 and not is_dim3
            edits.append(Edit(gap_start, c_start, gap_text + ("dim3(" if wrap else "")))
            gap_start, gap_text = c_end, (")" if wrap else "") + ", "
        fill = ", 0" * (4 - len(launch.config))
        # ">>>(" becomes the defaults plus ", " before the first kernel argument (or nothing; then the
        # blanks of an empty `( )` go too).
        if launch.args:
            tail_end = launch.args[0][0]
        elif launch.blank_args:
            tail_end = launch.args_span[1] - 1
        else:
            tail_end = launch.args_span[0] + 1
        edits.append(Edit(gap_start, tail_end, gap_text[:-2] + fill + (", " if launch.args else "")))
        # The diagnostic (and so the span other rules leave alone) covers the name up to its template
        # arguments: CUDA names there (`cub::BLOCK_LOAD_DIRECT`) are still renamed.
        head_end = start + len(launch.name_text.split("<", 1)[0].rstrip().encode("utf-8", "surrogateescape"))
        return self.converted(
            start,
            head_end,
            f"launch of `{launch.name_text}` -> hipLaunchKernelGGL",
            edits,
            family="launch",
            symbol=launch.name_text,
        )
