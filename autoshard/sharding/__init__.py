"""Plain-data meshes and shardings, independent of the IR (JAX-style names at the edge)."""

from autoshard.sharding.axis_ref import AxisRef, SubAxisInfo, sort_axis_refs, total_size
from autoshard.sharding.mesh import Mesh, MeshAxis
from autoshard.sharding.tensor_sharding import DimSharding, SpecEntry, TensorSharding

__all__ = [
    "AxisRef",
    "DimSharding",
    "Mesh",
    "MeshAxis",
    "SpecEntry",
    "SubAxisInfo",
    "TensorSharding",
    "sort_axis_refs",
    "total_size",
]
