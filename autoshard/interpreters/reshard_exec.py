"""Executing a reshard on per-device arrays: the collectives `reshard_collectives` decides, in order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

import autoshard.interpreters.collectives as coll
from autoshard.errors import UserError
from autoshard.interpreters.collectives import CollectiveStats
from autoshard.interpreters.device_mesh import DeviceMesh
from autoshard.interpreters.shards import Shards, shard, unshard
from autoshard.sharding import Mesh, TensorSharding
from autoshard.sharding.collective_steps import (
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    Collective,
    CollectivePermute,
    ReduceScatter,
    ReplicatedToUnreduced,
    ShardedToUnreduced,
    resolve_mesh,
)
from autoshard.sharding.reshard import ReshardNotLowerable, reshard_collectives


def _dmesh(sharding: TensorSharding, meshes: Mesh | Mapping[str, Mesh]) -> DeviceMesh:
    return DeviceMesh(resolve_mesh(sharding, meshes))


def apply_step(
    shards: Shards,
    step: Collective,
    current: TensorSharding,
    meshes: Mesh | Mapping[str, Mesh],
    stats: CollectiveStats | None = None,
    combiner: coll.Combiner = np.add,
) -> Shards:
    """Run one collective on shards that currently have sharding `current` (`combiner`: an all-reduce's
    reduction, a sum by default)."""
    dmesh = _dmesh(current, meshes)
    match step:
        case AllGather():
            return coll.all_gather(shards, step.gathering_axes, dmesh, stats)
        case AllSlice():
            return coll.all_slice(shards, step.slicing_axes, dmesh, stats)
        case AllReduce():
            return coll.all_reduce(shards, step.axes, dmesh, stats, combiner)
        case ReduceScatter():
            return coll.reduce_scatter(shards, step.reduce_scatter_axes, dmesh, stats)
        case AllToAll():
            return coll.all_to_all(shards, step.params, dmesh, stats)
        case CollectivePermute():
            out = step.out_sharding
            return coll.collective_permute(shards, current, out, dmesh, _dmesh(out, meshes), stats)
        case ReplicatedToUnreduced():
            return coll.replicated_to_unreduced(shards, step.axes, dmesh, stats)
        case ShardedToUnreduced():
            return coll.sharded_to_unreduced(shards, step.axes, dmesh, stats)
    raise UserError(f"unknown collective {step}")


def reshard(
    shards: Shards,
    src: TensorSharding,
    dst: TensorSharding,
    meshes: Mesh | Mapping[str, Mesh],
    global_shape: Sequence[int],
    stats: CollectiveStats | None = None,
) -> Shards:
    """Move shards from `src` to `dst` with Shardy's collectives; where Shardy keeps the reshard (different
    meshes, ...) fall back to gathering the global value and slicing it (counted as `reshard_fallback`)."""
    try:
        steps = reshard_collectives(src, dst, meshes, global_shape)
    except ReshardNotLowerable:
        return reshard_by_gather(shards, src, dst, meshes, global_shape, stats)
    current = src
    for step in steps:
        shards = apply_step(shards, step, current, meshes, stats)
        current = step.out_sharding
    return shards


def reshard_by_gather(
    shards: Shards,
    src: TensorSharding,
    dst: TensorSharding,
    meshes: Mesh | Mapping[str, Mesh],
    global_shape: Sequence[int],
    stats: CollectiveStats | None = None,
) -> Shards:
    """Reshard by reassembling the global value on every device and slicing it (a correct, costly fallback)."""
    src_mesh, dst_mesh = _dmesh(src, meshes), _dmesh(dst, meshes)
    value = unshard(shards, src, src_mesh, global_shape).value
    if stats is not None:
        nbytes = value.nbytes
        stats.record("reshard_fallback", {d: nbytes for d in src_mesh.device_ids})
    return shard(np.asarray(value), dst, dst_mesh)
