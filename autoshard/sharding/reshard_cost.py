"""Pricing a reshard: the cost of the collectives that lower it, as the configuration's `hardware.reshard_lowering`
names (`lowering_for`: XLA's SPMD partitioner, `xla_reshard_collectives`, or Shardy's `reshard_collectives`), each
priced by `costmodel.collectives` with the nccl-tests buffer conventions."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from costmodel.collectives import CollectiveCost, collective
from costmodel.hardware import CostConfig

from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.hardware_profiles import axis_specs, profile_mesh
from autoshard.sharding.reshard import CollectiveStep, MeshLookup, reshard_collectives, resolve_mesh
from autoshard.sharding.tensor_sharding import TensorSharding
from autoshard.sharding.xla_reshard import xla_reshard_collectives

#: `(src, dst, meshes, shape) -> steps`: a lowering of reshards to collectives
Lowering = Callable[[TensorSharding, TensorSharding, MeshLookup, Sequence[int] | None], list[CollectiveStep]]

#: Steps that only change how local data is interpreted: no communication.
LOCAL_KINDS = ("replicated_to_unreduced", "sharded_to_unreduced")


@dataclass(frozen=True)
class ReshardCost:
    """The collectives of one reshard and what each costs a device."""

    steps: tuple[CollectiveStep, ...]
    costs: tuple[CollectiveCost, ...]

    @property
    def time_s(self) -> float:
        return sum(c.time_s for c in self.costs)

    @property
    def bytes_per_device(self) -> float:
        return sum(c.bytes_per_device for c in self.costs)


def _permuted_axes(before: TensorSharding, after: TensorSharding, meshes: MeshLookup) -> tuple[AxisRef, ...]:
    """Axes whose device groups exchange data in a collective-permute: every axis outside the per-dimension
    common prefix of both shardings, or the whole mesh when the device order changes."""
    if before.mesh_name != after.mesh_name or before.inline_mesh != after.inline_mesh:
        return tuple(AxisRef(a.name) for a in resolve_mesh(after, meshes).axes)
    moved: list[AxisRef] = []
    for b, a in zip(before.dims, after.dims):
        k = 0
        while k < min(len(b.axes), len(a.axes)) and b.axes[k] == a.axes[k]:
            k += 1
        for ref in b.axes[k:] + a.axes[k:]:
            if ref not in moved:
                moved.append(ref)
    return tuple(moved)


@dataclass(frozen=True)
class StepTraffic:
    """What one reshard step sends, independent of the tensor's size: the collective kind, the mesh axes whose
    device groups take part, and the per-dimension shard counts of the buffer it is priced on (nccl-tests:
    all-gather on its full output, everything else on its input); `buffer_shards` is None for a local step."""

    kind: str
    axes: tuple[AxisRef, ...]
    buffer_shards: tuple[int, ...] | None

    def buffer_bytes(self, shape: Sequence[int], dtype_bytes: int) -> float:
        assert self.buffer_shards is not None
        return float(math.prod(-(-d // n) for d, n in zip(shape, self.buffer_shards)) * dtype_bytes)


def step_traffic(step: CollectiveStep, before: TensorSharding, meshes: MeshLookup) -> StepTraffic:
    """The traffic of `step` applied to a tensor sharded as `before`."""
    if step.kind in LOCAL_KINDS:
        return StepTraffic(step.kind, step.communicated_axes(), None)
    if step.kind == "collective_permute":
        return StepTraffic(step.kind, _permuted_axes(before, step.out_sharding, meshes), _shards(before, meshes))
    priced_on = step.out_sharding if step.kind == "all_gather" else before
    return StepTraffic(step.kind, step.communicated_axes(), _shards(priced_on, meshes))


def _shards(sharding: TensorSharding, meshes: MeshLookup) -> tuple[int, ...]:
    mesh = resolve_mesh(sharding, meshes)
    return tuple(d.num_shards(mesh) for d in sharding.dims)


def lowering_for(config: CostConfig) -> Lowering:
    """The lowering that performs reshards on `config`'s backend (`hardware.reshard_lowering`)."""
    return xla_reshard_collectives if config.hardware.reshard_lowering == "xla" else reshard_collectives


def performed_kind(kind: str, config: CostConfig) -> str:
    """The collective the backend runs for `kind`: a reduce-scatter is a full all-reduce (then a local slice)
    where the backend forms no reduce-scatters (`hardware.reduce_scatter: false`, XLA:CPU)."""
    return "all_reduce" if kind == "reduce_scatter" and not config.hardware.reduce_scatter else kind


def traffic_cost(traffic: StepTraffic, config: CostConfig, shape: Sequence[int], dtype_bytes: int) -> CollectiveCost:
    """The cost of a step's traffic for a tensor of global `shape` (its kind as the backend performs it)."""
    if traffic.buffer_shards is None:
        return CollectiveCost(traffic.kind, tuple(str(a) for a in traffic.axes), 1, 0.0, 0.0)
    kind = performed_kind(traffic.kind, config)
    return collective(kind, config, axis_specs(traffic.axes), traffic.buffer_bytes(shape, dtype_bytes))


def step_cost(
    step: CollectiveStep, before: TensorSharding, config: CostConfig, shape: Sequence[int], dtype_bytes: int,
    meshes: MeshLookup | None = None,
) -> CollectiveCost:
    """The cost of one step applied to a tensor sharded as `before` (global `shape`)."""
    meshes = profile_mesh(config) if meshes is None else meshes
    return traffic_cost(step_traffic(step, before, meshes), config, shape, dtype_bytes)


def reshard_cost(
    src: TensorSharding,
    dst: TensorSharding,
    config: CostConfig,
    shape: Sequence[int],
    dtype_bytes: int,
    meshes: MeshLookup | None = None,
) -> ReshardCost:
    """Price resharding a tensor of global `shape` from `src` to `dst` on `config`'s mesh and links.

    The steps are those of the configured lowering (`lowering_for`). `meshes` names the meshes when `src` and `dst`
    use different ones (default: the profile's mesh for both).
    """
    meshes = profile_mesh(config) if meshes is None else meshes
    steps = lowering_for(config)(src, dst, meshes, shape)
    costs = []
    before = src
    for step in steps:
        costs.append(step_cost(step, before, config, shape, dtype_bytes, meshes))
        before = step.out_sharding
    return ReshardCost(tuple(steps), tuple(costs))
