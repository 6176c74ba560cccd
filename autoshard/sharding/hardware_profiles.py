"""`costmodel`'s hardware profiles on autoshard's meshes: the one adapter between the two.

`costmodel` knows meshes only as plain axis names and sizes (`MeshShape`) and mesh axes as names or
`(name, pre_size, size)` tuples, and raises `CostModelError`. Here profiles are loaded and moved onto an autoshard
`Mesh` (or a CLI mesh string such as `data=2,model=4`), a profile's mesh is read back as a `Mesh`, `AxisRef`s
become the axes the collectives take, an IR element type is sized, and a cost-model error becomes the one-line
`UserError` the CLI prints (same message and `file:line:col`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from costmodel import hardware
from costmodel.collectives import AxisSpec
from costmodel.compute import dtype_bytes
from costmodel.errors import CostModelError
from costmodel.hardware import AxisSize, CostConfig, MeshShape

from autoshard.errors import Location, UserError
from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.mesh import Mesh, MeshAxis


@contextmanager
def user_errors() -> Iterator[None]:
    """Re-raise a `CostModelError` from the block as the `UserError` with its message and location."""
    try:
        yield
    except CostModelError as exc:
        where = exc.location
        location = Location(where.file, where.line, where.col) if where is not None else None
        raise UserError(exc.message, location) from None


# -- meshes and axes ---------------------------------------------------------------------------------------
def mesh_shape(mesh: Mesh | str | Mapping[str, int]) -> MeshShape:
    """The plain axes of a `Mesh`, a CLI mesh string (`data=2,model=4`) or a name -> size map (checked as a
    `Mesh`)."""
    if isinstance(mesh, str):
        mesh = Mesh.parse(mesh)
    elif not isinstance(mesh, Mesh):
        mesh = Mesh.from_sizes(dict(mesh))
    return MeshShape(tuple(AxisSize(a.name, a.size) for a in mesh.axes), mesh.device_ids)


@lru_cache(maxsize=64)
def _mesh(shape: MeshShape) -> Mesh:
    return Mesh(tuple(MeshAxis(a.name, a.size) for a in shape.axes), shape.device_ids)


def profile_mesh(config: CostConfig) -> Mesh:
    """The profile's mesh as an autoshard `Mesh`."""
    return _mesh(config.mesh)


def axis_spec(ref: AxisRef) -> AxisSpec:
    """A mesh axis as the collectives take it: the name, or `(name, pre_size, size)` for a sub-axis."""
    return (ref.name, ref.sub_axis.pre_size, ref.sub_axis.size) if ref.sub_axis else ref.name


def axis_specs(refs: Iterable[AxisRef]) -> tuple[AxisSpec, ...]:
    return tuple(axis_spec(r) for r in refs)


@lru_cache(maxsize=None)
def element_bytes(dtype: str) -> int:
    """Bytes of one element of an IR element type (`costmodel.compute.dtype_bytes`); an unknown type (a token)
    is the user's error."""
    with user_errors():
        return dtype_bytes(dtype)


# -- profiles ------------------------------------------------------------------------------------------------
def parse_config(text: str, filename: str = "<config>") -> CostConfig:
    """`costmodel.hardware.parse_config`, errors as `UserError`."""
    with user_errors():
        return hardware.parse_config(text, filename)


def load_config(name_or_path: str | Path) -> CostConfig:
    """A named profile (`h100-8`, ...) or a YAML file (`costmodel.hardware.load_config`), errors as `UserError`."""
    with user_errors():
        return hardware.load_config(name_or_path)


def with_mesh(config: CostConfig, mesh: Mesh | str | Mapping[str, int]) -> CostConfig:
    """The profile's hardware on `mesh` (`costmodel.hardware.with_mesh`)."""
    shape = mesh_shape(mesh)
    with user_errors():
        return hardware.with_mesh(config, shape)


def resolve_config(mesh: Mesh | str | Mapping[str, int] | None = None,
                   config: CostConfig | str | Path | None = None) -> CostConfig:
    """The configuration for CLI options `--mesh` and/or `--config` (either may be missing, not both)."""
    shape = mesh_shape(mesh) if mesh is not None else None
    with user_errors():
        return hardware.resolve_config(shape, config)
