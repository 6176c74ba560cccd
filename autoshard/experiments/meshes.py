"""Mesh strings of experiment files: `data=2,model=4`, or shorthand `8`, `2x4`, `2x2x2` with default axis names."""

from __future__ import annotations

import re

from autoshard.errors import UserError
from autoshard.sharding import Mesh

#: Axis names a shorthand mesh gets, by number of axes (major to minor). The last axis of a multi-axis mesh is
#: the tensor-parallel "model" axis; the others carry data parallelism.
DEFAULT_AXIS_NAMES: dict[int, tuple[str, ...]] = {
    1: ("data",),
    2: ("data", "model"),
    3: ("data", "fsdp", "model"),
    4: ("pipe", "data", "fsdp", "model"),
}

MODEL_AXIS = "model"

_SHORTHAND = re.compile(r"\d+(?:x\d+)*")


def parse_mesh_spec(spec: str | int) -> Mesh:
    """A `Mesh` from `data=2,model=4` or the shorthand `8` / `2x4` / `2x2x2` (names from `DEFAULT_AXIS_NAMES`)."""
    text = str(spec).strip()
    if _SHORTHAND.fullmatch(text):
        sizes = [int(s) for s in text.split("x")]
        names = DEFAULT_AXIS_NAMES.get(len(sizes))
        if names is None:
            raise UserError(f"mesh '{text}': shorthand takes 1 to {max(DEFAULT_AXIS_NAMES)} sizes; "
                            "name the axes instead, e.g. a=2,b=2,c=2,d=2,e=2")
        return Mesh.from_sizes(list(zip(names, sizes)))
    if "=" not in text and ":" not in text:
        raise UserError(f"mesh '{text}': expected NAME=SIZE,... (e.g. data=2,model=4) or sizes like 2x4")
    return Mesh.parse(text)


def mesh_shape_label(mesh: Mesh) -> str:
    """`2x4` for a mesh of sizes 2 and 4 (what plots group by)."""
    return "x".join(str(a.size) for a in mesh.axes)


def model_axis(mesh: Mesh) -> str:
    """The tensor-parallel axis: the one named `model`, else the most minor axis."""
    return MODEL_AXIS if mesh.has_axis(MODEL_AXIS) else mesh.axes[-1].name


def data_axes(mesh: Mesh) -> tuple[str, ...]:
    """The data-parallel axes of a 2-D (or deeper) layout: every axis but the model axis."""
    tp = model_axis(mesh)
    return tuple(n for n in mesh.axis_names if n != tp)
