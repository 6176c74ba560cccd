"""Plain-data tensor shardings (Shardy's `DimensionShardingAttr` and `TensorShardingAttr`).

The planner and the cost model work on these, never on IR attributes; `autoshard.dialects.sdy`
converts between them and `#sdy.sharding<...>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from autoshard.errors import UserError
from autoshard.sharding.axis_ref import AxisRef, total_size
from autoshard.sharding.mesh import Mesh

#: A JAX `PartitionSpec`-style entry: None, an axis name, or a tuple of axis names (major to minor).
SpecEntry = None | str | tuple[str, ...]


@dataclass(frozen=True)
class DimSharding:
    """How one tensor dimension is sharded: axes major to minor; open (`?`) dims may be extended."""

    axes: tuple[AxisRef, ...] = ()
    is_closed: bool = True
    priority: int | None = None

    def num_shards(self, mesh: Mesh) -> int:
        return total_size(self.axes, mesh)

    def __str__(self) -> str:
        body = ", ".join(str(a) for a in self.axes)
        if not self.is_closed:
            body = f"{body}, ?" if body else "?"
        return "{" + body + "}" + (f"p{self.priority}" if self.priority is not None else "")


@dataclass(frozen=True, eq=True, unsafe_hash=False)
class TensorSharding:
    """A tensor's sharding over the mesh named `mesh_name` (Shardy `#sdy.sharding<@mesh, [...]>`)."""

    mesh_name: str
    dims: tuple[DimSharding, ...]
    replicated: tuple[AxisRef, ...] = ()
    unreduced: tuple[AxisRef, ...] = ()
    #: An inlined mesh (`#sdy.sharding<mesh<[...]>, ...>`) instead of a symbol reference.
    inline_mesh: Mesh | None = field(default=None, compare=True)

    def __hash__(self) -> int:
        # shardings are hashed constantly as cache keys by the planner: compute once per object
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.mesh_name, self.dims, self.replicated, self.unreduced, self.inline_mesh))
            object.__setattr__(self, "_hash", cached)
        return cached

    # -- construction -------------------------------------------------------------------------------
    @staticmethod
    def replicated_of(mesh_name: str, rank: int) -> TensorSharding:
        """A fully replicated, closed sharding of the given rank."""
        return TensorSharding(mesh_name, tuple(DimSharding() for _ in range(rank)))

    @staticmethod
    def from_partition_spec(
        spec: Sequence[SpecEntry], mesh: Mesh, mesh_name: str = "mesh", rank: int | None = None
    ) -> TensorSharding:
        """Build from a JAX-style spec, e.g. `("data", None)` or `(("data", "model"), None)`."""
        rank = len(spec) if rank is None else rank
        if len(spec) > rank:
            raise UserError(f"partition spec {tuple(spec)} has {len(spec)} entries for a rank-{rank} tensor")
        dims = []
        for entry in list(spec) + [None] * (rank - len(spec)):
            names = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
            for n in names:
                mesh.axis_index(n)  # raises a UserError naming the unknown axis
            dims.append(DimSharding(tuple(AxisRef(n) for n in names)))
        sharding = TensorSharding(mesh_name, tuple(dims))
        used = sharding.all_axes()
        if len(set(used)) != len(used):
            raise UserError(f"partition spec {tuple(spec)} uses an axis twice")
        return sharding

    # -- queries ------------------------------------------------------------------------------------
    @property
    def rank(self) -> int:
        return len(self.dims)

    def dim_axes(self) -> tuple[tuple[AxisRef, ...], ...]:
        return tuple(d.axes for d in self.dims)

    def all_axes(self) -> tuple[AxisRef, ...]:
        """Every axis ref that shards a dimension, dimension by dimension."""
        return tuple(a for d in self.dims for a in d.axes)

    def num_shards(self, mesh: Mesh) -> int:
        return total_size(self.all_axes(), mesh)

    def is_fully_replicated(self) -> bool:
        return not self.all_axes() and not self.unreduced

    def local_shape(self, shape: Sequence[int], mesh: Mesh) -> tuple[int, ...]:
        """Per-device shard shape (ceil division: Shardy pads when a size does not divide)."""
        if len(shape) != self.rank:
            raise UserError(f"sharding rank {self.rank} does not match tensor rank {len(shape)}")
        return tuple(-(-s // d.num_shards(mesh)) for s, d in zip(shape, self.dims))

    def partition_spec(self) -> tuple[SpecEntry, ...]:
        """The JAX `PartitionSpec` tuple for this sharding (sub-axes are written as `name:(m)k`)."""

        def ref_name(r: AxisRef) -> str:
            return r.name if r.is_full() else f"{r.name}:{r.sub_axis}"

        out: list[SpecEntry] = []
        for d in self.dims:
            names = tuple(ref_name(r) for r in d.axes)
            out.append(None if not names else names[0] if len(names) == 1 else names)
        return tuple(out)

    def with_dims(self, dims: Sequence[DimSharding]) -> TensorSharding:
        return TensorSharding(self.mesh_name, tuple(dims), self.replicated, self.unreduced, self.inline_mesh)

    def __str__(self) -> str:
        mesh = f"@{self.mesh_name}" if self.inline_mesh is None else "<inline mesh>"
        s = f"#sdy.sharding<{mesh}, [{', '.join(str(d) for d in self.dims)}]"
        if self.replicated:
            s += ", replicated={" + ", ".join(str(a) for a in self.replicated) + "}"
        if self.unreduced:
            s += ", unreduced={" + ", ".join(str(a) for a in self.unreduced) + "}"
        return s + ">"


def is_local_slice(src: TensorSharding, dst: TensorSharding) -> bool:
    """`dst` keeps a part of every device's `src` shard (no data moves between devices)."""
    return (src.unreduced == dst.unreduced and len(src.dims) == len(dst.dims)
            and all(d.axes[: len(s.axes)] == s.axes for s, d in zip(src.dims, dst.dims)))
