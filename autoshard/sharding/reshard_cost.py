"""Pricing a reshard: the cost of the collectives Shardy emits for it (`reshard_collectives`), each priced by
`costmodel.collectives` with the nccl-tests buffer conventions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from costmodel.collectives import CollectiveCost, collective
from costmodel.hardware import CostConfig

from autoshard.sharding.axis_ref import AxisRef
from autoshard.sharding.reshard import CollectiveStep, MeshLookup, reshard_collectives, resolve_mesh
from autoshard.sharding.tensor_sharding import TensorSharding

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


def _local_bytes(sharding: TensorSharding, shape: Sequence[int], meshes: MeshLookup, dtype_bytes: int) -> float:
    local = sharding.local_shape(shape, resolve_mesh(sharding, meshes))
    return float(math.prod(local) * dtype_bytes)


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


def step_cost(
    step: CollectiveStep, before: TensorSharding, config: CostConfig, shape: Sequence[int], dtype_bytes: int,
    meshes: MeshLookup | None = None,
) -> CollectiveCost:
    """The cost of one step applied to a tensor sharded as `before` (global `shape`)."""
    meshes = config.mesh if meshes is None else meshes
    in_bytes = _local_bytes(before, shape, meshes, dtype_bytes)
    out_bytes = _local_bytes(step.out_sharding, shape, meshes, dtype_bytes)
    if step.kind in LOCAL_KINDS:
        return CollectiveCost(step.kind, tuple(str(a) for a in step.communicated_axes()), 1, 0.0, 0.0)
    if step.kind == "collective_permute":
        return collective(step.kind, config, _permuted_axes(before, step.out_sharding, meshes), in_bytes)
    # nccl-tests: all-gather is priced on its (full) output, everything else on its input buffer
    buffer = out_bytes if step.kind == "all_gather" else in_bytes
    return collective(step.kind, config, step.communicated_axes(), buffer)


def reshard_cost(
    src: TensorSharding,
    dst: TensorSharding,
    config: CostConfig,
    shape: Sequence[int],
    dtype_bytes: int,
    meshes: MeshLookup | None = None,
) -> ReshardCost:
    """Price resharding a tensor of global `shape` from `src` to `dst` on `config`'s mesh and links.

    `meshes` names the meshes when `src` and `dst` use different ones (default: `config.mesh` for both).
    """
    meshes = config.mesh if meshes is None else meshes
    steps = reshard_collectives(src, dst, meshes, shape)
    costs = []
    before = src
    for step in steps:
        costs.append(step_cost(step, before, config, shape, dtype_bytes, meshes))
        before = step.out_sharding
    return ReshardCost(tuple(steps), tuple(costs))
