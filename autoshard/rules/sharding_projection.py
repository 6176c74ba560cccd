"""An op's tensor shardings seen through the factors of its sharding rule (Shardy's `ShardingProjection`).

`ShardingProjection.build` projects each operand's and result's dimension shardings onto the factors of
its dimensions: a dimension's axes go, major to minor, to its factors, major to minor. A factor that is not
the dimension's minor-most takes axes while they share a divisor with its unsharded size, splitting an axis
into sub-axes where only its major part fits (`"x":(1)2` for a factor of 2 on an axis of 4, leaving
`"x":(2)2` for the next factor); the axes left when its size and the next axis are coprime are its
`overflow_axes`, and the dimension's later factors stay empty and closed. The minor-most factor takes every
axis left, whether or not they divide it (padding).

`TensorFactorShardings.create_tensor_sharding` goes back: a dimension's sharding is its factors' axes in
order (sub-axes that meet at a factor boundary merged), ending after a factor with overflow axes (which are
added) or after a factor its axes do not fully shard, since sharding a later factor would need a strided
view of the dimension.

`ShardingProjection.from_axes_per_factor` is the projection where every tensor shards each of its factors
by the same axes (a candidate of the planner, the factor shardings the simulator runs an op under).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from autoshard.sharding import AxisRef, DimSharding, Mesh, TensorSharding
from autoshard.sharding.axis_list import add_or_merge


class FactorMappings(Protocol):
    """What a projection reads from an op sharding rule (`autoshard.rules.OpShardingRule` fits)."""

    factor_sizes: Sequence[int]
    operand_mappings: Sequence[Sequence[Sequence[int]]]
    result_mappings: Sequence[Sequence[Sequence[int]]]


@dataclass(frozen=True)
class FactorSharding:
    """The axes sharding one factor of one tensor.

    `is_closed`: the factor may not be sharded further. `is_minor_most`: the factor is the last of its
    dimension. `overflow_axes`: the rest of a dimension's axes after a non-minor-most factor whose unsharded
    size the next axis does not share a divisor with; kept so that projecting back restores the dimension.
    """

    axis_refs: tuple[AxisRef, ...] = ()
    is_closed: bool = False
    is_minor_most: bool = False
    overflow_axes: tuple[AxisRef, ...] = ()


@dataclass(frozen=True)
class TensorFactorShardings:
    """The factor shardings of one tensor (every factor of its mapping has one) and its replicated and
    unreduced axes."""

    factor_index_to_sharding: Mapping[int, FactorSharding]
    replicated_axes: tuple[AxisRef, ...] = ()
    unreduced_axes: tuple[AxisRef, ...] = ()

    def sharding_size(self, mesh: Mesh) -> int:
        """How many shards the factor shardings make (axis refs and overflow axes of every factor)."""
        return math.prod(
            ref.size(mesh) for s in self.factor_index_to_sharding.values() for ref in (*s.axis_refs, *s.overflow_axes)
        )

    def create_tensor_sharding(
        self,
        tensor_mapping: Sequence[Sequence[int]],
        factor_sizes: Sequence[int],
        mesh_name: str,
        mesh: Mesh,
        inline_mesh: Mesh | None = None,
    ) -> TensorSharding:
        """The tensor's dimension shardings from its factor shardings under `tensor_mapping`.

        A dimension is closed when any factor it reads is; the axes of factors that would need a strided view
        (after a factor not fully sharded, or after overflow axes) are left out.
        """
        dims = []
        for dim_factors in tensor_mapping:
            axes: list[AxisRef] = []
            is_closed = False
            for f in dim_factors:
                sharding = self.factor_index_to_sharding[f]
                is_closed |= sharding.is_closed
                sharded_size = _add_axes(axes, sharding.axis_refs, mesh)
                if sharding.overflow_axes:
                    _add_axes(axes, sharding.overflow_axes, mesh)
                    break
                if sharded_size < factor_sizes[f]:
                    break
            dims.append(DimSharding(tuple(axes), is_closed))
        return TensorSharding(mesh_name, tuple(dims), self.replicated_axes, self.unreduced_axes, inline_mesh)


@dataclass(frozen=True)
class ShardingProjection:
    """The factor shardings of each operand and result of an op."""

    operands: tuple[TensorFactorShardings, ...] = field(default_factory=tuple)
    results: tuple[TensorFactorShardings, ...] = field(default_factory=tuple)

    @staticmethod
    def build(
        operand_shardings: Sequence[TensorSharding | None],
        result_shardings: Sequence[TensorSharding | None],
        rule: FactorMappings,
        mesh: Mesh,
        closed_if_missing: bool = False,
    ) -> ShardingProjection:
        """Project each tensor's sharding onto its factors under `rule` (a missing sharding gives empty factor
        shardings, closed or open as `closed_if_missing` says)."""

        def project(mappings, shardings) -> tuple[TensorFactorShardings, ...]:
            if len(mappings) != len(shardings):
                raise ValueError(f"{len(shardings)} shardings for {len(mappings)} tensor mappings")
            return tuple(
                _build_tensor_factor_shardings(m, s, rule.factor_sizes, mesh, closed_if_missing)
                for m, s in zip(mappings, shardings)
            )

        return ShardingProjection(
            project(rule.operand_mappings, operand_shardings), project(rule.result_mappings, result_shardings)
        )

    @staticmethod
    def from_axes_per_factor(axes_per_factor: Sequence[Sequence[AxisRef]], rule: FactorMappings) -> ShardingProjection:
        """Every tensor shards factor `f` by `axes_per_factor[f]`; all factor shardings closed, none overflowing."""

        def project(mapping: Sequence[Sequence[int]]) -> TensorFactorShardings:
            return TensorFactorShardings({
                f: FactorSharding(tuple(axes_per_factor[f]), is_closed=True, is_minor_most=f == dim[-1])
                for dim in mapping for f in dim
            })  # fmt: skip

        return ShardingProjection(
            tuple(project(m) for m in rule.operand_mappings), tuple(project(m) for m in rule.result_mappings)
        )

    def create_tensor_shardings(
        self, rule: FactorMappings, mesh_name: str, mesh: Mesh, inline_mesh: Mesh | None = None
    ) -> tuple[tuple[TensorSharding, ...], tuple[TensorSharding, ...]]:
        """The operands' and the results' shardings (`TensorFactorShardings.create_tensor_sharding` of each)."""

        def create(tensors, mappings) -> tuple[TensorSharding, ...]:
            return tuple(t.create_tensor_sharding(m, rule.factor_sizes, mesh_name, mesh, inline_mesh)
                         for t, m in zip(tensors, mappings))  # fmt: skip

        return create(self.operands, rule.operand_mappings), create(self.results, rule.result_mappings)


def _add_axes(axes: list[AxisRef], added: Sequence[AxisRef], mesh: Mesh) -> int:
    """Append `added` to a dimension's `axes`, merging its first ref into the last one where they meet; the
    product of the added sizes."""
    for i, ref in enumerate(added):
        if i == 0:
            add_or_merge(axes, ref, mesh)
        else:
            axes.append(ref)
    return math.prod(ref.size(mesh) for ref in added)


@dataclass
class _AxisCursor:
    """Walks a dimension's axes major to minor, able to take the major part of the current (sub-)axis."""

    axes: Sequence[AxisRef]
    mesh: Mesh
    index: int = 0
    pre_size: int = 1
    size: int = 0

    def __post_init__(self) -> None:
        self._load()

    def _load(self) -> None:
        if self.index < len(self.axes):
            ref = self.axes[self.index]
            self.pre_size, self.size = ref.pre_size, ref.size(self.mesh)

    def has_axis(self) -> bool:
        return self.index < len(self.axes)

    def take(self) -> AxisRef:
        """The rest of the current axis; moves to the next."""
        ref = AxisRef.make(self.axes[self.index].name, self.pre_size, self.size, self.mesh)
        self.index += 1
        self._load()
        return ref

    def take_major(self, size: int) -> AxisRef:
        """The major `size` part of the current axis (a proper divisor of what is left of it)."""
        ref = AxisRef.make(self.axes[self.index].name, self.pre_size, size, self.mesh)
        self.pre_size *= size
        self.size //= size
        return ref

    def take_rest(self) -> tuple[AxisRef, ...]:
        refs: list[AxisRef] = []
        while self.has_axis():
            add_or_merge(refs, self.take(), self.mesh)
        return tuple(refs)


def _build_tensor_factor_shardings(
    mapping: Sequence[Sequence[int]],
    sharding: TensorSharding | None,
    factor_sizes: Sequence[int],
    mesh: Mesh,
    closed_if_missing: bool,
) -> TensorFactorShardings:
    if sharding is not None and sharding.rank != len(mapping):
        raise ValueError(f"sharding {sharding} has rank {sharding.rank}, its tensor mapping {len(mapping)}")
    out: dict[int, FactorSharding] = {}
    for d, dim_factors in enumerate(mapping):
        dim = sharding.dims[d] if sharding is not None else DimSharding((), closed_if_missing)
        cursor = _AxisCursor(dim.axes, mesh)
        overflowed = False
        for f in dim_factors:
            is_minor_most = f == dim_factors[-1]
            if overflowed:
                out[f] = FactorSharding(is_closed=True, is_minor_most=is_minor_most)
                continue
            if is_minor_most:
                out[f] = FactorSharding(cursor.take_rest(), dim.is_closed, is_minor_most)
                continue
            refs: list[AxisRef] = []
            unsharded = factor_sizes[f]
            while cursor.has_axis():
                common = cursor.size if cursor.size == 1 else math.gcd(unsharded, cursor.size)
                if common == 1 and cursor.size != 1:
                    break
                refs.append(cursor.take() if common == cursor.size else cursor.take_major(common))
                unsharded //= common
            overflow = cursor.take_rest() if unsharded > 1 and cursor.has_axis() else ()
            overflowed = bool(overflow)
            out[f] = FactorSharding(tuple(refs), dim.is_closed, is_minor_most, overflow)
    if sharding is None:
        return TensorFactorShardings(out)
    return TensorFactorShardings(out, sharding.replicated, sharding.unreduced)
