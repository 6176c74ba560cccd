"""Hand-written Shardy annotations by text manipulation, for tests and benchmarks (not a planner).

`annotate_arguments(text, mesh_axes, {key: [dim axes...]})` inserts an `sdy.mesh` and an `sdy.sharding` on the
chosen `@main` arguments of a JAX-exported module. A key is an argument index, or a glob pattern over the
argument names JAX writes as locations in `as_text(debug_info=True)` output (`params['wq']`,
`*['blocks'][*]['w_in']`: only `*` is a wildcard, brackets are literal); the first matching key wins. Dims are `PartitionSpec`-style: None (replicated), an
axis name, or a tuple of axis names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from autoshard.errors import UserError
from autoshard.sharding import SpecEntry

_MAIN = re.compile(r"func\.func public @main\((?P<args>.*?)\)\s*->", re.DOTALL)
_ARG = re.compile(r"%arg(?P<index>\d+): (?P<type>tensor<[^>]*>)(?P<attrs> \{[^{}]*(?:\{[^{}]*\}[^{}]*)*\})?"
                  r'(?P<loc> loc\("(?P<name>(?:[^"\\]|\\.)*)"\))?')


def _name_pattern(pattern: str) -> re.Pattern:
    """`pattern` with `*` matching anything and every other character literal (JAX names contain brackets)."""
    return re.compile(".*".join(re.escape(part) for part in pattern.split("*")), re.DOTALL)


def sharding_attr(mesh_name: str, dims: Sequence[SpecEntry]) -> str:
    """`#sdy.sharding<@mesh, [{"a"}, {}, {"b", "c"}]>` from PartitionSpec-style dims (closed dimensions)."""
    parts = []
    for dim in dims:
        axes = () if dim is None else (dim,) if isinstance(dim, str) else tuple(dim)
        parts.append("{" + ", ".join(f'"{a}"' for a in axes) + "}")
    return f"#sdy.sharding<@{mesh_name}, [{', '.join(parts)}]>"


def mesh_op(mesh_name: str, mesh_axes: Mapping[str, int]) -> str:
    axes = ", ".join(f'"{name}"={size}' for name, size in mesh_axes.items())
    return f"sdy.mesh @{mesh_name} = <[{axes}]>"


def annotate_arguments(mlir_text: str, mesh_axes: Mapping[str, int],
                       arg_dims: Mapping[int | str, Sequence[SpecEntry]], mesh_name: str = "mesh") -> str:
    """`mlir_text` with `sdy.mesh @mesh_name` added and `sdy.sharding` set on the `@main` arguments in `arg_dims`."""
    main = _MAIN.search(mlir_text)
    if main is None:
        raise UserError("no `func.func public @main(...)` to annotate")
    seen: set[int | str] = set()

    def key_of(index: int, name: str | None) -> int | str | None:
        if index in arg_dims:
            return index
        if name is not None:
            name = name.replace('\\"', '"')
            for key in arg_dims:
                if isinstance(key, str) and _name_pattern(key).fullmatch(name):
                    return key
        return None

    def annotate(m: re.Match) -> str:
        index = int(m["index"])
        key = key_of(index, m["name"])
        if key is None:
            return m.group(0)
        seen.add(key)
        rank = len(m["type"][len("tensor<"):-1].split("x")) - 1
        dims = list(arg_dims[key])
        if len(dims) != rank:
            raise UserError(f"%arg{index} {m['type']} has rank {rank}, sharding has {len(dims)} dims")
        entry = f"sdy.sharding = {sharding_attr(mesh_name, dims)}"
        attrs = m["attrs"]
        attrs = f" {{{entry}}}" if not attrs else f" {{{entry}, {attrs.strip()[1:]}"
        return f"%arg{index}: {m['type']}{attrs}{m['loc'] or ''}"

    new_args = _ARG.sub(annotate, main["args"])
    missing = [key for key in arg_dims if key not in seen]
    if missing:
        key = missing[0]
        raise UserError(f"@main has no argument %arg{key}" if isinstance(key, int)
                        else f"no @main argument is named like {key!r} (names come from debug_info locations)")
    text = mlir_text[: main.start("args")] + new_args + mlir_text[main.end("args"):]
    module_open = re.search(r"^module\b[^\n]*\{\n", text, re.MULTILINE)
    if module_open is None:
        raise UserError("no `module ... {` line to put the sdy.mesh in")
    return text[: module_open.end()] + f"  {mesh_op(mesh_name, mesh_axes)}\n" + text[module_open.end():]
