"""Candidate shardings of an op: assignments of mesh axes to the factors of its sharding rule.

A *factor strategy* gives every factor of an `OpShardingRule` an ordered tuple of axis refs. Its
`ShardingProjection` (`ShardingProjection.from_axes_per_factor`) gives each tensor's `TensorSharding`.

Pruning, stated so a reader knows what the search does not see:
- each mesh axis goes to at most one factor, and the axes of one factor follow mesh order (major to minor);
- a factor's axes multiply to a divisor of its size; size-0 and size-1 factors stay unsharded;
- `need_replication` and `permutation` factors (and `blocked_propagation` ones) stay unsharded;
- in a compound dimension, a more minor factor may carry axes only when every more major factor is sharded
  down to local size 1 (otherwise the dimension's blocks would not be contiguous);
- sub-axes are offered for an axis only when the full axis does not divide the factor but a prefix of it does
  (`"x":(1)k`), which is what lets e.g. a dimension of 6 use 2 of a 4-sized axis;
- with `axis_groups` (neighbouring mesh axes searched as one, `planner.axis_groups`), a group's axes go to one
  factor together, in mesh order, or stay unused together; no sub-axes of a grouped axis.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from autoshard.sharding import AxisRef, Mesh, SubAxisInfo


class FactorRule(Protocol):
    """What the planner reads from an op sharding rule (`autoshard.rules.OpShardingRule` fits)."""

    factor_sizes: Sequence[int]
    operand_mappings: Sequence[Sequence[Sequence[int]]]
    result_mappings: Sequence[Sequence[Sequence[int]]]
    reduction_factors: Sequence[int]
    need_replication_factors: Sequence[int]
    permutation_factors: Sequence[int]
    blocked_propagation_factors: Sequence[int]


@dataclass(frozen=True)
class FactorStrategy:
    """Axis refs assigned to each factor (index = factor index)."""

    factor_axes: tuple[tuple[AxisRef, ...], ...]

    def is_replicated(self) -> bool:
        return not any(self.factor_axes)


def unshardable_factors(rule: FactorRule) -> frozenset[int]:
    """Factors the planner never shards (need_replication, permutation, blocked, size 0/1)."""
    fixed = set(rule.need_replication_factors) | set(rule.permutation_factors) | set(rule.blocked_propagation_factors)
    fixed |= {i for i, s in enumerate(rule.factor_sizes) if s <= 1}
    return frozenset(fixed)


def _axis_options(axis: str, size: int, remaining: int, mesh: Mesh, allow_sub_axes: bool) -> list[AxisRef]:
    """The refs of `axis` that fit a factor with `remaining` unsharded size."""
    if remaining % size == 0:
        return [AxisRef(axis)]
    if not allow_sub_axes:
        return []
    g = math.gcd(size, remaining)
    return [AxisRef(axis, SubAxisInfo(1, g))] if g > 1 else []


def axis_units(mesh: Mesh, axis_groups: Sequence[Sequence[str]] = ()) -> list[tuple[str, ...]]:
    """The mesh's axes as the search uses them, major to minor: each group of `axis_groups` (neighbouring axes,
    `planner.axis_groups.check_axis_groups`) as one unit, every other axis alone; units of one device left out."""
    group_of = {group[0]: tuple(group) for group in axis_groups}
    grouped = {name for group in axis_groups for name in group}
    units = [group_of[a.name] if a.name in group_of else (a.name,) for a in mesh.axes
             if a.name in group_of or a.name not in grouped]
    return [u for u in units if math.prod(mesh.axis_size(name) for name in u) > 1]


def _unit_options(unit: tuple[str, ...], remaining: int, mesh: Mesh, allow_sub_axes: bool) -> list[tuple[AxisRef, ...]]:
    """The ways `unit` (one axis, or a group used whole) fits a factor with `remaining` unsharded size."""
    if len(unit) == 1:
        return [(ref,) for ref in _axis_options(unit[0], mesh.axis_size(unit[0]), remaining, mesh, allow_sub_axes)]
    size = math.prod(mesh.axis_size(name) for name in unit)
    return [tuple(AxisRef(name) for name in unit)] if remaining % size == 0 else []


def enumerate_factor_strategies(
    rule: FactorRule,
    mesh: Mesh,
    allow_sub_axes: bool = True,
    max_strategies: int | None = None,
    axis_groups: Sequence[Sequence[str]] = (),
) -> list[FactorStrategy]:
    """Every valid factor strategy of `rule` on `mesh` (the replicated one first), each group of `axis_groups`
    used as one axis. Enumerated once per equal (rule, mesh, options): the ops of a deep model share a few hundred
    rule values (rules and meshes compare by value); a rule that does not hash is enumerated each time."""
    groups = tuple(tuple(group) for group in axis_groups)
    try:
        return list(_enumerated(rule, mesh, allow_sub_axes, max_strategies, groups))
    except TypeError:  # unhashable
        return _enumerate(rule, mesh, allow_sub_axes, max_strategies, groups)


@functools.lru_cache(maxsize=4096)
def _enumerated(rule: FactorRule, mesh: Mesh, allow_sub_axes: bool, max_strategies: int | None,
                axis_groups: tuple[tuple[str, ...], ...]) -> tuple[FactorStrategy, ...]:
    return tuple(_enumerate(rule, mesh, allow_sub_axes, max_strategies, axis_groups))


def _enumerate(rule: FactorRule, mesh: Mesh, allow_sub_axes: bool, max_strategies: int | None,
               axis_groups: Sequence[Sequence[str]]) -> list[FactorStrategy]:
    num_factors = len(rule.factor_sizes)
    shardable = [f for f in range(num_factors) if f not in unshardable_factors(rule)]
    compound_dims = [
        tuple(dim) for tensor in (*rule.operand_mappings, *rule.result_mappings) for dim in tensor if len(dim) > 1
    ]
    units = axis_units(mesh, axis_groups)
    out: list[FactorStrategy] = []

    def compound_ok(axes: list[list[AxisRef]]) -> bool:
        for dim in compound_dims:
            seen_partial = False
            for f in dim:
                if seen_partial and axes[f]:
                    return False
                shards = math.prod(a.size(mesh) for a in axes[f])
                if rule.factor_sizes[f] // max(shards, 1) > 1:
                    seen_partial = True
        return True

    def rec(unit_index: int, axes: list[list[AxisRef]], remaining: list[int]) -> Iterator[FactorStrategy]:
        if unit_index == len(units):
            if compound_ok(axes):
                yield FactorStrategy(tuple(tuple(a) for a in axes))
            return
        yield from rec(unit_index + 1, axes, remaining)  # unit unused
        for f in shardable:
            for refs in _unit_options(units[unit_index], remaining[f], mesh, allow_sub_axes):
                size = math.prod(ref.size(mesh) for ref in refs)
                axes[f].extend(refs)
                remaining[f] //= size
                yield from rec(unit_index + 1, axes, remaining)
                remaining[f] *= size
                del axes[f][len(axes[f]) - len(refs):]

    for strategy in rec(0, [[] for _ in range(num_factors)], list(rule.factor_sizes)):
        out.append(strategy)
        if max_strategies is not None and len(out) >= max_strategies:
            break
    return out


def reduction_axes(rule: FactorRule, strategy: FactorStrategy) -> tuple[AxisRef, ...]:
    """Axes sharding a reduction factor: the op's results are partial sums over them (unreduced)."""
    return tuple(a for f in rule.reduction_factors for a in strategy.factor_axes[f])


def local_factor_sizes(rule: FactorRule, strategy: FactorStrategy, mesh: Mesh) -> tuple[int, ...]:
    """Each factor's per-device size under `strategy` (ceil division)."""
    out = []
    for size, axes in zip(rule.factor_sizes, strategy.factor_axes):
        shards = math.prod(a.size(mesh) for a in axes)
        out.append(-(-size // shards) if size else 0)
    return tuple(out)
