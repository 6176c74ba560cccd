"""The collectives of a reshard, one class per Shardy collective (`sdy.all_gather`, `sdy.all_slice`, ...).

Each holds its parameters under Shardy's names and the sharding it produces (`out_sharding`), and states what it
does to a sharding: `result_dims` (the dimension shardings after it), `result_unreduced` (the unreduced axes
after it) and `result_sharding` (both, after checking that it applies). The reshard decomposition builds them,
the sdy verifier and the simulator check collectives with them, the pricing and the emission dispatch on their
class.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, Self

from autoshard.errors import UserError
from autoshard.sharding.axis_list import NotMinorMost, add_or_merge, remove_minor_suffix, sharded_size
from autoshard.sharding.axis_ref import AxisRef, sort_axis_refs
from autoshard.sharding.mesh import Mesh
from autoshard.sharding.tensor_sharding import DimSharding, TensorSharding

CollectiveKind = Literal[
    "all_gather",
    "all_slice",
    "all_to_all",
    "collective_permute",
    "all_reduce",
    "reduce_scatter",
    "replicated_to_unreduced",
    "sharded_to_unreduced",
]

AxesPerDim = tuple[tuple[AxisRef, ...], ...]

#: a mesh, or the meshes by name (a collective-permute's out sharding may name another mesh)
MeshLookup = Mesh | Mapping[str, Mesh]


def resolve_mesh(sharding: TensorSharding, meshes: MeshLookup) -> Mesh:
    """The mesh a sharding refers to: its inlined mesh, the one given `Mesh`, or the named one."""
    if sharding.inline_mesh is not None:
        return sharding.inline_mesh
    if isinstance(meshes, Mesh):
        return meshes
    try:
        return meshes[sharding.mesh_name]
    except KeyError:
        raise UserError(f"unknown mesh '@{sharding.mesh_name}'") from None


class AxisNotMinorMost(UserError):
    """A collective removes axis `ref` from dimension `dim` (axes `axes`), where it is not at the minor end."""

    def __init__(self, kind: str, ref: AxisRef, dim: int, axes: Sequence[AxisRef]):
        self.ref, self.dim = ref, dim
        listed = ", ".join(map(str, axes))
        super().__init__(f"{kind.replace('_', '-')} axis {ref} is not minor-most in dimension {dim} {{{listed}}}")


@dataclass(frozen=True)
class AllToAllParam:
    """One `sdy.all_to_all` parameter: move `axes` (major to minor) from `src_dim` to the end of `tgt_dim`."""

    axes: tuple[AxisRef, ...]
    src_dim: int
    tgt_dim: int

    def __str__(self) -> str:
        return "{" + ", ".join(str(a) for a in self.axes) + f"}}: {self.src_dim}->{self.tgt_dim}"


def _axes_text(axes: Sequence[AxisRef]) -> str:
    return "{" + ", ".join(str(a) for a in axes) + "}"


class Collective(ABC):
    """One collective of a reshard: Shardy's op `sdy.<kind>`, its parameters and `out_sharding`, the sharding it
    produces. Subclasses are frozen dataclasses whose last field is `out_sharding`."""

    kind: ClassVar[CollectiveKind]
    out_sharding: TensorSharding

    @abstractmethod
    def communicated_axes(self) -> tuple[AxisRef, ...]:
        """The mesh axes whose device groups take part in the collective."""

    @abstractmethod
    def params_text(self) -> str:
        """Its parameters as `__str__` prints them (empty, or ending in a space)."""

    def result_dims(self, dims: Sequence[Sequence[AxisRef]], mesh: Mesh) -> list[list[AxisRef]]:
        """The axes of each dimension after the collective, given those before (unchanged by default); raises
        `AxisNotMinorMost` where it removes an axis that is not at the minor end of its dimension."""
        return [list(d) for d in dims]

    def result_unreduced(self, unreduced: tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
        """The unreduced axes after the collective, given those before (unchanged by default)."""
        return unreduced

    def check_applies(self, src: TensorSharding, mesh: Mesh) -> None:
        """Raise `UserError` where the collective needs what `src` does not have (nothing by default)."""

    def result_sharding(self, src: TensorSharding, meshes: MeshLookup) -> TensorSharding:
        """The sharding the collective gives a tensor sharded `src` (its `out_sharding` is not read, except by a
        collective-permute). Raises `UserError`, stating the inconsistency, where it does not apply to `src` (an
        axis not minor-most, already used, not unreduced)."""
        mesh = resolve_mesh(src, meshes)
        self.check_applies(src, mesh)
        dims = self.result_dims([d.axes for d in src.dims], mesh)
        unreduced = self.result_unreduced(tuple(src.unreduced), mesh)
        return TensorSharding(src.mesh_name, tuple(DimSharding(tuple(d)) for d in dims), (), unreduced, src.inline_mesh)

    def expanded(self, dims: Sequence[int], rank: int, out_sharding: TensorSharding) -> Self:
        """This collective, built on dimensions `dims` of a rank-`rank` tensor, on the whole tensor, producing
        `out_sharding` (the other dimensions take no part)."""
        return type(self)(*self._expanded_params(dims, rank), out_sharding)  # type: ignore[call-arg]

    def _expanded_params(self, dims: Sequence[int], rank: int) -> tuple:
        return ()

    def __str__(self) -> str:
        return f"sdy.{self.kind} {self.params_text()}-> {self.out_sharding}"


def _check_free(sharding: TensorSharding, added: Sequence[AxisRef], mesh: Mesh, kind: str) -> None:
    taken = list(sharding.all_axes()) + list(sharding.unreduced)
    for ref in added:
        if any(ref.overlaps(t, mesh) for t in taken):
            raise UserError(f"{kind} axis {ref} is already used by {sharding}")
        taken.append(ref)


def _without_unreduced(sharding: TensorSharding, reduced: Sequence[AxisRef], kind: str) -> tuple[AxisRef, ...]:
    """`sharding`'s unreduced axes less `reduced`, all of which must be among them."""
    missing = [r for r in reduced if r not in sharding.unreduced]
    if missing:
        raise UserError(f"{kind} axes {', '.join(map(str, missing))} are not unreduced in {sharding}")
    return tuple(r for r in sharding.unreduced if r not in reduced)


def _cut_suffix(axes: Sequence[AxisRef], removed: Sequence[AxisRef], mesh: Mesh, kind: str, dim: int) -> list[AxisRef]:
    """`axes` without `removed` at its minor end (`axis_list.remove_minor_suffix`), else `AxisNotMinorMost`."""
    try:
        return remove_minor_suffix(axes, removed, mesh)
    except NotMinorMost as e:
        raise AxisNotMinorMost(kind, e.ref, dim, axes) from None


def _appended(axes: Sequence[AxisRef], added: Sequence[AxisRef], mesh: Mesh) -> list[AxisRef]:
    """`axes` with `added` at its minor end, each merged into the last ref where it continues it."""
    out = list(axes)
    for ref in added:
        add_or_merge(out, ref, mesh)
    return out


# -- collectives with axes per dimension ---------------------------------------------------------------


class _PerDimCollective(Collective):
    """A collective with a list of axes per dimension (its first field)."""

    @property
    @abstractmethod
    def axes_per_dim(self) -> AxesPerDim:
        """Its axes of each dimension."""

    def communicated_axes(self) -> tuple[AxisRef, ...]:
        return tuple(a for d in self.axes_per_dim for a in d)

    def params_text(self) -> str:
        return "[" + ", ".join(_axes_text(d) for d in self.axes_per_dim) + "] "

    def _check_rank(self, rank: int) -> None:
        if len(self.axes_per_dim) != rank:
            kind = self.kind.replace("_", "-")
            raise UserError(f"{kind} has {len(self.axes_per_dim)} dimension axis lists for a tensor of rank {rank}")

    def _expanded_params(self, dims: Sequence[int], rank: int) -> tuple:
        full: list[tuple[AxisRef, ...]] = [()] * rank
        for k, i in enumerate(dims):
            full[i] = self.axes_per_dim[k]
        return (tuple(full),)


class _RemovesMinorAxes(_PerDimCollective):
    """Takes its axes off the minor end of each dimension."""

    def result_dims(self, dims: Sequence[Sequence[AxisRef]], mesh: Mesh) -> list[list[AxisRef]]:
        self._check_rank(len(dims))
        return [_cut_suffix(d, removed, mesh, self.kind, i) for i, (d, removed) in enumerate(zip(dims, self.axes_per_dim))]


class _AppendsAxes(_PerDimCollective):
    """Appends its axes to the minor end of each dimension."""

    def result_dims(self, dims: Sequence[Sequence[AxisRef]], mesh: Mesh) -> list[list[AxisRef]]:
        self._check_rank(len(dims))
        return [_appended(d, added, mesh) for d, added in zip(dims, self.axes_per_dim)]


@dataclass(frozen=True)
class AllGather(_RemovesMinorAxes):
    """`sdy.all_gather`: gathers `gathering_axes[d]` off the minor end of dimension d."""

    kind: ClassVar[CollectiveKind] = "all_gather"
    gathering_axes: AxesPerDim
    out_sharding: TensorSharding

    @property
    def axes_per_dim(self) -> AxesPerDim:
        return self.gathering_axes


@dataclass(frozen=True)
class AllSlice(_AppendsAxes):
    """`sdy.all_slice`: slices dimension d further along `slicing_axes[d]` (no communication)."""

    kind: ClassVar[CollectiveKind] = "all_slice"
    slicing_axes: AxesPerDim
    out_sharding: TensorSharding

    @property
    def axes_per_dim(self) -> AxesPerDim:
        return self.slicing_axes

    def check_applies(self, src: TensorSharding, mesh: Mesh) -> None:
        self._check_rank(src.rank)
        _check_free(src, self.communicated_axes(), mesh, "all-slice")


@dataclass(frozen=True)
class ReduceScatter(_AppendsAxes):
    """`sdy.reduce_scatter`: sums over the unreduced `reduce_scatter_axes` and scatters dimension d along
    `reduce_scatter_axes[d]` (an all-reduce then an all-slice on the same axes)."""

    kind: ClassVar[CollectiveKind] = "reduce_scatter"
    reduce_scatter_axes: AxesPerDim
    out_sharding: TensorSharding

    @property
    def axes_per_dim(self) -> AxesPerDim:
        return self.reduce_scatter_axes

    def check_applies(self, src: TensorSharding, mesh: Mesh) -> None:
        self._check_rank(src.rank)
        added = self.communicated_axes()
        unreduced = _without_unreduced(src, added, "reduce-scatter")
        _check_free(TensorSharding(src.mesh_name, src.dims, (), unreduced, src.inline_mesh), added, mesh, "reduce-scatter")

    def result_unreduced(self, unreduced: tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
        reduced = self.communicated_axes()
        return tuple(r for r in unreduced if r not in reduced)


@dataclass(frozen=True)
class ShardedToUnreduced(_RemovesMinorAxes):
    """`sdy.sharded_to_unreduced`: makes the minor-most `axes[d]` of dimension d unreduced (local: no
    communication)."""

    kind: ClassVar[CollectiveKind] = "sharded_to_unreduced"
    axes: AxesPerDim
    out_sharding: TensorSharding

    @property
    def axes_per_dim(self) -> AxesPerDim:
        return self.axes

    def result_unreduced(self, unreduced: tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
        return sort_axis_refs(list(unreduced) + list(self.communicated_axes()), mesh)


# -- collectives with one list of axes -----------------------------------------------------------------


class _AxesCollective(Collective):
    """A collective with one list of mesh axes (its first field, `axes`)."""

    axes: tuple[AxisRef, ...]

    def communicated_axes(self) -> tuple[AxisRef, ...]:
        return self.axes

    def params_text(self) -> str:
        return _axes_text(self.axes) + " "

    def _expanded_params(self, dims: Sequence[int], rank: int) -> tuple:
        return (self.axes,)


@dataclass(frozen=True)
class AllReduce(_AxesCollective):
    """`sdy.all_reduce`: sums over the unreduced `axes` (Shardy's `reduction_axes`)."""

    kind: ClassVar[CollectiveKind] = "all_reduce"
    axes: tuple[AxisRef, ...]
    out_sharding: TensorSharding

    def check_applies(self, src: TensorSharding, mesh: Mesh) -> None:
        _without_unreduced(src, self.axes, "all-reduce")

    def result_unreduced(self, unreduced: tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
        return tuple(r for r in unreduced if r not in self.axes)


@dataclass(frozen=True)
class ReplicatedToUnreduced(_AxesCollective):
    """`sdy.replicated_to_unreduced`: makes the replicated `axes` unreduced (local: no communication)."""

    kind: ClassVar[CollectiveKind] = "replicated_to_unreduced"
    axes: tuple[AxisRef, ...]
    out_sharding: TensorSharding

    def check_applies(self, src: TensorSharding, mesh: Mesh) -> None:
        _check_free(src, self.axes, mesh, "replicated-to-unreduced")

    def result_unreduced(self, unreduced: tuple[AxisRef, ...], mesh: Mesh) -> tuple[AxisRef, ...]:
        return sort_axis_refs(list(unreduced) + list(self.axes), mesh)


# -- all-to-all and collective-permute -----------------------------------------------------------------


@dataclass(frozen=True)
class AllToAll(Collective):
    """`sdy.all_to_all`: for each parameter, moves its axes off the minor end of its source dimension to the
    minor end of its target dimension."""

    kind: ClassVar[CollectiveKind] = "all_to_all"
    params: tuple[AllToAllParam, ...]
    out_sharding: TensorSharding

    def communicated_axes(self) -> tuple[AxisRef, ...]:
        return tuple(a for p in self.params for a in p.axes)

    def params_text(self) -> str:
        return "[" + ", ".join(str(p) for p in self.params) + "] "

    def result_dims(self, dims: Sequence[Sequence[AxisRef]], mesh: Mesh) -> list[list[AxisRef]]:
        out = [list(d) for d in dims]
        rank = len(out)
        for p in self.params:
            if not (0 <= p.src_dim < rank and 0 <= p.tgt_dim < rank) or p.src_dim == p.tgt_dim:
                raise UserError(f"all-to-all dimensions {p.src_dim}->{p.tgt_dim} do not fit rank {rank}")
            out[p.src_dim] = _cut_suffix(out[p.src_dim], p.axes, mesh, self.kind, p.src_dim)
            out[p.tgt_dim] = _appended(out[p.tgt_dim], p.axes, mesh)
        return out

    def _expanded_params(self, dims: Sequence[int], rank: int) -> tuple:
        return (tuple(AllToAllParam(p.axes, dims[p.src_dim], dims[p.tgt_dim]) for p in self.params),)


@dataclass(frozen=True)
class CollectivePermute(Collective):
    """`sdy.collective_permute`: moves shards between devices so that the tensor is sharded `out_sharding`,
    which keeps every dimension's shard count and may name another mesh (same axes, another device order)."""

    kind: ClassVar[CollectiveKind] = "collective_permute"
    out_sharding: TensorSharding

    def communicated_axes(self) -> tuple[AxisRef, ...]:
        """None named: which devices exchange shards follows from the shardings before and after."""
        return ()

    def params_text(self) -> str:
        return ""

    def result_dims(self, dims: Sequence[Sequence[AxisRef]], mesh: Mesh) -> list[list[AxisRef]]:
        return [list(d.axes) for d in self.out_sharding.dims]

    def result_sharding(self, src: TensorSharding, meshes: MeshLookup) -> TensorSharding:
        """`out_sharding`, after checking that it keeps `src`'s shard counts and its unreduced axes' sizes."""
        out = self.out_sharding
        mesh, out_mesh = resolve_mesh(src, meshes), resolve_mesh(out, meshes)
        if out.rank != src.rank or any(
            sharded_size(a.axes, mesh) != sharded_size(b.axes, out_mesh) for a, b in zip(src.dims, out.dims)
        ):
            raise UserError(f"collective-permute from {src} to {out} changes a dimension's shard count")
        if ({r.size(mesh) for r in src.unreduced} != {r.size(out_mesh) for r in out.unreduced}
                or len(src.unreduced) != len(out.unreduced)):
            raise UserError(f"collective-permute from {src} to {out} changes the unreduced axes")
        return out
